import { decodeJwt } from "jose";
import { CLAIMS_COOKIE, readClaims, type Claims } from "./claims";
import { identityCookie, refreshTokenCookie, type CookieReader } from "@/lib/cognito/amplify-cookies";
import type { IdTokenVerifier } from "./id-token";
import { isKeySetUnavailable } from "./key-set";

/** Who is asking, as the guards see it. */
export type Session =
  | { status: "anonymous" }
  /**
   * SPEC 4's "verifying": the identity cookie names a user whose genuine identity token has expired
   * and a refresh token is kept (a returning user, the next day). Nothing acts for them; the guards
   * send them to wait while the browser refreshes the session.
   */
  | {
      status: "verifying";
      username: string;
      /** The identity key set is out of reach (issue 44 item 2): the token could not be checked yet. */
      keySetDown?: true;
    }
  /** A valid identity, application data not loaded yet (no valid claims cookie). */
  | { status: "signing-in"; sub: string; username: string; email: string; authTime?: number }
  | { status: "signed-in"; sub: string; username: string; email: string; authTime?: number; claims: Claims };

export const ANONYMOUS: Session = { status: "anonymous" };

export { identityCookie, idTokenCookie, lastAuthUserCookie, type CookieReader } from "@/lib/cognito/amplify-cookies";

export interface SessionReaderOptions {
  clientId: string;
  claimsSecret: string;
  verifyIdToken: IdTokenVerifier;
}

function hasRefreshToken(cookies: CookieReader, clientId: string, username: string): boolean {
  return Boolean(
    cookies.get(refreshTokenCookie(clientId, username)) || cookies.get(refreshTokenCookie(clientId, encodeURIComponent(username))),
  );
}

/**
 * Whether `token` is one the issuer really signed for `username` that has only run out of time:
 * checked in full (signature, issuer, audience) as of the second before it expired.
 */
async function expiredButGenuine(token: string, username: string, options: SessionReaderOptions, nowSeconds: number): Promise<boolean> {
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return false;
  }
  if (typeof exp !== "number" || !Number.isSafeInteger(exp) || exp > nowSeconds) return false;
  const identity = await options.verifyIdToken(token, exp - 1);
  return identity !== null && identity.username.toLowerCase() === username.toLowerCase();
}

/**
 * The sub of the identity cookie's token, verified (signature, issuer, audience) as of now or, for
 * a token that has only run out of time, as of the second before it expired: for the audit of a
 * sign-out, which goes ahead whatever this answers. Undefined for no cookie or a token not ours.
 */
export async function identitySub(
  cookies: CookieReader,
  options: Pick<SessionReaderOptions, "clientId" | "verifyIdToken">,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string | undefined> {
  try {
    const found = identityCookie(cookies, options.clientId);
    if (!found) return undefined;
    let identity = await options.verifyIdToken(found.token, nowSeconds);
    if (!identity) {
      const exp = decodeJwt(found.token).exp;
      if (typeof exp === "number" && Number.isSafeInteger(exp) && exp <= nowSeconds)
        identity = await options.verifyIdToken(found.token, exp - 1);
    }
    return identity && identity.username.toLowerCase() === found.username.toLowerCase() ? identity.sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Evaluates Amplify's identity cookies and our claims cookie. Missing, tampered, foreign or
 * mismatched cookies yield "anonymous" (or "signing-in" when only the claims are bad); a genuine
 * but expired identity token with a refresh token kept, or a token that cannot be checked while the
 * key set is out of reach, yields "verifying": fail closed, never an exception.
 */
export async function readSession(
  cookies: CookieReader,
  options: SessionReaderOptions,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Session> {
  try {
    const found = identityCookie(cookies, options.clientId);
    if (!found) return ANONYMOUS;
    const { username, token } = found;
    const identity = await options.verifyIdToken(token, nowSeconds);
    // The token must belong to the user the cookie names, or someone stitched cookies together.
    if (!identity) {
      const refreshable =
        hasRefreshToken(cookies, options.clientId, username) && (await expiredButGenuine(token, username, options, nowSeconds));
      return refreshable ? { status: "verifying", username } : ANONYMOUS;
    }
    if (identity.username.toLowerCase() !== username.toLowerCase()) return ANONYMOUS;
    const base = {
      sub: identity.sub,
      username: identity.username,
      email: identity.email,
      ...(identity.authTime !== undefined ? { authTime: identity.authTime } : {}),
    };
    const claims = await readClaims(cookies.get(CLAIMS_COOKIE), options.claimsSecret, identity.sub, nowSeconds);
    return claims ? { status: "signed-in", ...base, claims } : { status: "signing-in", ...base };
  } catch (error) {
    // An outage of the key set is not a sign-out: the visitor waits, cookies kept, until it answers.
    if (isKeySetUnavailable(error)) {
      const found = identityCookie(cookies, options.clientId);
      if (found) return { status: "verifying", username: found.username, keySetDown: true };
    }
    return ANONYMOUS;
  }
}
