import type { NextRequest } from "next/server";
import { serverConfig } from "@/lib/config/env";
import { refreshTokenCookie, revokeRefreshToken } from "@/lib/session/revoke";
import { clearingSetCookies, cookiesToClear, isSameOriginRequest } from "./sign-out-cookies";

/**
 * POST /api/session/sign-out: revokes the session's refresh token at the identity service (so no
 * token of that sign-in is accepted any more), deletes Amplify's cookies and the claims cookie, then 303 to the
 * marketing site. POST only (no GET), so a prefetch or an image tag cannot sign anyone out; the
 * origin check stops other sites' forms. The client half is components/chrome/sign-out.ts.
 */
export async function POST(request: NextRequest): Promise<Response> {
  const config = serverConfig();
  const allowed = [new URL(config.appUrl).origin, request.nextUrl.origin];
  if (!isSameOriginRequest(request.headers, allowed)) {
    return new Response("Forbidden", { status: 403, headers: { "content-type": "text/plain", "cache-control": "no-store" } });
  }
  const refreshToken = refreshTokenCookie({ get: (name) => request.cookies.get(name)?.value }, config.cognito.clientId);
  if (refreshToken) {
    const { endpoint, region, clientId } = config.cognito;
    // The cookies go regardless: a failed revocation must not keep anyone signed in here.
    if ((await revokeRefreshToken({ endpoint, region, clientId, refreshToken })) === "failed") console.error("[sign-out] refresh token not revoked");
  }
  const headers = new Headers({ location: config.hosts.marketing, "cache-control": "no-store" });
  const names = cookiesToClear(request.cookies.getAll().map((c) => c.name));
  const secure = request.nextUrl.protocol === "https:" || config.appUrl.startsWith("https:");
  for (const value of clearingSetCookies(names, { cookieDomain: config.cookieDomain, secure })) headers.append("set-cookie", value);
  return new Response(null, { status: 303, headers });
}
