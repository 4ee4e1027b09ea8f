import { SignJWT, jwtVerify } from "jose";
import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from "@/lib/browser/idle-timeout";

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

export async function signActivity(stamp: ActivityStamp, secret: string): Promise<string> {
  return new SignJWT({ auth: stamp.authTime })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(stamp.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(stamp.at)
    .sign(new TextEncoder().encode(secret));
}

/** The stamp in a cookie value, or null when missing, tampered or malformed. Never throws. */
export async function readActivity(raw: string | undefined, secret: string): Promise<ActivityStamp | null> {
  if (!raw) return null;
  try {
    const { payload } = await jwtVerify(raw, new TextEncoder().encode(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    const auth = payload.auth;
    if (typeof payload.sub !== "string" || typeof payload.iat !== "number" || !(auth === null || typeof auth === "number")) return null;
    return { sub: payload.sub, authTime: auth, at: payload.iat };
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
