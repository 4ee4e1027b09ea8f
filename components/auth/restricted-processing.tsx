"use client";

import { ProcessingOverlay } from "@/components/overlays/processing-overlay";
import { LoadFailedNotice } from "./load-failed-notice";
import { useLoadAndReturn, type LoadAndReturnDeps } from "./use-load-and-return";

/**
 * /_restricted while signing in (SPEC 4): the processing overlay while the account loads, then
 * back to the guarded route the visitor asked for, which the guards now judge on fresh claims.
 */
export function RestrictedProcessing({ redirect, deps }: { redirect?: string; deps?: Partial<LoadAndReturnDeps> }) {
  const { state, retry } = useLoadAndReturn(redirect, deps);
  return (
    <>
      <ProcessingOverlay open={state === "loading"} />
      {state === "loading" ? <p className="sr-only">Verifying your information…</p> : <LoadFailedNotice state={state} onRetry={retry} />}
    </>
  );
}
