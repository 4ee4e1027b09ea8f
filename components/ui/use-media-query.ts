import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept in sync with the viewport; undefined while it cannot be
 * known (server render, hydration, no matchMedia), so callers can leave that case to CSS instead
 * of guessing and jumping after hydration.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  const getSnapshot = () => (typeof window.matchMedia === "function" ? window.matchMedia(query).matches : undefined);
  return useSyncExternalStore(subscribe, getSnapshot, () => undefined);
}
