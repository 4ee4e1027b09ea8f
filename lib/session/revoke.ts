import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { decodeJwt } from "jose";
import { lastAuthUserCookie, type CookieReader } from "./session";
import { AMPLIFY_COOKIE_PREFIX, type SessionCookieJar } from "./session-cookies";

/**
 * Ends the session at the identity service, not only in the browser: the refresh token is revoked
 * (Cognito RevokeToken), so it mints nothing more, and Cognito (and the local API stand-in) then
 * refuse every token of that sign-in (they share its origin_jti).
 */

const TARGET = "AWSCognitoIdentityProviderService.RevokeToken";
const GLOBAL_SIGN_OUT = "AWSCognitoIdentityProviderService.GlobalSignOut";
const GET_USER = "AWSCognitoIdentityProviderService.GetUser";
export const REVOKE_TIMEOUT_MS = UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs;

function userTokenCookie(cookies: CookieReader, clientId: string, kind: "refreshToken" | "accessToken"): string | undefined {
  const username = cookies.get(lastAuthUserCookie(clientId));
  if (!username) return undefined;
  const name = (user: string) => `CognitoIdentityServiceProvider.${clientId}.${user}.${kind}`;
  return cookies.get(name(username)) ?? cookies.get(name(encodeURIComponent(username)));
}

/** Amplify's refresh-token cookie for the signed-in user, if the browser sent one. */
export function refreshTokenCookie(cookies: CookieReader, clientId: string): string | undefined {
  return userTokenCookie(cookies, clientId, "refreshToken");
}

/** Amplify's access-token cookie for the signed-in user, if the browser sent one. */
export function accessTokenCookie(cookies: CookieReader, clientId: string): string | undefined {
  return userTokenCookie(cookies, clientId, "accessToken");
}

export interface RevokeOptions {
  /** The Cognito-compatible endpoint (the local stand-in), or AWS's regional one. */
  endpoint: string | undefined;
  region: string;
  clientId: string;
  refreshToken: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** The server's request id, so Cognito's side of a sign-out can be joined to ours. */
  requestId?: string;
}

export type RevokeResult = "revoked" | "failed";

/** How a Cognito call ended: answered 2xx, refused (a 4xx: Cognito's final word), or no answer (network, timeout, 5xx). */
type CallAnswer = { kind: "ok" } | { kind: "refused"; errorType: string } | { kind: "unanswered" };

