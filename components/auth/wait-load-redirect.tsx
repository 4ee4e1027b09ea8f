"use client";

import { LoadingOverlay, loadingVariantFor } from "@/components/overlays/loading-overlay";
import { targetPath } from "@/lib/auth/redirect-target";
import { LoadFailedNotice } from "./load-failed-notice";
import { useLoadAndReturn, type LoadAndReturnProps } from "./use-load-and-return";

/**
 * /wait-load-redirect (SPEC 4): the loading overlay, worded for the target (apply or loan and
 * payments), while the account loads; then back to the target.
 */
export function WaitLoadRedirect({ redirect, renewWith, deps }: LoadAndReturnProps) {
  const { state, target, retry } = useLoadAndReturn(redirect, deps, renewWith);
  return (
    <>
      <LoadingOverlay open={state === "loading"} variant={loadingVariantFor(targetPath(target))} />
      {state === "loading" ? <p className="sr-only">Loading your account…</p> : <LoadFailedNotice state={state} onRetry={retry} />}
    </>
  );
}
