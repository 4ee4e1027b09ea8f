import { SignJWT, jwtVerify } from "jose";
import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from "@/lib/browser/idle-timeout";
import { VerifiedCache } from "./verified-cache";

/**
 * The server-side idle limit (issue 43 item 2), stateless: a signed last-activity stamp in an
 * httpOnly cookie, bound to the user's sub and to the sign-in (its auth_time), renewed by the
 * server on activity (a page request at the edge, a claims load). A session whose stamp is older
 * than the browser's own idle sign-out (IDLE_TIMEOUT_MS + IDLE_WARNING_MS, one source) is refused
 * at the edge and by the claims route, whatever tokens the browser minted meanwhile.
 *
 * A missing, tampered or foreign stamp is no stamp: a sign-in younger than the limit (its auth_time)
 * is stamped as a new sign-in; an older one is idle (sign in again). Deleting the cookie therefore
 * never buys more time; a session from before this stamp existed signs in once more. HS256 with
 * SESSION_SECRET via Web Crypto, so the edge middleware and the route handlers share this module.
 */
export const ACTIVITY_COOKIE = "shell_activity";
export const SERVER_IDLE_LIMIT_SECONDS = (IDLE_TIMEOUT_MS + IDLE_WARNING_MS) / 1000;
/** A stamp is renewed at most this often (a Set-Cookie on every request would be noise). */
export const ACTIVITY_RESTAMP_SECONDS = 60;
const ISSUER = "lending-shell";
const AUDIENCE = "lending-shell/activity";

export interface ActivityStamp {
  sub: string;
  /** The sign-in's auth_time (seconds); null when the identity token has none. */
  authTime: number | null;
  /** The last activity (seconds). */
  at: number;
}

/**
 * The per-request cost of the stamp (issue 52 item 5: signed-in redirects had fallen to 0.7 of the
 * anonymous rate): the HMAC key is imported once per secret, a stamp value already verified is
 * remembered until it could only be idle, and a stamp signed for a sign-in is reused for the rest of
 * its minute (a client that drops the cookie would otherwise cost a signature per request).
 */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    hmacKeys.set(secret, key);
  }
  return key;
}

const MAX_REMEMBERED_STAMPS = 5000;
const verifiedStamps = new Map<string, VerifiedCache<ActivityStamp>>();
const signedStamps = new Map<string, Map<string, { at: number; value: string }>>();
function perSecret<T>(map: Map<string, T>, secret: string, make: () => T): T {
  let value = map.get(secret);
  if (!value) {
    value = make();
    map.set(secret, value);
  }
  return value;
}

export async function signActivity(stamp: ActivityStamp, secret: string): Promise<string> {
  const signed = perSecret(signedStamps, secret, () => new Map<string, { at: number; value: string }>());
  const key = `${stamp.sub}\u0000${stamp.authTime}`;
  const recent = signed.get(key);
  // Same sign-in, same minute: the same stamp (its `at` at most ACTIVITY_RESTAMP_SECONDS behind).
  if (recent && stamp.at >= recent.at && stamp.at - recent.at < ACTIVITY_RESTAMP_SECONDS) return recent.value;
  const value = await new SignJWT({ auth: stamp.authTime })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(stamp.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(stamp.at)
    .sign(await hmacKey(secret));
  signed.delete(key);
  if (signed.size >= MAX_REMEMBERED_STAMPS) signed.delete(signed.keys().next().value!);
  signed.set(key, { at: stamp.at, value });
  return value;
}

/** The stamp in a cookie value, or null when missing, tampered or malformed. Never throws. */
export async function readActivity(
  raw: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<ActivityStamp | null> {
  if (!raw) return null;
  const cache = perSecret(verifiedStamps, secret, () => new VerifiedCache<ActivityStamp>(MAX_REMEMBERED_STAMPS));
  const known = cache.get(raw, nowSeconds);
  if (known) return known;
  try {
    const { payload } = await jwtVerify(raw, await hmacKey(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    const auth = payload.auth;
    if (typeof payload.sub !== "string" || typeof payload.iat !== "number" || !(auth === null || typeof auth === "number")) return null;
    const stamp = { sub: payload.sub, authTime: auth, at: payload.iat };
    // Kept while it can still be active: past the limit it is idle, and re-verifying then costs nothing that matters.
    cache.set(raw, stamp, stamp.at + SERVER_IDLE_LIMIT_SECONDS + 1, nowSeconds);
    return stamp;
  } catch {
    return null;
  }
}

/**
 * - "active": a stamp of this sign-in within the limit, recent enough to keep;
 * - "restamp": the same, due for renewal;
 * - "new-sign-in": no stamp of this sign-in, and the sign-in itself is younger than the limit;
 * - "idle": the last activity (or, without a stamp, the sign-in) is older than the limit.
 */
export type ActivityVerdict = "active" | "restamp" | "new-sign-in" | "idle";

export function activityVerdict(input: {
  stamp: ActivityStamp | null;
  sub: string;
  authTime: number | undefined;
  nowSeconds: number;
}): ActivityVerdict {
  const { stamp, sub, nowSeconds } = input;
  const authTime = input.authTime ?? null;
  if (stamp && stamp.sub === sub && stamp.authTime === authTime) {
    const since = nowSeconds - stamp.at;
    if (since > SERVER_IDLE_LIMIT_SECONDS) return "idle";
    return since >= ACTIVITY_RESTAMP_SECONDS ? "restamp" : "active";
  }
  if (authTime !== null && nowSeconds - authTime <= SERVER_IDLE_LIMIT_SECONDS) return "new-sign-in";
  return "idle";
}

/** Attributes of the stamp cookie: httpOnly, for the whole site; it outlives the idle limit so an idle one is seen as such. */
export function activityCookieOptions(config: { appUrl: string; cookieDomain?: string | undefined }) {
  return {
    name: ACTIVITY_COOKIE,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.appUrl.startsWith("https://"),
    path: "/",
    maxAge: 30 * 24 * 3600,
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
  };
}

/**
 * The stamp's Set-Cookie line, built directly (the attributes of activityCookieOptions): the edge
 * writes it on the redirect of every request that is due, and NextResponse's cookie jar costs
 * more than the rest of that request's session work together (issue 52 item 5).
 */
export function activitySetCookie(value: string, config: { appUrl: string; cookieDomain?: string | undefined }): string {
  const o = activityCookieOptions(config);
  return `${o.name}=${value}; Path=${o.path}; Max-Age=${o.maxAge}${o.domain ? `; Domain=${o.domain}` : ""}${o.secure ? "; Secure" : ""}; HttpOnly; SameSite=Lax`;
}
