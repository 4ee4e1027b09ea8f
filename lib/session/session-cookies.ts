import { ACTIVITY_COOKIE } from "./activity";
import { CLAIMS_COOKIE } from "./claims";

/** Amplify's cookie names all start with this (tokens, LastAuthUser, device keys, sign-in details). */
export const AMPLIFY_COOKIE_PREFIX = "CognitoIdentityServiceProvider.";

/** The cookies a session is read from: Amplify's, the claims cookie and the activity stamp. */
export function isSessionCookieName(name: string): boolean {
  return name.startsWith(AMPLIFY_COOKIE_PREFIX) || name === CLAIMS_COOKIE || name === ACTIVITY_COOKIE;
}

/**
 * A request's cookies read from the raw Cookie header. Next's own reader keeps the last of two
 * cookies with one name, so a sibling host on the shared cookie domain could append a second pair
 * of Amplify's names and swap the visitor into another session. Here a session cookie sent twice
 * with different values is never read at all (`get` is undefined for it, and `duplicated` names
 * it): the session is refused and every value is ended and deleted (issue 51 item 5).
 */
export interface SessionCookieJar {
  get(name: string): string | undefined;
  /** Every value sent under `name`, in order (several only when duplicated). */
  all(name: string): readonly string[];
  /** Every cookie name sent. */
  names(): readonly string[];
  /** Session cookie names sent with more than one value. */
  readonly duplicated: readonly string[];
}

/** Parses a Cookie header as Next does (split on ";", values URI-decoded once, undecodable pairs skipped). */
export function sessionCookieJar(header: string | null | undefined): SessionCookieJar {
  const values = new Map<string, string[]>();
  for (const pair of (header ?? "").split(/; */)) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const name = at === -1 ? pair : pair.slice(0, at);
    let value = at === -1 ? "true" : pair.slice(at + 1);
    // Tokens are base64url: decoding only what has an escape keeps a signed-in request's parse cheap.
    if (value.includes("%")) {
      try {
        value = decodeURIComponent(value);
      } catch {
        continue;
      }
    }
    const seen = values.get(name);
    if (!seen) values.set(name, [value]);
    else if (!seen.includes(value)) seen.push(value);
  }
  const duplicated = [...values].filter(([name, list]) => list.length > 1 && isSessionCookieName(name)).map(([name]) => name);
  const refused = new Set(duplicated);
  return {
    get: (name) => (refused.has(name) ? undefined : values.get(name)?.[0]),
    all: (name) => values.get(name) ?? [],
    names: () => [...values.keys()],
    duplicated,
  };
}

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
 * Whether a request that acts on the session (sign-out, the claims load, the activity ping) was
 * sent by another site: an Origin that is not one of ours, or Sec-Fetch-Site saying cross-site or
 * same-site (a sibling host). A request with neither header is no browser's cross-site request.
 */
export function isForeignOriginRequest(headers: Headers, allowedOrigins: readonly string[]): boolean {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = headers.get("origin");
  return origin !== null && !allowedOrigins.includes(origin);
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
