"use client";

import { useRef } from "react";
import { useFadePresence } from "./use-fade-presence";
import { useModalFocus } from "./use-modal-focus";

/**
 * A modal that fades: mounted while open or fading out, and while open the focus is held inside
 * the element given `ref` (the page behind inert). Render nothing while `mounted` is false.
 */
export function useFadingModal(open: boolean) {
  const { mounted, visible, durationMs } = useFadePresence(open);
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, mounted && open);
  return { mounted, visible, durationMs, ref };
}
