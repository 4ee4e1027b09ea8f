"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { loadVendorScript } from "@/lib/browser/vendor-script";

/** How long a person waits for bank linking to load before the page says it could not (issue 44). */
export const LINK_LOAD_TIMEOUT_MS = 15_000;

/**
 * Like components/widgets/after-stand-in, for bank linking: renders Link once the local stand-in
 * script has run (src null outside the local environment: at once, Link loads Plaid's own script).
 * A stand-in that fails or does not answer within LINK_LOAD_TIMEOUT_MS calls onUnavailable instead
 * of leaving Link to load a script the local page may not fetch.
 */
export function LinkScript({ src, onUnavailable, children }: { src: string | null; onUnavailable: () => void; children: ReactNode }) {
  const [ready, setReady] = useState(src === null);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  useEffect(() => {
    if (src === null) return;
    let live = true;
    const timer = setTimeout(() => live && unavailable.current(), LINK_LOAD_TIMEOUT_MS);
    const settle = (loaded: boolean) => {
      clearTimeout(timer);
      if (!live) return;
      if (loaded) setReady(true);
      else unavailable.current();
    };
    loadVendorScript(src).then(
      () => settle(true),
      () => settle(false),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [src]);
  return ready ? children : null;
}
