import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { lastAuthUserCookie, type CookieReader } from "./session";

/**
 * Ends the session at the identity service, not only in the browser: the refresh token is revoked
 * (Cognito RevokeToken), so it mints nothing more, and Cognito (and the local API stand-in) then
 * refuse every token of that sign-in (they share its origin_jti).
 */

const TARGET = "AWSCognitoIdentityProviderService.RevokeToken";
const GLOBAL_SIGN_OUT = "AWSCognitoIdentityProviderService.GlobalSignOut";
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

async function cognitoCall(
  { endpoint, region, fetchImpl = fetch, timeoutMs = REVOKE_TIMEOUT_MS, requestId }: Omit<RevokeOptions, "clientId" | "refreshToken">,
  target: string,
  body: Record<string, string>,
): Promise<RevokeResult> {
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
    return res.ok ? "revoked" : "failed";
  } catch {
    return "failed";
  }
}

export async function revokeRefreshToken(options: RevokeOptions): Promise<RevokeResult> {
  return cognitoCall(options, TARGET, { ClientId: options.clientId, Token: options.refreshToken });
}

/**
 * Cognito GlobalSignOut with the access token: every refresh token of the user is revoked, and
 * with it every token of every sign-in. The sign-out route's fallback when the browser no longer
 * sends this sign-in's refresh token: Cognito offers no way to end one sign-in by any other token,
 * and a sign-out that ends more sign-ins than asked is safe where one that ends none is not.
 */
export async function globalSignOut(
  options: Omit<RevokeOptions, "clientId" | "refreshToken"> & { accessToken: string },
): Promise<RevokeResult> {
  return cognitoCall(options, GLOBAL_SIGN_OUT, { AccessToken: options.accessToken });
}
