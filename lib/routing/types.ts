import type { HostedApp } from "@/lib/config/env";
import type { Session } from "@/lib/session/session";

export type Layout = "public" | "dashboard";

/** Named guards, run in the order a row lists them. */
export type GuardName =
  /** A session must exist; anonymous visitors go to /register or /login with a redirect query. */
  | "authenticated"
  /** The user's application data must be loaded (else the row's signing-in target). */
  | "loaded"
  /** Loaded, and a rejected loan is turned away to /_restricted. */
  | "signedIn"
  /** Signed or originated loans may not open it (/_restricted). */
  | "notYetSigned"
  /** Requires a signed or originated loan (else /restricted). */
  | "signedLoan"
  /** Requires the loan's payout date to be in the past (else /restricted). */
  | "paidOff"
  /** Requires the 'Offer Sent' step (else /apply). */
  | "offerSent"
  /** The /apply step rule of SPEC section 4. */
  | "stepConsistency"
  /** Staff flags: everyone else gets the not-found page. */
  | "adminPortalUser"
  | "collectionsUser"
  | "verificationsPortalUser"
  /** A counters query on the dashboard means a contract to sign: dashboard-sign. */
  | "countersToSign"
  /** Pages for visitors without a session: a signed-in user goes on to the redirect target or the dashboard. */
  | "guestOnly";

export type QueryPolicy = "keep" | "keep-except-redirect" | "drop";

export type Destination =
  /** A page of a hosted app; `:name` in path takes the matched parameter. The query travels, except `redirect`, unless `query` says otherwise. */
  | { kind: "hosted"; app: HostedApp; path: string; query?: QueryPolicy; params?: Record<string, string> }
  /** The dashboard app's sign-in or register page, which the shell serves itself where configured. */
  | { kind: "sign-in"; page: "login" | "register"; params?: Record<string, string> }
  /** A file shipped in public/. */
  | { kind: "asset"; path: string }
  /** Rendered by this app at its canonical path. */
  | { kind: "in-app"; path: string }
  /** Another route of this table. */
  | { kind: "route"; path: string; query?: QueryPolicy };

export interface RouteRow {
  /** Stable id, used in reasons, tests and the docs/routes.md table. */
  id: string;
  /** Whole-segment pattern; `:name` matches one segment. Matched case-insensitively. */
  pattern: string;
  layout: Layout;
  guards: readonly GuardName[];
  destination: Destination;
  /** Where a session still signing in waits: the processing notice or the loading page. */
  whileSigningIn?: "/_restricted" | "/wait-load-redirect";
  note?: string;
}

export interface RoutingEnvironment {
  hosts: Record<HostedApp, string>;
  /** Whether /login and /register are served by this app (local) or by the dashboard app. */
  signInInApp: boolean;
}

export interface RouteRequest {
  /** The URL's pathname exactly as received (percent-encoded). */
  pathname: string;
  /** The URL's search string, with or without the leading "?" ("" for none). */
  search: string;
}

export type Reason =
  | "in-app"
  | "hosted"
  | "asset"
  | "alias"
  | "canonical-path"
  | "no-route"
  | "malformed-path"
  | "anonymous"
  | "signing-in"
  | "verifying"
  | "loan-rejected"
  | "loan-already-signed"
  | "loan-not-signed"
  | "loan-not-paid-off"
  | "no-offer"
  | "step-ahead"
  | "step-unknown"
  | "offer-direct-deposit"
  | "offer-contract"
  | "offer-details"
  | "application-blocked"
  | "not-admin"
  | "not-collections"
  | "not-verifications"
  | "counters-to-sign"
  | "already-signed-in"
  | "sign-in-hosted";

export type Decision =
  | { kind: "next"; reason: Reason; route: string }
  /**
   * `location` is absolute for other hosts, a path (with query) for this app. In-app pages asked
   * for in another case or with a trailing slash get a 308 to their canonical path: Next 16's
   * middleware rewrites are proxied when the server listens on an explicit host, so none are used.
   */
  | { kind: "redirect"; location: string; status: 307 | 308; reason: Reason; route: string }
  /** No page: Next renders app/not-found.tsx with a 404 (no in-app page lives at such a path). */
  | { kind: "not-found"; reason: Reason; route?: string }
  | { kind: "bad-request"; reason: Reason };

export interface DecideInput extends RouteRequest {
  session: Session;
  env: RoutingEnvironment;
  /** Milliseconds since the epoch. */
  now: number;
}
