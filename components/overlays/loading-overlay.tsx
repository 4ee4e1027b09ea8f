"use client";

import { isApplyRoute } from "@/components/chrome/apply-route";
import { LOADING_HINT_MS } from "@/lib/browser/timing";
import { TimedOverlay } from "./timed-overlay";

export type LoadingVariant = "apply" | "loan";

/** SPEC 8 loading texts, by what is being loaded. */
export const LOADING_MESSAGES: Record<LoadingVariant, string> = {
  apply: "Please wait a second while we load your loan application information. We'll start where you left off last time...",
  loan: "Please wait a second while we load your loan and payments information. We'll start where you left off last time...",
};

/** The apply wording for a target on an apply path, the loan-and-payments wording otherwise. */
export function loadingVariantFor(targetPath: string): LoadingVariant {
  return isApplyRoute(targetPath) ? "apply" : "loan";
}

export interface LoadingOverlayProps {
  open: boolean;
  variant: LoadingVariant;
}

/** The wait while the user's application data loads; after LOADING_HINT_MS, "Still Loading?". */
export function LoadingOverlay({ open, variant }: LoadingOverlayProps) {
  return <TimedOverlay open={open} message={LOADING_MESSAGES[variant]} hintAfterMs={LOADING_HINT_MS} />;
}