async function cognitoCall(
  { endpoint, region, fetchImpl = fetch, timeoutMs = REVOKE_TIMEOUT_MS, requestId }: Omit<RevokeOptions, "clientId" | "refreshToken">,
  target: string,
  body: Record<string, string>,
): Promise<CallAnswer> {
  const url = endpoint ?? `https://cognito-idp.${region}.amazonaws.com/`;
  try {
    const res = await fetchImpl(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": target,
        ...(requestId ? { "x-request-id": requestId } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
    if (res.ok) return { kind: "ok" };
    if (res.status >= 500) return { kind: "unanswered" };
    const answer = (await res.json().catch(() => ({}))) as { __type?: unknown };
    return { kind: "refused", errorType: typeof answer.__type === "string" ? answer.__type.replace(/^.*#/, "") : "unknown" };
  } catch {
    return { kind: "unanswered" };
  }
}

/** A call retried once when Cognito did not answer (a blip at sign-out must not leave tokens alive). */
async function withOneRetry(call: () => Promise<CallAnswer>): Promise<CallAnswer> {
  const first = await call();
  return first.kind === "unanswered" ? call() : first;
}

const asResult = (answer: CallAnswer): RevokeResult => (answer.kind === "ok" ? "revoked" : "failed");

export async function revokeRefreshToken(options: RevokeOptions): Promise<RevokeResult> {
  return asResult(await cognitoCall(options, TARGET, { ClientId: options.clientId, Token: options.refreshToken }));
}

/**
 * What a sign-out really did, as far as evidence shows: this sign-in's refresh token revoked (shown
 * by its own access token, live a moment before, refused after), every sign-in of the user ended
 * (GlobalSignOut accepted a token of the user), nothing to end (no token sent), failed (Cognito did
 * not answer), or unconfirmed (Cognito answered, but nothing it said is about this sign-in: a junk
 * or stale refresh cookie and no usable access token).
 */
export type SignOutOutcome = "revoked" | "signed-out-everywhere" | "nothing-to-revoke" | "failed" | "unconfirmed";

/** The sign-in the identity cookie names: its verified sub and origin_jti (expired or not). */
export interface SignInIdentity {
  sub: string;
  originJti?: string;
}

export interface EndSignInOptions extends Omit<RevokeOptions, "refreshToken"> {
  refreshToken: string | undefined;
  accessToken: string | undefined;
  /** Whose sign-in this is; without it, no revocation can be confirmed, only a GlobalSignOut. */
  identity?: SignInIdentity | undefined;
  nowSeconds?: number;
}

export interface EndSignInResult {
  outcome: SignOutOutcome;
  /** The Cognito call that failed, for the log: none when the outcome is not "failed". */
  failedStep?: "RevokeToken" | "GlobalSignOut";
  /** Whose sign-in(s) Cognito ended, when shown ("revoked", "signed-out-everywhere"). */
  sub?: string;
}

/** What an access token says of itself, unverified: only Cognito's answer to it makes it evidence. */
function accessTokenView(token: string): { sub: string; originJti?: string; exp?: number } | undefined {
  try {
    const payload = decodeJwt(token);
    if (payload.token_use !== "access" || typeof payload.sub !== "string") return undefined;
    return {
      sub: payload.sub,
      ...(typeof payload.origin_jti === "string" ? { originJti: payload.origin_jti } : {}),
      ...(typeof payload.exp === "number" ? { exp: payload.exp } : {}),
    };
  } catch {
    return undefined;
  }
}

/** An access token this close to its exp is not used as evidence (it could expire between two calls). */
const EVIDENCE_MARGIN_SECONDS = 30;

/**
 * Ends the sign-in the browser's cookies belong to, and says only what Cognito's answers show.
 * RevokeToken answers 200 for a token it does not know (RFC 7009, as Cognito does), and GetUser
 * refuses a junk, expired or foreign token as readily as a revoked one, so neither proves anything
 * alone. The proof is about *this* sign-in: an access token whose sub and origin_jti are the identity
 * cookie's, accepted by GetUser before the revocation and refused after. Without it (no such
 * token, or it stays accepted), a live access token of the same user ends every sign-in of the
 * user (GlobalSignOut: Cognito ends one sign-in by no other token, and ending more sign-ins than
 * asked is safe where ending none is not); Cognito accepting it is the proof. Otherwise the outcome
 * is "unconfirmed" (or "failed" when Cognito did not answer). Each call is bounded by `timeoutMs`;
 * RevokeToken and GlobalSignOut are retried once when unanswered.
 */
export async function endSignIn(options: EndSignInOptions): Promise<EndSignInResult> {
  const { refreshToken, accessToken, identity, clientId, nowSeconds = Math.floor(Date.now() / 1000), ...call } = options;
  if (!refreshToken && !accessToken) return { outcome: "nothing-to-revoke" };
  const access = accessToken ? accessTokenView(accessToken) : undefined;
  const ofUser = access !== undefined && (!identity || access.sub === identity.sub);
  const ofThisSignIn =
    ofUser &&
    identity?.originJti !== undefined &&
    access.originJti === identity.originJti &&
    access.exp !== undefined &&
    access.exp > nowSeconds + EVIDENCE_MARGIN_SECONDS;
  let failedStep: EndSignInResult["failedStep"];
  if (refreshToken) {
    // Cognito vouching now that this sign-in's access token is live makes its refusal afterwards the revocation's doing.
    const before = ofThisSignIn ? await cognitoCall(call, GET_USER, { AccessToken: accessToken! }) : undefined;
    const revoke = await withOneRetry(() => cognitoCall(call, TARGET, { ClientId: clientId, Token: refreshToken }));
    if (revoke.kind === "unanswered") failedStep = "RevokeToken";
    if (revoke.kind === "ok" && before?.kind === "ok") {
      const after = await cognitoCall(call, GET_USER, { AccessToken: accessToken! });
      if (after.kind === "refused" && after.errorType === "NotAuthorizedException") return { outcome: "revoked", sub: identity!.sub };
    }
  }
  if (accessToken && ofUser) {
    const global = await withOneRetry(() => cognitoCall(call, GLOBAL_SIGN_OUT, { AccessToken: accessToken }));
    if (global.kind === "ok") return { outcome: "signed-out-everywhere", sub: access.sub };
    if (global.kind === "unanswered") failedStep = "GlobalSignOut";
  }
  return failedStep ? { outcome: "failed", failedStep } : { outcome: "unconfirmed" };
}

/**
 * Every refresh and access token value the browser sent for this client, whatever the user name
 * and however often a name is repeated: what a sign-out with duplicated cookie names must end.
 */
export function everySessionToken(jar: SessionCookieJar, clientId: string): { refreshTokens: string[]; accessTokens: string[] } {
  const prefix = `${AMPLIFY_COOKIE_PREFIX}${clientId}.`;
  const refreshTokens: string[] = [];
  const accessTokens: string[] = [];
  for (const name of jar.names()) {
    if (!name.startsWith(prefix)) continue;
    if (name.endsWith(".refreshToken")) refreshTokens.push(...jar.all(name));
    else if (name.endsWith(".accessToken")) accessTokens.push(...jar.all(name));
  }
  return { refreshTokens, accessTokens };
}
