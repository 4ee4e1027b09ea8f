"use client";

import { ProcessingOverlay } from "@/components/overlays/processing-overlay";
import type { PublicConfig } from "@/lib/config/env";
import { LoadFailedNotice } from "./load-failed-notice";
import { useLoadAndReturn, type LoadAndReturnDeps } from "./use-load-and-return";

/**
 * /_restricted while signing in (SPEC 4): the processing overlay while the account loads, then
 * back to the guarded route the visitor asked for, which the guards now judge on fresh claims.
 */
export function RestrictedProcessing({
  redirect,
  renewWith,
  deps,
}: {
  redirect?: string;
  /** Given for a verifying session: Amplify, configured from this, refreshes the identity first. */
  renewWith?: PublicConfig;
  deps?: Partial<LoadAndReturnDeps>;
}) {
  const { state, retry } = useLoadAndReturn(redirect, deps, renewWith);
  return (
    <>
      <ProcessingOverlay open={state === "loading"} />
      {state === "loading" ? <p className="sr-only">Verifying your information…</p> : <LoadFailedNotice state={state} onRetry={retry} />}
    </>
  );
}
