import { isSignedOrOriginated } from "@/lib/application/loan-state";
import { DIRECT_DEPOSIT_STEP, OFFER_DETAILS, OFFER_SENT, isBlockedStep, rankedStep, stepRank } from "@/lib/application/steps";
import type { Claims } from "@/lib/session/claims";
import { compileTable, matchRoute, normalizePath, type CompiledTable, type RouteMatch } from "./match";
import { ROUTE_TABLE } from "./route-table";
import { firstSafeRedirect, singleRedirect } from "./safe-redirect";
import type { DecideInput, Decision, Destination, GuardName, QueryPolicy, Reason, RouteRow } from "./types";

/**
 * The redirect decision: a pure, synchronous function of the request, the session, the
 * environment and the time. middleware.ts only adapts a request to it and its answer to a response.
 */

export const DEFAULT_TABLE: CompiledTable = compileTable(ROUTE_TABLE);

/** Query parameters that belong to Next's client router, never forwarded. */
const INTERNAL_PARAMS = ["_rsc"];

interface Context {
  input: DecideInput;
  row: RouteRow;
  params: Record<string, string>;
  /** The path as matched: segments re-encoded, original case. */
  canonical: string;
  /** Lower-cased path, for "contains" rules. */
  key: string;
  search: string;
  table: CompiledTable;
}

function parseQuery(search: string): URLSearchParams {
  // URLSearchParams drops one leading "?" itself (URL standard), so "?a=1" and "a=1" read the same.
  return new URLSearchParams(search);
}

