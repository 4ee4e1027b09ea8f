import { ROUTE_TABLE } from "@/lib/routing/route-table";
import type { RouteRow } from "@/lib/routing/types";

/** One request the checker makes for every persona: a row of the route table with a sample URL. */
export interface RouteCase {
  /** Stable id: the row id, plus `?<what>` for the query cases. */
  id: string;
  /** The route table row it exercises. */
  route: string;
  /** Path and query, as sent. */
  url: string;
}

/** Sample values for a pattern's parameters: a real step and a real landing page. */
export function samplePath(pattern: string): string {
  return pattern.replace(":step", "loanDetails").replace(":feature", "teachers");
}

/**
 * The query cases that matter (SPEC: counters, redirect, partner, utm): each checks that a
 * parameter travels, is dropped, or loses to the row's own value where the table says so.
 */
const QUERY_CASES: readonly { route: string; what: string; url: string }[] = [
  { route: "dashboard", what: "counters", url: "/dashboard?counters=sig-route-check" },
  { route: "login", what: "redirect", url: "/login?redirect=%2Fpayments" },
  { route: "register", what: "redirect-counters", url: "/register?redirect=%2Fdashboard%3Fcounters%3Dsig-route-check" },
  { route: "login", what: "redirect-offsite", url: "/login?redirect=https%3A%2F%2Fevil.example%2F" },
  { route: "apply-step", what: "redirect-offsite", url: "/apply/loanDetails?redirect=%2F%2Fevil.example" },
  { route: "partner/PerkSpot", what: "partner-utm", url: "/PerkSpot?utm_source=newsletter&utm_campaign=spring&partner=someoneElse" },
  { route: "partner/leads", what: "utm", url: "/leads?utm_source=mail" },
  { route: "home", what: "utm-redirect", url: "/?utm_campaign=spring&redirect=%2Fpayments" },
  { route: "welcome", what: "utm", url: "/welcome?utm_source=ad&utm_medium=cpc" },
  { route: "payments", what: "utm", url: "/payments?utm_source=mail" },
];

/** Every row once with its sample path, then the query cases; unknown-path and malformed cases last. */
export function routeCases(table: readonly RouteRow[] = ROUTE_TABLE): RouteCase[] {
  const ids = new Set(table.map((r) => r.id));
  const cases: RouteCase[] = table.map((row) => ({ id: row.id, route: row.id, url: samplePath(row.pattern) }));
  for (const q of QUERY_CASES) if (ids.has(q.route)) cases.push({ id: `${q.route}?${q.what}`, route: q.route, url: q.url });
  // Off the table: the not-found page, and a malformed path (a 400, never a crash).
  cases.push({ id: "(no route)", route: "(none)", url: "/no-such-page-for-route-check" });
  cases.push({ id: "(malformed)", route: "(none)", url: "/apply/%E0%A4%A" });
  return cases;
}
