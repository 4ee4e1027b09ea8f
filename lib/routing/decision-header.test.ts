import { routeDecisionHeader } from "./decision-header";
import type { Decision } from "./types";

it.each<[Decision, string]>([
  [{ kind: "next", route: "payments", reason: "in-app" }, "payments:in-app"],
  [{ kind: "redirect", location: "/register", status: 307, route: "payments", reason: "anonymous" }, "payments:anonymous"],
  [{ kind: "not-found", route: "admin", reason: "not-admin" }, "not-found"],
  [{ kind: "not-found", reason: "no-route" }, "not-found"],
  [{ kind: "bad-request", reason: "malformed-path" }, "malformed-path"],
])("%j → %s", (decision, header) => {
  expect(routeDecisionHeader(decision)).toBe(header);
});
