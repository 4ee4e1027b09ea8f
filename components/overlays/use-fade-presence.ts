"use client";

import { useEffect, useState } from "react";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { OVERLAY_TRANSITION_MS } from "@/lib/browser/timing";

export interface FadePresence {
  /** Whether the element is in the DOM: true while open and during the fade-out. */
  mounted: boolean;
  /** Whether it is at full opacity: false for the first frame after opening and while fading out. */
  visible: boolean;
  /** The transition to apply, in ms: 0 when the visitor prefers reduced motion. */
  durationMs: number;
}

/**
 * Mount/unmount with a fade (OVERLAY_TRANSITION_MS) around an `open` flag. Opened on the first
 * render (server-rendered overlays), the element is shown at once with no fade-in; with
 * prefers-reduced-motion it appears and disappears without a transition.
 */
export function useFadePresence(open: boolean, transitionMs: number = OVERLAY_TRANSITION_MS): FadePresence {
  const reduced = useMediaQuery("(prefers-reduced-motion: reduce)") === true;
  const durationMs = reduced ? 0 : transitionMs;
  const [mounted, setMounted] = useState(open);
  const [visible, setVisible] = useState(open);

  useEffect(() => {
    if (open) {
      setMounted(true);
      if (durationMs === 0) {
        setVisible(true);
        return;
      }
      // One frame at opacity 0 so that the browser has something to fade from.
      const frame = requestAnimationFrame(() => setVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    setVisible(false);
    if (durationMs === 0) {
      setMounted(false);
      return;
    }
    const timer = setTimeout(() => setMounted(false), durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);

  return { mounted: mounted || open, visible: visible && open, durationMs };
}
