import { Suspense, type ReactNode } from "react";

/**
 * A part whose code loads on demand (next/dynamic without a loading option, so no boundary of its
 * own). Where the page shows it on arrival (`inPage`), it renders in the page itself: the server
 * waits for it, and no Suspense boundary is streamed, whose reveal React holds back up to 300 ms
 * after the first paint (issue 24: LCP). Where it appears on a click, a boundary says it is loading.
 * `inPage` must be the same on the server and at hydration: decide it from what the page arrived with.
 */
export function OnDemand({ inPage, loading, children }: { inPage: boolean; loading: string; children: ReactNode }) {
  if (inPage) return children;
  return <Suspense fallback={<p role="status">{loading}</p>}>{children}</Suspense>;
}
