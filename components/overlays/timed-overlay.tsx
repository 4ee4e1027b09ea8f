"use client";

import { type ReactNode, useId } from "react";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { reloadPage } from "@/lib/browser/reload";
import { useElapsedFlag } from "./use-elapsed-flag";
import { useFadingModal } from "./use-fading-modal";

/** SPEC 8: the texts every waiting overlay falls back to when it has waited too long. */
export const STILL_LOADING_TITLE = "Still Loading?";
export const STILL_LOADING_TEXT = "It looks like there was a problem loading this page. Please try again.";
export const RELOAD_LABEL = "Reload the page";

export interface TimedOverlayProps {
  open: boolean;
  /** The main message; it names the dialog. */
  message: string;
  /** A second paragraph under the message. */
  detail?: ReactNode;
  /** How long the overlay stays open before it offers a manual reload. */
  hintAfterMs: number;
}

/**
 * A full-screen modal wait: a spinner, a message, and after `hintAfterMs` the "Still Loading?"
 * hint with a reload button. Modal (the page behind is inert, focus stays inside), labelled by the
 * message, busy until the hint appears, which a polite live region announces. Fades in and out
 * (none with reduced motion). Cannot be dismissed: it closes when its owner sets `open` false.
 */
export function TimedOverlay({ open, message, detail, hintAfterMs }: TimedOverlayProps) {
  const { mounted, visible, durationMs, ref } = useFadingModal(open);
  const hint = useElapsedFlag(open, hintAfterMs);
  const id = useId();
  if (!mounted) return null;

  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-message`}
      aria-describedby={detail === undefined ? undefined : `${id}-detail`}
      aria-busy={!hint}
      tabIndex={-1}
      data-state={visible ? "open" : "closed"}
      style={{ transitionDuration: `${durationMs}ms` }}
      className={classNames(
        // Top-anchored, not centred: the hint appearing below the message moves nothing already shown (issue 24: layout shift).
        "fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-white/95 px-4 pt-[20vh] pb-8 outline-none transition-opacity ease-out motion-reduce:transition-none",
        visible ? "opacity-100" : "opacity-0",
      )}
    >
      <div className="flex w-full max-w-md flex-col items-center gap-4 text-center">
        <span
          aria-hidden="true"
          className="h-12 w-12 animate-spin rounded-full border-4 border-brand-light border-t-brand motion-reduce:animate-none"
        />
        <p id={`${id}-message`} className="text-lg font-semibold text-brand-dark">
          {message}
        </p>
        {detail !== undefined && (
          <p id={`${id}-detail`} className="text-base text-gray-700">
            {detail}
          </p>
        )}
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-3">
          {hint && (
            <>
              <h2 className="text-xl font-bold text-brand-dark">{STILL_LOADING_TITLE}</h2>
              <p className="text-base text-gray-700">{STILL_LOADING_TEXT}</p>
              <button
                type="button"
                onClick={reloadPage}
                className={classNames("rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark", focusRing)}
              >
                {RELOAD_LABEL}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