function queryString(params: URLSearchParams): string {
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * The incoming query under a policy, minus Next's own parameters. A `redirect` travels only while
 * it is a safe same-origin path: a nested "/dashboard?redirect=https://evil" must not survive a hop.
 */
// Any policy string but the two named below acts as "keep", so the default's StringLiteral mutant is equivalent.
// Stryker disable next-line StringLiteral
function forwardQuery(search: string, policy: QueryPolicy = "keep", extra?: Record<string, string>): string {
  if (policy === "drop") search = "";
  // A fast path for the common case; without it the same "" comes out, so its mutants are equivalent.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement
  if ((search === "" || search === "?") && !extra) return "";
  const params = singleRedirect(parseQuery(search), policy !== "keep-except-redirect");
  for (const name of INTERNAL_PARAMS) params.delete(name);
  if (extra) {
    // The row's own parameters win over anything the visitor sent with the same name.
    const merged = new URLSearchParams(extra);
    for (const [k, v] of params) if (!Object.hasOwn(extra, k)) merged.append(k, v);
    return queryString(merged);
  }
  return queryString(params);
}

/** Where this request was headed, to come back to after signing in or loading. */
function target(ctx: Context): string {
  return ctx.canonical + forwardQuery(ctx.search);
}

function redirect(ctx: Context, location: string, reason: Reason): Decision {
  return { kind: "redirect", location, status: 307, reason, route: ctx.row.id };
}

function withRedirect(path: string, to: string): string {
  return `${path}?redirect=${encodeURIComponent(to)}`;
}

function dashboardHome(ctx: Context): string {
  return `${ctx.input.env.hosts.dashboard}/`;
}

// ---- guards: each returns a decision to stop with, or undefined to go on ----

type Guard = (ctx: Context) => Decision | undefined;

/** Where this row's visitors wait while their session is refreshed or their data loads. */
function waitingRoom(ctx: Context): string {
  return ctx.row.whileSigningIn ?? (ctx.row.layout === "public" ? "/_restricted" : "/wait-load-redirect");
}

/** A verifying session (SPEC 4) waits, keeping the target, while the browser refreshes it; the waiting room itself lets it in. */
function waitWhileVerifying(ctx: Context): Decision | undefined {
  const wait = waitingRoom(ctx);
  if (ctx.key === wait.toLowerCase()) return undefined;
  return redirect(ctx, withRedirect(wait, target(ctx)), "verifying");
}

const authenticated: Guard = (ctx) => {
  const status = ctx.input.session.status;
  if (status === "verifying") return waitWhileVerifying(ctx);
  if (status !== "anonymous") return undefined;
  const page = ctx.key.includes("contract") || ctx.key.includes("dashboard") ? "/login" : "/register";
  return redirect(ctx, withRedirect(page, target(ctx)), "anonymous");
};

/** The user's claims, or the decision that makes them wait for (or start) signing in. */
function requireClaims(ctx: Context): Claims | Decision {
  const session = ctx.input.session;
  if (session.status === "signed-in") return session.claims;
  if (session.status === "anonymous") return authenticated(ctx)!;
  return redirect(ctx, withRedirect(waitingRoom(ctx), target(ctx)), session.status);
}

function withClaims(check: (claims: Claims, ctx: Context) => Decision | undefined): Guard {
  return (ctx) => {
    const claims = requireClaims(ctx);
    return "kind" in claims ? claims : check(claims, ctx);
  };
}

function staffFlag(flag: keyof Claims["flags"], reason: Reason): Guard {
  return withClaims((claims, ctx) => (claims.flags[flag] ? undefined : { kind: "not-found", reason, route: ctx.row.id }));
}

const stepConsistency = withClaims((claims, ctx) => {
  const step = claims.step;
  const requested = ctx.params.step?.toLowerCase();
  if (step === OFFER_SENT || step === OFFER_DETAILS) {
    if (requested === DIRECT_DEPOSIT_STEP.toLowerCase()) return redirect(ctx, "/offer/directDeposit", "offer-direct-deposit");
    if (claims.directDepositConfirmed) return redirect(ctx, "/offer/contract", "offer-contract");
    if (requested !== OFFER_DETAILS.toLowerCase()) return redirect(ctx, `/apply/${OFFER_DETAILS}`, "offer-details");
    return undefined;
  }
  if (isBlockedStep(step)) return redirect(ctx, "/applicationBlocked", "application-blocked");
  if (requested === undefined) return undefined;
  const stored = stepRank(step);
  // A stored step without a rank (paper form pending, say) has no apply page of its own.
  if (stored === undefined) return redirect(ctx, "/apply", "step-unknown");
  const asked = rankedStep(requested);
  if (!asked) return redirect(ctx, `/apply/${encodeURIComponent(step)}`, "step-unknown");
  if (stepRank(asked)! > stored) return redirect(ctx, `/apply/${encodeURIComponent(step)}`, "step-ahead");
  return undefined;
});

/** After sign-in: the safe redirect target if it is a real destination, else the dashboard. */
const guestOnly: Guard = (ctx) => {
  // Verifying counts as a guest here: where a refresh failed, sign-in must show, not send them back to wait.
  const status = ctx.input.session.status;
  if (status === "anonymous" || status === "verifying") return undefined;
  const wanted = firstSafeRedirect(parseQuery(ctx.search));
  if (wanted) {
    const q = wanted.indexOf("?");
    const path = q === -1 ? wanted : wanted.slice(0, q);
    const query = q === -1 ? "" : wanted.slice(q);
    const normalized = normalizePath(path);
    const match = normalized.ok ? matchRoute(ctx.table, normalized) : undefined;
    if (match && !match.row.guards.includes("guestOnly")) {
      const rest = forwardQuery(query);
      if (match.row.guards.includes("countersToSign") && parseQuery(query).has("counters")) {
        return redirect(ctx, `/dashboard-sign${rest}`, "counters-to-sign");
      }
      return redirect(ctx, path + rest, "already-signed-in");
    }
  }
  return redirect(ctx, dashboardHome(ctx), "already-signed-in");
};

const GUARDS: Record<GuardName, Guard> = {
  authenticated,
  loaded: withClaims(() => undefined),
  signedIn: withClaims((claims, ctx) => (claims.loanState === "rejected" ? redirect(ctx, "/_restricted", "loan-rejected") : undefined)),
  notYetSigned: withClaims((claims, ctx) =>
    isSignedOrOriginated(claims.loanState) ? redirect(ctx, "/_restricted", "loan-already-signed") : undefined,
  ),
  signedLoan: withClaims((claims, ctx) =>
    isSignedOrOriginated(claims.loanState) ? undefined : redirect(ctx, "/restricted", "loan-not-signed"),
  ),
  paidOff: withClaims((claims, ctx) => {
    const payout = claims.payoutDate ? Date.parse(claims.payoutDate) : NaN;
    return payout < ctx.input.now ? undefined : redirect(ctx, "/restricted", "loan-not-paid-off");
  }),
  offerSent: withClaims((claims, ctx) => (claims.step === OFFER_SENT ? undefined : redirect(ctx, "/apply", "no-offer"))),
  stepConsistency,
  adminPortalUser: staffFlag("adminPortalUser", "not-admin"),
  collectionsUser: staffFlag("collectionsUser", "not-collections"),
  verificationsPortalUser: staffFlag("verificationsPortalUser", "not-verifications"),
  countersToSign: (ctx) =>
    parseQuery(ctx.search).has("counters") ? redirect(ctx, `/dashboard-sign${forwardQuery(ctx.search)}`, "counters-to-sign") : undefined,
  guestOnly,
};

// ---- destinations ----

function fillParams(path: string, params: Record<string, string>): string {
  // A fast path: without ":" the replace below finds nothing, so its mutants are equivalent.
  // Stryker disable next-line ConditionalExpression,StringLiteral
  if (!path.includes(":")) return path;
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name] ?? "";
    return encodeURIComponent(name === "step" ? (rankedStep(value) ?? value) : value);
  });
}

