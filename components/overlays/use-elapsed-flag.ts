"use client";

import { useEffect, useState } from "react";

/** True once `active` has been continuously true for `ms`; back to false whenever it turns false. */
export function useElapsedFlag(active: boolean, ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) {
      setElapsed(false);
      return;
    }
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && elapsed;
}
