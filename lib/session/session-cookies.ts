import { ACTIVITY_COOKIE } from "./activity";
import { CLAIMS_COOKIE } from "./claims";

/** Amplify's cookie names all start with this (tokens, LastAuthUser, device keys, sign-in details). */
export const AMPLIFY_COOKIE_PREFIX = "CognitoIdentityServiceProvider.";

const EXPIRED = "Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0";

/** The names to delete: every Amplify cookie the browser sent, and the claims and activity cookies always. */
export function cookiesToClear(requestCookieNames: Iterable<string>): string[] {
  const names = new Set<string>([CLAIMS_COOKIE, ACTIVITY_COOKIE]);
  for (const name of requestCookieNames) if (name.startsWith(AMPLIFY_COOKIE_PREFIX)) names.add(name);
  return [...names];
}

/**
 * Set-Cookie values that delete each cookie. A cookie is only replaced by one with the same name,
 * path and domain, so with a cookie domain (shared with the hosted apps) both the domain cookie and
 * a host-only one of the same name are deleted.
 */
export function clearingSetCookies(names: readonly string[], options: { cookieDomain?: string; secure: boolean }): string[] {
  const attributes = `Path=/; ${EXPIRED}; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  const values: string[] = [];
  for (const name of names) {
    values.push(`${name}=; ${attributes}`);
    if (options.cookieDomain) values.push(`${name}=; Domain=${options.cookieDomain}; ${attributes}`);
  }
  return values;
}

/**
 * Whether a sign-out request comes from this app's own pages. A cross-site form could otherwise
 * sign a user out (logout CSRF). Browsers send Origin on POST; Sec-Fetch-Site where supported.
 */
export function isSameOriginRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = headers.get("origin");
  if (origin === null) return site === "same-origin" || site === "none";
  return allowedOrigins.includes(origin);
}
