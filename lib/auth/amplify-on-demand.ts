import type { PublicConfig } from "@/lib/config/env";
import { identityCookie, lastAuthUserCookie, type CookieReader } from "@/lib/session/amplify-cookies";

/**
 * Amplify (about 30 KiB gzipped) loaded when it is needed, for the pages that only keep a session
 * fresh, log an error, record a consent or sign out: it is not in their first load. Pages that sign
 * in import lib/auth/amplify directly. The chunk is fetched once; configuring is idempotent.
 */
let configured: Promise<void> | undefined;
/** The page's configuration (AmplifySetup), for what loads Amplify later on its own: sign-out, consent, error logs. */
let remembered: PublicConfig | undefined;

export function loadAmplify(config: PublicConfig): Promise<void> {
  const previous = configured ?? Promise.resolve();
  configured = previous
    .catch(() => undefined)
    .then(() => import("./amplify"))
    .then(({ configureAmplify }) => configureAmplify(config));
  return configured;
}

/**
 * Amplify, configured, for a browser that may hold a session: loaded now with the page's
 * configuration when nothing loaded it yet. False when there is no session to act for (or the
 * page gave no configuration), or the load failed.
 */
export async function amplifyForSession(cookies: string = document.cookie): Promise<boolean> {
  if (!configured) {
    if (!remembered || !mayHaveStoredSession(remembered.cognito.clientId, cookies)) return false;
    void loadAmplify(remembered);
  }
  try {
    await configured;
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user's ID token, or null when nobody is signed in (or Amplify cannot load). */
export async function idTokenOnDemand(cookies?: string): Promise<string | null> {
  if (!(await amplifyForSession(cookies))) return null;
  try {
    const { amplifyIdToken } = await import("@/lib/browser/id-token");
    return (await amplifyIdToken()) ?? null;
  } catch {
    return null;
  }
}

/** What a renewal found: fresh tokens, a refresh token the service refused, or no answer (offline, service error). */
export type RenewOutcome = "renewed" | "signed-out" | "unknown";

/**
 * A verifying session (identity token expired, refresh token kept): Amplify refreshes the tokens
 * with the refresh token and writes them back to the cookies. A refresh token that is revoked or
 * expired makes Amplify clear the cookies and answer without tokens: the visitor is signed out,
 * and nothing else need be asked. Never throws.
 */
export async function renewSessionOnDemand(config: PublicConfig): Promise<RenewOutcome> {
  try {
    await loadAmplify(config);
    const { fetchAuthSession } = await import("aws-amplify/auth");
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken ? "renewed" : "signed-out";
  } catch {
    // Offline or a transient service error (Amplify keeps the tokens): the claims request that follows answers for it.
    return "unknown";
  }
}

/** document.cookie as the server's cookie reader gives it: names and values decoded once. */
function cookieReader(cookies: string): CookieReader {
  const jar = new Map<string, string>();
  for (const cookie of cookies.split(/;\s*/)) {
    const eq = cookie.indexOf("=");
    if (eq > 0) jar.set(decodeOnce(cookie.slice(0, eq)), decodeOnce(cookie.slice(eq + 1)));
  }
  return jar;
}

function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Whether this browser may hold a session of this app client: Amplify's cookies (lib/auth/amplify.ts)
 * name its last user. Without one there is nothing to keep fresh or finish, and Amplify need not load.
 */
export function mayHaveStoredSession(clientId: string, cookies: string): boolean {
  return Boolean(cookieReader(cookies).get(lastAuthUserCookie(clientId)));
}

/** How long before the identity token expires Amplify is loaded to refresh it (its checks run every minute). */
export const REFRESH_AHEAD_MS = 5 * 60_000;

/**
 * When this browser's identity token expires (ms since the epoch), read from Amplify's own cookie
 * as the server reads it (lib/session/amplify-cookies.ts). The payload only, unverified: the time
 * decides when to load Amplify, never whom to trust. Null when there is no token or it cannot be read.
 */
export function identityTokenExpiry(clientId: string, cookies: string): number | null {
  const identity = identityCookie(cookieReader(cookies), clientId);
  if (!identity) return null;
  try {
    // jose's decodeJwt would bring jose into every page's first load: the payload is base64url JSON.
    const payload = identity.token.split(".")[1] ?? "";
    const { exp } = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** The page's configuration, for what loads Amplify on its own later (sign-out, a consent, an error report). */
export function rememberAmplifyConfig(config: PublicConfig): void {
  remembered = config;
}

/**
 * Keeps the session fresh; returns its stop function (safe to call early). Amplify (about 30 KiB
 * gzipped, and a long task to start) is loaded only when the identity token is due for refresh:
 * REFRESH_AHEAD_MS before it expires, at once when it has or its expiry is unknown. Most page views
 * end before that and never load it (issue 24). A timer in a background tab can fire late, so
 * coming back to the tab checks again. An anonymous visitor (no stored session) loads nothing: a
 * sign-in loads Amplify itself and leaves the page.
 */
export function keepSessionFreshOnDemand(
  config: PublicConfig,
  cookies: string = document.cookie,
  now: () => number = Date.now,
): () => void {
  rememberAmplifyConfig(config);
  if (!mayHaveStoredSession(config.cognito.clientId, cookies)) return () => undefined;
  let stop: (() => void) | undefined;
  let stopped = false;
  let started = false;
  const start = () => {
    if (started || stopped) return;
    started = true;
    cleanUpWait();
    void loadAmplify(config)
      .then(() => import("./keep-session-fresh"))
      .then(({ keepSessionFresh }) => {
        if (!stopped) stop = keepSessionFresh();
      })
      .catch(() => undefined);
  };
  const expiry = identityTokenExpiry(config.cognito.clientId, cookies);
  const dueAt = expiry === null ? now() : expiry - REFRESH_AHEAD_MS;
  const onVisible = () => {
    if (document.visibilityState === "visible" && now() >= dueAt) start();
  };
  const timer = dueAt > now() ? setTimeout(start, dueAt - now()) : undefined;
  const cleanUpWait = () => {
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
  };
  if (timer === undefined) start();
  else document.addEventListener("visibilitychange", onVisible);
  return () => {
    stopped = true;
    cleanUpWait();
    stop?.();
  };
}

/** Tests only. */
export function resetAmplifyOnDemandForTests(): void {
  configured = undefined;
  remembered = undefined;
}
