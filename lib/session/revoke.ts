import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { lastAuthUserCookie, type CookieReader } from "./session";

/**
 * Ends the session at the identity service, not only in the browser: the refresh token is revoked
 * (Cognito RevokeToken), so it mints nothing more, and Cognito (and the local API stand-in) then
 * refuse every token of that sign-in (they share its origin_jti).
 */

const TARGET = "AWSCognitoIdentityProviderService.RevokeToken";
export const REVOKE_TIMEOUT_MS = UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs;

/** Amplify's refresh-token cookie for the signed-in user, if the browser sent one. */
export function refreshTokenCookie(cookies: CookieReader, clientId: string): string | undefined {
  const username = cookies.get(lastAuthUserCookie(clientId));
  if (!username) return undefined;
  const name = (user: string) => `CognitoIdentityServiceProvider.${clientId}.${user}.refreshToken`;
  return cookies.get(name(username)) ?? cookies.get(name(encodeURIComponent(username)));
}

export interface RevokeOptions {
  /** The Cognito-compatible endpoint (the local stand-in), or AWS's regional one. */
  endpoint: string | undefined;
  region: string;
  clientId: string;
  refreshToken: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export type RevokeResult = "revoked" | "failed";

export async function revokeRefreshToken({
  endpoint,
  region,
  clientId,
  refreshToken,
  fetchImpl = fetch,
  timeoutMs = REVOKE_TIMEOUT_MS,
}: RevokeOptions): Promise<RevokeResult> {
  const url = endpoint ?? `https://cognito-idp.${region}.amazonaws.com/`;
  try {
    const res = await fetchImpl(url, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": TARGET },
      body: JSON.stringify({ ClientId: clientId, Token: refreshToken }),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
    return res.ok ? "revoked" : "failed";
  } catch {
    return "failed";
  }
}
