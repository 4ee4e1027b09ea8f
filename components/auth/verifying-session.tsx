"use client";

import { usePathname, useSearchParams } from "next/navigation";
import type { PublicConfig } from "@/lib/config/env";
import { WaitLoadRedirect } from "./wait-load-redirect";

export const WAIT_PATH = "/wait-load-redirect";

/**
 * What the dashboard layout shows a verifying visitor (SPEC 4: identity token expired, refresh
 * token kept) instead of any page: the loading wait, which refreshes the session through Amplify,
 * loads the account and goes on to the target — the wait page's redirect query, or the page itself
 * when the visitor got here some other way. A refresh that fails ends on /login, target kept.
 */
export function VerifyingSession({ config }: { config: PublicConfig }) {
  const pathname = usePathname();
  const query = useSearchParams();
  const search = query.toString();
  const target = pathname === WAIT_PATH ? (query.get("redirect") ?? undefined) : pathname + (search ? `?${search}` : "");
  return <WaitLoadRedirect redirect={target} renewWith={config} />;
}
