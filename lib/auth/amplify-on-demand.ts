import type { PublicConfig } from "@/lib/config/env";

/**
 * Amplify (about 30 KiB gzipped) loaded after the page is interactive, for the pages that only
 * keep a session fresh, log an error or sign out: it is not in their first load. Pages that sign
 * in import lib/auth/amplify directly. The chunk is fetched once; configuring is idempotent.
 */
let configured: Promise<void> | undefined;

export function loadAmplify(config: PublicConfig): Promise<void> {
  const previous = configured ?? Promise.resolve();
  configured = previous
    .catch(() => undefined)
    .then(() => import("./amplify"))
    .then(({ configureAmplify }) => configureAmplify(config));
  return configured;
}

/** Resolves once a load started on this page has finished (at once when none was started). */
export async function amplifySettled(): Promise<void> {
  await configured?.catch(() => undefined);
}

/** The signed-in user's ID token, or null when Amplify was never set up on this page or nobody is signed in. */
export async function idTokenOnDemand(): Promise<string | null> {
  if (!configured) return null;
  try {
    await configured;
    const { currentIdToken } = await import("@/lib/client/id-token");
    return await currentIdToken();
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

/**
 * Whether this browser may hold a session of this app client: Amplify's cookies (lib/auth/amplify.ts)
 * name its last user. Without one there is nothing to keep fresh or finish, and Amplify need not load.
 */
export function mayHaveStoredSession(clientId: string, cookies: string): boolean {
  const name = `CognitoIdentityServiceProvider.${clientId}.LastAuthUser=`;
  return cookies.split(/;\s*/).some((cookie) => cookie.startsWith(name) && cookie.length > name.length);
}

/**
 * Starts keepSessionFresh once Amplify is loaded; returns its stop function (safe to call early).
 * An anonymous visitor (no stored session) loads nothing: a sign-in loads Amplify itself and leaves the page.
 */
export function keepSessionFreshOnDemand(config: PublicConfig, cookies: string = document.cookie): () => void {
  if (!mayHaveStoredSession(config.cognito.clientId, cookies)) return () => undefined;
  let stop: (() => void) | undefined;
  let stopped = false;
  void loadAmplify(config)
    .then(() => import("./keep-session-fresh"))
    .then(({ keepSessionFresh }) => {
      if (!stopped) stop = keepSessionFresh();
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop?.();
  };
}

/** Tests only. */
export function resetAmplifyOnDemandForTests(): void {
  configured = undefined;
}
