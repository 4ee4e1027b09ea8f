import type { FrontendLoad } from "@/lib/graphql/operations";
import type { Claims } from "@/lib/session/claims";

/**
 * Reloads the user's application data and rewrites the claims cookie (POST /api/session/claims).
 * Called at sign-in, by /wait-load-redirect and /_restricted, and after every change of step or
 * loan state, so the guards never act on stale state for longer than one request.
 */

export const CLAIMS_ENDPOINT = "/api/session/claims";

export type ClaimsRefresh =
  | { ok: true; claims: Claims; load: FrontendLoad }
  /** 401: no valid identity any more; sign in again. */
  | { ok: false; reason: "signed-out" }
  /** 502 or another answer: the API failed; try again. */
  | { ok: false; reason: "load-failed" }
  /** The request never got an answer. */
  | { ok: false; reason: "network" };

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * 503 (the identity key set out of reach, issue 44 item 2): asked again after each Retry-After for up
 * to a minute in all, so a short outage ends by itself (the server tries the key set again every 5 s)
 * and a long one ends as a failed load with Try again.
 */
export const VERIFYING_WAIT_MS = 60_000;
const MAX_RETRY_AFTER_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function post(fetchImpl: Fetch, wait: (ms: number) => Promise<void> = sleep): Promise<ClaimsRefresh> {
  let response: Response;
  for (let waited = 0; ;) {
    try {
      response = await fetchImpl(CLAIMS_ENDPOINT, { method: "POST", credentials: "same-origin", cache: "no-store" });
    } catch {
      return { ok: false, reason: "network" };
    }
    if (response.status !== 503) break;
    // The session could not be checked yet: it waits (cookies kept), it is not signed out.
    const seconds = Number(response.headers.get("retry-after"));
    const pause = Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, MAX_RETRY_AFTER_MS);
    if (waited + pause > VERIFYING_WAIT_MS) break;
    await wait(pause);
    waited += pause;
  }
  if (response.status === 401) return { ok: false, reason: "signed-out" };
  if (!response.ok) return { ok: false, reason: "load-failed" };
  try {
    const body = (await response.json()) as { claims?: Claims; load?: FrontendLoad };
    if (!body.claims || !body.load) return { ok: false, reason: "load-failed" };
    return { ok: true, claims: body.claims, load: body.load };
  } catch {
    return { ok: false, reason: "load-failed" };
  }
}

let inFlight: Promise<ClaimsRefresh> | undefined;

/** One request at a time: callers that ask while one is under way share its answer. */
export function refreshClaims(
  fetchImpl: Fetch = (input, init) => fetch(input, init),
  wait?: (ms: number) => Promise<void>,
): Promise<ClaimsRefresh> {
  inFlight ??= post(fetchImpl, wait).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/**
 * Runs a change of step or loan state (setApplicationStep, a signature…) and then refreshes the
 * claims. The change's own result is returned with the refresh's outcome: the change happened
 * either way, and a caller whose refresh failed should retry it (refreshClaims) before navigating.
 */
export async function withClaimsRefresh<T>(change: () => Promise<T>, fetchImpl?: Fetch): Promise<{ result: T; claims: ClaimsRefresh }> {
  const result = await change();
  const claims = await refreshClaims(fetchImpl);
  return { result, claims };
}

/**
 * The step moved, or may have: refresh the claims, then follow the next route through the shell's
 * own routes, so the guards read fresh claims. The route comes from the server — an action's
 * answer, or (a function of) the refreshed claims — never from the page's own idea of the next
 * step. A failed refresh is not fatal: the guards load the user again on the next request.
 * Returns the route followed, or null where the browser stays.
 */
export async function refreshAndFollow(
  next: string | null | ((refreshed: ClaimsRefresh) => string | null),
  options: { beforeLeaving?: () => void; fetchImpl?: Fetch } = {},
): Promise<string | null> {
  const refreshed = await refreshClaims(options.fetchImpl);
  const route = typeof next === "function" ? next(refreshed) : next;
  if (!route) return null;
  options.beforeLeaving?.();
  window.location.assign(route);
  return route;
}
