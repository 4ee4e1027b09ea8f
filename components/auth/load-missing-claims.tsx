"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { refreshClaims, type ClaimsRefresh } from "@/lib/auth/refresh-claims";

export interface LoadMissingClaimsProps {
  /** Tests only. */
  refresh?: () => Promise<ClaimsRefresh>;
}

/**
 * An in-app page reached with an identity but no claims cookie (e.g. from a hosted app on the
 * shared cookie domain, which signs in without loading the shell's claims): loads the claims once
 * in the background (POST /api/session/claims) and re-renders the page's server components, so the
 * chrome shows what the user's flags allow (an admin's Review link). Mounted by the dashboard
 * layout only while the session is "signing-in". A failed load is left alone: the page stays as it
 * is, without staff links (fail closed), and the guards load again on the next request. Renders nothing.
 */
export function LoadMissingClaims({ refresh = refreshClaims }: LoadMissingClaimsProps) {
  const router = useRouter();
  useEffect(() => {
    let live = true;
    void refresh().then((result) => {
      if (live && result.ok) router.refresh();
    });
    return () => {
      live = false;
    };
  }, [refresh, router]);
  return null;
}
