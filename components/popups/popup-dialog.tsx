"use client";

import { type ReactNode, useId } from "react";
import { useFadingModal } from "@/components/overlays/use-fading-modal";
import { classNames } from "@/components/ui/class-names";

export interface PopupDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The dialog's buttons, in a row under the body. Mark the one to focus first with data-autofocus. */
  actions: ReactNode;
  /**
   * Called on Escape. Without it Escape does nothing: the popup closes only through its actions.
   * A click outside never closes a popup (SPEC 8: consent cannot be dismissed by an outside click).
   */
  onEscape?: () => void;
  /** An urgent message that needs an answer (role=alertdialog), e.g. the idle sign-out warning. */
  alert?: boolean;
}

/**
 * The shell's modal popup: a green title bar (SPEC 9, popup colour), body and actions over a dimmed
 * backdrop. role=dialog, aria-modal, named by its title and described by its body; focus moves in,
 * Tab cycles inside, the page behind is inert, focus returns on close. Fades (none with reduced motion).
 */
export function PopupDialog({ open, title, children, actions, onEscape, alert = false }: PopupDialogProps) {
  const { mounted, visible, durationMs, ref } = useFadingModal(open);
  const id = useId();
  if (!mounted) return null;

  return (
    <div
      data-state={visible ? "open" : "closed"}
      style={{ transitionDuration: `${durationMs}ms` }}
      className={classNames(
        "fixed inset-0 z-50 flex items-center justify-center p-4 transition-opacity ease-out motion-reduce:transition-none",
        visible ? "opacity-100" : "opacity-0",
      )}
    >
      {/* The backdrop has no handler on purpose: an outside click does not dismiss. */}
      <div aria-hidden="true" data-testid="popup-backdrop" className="absolute inset-0 bg-black/50" />
      <div
        ref={ref}
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          event.stopPropagation();
          onEscape?.();
        }}
        className="relative flex max-h-full w-full max-w-lg flex-col overflow-hidden rounded-lg bg-white shadow-xl outline-none"
      >
        <h2 id={`${id}-title`} className="bg-popup px-6 py-4 text-lg font-bold text-white">
          {title}
        </h2>
        <div id={`${id}-body`} className="flex flex-col gap-3 overflow-y-auto px-6 py-5 text-base text-gray-800">
          {children}
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-gray-200 px-6 py-4">{actions}</div>
      </div>
    </div>
  );
}

/** The primary action's look: popup green. */
export const popupPrimaryButton =
  "inline-flex items-center justify-center rounded-md bg-popup px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 aria-disabled:cursor-wait aria-disabled:opacity-70 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-popup";
