"use client";

import { useEffect } from "react";
import { BackToDashboard } from "@/components/notices/back-to-dashboard";
import { Notice } from "@/components/notices/notice";
import { classNames } from "@/components/ui/class-names";
import { focusRing } from "@/components/ui/focus-ring";
import { isChunkLoadError } from "@/lib/browser/chunk-load";
import { logClientError } from "@/lib/browser/error-logging";
import { reloadPage } from "@/lib/browser/reload";
import { PAGE_LOAD_FAILED_TEXT, PAGE_LOAD_FAILED_TITLE, RETRY_LABEL } from "./page-load-messages";
import { SupportReference } from "./support-reference";

export const ERROR_TITLE = "Something went wrong";
export const ERROR_TEXT = "We couldn't show this page right now. Please try again, or go back to your dashboard.";

export interface ErrorFallbackProps {
  /** What the boundary caught: logged, never shown (its text may be the server's). */
  error: unknown;
  /** Re-renders the failed segment (Next's retry, or reset). */
  onRetry: () => void;
}

/**
 * What app/error.tsx and app/global-error.tsx show: generic words, a retry and the way back to the
 * dashboard. A code chunk that failed to load gets "This page failed to load", and its retry reloads
 * the page (re-rendering cannot fetch a chunk the bundler gave up on).
 */
export function ErrorFallback({ error, onRetry }: ErrorFallbackProps) {
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    logClientError(chunk ? "chunk" : "boundary", error);
  }, [error, chunk]);

  return (
    <Notice
      icon={chunk ? "tools" : "lock"}
      title={chunk ? PAGE_LOAD_FAILED_TITLE : ERROR_TITLE}
      headingId="error-title"
      actions={
        <>
          <button
            type="button"
            onClick={chunk ? reloadPage : onRetry}
            className={classNames(
              "inline-flex min-h-11 items-center justify-center rounded-md border border-brand px-5 py-2 text-sm font-semibold text-brand hover:bg-brand-light",
              focusRing,
            )}
          >
            {chunk ? RETRY_LABEL : "Try again"}
          </button>
          <BackToDashboard />
        </>
      }
    >
      <p>{chunk ? PAGE_LOAD_FAILED_TEXT : ERROR_TEXT}</p>
      <SupportReference error={error} />
    </Notice>
  );
}
