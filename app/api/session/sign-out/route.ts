import type { NextRequest } from "next/server";
import { IDLE_REASON, idleSignInPath } from "@/lib/browser/idle-timeout";
import { serverConfig, type ServerConfig } from "@/lib/config/env";
import { safeRedirectPath } from "@/lib/routing/safe-redirect";
import { accessTokenCookie, endSignIn, everySessionToken, refreshTokenCookie, type EndSignInResult } from "@/lib/session/revoke";
import { cookieSignIn } from "@/lib/session/server-session";
import { clearingSetCookies, cookiesToClear, isSameOriginRequest, sessionCookieJar } from "@/lib/session/session-cookies";
import { audit } from "@/lib/observability/audit";
import { currentRequestId, requestLogger } from "@/lib/observability/request-context";

/**
 * POST /api/session/sign-out: ends the sign-in at the identity service (its refresh token revoked,
 * or every sign-in of the user when that cannot be confirmed: no token of it is accepted any more), deletes Amplify's cookies and the claims cookie, then 303 to the
 * marketing site; an idle sign-out (form field reason=idle, from components/auth/idle-sign-out) goes
 * to /login with a message instead, keeping a safe `redirect` to come back to. POST only (no GET), so a prefetch or an image tag cannot sign anyone out; the
 * origin check stops other sites' forms. The client half is components/chrome/sign-out.ts.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const config = serverConfig();
  const allowed = [new URL(config.appUrl).origin, request.nextUrl.origin];
  if (!isSameOriginRequest(request.headers, allowed)) {
    return new Response("Forbidden", { status: 403, headers: { "content-type": "text/plain", "cache-control": "no-store" } });
  }
  const jar = sessionCookieJar(request.headers.get("cookie"));
  const { endpoint, region, clientId } = config.cognito;
  const requestId = await currentRequestId();
  const call = { endpoint, region, clientId, timeoutMs: config.timeouts.cognitoMs, requestId };
  // This sign-in (the identity cookie's sub and origin_jti) is ended and shown ended, or every sign-in
  // of the user is, or the audit says it was not confirmed (lib/session/revoke.ts endSignIn). The
  // cookies go regardless: a failed revocation must not keep anyone signed in here.
  const signIn = await cookieSignIn(jar);
  const results: EndSignInResult[] = jar.duplicated.length
    ? await endEveryValue(jar, call)
    : [
        await endSignIn({
          ...call,
          refreshToken: refreshTokenCookie(jar, clientId),
          accessToken: accessTokenCookie(jar, clientId),
          identity: signIn,
        }),
      ];
  const logger = await requestLogger();
  for (const { outcome, failedStep } of results) if (outcome === "failed") logger.error({ operation: failedStep }, "session not revoked");
  const outcome = overallOutcome(results);
  await audit("sign-out", {
    sub: signIn?.sub,
    outcome: outcome === "failed" ? "failed" : "success",
    reason: jar.duplicated.length ? `duplicated-cookies:${outcome}` : outcome,
  });
  // Only what Cognito's answers showed ended (never a bare 200 for a token it may not know).
  for (const { outcome: ended, sub } of results)
    if (ended === "revoked" || ended === "signed-out-everywhere")
      await audit("session-revoked", { sub, outcome: "success", reason: ended });
  const headers = new Headers({ location: await destination(request, config), "cache-control": "no-store" });
  const names = cookiesToClear(jar.names());
  const secure = request.nextUrl.protocol === "https:" || config.appUrl.startsWith("https:");
  for (const value of clearingSetCookies(names, { cookieDomain: config.cookieDomain, secure })) headers.append("set-cookie", value);
  return new Response(null, { status: 303, headers });
}

type Call = { endpoint: string | undefined; region: string; clientId: string; timeoutMs: number; requestId?: string };

/**
 * Duplicated session cookie names (a second pair appended by a sibling host): no value is known to
 * be this sign-in's, so every one is ended: each access token's user signed out everywhere
 * (Cognito accepting it is the proof; a junk one is refused), each refresh token revoked.
 */
async function endEveryValue(jar: ReturnType<typeof sessionCookieJar>, call: Call): Promise<EndSignInResult[]> {
  const { refreshTokens, accessTokens } = everySessionToken(jar, call.clientId);
  const results: EndSignInResult[] = [];
  // Access tokens first: once a refresh token is revoked, Cognito refuses its sign-in's access token,
  // and GlobalSignOut accepting one is the only evidence a duplicated jar can give.
  for (const accessToken of accessTokens) results.push(await endSignIn({ ...call, refreshToken: undefined, accessToken }));
  for (const refreshToken of refreshTokens) results.push(await endSignIn({ ...call, refreshToken, accessToken: undefined }));
  return results;
}

/** One outcome for the sign-out's audit: the best evidence any call gave, a failure over "unconfirmed". */
function overallOutcome(results: readonly EndSignInResult[]): EndSignInResult["outcome"] {
  const order: EndSignInResult["outcome"][] = ["revoked", "signed-out-everywhere", "failed", "unconfirmed"];
  return order.find((o) => results.some((r) => r.outcome === o)) ?? "nothing-to-revoke";
}

/** Where the browser goes next: the marketing site, or sign-in again after an idle sign-out. */
async function destination(request: NextRequest, config: ServerConfig): Promise<string> {
  let form: FormData | undefined;
  try {
    if (/^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(request.headers.get("content-type") ?? ""))
      form = await request.formData();
  } catch {
    form = undefined; // a malformed body is a plain sign-out: it must never keep anyone signed in
  }
  if (form?.get("reason") !== IDLE_REASON) return config.hosts.marketing;
  const raw = form.get("redirect");
  const path = idleSignInPath(typeof raw === "string" ? safeRedirectPath(raw) : undefined);
  // Where sign-in is hosted (every environment but local), the dashboard app's /login says it.
  return config.signInInApp ? new URL(path, config.appUrl).toString() : `${config.hosts.dashboard}${path}`;
}
