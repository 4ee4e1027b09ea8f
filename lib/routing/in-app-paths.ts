import { PLAID_OAUTH_RETURN_PATH } from "@/lib/bank/plaid-oauth";
import type { GuardName, Layout, RouteRow } from "./types";

/**
 * The route table's in-app rows: the pages this app renders itself, placed in the table
 * (route-table.ts) from here. Links in the browser need their paths (components/ui/app-link.tsx),
 * and the rest of the table never ships to a browser (the bundle budget's "route table" rule), so
 * these rows are written apart from it and a test (in-app-paths.test.ts) fails on an in-app row
 * written elsewhere.
 */
const AUTH: readonly GuardName[] = ["authenticated"];

/** Every in-app page is rendered at its own pattern. */
const row = (id: string, pattern: string, layout: Layout, guards: readonly GuardName[]): RouteRow => ({
  id,
  pattern,
  layout,
  guards,
  destination: { kind: "in-app", path: pattern },
});

export const IN_APP_ROWS = {
  restrictedNotice: row("restricted-notice", "/_restricted", "public", []),
  dashboardSign: row("dashboard-sign", "/dashboard-sign", "dashboard", AUTH),
  personal: row("personal", "/personal", "dashboard", AUTH),
  employment: row("employment", "/employment", "dashboard", AUTH),
  bank: row("bank", "/bank", "dashboard", AUTH),
  // Where a bank's OAuth login returns to Plaid Link (the link token's redirect_uri).
  bankOAuth: row("bank-oauth", PLAID_OAUTH_RETURN_PATH, "dashboard", AUTH),
  restricted: row("restricted", "/restricted", "dashboard", AUTH),
  underConstruction: row("under-construction", "/under-construction", "dashboard", AUTH),
  waitLoadRedirect: row("wait-load-redirect", "/wait-load-redirect", "dashboard", AUTH),
} as const satisfies Record<string, RouteRow>;

/** Their paths, for a set lookup of a normalised path's key (lower case: in-app-paths.test.ts). */
export const IN_APP_PATHS: ReadonlySet<string> = new Set(Object.values(IN_APP_ROWS).map((r) => r.pattern));
