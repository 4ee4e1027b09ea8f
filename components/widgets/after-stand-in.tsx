"use client";

import { useEffect, useState, type ReactNode } from "react";
import { loadVendorScript } from "@/lib/browser/vendor-script";

/**
 * Renders a vendor widget once its local stand-in script has run (WIDGETS.md: Maps' loader and
 * react-plaid-link take their "loaded externally" path only when the vendor's global exists before
 * they mount). `src` is null outside the local environment: the widget renders at once and loads
 * the vendor's own script itself, so local and production load the widget on the same page at the
 * same moment. A stand-in that fails to load leaves the widget to its own offline failure path.
 */
export function AfterStandIn({ src, children }: { src: string | null; children: ReactNode }) {
  const [ready, setReady] = useState(src === null);
  useEffect(() => {
    if (src === null) return;
    let live = true;
    const done = () => live && setReady(true);
    loadVendorScript(src).then(done, done);
    return () => {
      live = false;
    };
  }, [src]);
  return ready ? children : null;
}
