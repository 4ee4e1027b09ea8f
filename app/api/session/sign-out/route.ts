import type { NextRequest } from "next/server";
import { IDLE_REASON, idleSignInPath } from "@/lib/browser/idle-timeout";
import { serverConfig, type ServerConfig } from "@/lib/config/env";
import { safeRedirectPath } from "@/lib/routing/safe-redirect";
import { accessTokenCookie, endSignIn, refreshTokenCookie } from "@/lib/session/revoke";
import { cookieSub } from "@/lib/session/server-session";
import { clearingSetCookies, cookiesToClear, isSameOriginRequest } from "@/lib/session/session-cookies";
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
  const cookies = { get: (name: string) => request.cookies.get(name)?.value };
  const { endpoint, region, clientId } = config.cognito;
  const refreshToken = refreshTokenCookie(cookies, clientId);
  const accessToken = accessTokenCookie(cookies, clientId);
  // This sign-in by its refresh token, confirmed dead; unconfirmed or failed, every sign-in of the
  // user by the access token (lib/session/revoke.ts endSignIn). The cookies go regardless: a failed
  // revocation must not keep anyone signed in here.
  const requestId = await currentRequestId();
  const [{ outcome, failedStep }, sub] = await Promise.all([
    endSignIn({ endpoint, region, clientId, refreshToken, accessToken, timeoutMs: config.timeouts.cognitoMs, requestId }),
    cookieSub(cookies),
  ]);
  // Reported: the tokens may still work until they expire (the access token within the hour).
  if (outcome === "failed") (await requestLogger()).error({ operation: failedStep }, "session not revoked");
  await audit("sign-out", { sub, outcome: outcome === "failed" ? "failed" : "success", reason: outcome });
  if (outcome === "revoked" || outcome === "signed-out-everywhere")
    await audit("session-revoked", { sub, outcome: "success", reason: outcome });
  const headers = new Headers({ location: await destination(request, config), "cache-control": "no-store" });
  const names = cookiesToClear(request.cookies.getAll().map((c) => c.name));
  const secure = request.nextUrl.protocol === "https:" || config.appUrl.startsWith("https:");
  for (const value of clearingSetCookies(names, { cookieDomain: config.cookieDomain, secure })) headers.append("set-cookie", value);
  return new Response(null, { status: 303, headers });
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