function inApp(ctx: Context, path: string, reason: Reason): Decision {
  const route = ctx.row.id;
  if (ctx.input.pathname === path) return { kind: "next", reason, route };
  return { kind: "redirect", location: path + forwardQuery(ctx.search), status: 308, reason: "canonical-path", route };
}

function resolve(ctx: Context, destination: Destination): Decision {
  switch (destination.kind) {
    case "hosted": {
      const host = ctx.input.env.hosts[destination.app];
      const path = fillParams(destination.path, ctx.params);
      // `redirect` is this app's own parameter: hosted apps never get it (SPEC: "/ keeps its query except redirect").
      return redirect(
        ctx,
        host + path + forwardQuery(ctx.search, destination.query ?? "keep-except-redirect", destination.params),
        "hosted",
      );
    }
    case "sign-in": {
      const page = `/${destination.page}`;
      // forwardQuery lets only a safe redirect target travel on to the sign-in page.
      // Stryker disable next-line StringLiteral: as forwardQuery's default, any other string acts as "keep"
      const query = forwardQuery(ctx.search, "keep", destination.params);
      if (ctx.input.env.signInInApp) {
        if (!destination.params && ctx.key === page) return inApp(ctx, page, "in-app");
        return redirect(ctx, page + query, "alias");
      }
      return redirect(ctx, ctx.input.env.hosts.dashboard + page + query, "sign-in-hosted");
    }
    case "asset":
      return redirect(ctx, destination.path, "asset");
    case "in-app":
      return inApp(ctx, destination.path, "in-app");
    case "route":
      return redirect(ctx, destination.path + forwardQuery(ctx.search, destination.query), "alias");
  }
}

export function decide(input: DecideInput, table: CompiledTable = DEFAULT_TABLE): Decision {
  const path = normalizePath(input.pathname);
  if (!path.ok) {
    return path.reason === "malformed-path" ? { kind: "bad-request", reason: "malformed-path" } : { kind: "not-found", reason: "no-route" };
  }
  const match: RouteMatch | undefined = matchRoute(table, path);
  if (!match) return { kind: "not-found", reason: "no-route" };
  const ctx: Context = {
    input,
    row: match.row,
    params: match.params,
    canonical: path.canonical,
    key: path.key,
    search: input.search,
    table,
  };
  for (const name of match.row.guards) {
    const stop = GUARDS[name](ctx);
    if (stop) return stop;
  }
  return resolve(ctx, match.row.destination);
}
