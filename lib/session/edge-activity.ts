import { edgeLog } from "@/lib/observability/edge-log";
import { activityVerdict, readActivity, signActivity } from "./activity";
import { accessTokenCookie, endSignIn, refreshTokenCookie, type EndSignInResult } from "./revoke";
import { ANONYMOUS, type CookieReader, type Session, type SignInOf } from "./session";

export interface EdgeActivity {
  /** The session the guards decide on: anonymous once idle. */
  session: Session;
  /** A renewed stamp to set (activity), when due. */
  stamp?: string;
  /** Idle: every session cookie is to be deleted (the browser is signed out here). */
  clearSession: boolean;
  /** Idle: the sign-in to end at the identity service too (endIdleSignIn), so its refresh token mints nothing more. */
  idle?: SignInOf;
}

/**
 * The idle limit at the edge (./activity.ts): a page request is activity, renewing the stamp at
 * most once a minute; a session past the limit is anonymous from here on, its cookies are deleted
 * and (endIdleSignIn) its sign-in is ended at Cognito, so no token minted after the limit opens
 * anything anywhere. A verifying session (an expired but genuine identity token) is checked against
 * the same stamp: idle, it ends the same way; otherwise the claims route stamps it after the refresh.
 * Work per request: one cached stamp lookup; a signature only when the stamp is due (once a minute).
 */
export async function edgeActivity(
  session: Session,
  rawStamp: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<EdgeActivity> {
  const signIn = signInOfSession(session);
  if (!signIn) return { session, clearSession: false };
  const verdict = activityVerdict({
    stamp: await readActivity(rawStamp, secret, nowSeconds),
    sub: signIn.sub,
    authTime: signIn.authTime,
    nowSeconds,
  });
  if (verdict === "idle") return { session: ANONYMOUS, clearSession: true, idle: signIn };
  if (verdict === "active" || session.status === "verifying") return { session, clearSession: false };
  // "restamp" and "new-sign-in" both stamp now; the claims route audits the sign-in by its own verdict.
  const stamp = await signActivity({ sub: signIn.sub, authTime: signIn.authTime ?? null, at: nowSeconds }, secret);
  return { session, stamp, clearSession: false };
}

/** The sign-in a session's identity token names: checked (signed in or signing in), or genuine but expired (verifying). */
function signInOfSession(session: Session): SignInOf | undefined {
  if (session.status === "signed-in" || session.status === "signing-in") return session;
  return session.status === "verifying" ? session.signIn : undefined;
}

export interface IdentityEndpoint {
  endpoint: string | undefined;
  region: string;
  clientId: string;
  timeoutMs: number;
  requestId?: string;
  fetchImpl?: typeof fetch;
}

/**
 * Ends an idle sign-in at Cognito with the tokens this request carries (lib/session/revoke.ts
 * endSignIn: its refresh token revoked and shown so, or every sign-in of the user ended), and says so
 * in one info line: an idle limit that only deleted cookies would leave the refresh token minting
 * tokens the API accepts. Bounded by the Cognito timeout; never throws.
 */
export async function endIdleSignIn(cookies: CookieReader, signIn: SignInOf, identity: IdentityEndpoint): Promise<EndSignInResult> {
  const { clientId } = identity;
  const result = await endSignIn({
    ...identity,
    refreshToken: refreshTokenCookie(cookies, clientId),
    accessToken: accessTokenCookie(cookies, clientId),
    identity: { sub: signIn.sub, ...(signIn.originJti ? { originJti: signIn.originJti } : {}) },
  }).catch((): EndSignInResult => ({ outcome: "failed" }));
  edgeLog(result.outcome === "failed" ? "warn" : "info", "idle sign-in ended at the identity service", {
    channel: "audit",
    event: "sign-out",
    sub: signIn.sub,
    requestId: identity.requestId,
    reason: `idle:${result.outcome}`,
    failedStep: result.failedStep,
  });
  return result;
}
