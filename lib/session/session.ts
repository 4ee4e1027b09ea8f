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
      /** Whose expired (but genuine) token it is: enough for the idle limit to end the sign-in at the edge. */
      signIn?: SignInOf;
    }
  /** A valid identity, application data not loaded yet (no valid claims cookie). */
  | ({ status: "signing-in"; username: string; email: string } & SignInOf)
  | ({ status: "signed-in"; username: string; email: string; claims: Claims } & SignInOf);

/** The sign-in a verified identity token belongs to. */
export interface SignInOf {
  sub: string;
  /** The token's auth_time (seconds), when it has one. */
  authTime?: number;
  /** Cognito's origin_jti, shared by every token of the sign-in, when the token has one. */
  originJti?: string;
}

const signInOf = (identity: { sub: string; authTime?: number; originJti?: string }): SignInOf => ({
  sub: identity.sub,
  ...(identity.authTime !== undefined ? { authTime: identity.authTime } : {}),
  ...(identity.originJti !== undefined ? { originJti: identity.originJti } : {}),
});

export const ANONYMOUS: Session = { status: "anonymous" };

export { identityCookie, idTokenCookie, lastAuthUserCookie, type CookieReader } from "@/lib/cognito/amplify-cookies";

/** A cookie reader that may say which session cookie names arrived twice (./session-cookies.ts sessionCookieJar). */
export type SessionCookies = CookieReader & { readonly duplicated?: readonly string[] };

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
async function expiredButGenuine(
  token: string,
  username: string,
  options: Pick<SessionReaderOptions, "verifyIdToken">,
  nowSeconds: number,
): Promise<SignInOf | undefined> {
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return undefined;
  }
  if (typeof exp !== "number" || !Number.isSafeInteger(exp) || exp > nowSeconds) return undefined;
  const identity = await options.verifyIdToken(token, exp - 1);
  return identity !== null && identity.username.toLowerCase() === username.toLowerCase() ? signInOf(identity) : undefined;
}

/**
 * The sign-in of the identity cookie's token (sub, origin_jti), verified (signature, issuer,
 * audience) as of now or, for a token that has only run out of time, as of the second before it
 * expired: what a sign-out must end, and whom its audit names. Undefined for no cookie, a token not
 * ours, or duplicated session cookies (whose identity is never read).
 */
export async function identitySignIn(
  cookies: SessionCookies,
  options: Pick<SessionReaderOptions, "clientId" | "verifyIdToken">,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<SignInOf | undefined> {
  try {
    if (cookies.duplicated?.length) return undefined;
    const found = identityCookie(cookies, options.clientId);
    if (!found) return undefined;
    const identity = await options.verifyIdToken(found.token, nowSeconds);
    if (identity) return identity.username.toLowerCase() === found.username.toLowerCase() ? signInOf(identity) : undefined;
    return await expiredButGenuine(found.token, found.username, options, nowSeconds);
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
  cookies: SessionCookies,
  options: SessionReaderOptions,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Session> {
  try {
    // Two values under one session cookie name: whose session it is cannot be told, so it is none.
    if (cookies.duplicated?.length) return ANONYMOUS;
    const found = identityCookie(cookies, options.clientId);
    if (!found) return ANONYMOUS;
    const { username, token } = found;
    const identity = await options.verifyIdToken(token, nowSeconds);
    // The token must belong to the user the cookie names, or someone stitched cookies together.
    if (!identity) {
      const signIn = hasRefreshToken(cookies, options.clientId, username)
        ? await expiredButGenuine(token, username, options, nowSeconds)
        : undefined;
      return signIn ? { status: "verifying", username, signIn } : ANONYMOUS;
    }
    if (identity.username.toLowerCase() !== username.toLowerCase()) return ANONYMOUS;
    const base = { ...signInOf(identity), username: identity.username, email: identity.email };
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
