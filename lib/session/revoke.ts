import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { lastAuthUserCookie, type CookieReader } from "./session";

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
 * What a sign-out really did: this sign-in's refresh token revoked (and its access token shown
 * dead), every sign-in of the user ended (GlobalSignOut), nothing to end (no token sent), or failed.
 */
export type SignOutOutcome = "revoked" | "signed-out-everywhere" | "nothing-to-revoke" | "failed";

export interface EndSignInOptions extends Omit<RevokeOptions, "refreshToken"> {
  refreshToken: string | undefined;
  accessToken: string | undefined;
}

export interface EndSignInResult {
  outcome: SignOutOutcome;
  /** The Cognito call that failed, for the log: none when the outcome is not "failed". */
  failedStep?: "RevokeToken" | "GlobalSignOut";
}

/**
 * Ends the sign-in the browser's cookies belong to. GlobalSignOut (the access token ends every
 * sign-in of the user) is the fallback: Cognito offers no way to end one sign-in by any other token,
 * and a sign-out that ends more sign-ins than asked is safe where one that ends none is not. RevokeToken answers 200 for a token it does not
 * know (a junk or already revoked cookie: RFC 7009, as Cognito does), so a 200 proves nothing by
 * itself: with an access token at hand the revocation is confirmed by GetUser refusing it (Cognito
 * refuses every token of a revoked sign-in). Unconfirmed (GetUser still accepts the token, or did
 * not answer) or failed, the access token ends every sign-in of the user (GlobalSignOut). Each
 * call is bounded by `timeoutMs` and retried once when Cognito did not answer.
 */
export async function endSignIn(options: EndSignInOptions): Promise<EndSignInResult> {
  const { refreshToken, accessToken, clientId, ...call } = options;
  let revoke: CallAnswer | undefined;
  if (refreshToken) {
    revoke = await withOneRetry(() => cognitoCall(call, TARGET, { ClientId: clientId, Token: refreshToken }));
    if (revoke.kind === "ok" && !accessToken) return { outcome: "revoked" };
    if (revoke.kind === "ok" && accessToken) {
      const check = await cognitoCall(call, GET_USER, { AccessToken: accessToken });
      if (check.kind === "refused" && check.errorType === "NotAuthorizedException") return { outcome: "revoked" };
    }
  }
  if (!accessToken) return revoke ? { outcome: "failed", failedStep: "RevokeToken" } : { outcome: "nothing-to-revoke" };
  const global = await withOneRetry(() => cognitoCall(call, GLOBAL_SIGN_OUT, { AccessToken: accessToken }));
  if (global.kind === "ok") return { outcome: "signed-out-everywhere" };
  return { outcome: "failed", failedStep: "GlobalSignOut" };
}
