/**
 * Amplify's identity cookies, read the same way on the server (lib/session/session.ts), in the
 * browser (lib/auth/amplify-on-demand.ts) and by the hosted apps' stand-in (local/lender/apps). A fact of
 * the vendor's wire format, not of the shell's session: no signing or verifying here, safe to
 * bundle for the client.
 */

const PREFIX = "CognitoIdentityServiceProvider";

/** Amplify's cookie names; the adapter may URI-encode the username part. */
export function lastAuthUserCookie(clientId: string): string {
  return `${PREFIX}.${clientId}.LastAuthUser`;
}
export function idTokenCookie(clientId: string, username: string): string {
  return `${PREFIX}.${clientId}.${username}.idToken`;
}

export function refreshTokenCookie(clientId: string, username: string): string {
  return `${PREFIX}.${clientId}.${username}.refreshToken`;
}

export interface CookieReader {
  get(name: string): string | undefined;
}

/**
 * The signed-in username and identity token from Amplify's cookies (values as the cookie reader
 * gives them, already decoded once: never decoded again). Everything that acts for the user reads
 * the token through here, so the token the middleware verified is the token the server sends on.
 */
export function identityCookie(cookies: CookieReader, clientId: string): { username: string; token: string } | undefined {
  const username = cookies.get(lastAuthUserCookie(clientId));
  if (!username) return undefined;
  const token = cookies.get(idTokenCookie(clientId, username)) ?? cookies.get(idTokenCookie(clientId, encodeURIComponent(username)));
  return token ? { username, token } : undefined;
}
