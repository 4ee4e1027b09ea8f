"use client";

import { Notice } from "@/components/notices/notice";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import type { LoadState } from "./use-load-and-return";

const MESSAGES: Record<Exclude<LoadState, "loading">, string> = {
  failed: "We could not load your account information. Please try again.",
  looping: "We loaded your account but could not open the page you asked for. Please try again, or go to your dashboard.",
};

/** What /wait-load-redirect and /_restricted show when loading failed: our words and a retry. */
export function LoadFailedNotice({ state, onRetry }: { state: Exclude<LoadState, "loading">; onRetry: () => void }) {
  return (
    <Notice
      icon="tools"
      title="Something went wrong"
      actions={
        <>
          <button
            type="button"
            onClick={onRetry}
            className={classNames(
              "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 py-2 text-sm font-semibold text-white hover:bg-brand-dark",
              focusRing,
            )}
          >
            Try again
          </button>
          {state === "looping" && (
            <a href="/dashboard" className={classNames("min-h-11 px-3 py-2 text-sm font-semibold text-brand underline", focusRing)}>
              Go to the dashboard
            </a>
          )}
        </>
      }
    >
      <p role="alert">{MESSAGES[state]}</p>
    </Notice>
  );
}
