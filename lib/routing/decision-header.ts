import type { Decision } from "./types";

/**
 * x-route-decision, for ops checking redirects: the route and the reason it was decided. A
 * not-found says nothing more: staff pages must not reveal that they exist.
 */
export const ROUTE_DECISION_HEADER = "x-route-decision";

export function routeDecisionHeader(decision: Decision): string {
  if (decision.kind === "not-found") return "not-found";
  if (decision.kind === "bad-request") return decision.reason;
  return `${decision.route}:${decision.reason}`;
}
