"use client";

import { ProcessingOverlay } from "@/components/overlays/processing-overlay";
import { LoadFailedNotice } from "./load-failed-notice";
import { useLoadAndReturn, type LoadAndReturnProps } from "./use-load-and-return";

/**
 * /_restricted while signing in (SPEC 4): the processing overlay while the account loads, then
 * back to the guarded route the visitor asked for, which the guards now judge on fresh claims.
 */
export function RestrictedProcessing({ redirect, renewWith, deps }: LoadAndReturnProps) {
  const { state, retry } = useLoadAndReturn(redirect, deps, renewWith);
  return (
    <>
      <ProcessingOverlay open={state === "loading"} />
      {state === "loading" ? <p className="sr-only">Verifying your information…</p> : <LoadFailedNotice state={state} onRetry={retry} />}
    </>
  );
}
