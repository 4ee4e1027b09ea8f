"use client";

import { PROCESSING_HINT_MS } from "@/lib/browser/timing";
import { TimedOverlay } from "./timed-overlay";

/** SPEC 8 processing texts. */
export const PROCESSING_MESSAGE = "Please wait while we verify your information.";
export const PROCESSING_DETAIL =
  "The product is verifying your identity, income, address, and pulling your credit history. This may take a few minutes.";

export interface ProcessingOverlayProps {
  open: boolean;
}

/** The wait while the application is verified; after PROCESSING_HINT_MS, "Still Loading?". */
export function ProcessingOverlay({ open }: ProcessingOverlayProps) {
  return <TimedOverlay open={open} message={PROCESSING_MESSAGE} detail={PROCESSING_DETAIL} hintAfterMs={PROCESSING_HINT_MS} />;
}
