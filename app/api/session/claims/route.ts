import { NextResponse, type NextRequest } from "next/server";
import { loadFrontend } from "@/lib/graphql/operations";
import { serverConfig, type ServerConfig } from "@/lib/config/env";
import { answerForApiError } from "@/lib/actions/api-error-answer";
import { apiError } from "@/lib/graphql/client";
import { ACTIVITY_COOKIE, activityCookieOptions, activityVerdict, readActivity, signActivity } from "@/lib/session/activity";
import { KEY_SET_RETRY_AFTER_SECONDS } from "@/lib/session/key-set";
import { accessTokenCookie, endSignIn, refreshTokenCookie } from "@/lib/session/revoke";
import { currentRequestId } from "@/lib/observability/request-context";
import { currentSession } from "@/lib/session/server-session";
import {
  clearingSetCookies,
  cookiesToClear,
  isForeignOriginRequest,
  sessionCookieJar,
  type SessionCookieJar,
} from "@/lib/session/session-cookies";
import { signClaims } from "@/lib/session/claims";
import { claimsCookieOptions } from "@/lib/session/claims-cookie";
import { auditedChanges, firstSightOfSignIn, signInKey } from "@/lib/session/claims-audit";
import { claimsFromLoad } from "@/lib/session/claims-from-load";
import { signedInApi } from "@/lib/session/signed-in-api";
import { logApiFailure } from "@/lib/observability/api-failure";
import { audit } from "@/lib/observability/audit";
import { countSignIn } from "@/lib/observability/telemetry";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** 401 with every session cookie deleted: the identity service no longer accepts this sign-in. */
function signedOut(config: ServerConfig, jar: SessionCookieJar): NextResponse {
  const response = NextResponse.json({ error: "not-signed-in" }, { status: 401, headers: { "cache-control": "no-store" } });
  const names = cookiesToClear(jar.names());
  for (const value of clearingSetCookies(names, { cookieDomain: config.cookieDomain, secure: config.appUrl.startsWith("https:") }))
    response.headers.append("set-cookie", value);
  return response;
}

/**
 * Loads the signed-in user's application data (loadFrontend, with their own token) and writes the
 * signed claims cookie the middleware reads. Called at sign-in, by /wait-load-redirect, and after
 * every change of step or loan state, so the guards never act on stale state. What changed since
 * the claims the visitor held (a sign-in, a consent, a signature) is audited here (lib/session/claims-audit.ts).
 */
export async function POST(request: NextRequest): Promise<NextResponse> {
  const config = serverConfig();
  // Another site (or a sibling host) cannot make a visitor's browser load or stamp their session.
  if (isForeignOriginRequest(request.headers, [new URL(config.appUrl).origin, request.nextUrl.origin])) {
    return NextResponse.json({ error: "forbidden" }, { status: 403, headers: { "cache-control": "no-store" } });
  }
  const jar = sessionCookieJar(request.headers.get("cookie"));
  // A session cookie name sent twice: whose session it is cannot be told; none is read, all are deleted.
  if (jar.duplicated.length) return signedOut(config, jar);
  const session = await currentSession();
  // The key set is out of reach: the token is not checked yet, so nothing is refused; come back soon, cookies kept.
  if (session.status === "verifying" && session.keySetDown) {
    return NextResponse.json(
      { error: "verifying" },
      { status: 503, headers: { "cache-control": "no-store", "retry-after": String(KEY_SET_RETRY_AFTER_SECONDS) } },
    );
  }
  const api = await signedInApi();
  if (!api) {
    return NextResponse.json({ error: "not-signed-in" }, { status: 401, headers: { "cache-control": "no-store" } });
  }
  const nowSeconds = Math.floor(Date.now() / 1000);
  const activity = activityVerdict({
    stamp: await readActivity(jar.get(ACTIVITY_COOKIE), config.sessionSecret),
    sub: api.session.sub,
    authTime: api.session.authTime,
    nowSeconds,
  });
  if (activity === "idle") {
    // Past the idle limit: the tokens the browser holds (fresh ones included) end here, for good.
    const { endpoint, region, clientId } = config.cognito;
    const { sub, originJti } = api.session;
    const { outcome } = await endSignIn({
      endpoint,
      region,
      clientId,
      refreshToken: refreshTokenCookie(jar, clientId),
      accessToken: accessTokenCookie(jar, clientId),
      identity: { sub, ...(originJti ? { originJti } : {}) },
      timeoutMs: config.timeouts.cognitoMs,
      requestId: await currentRequestId(),
    });
    await audit("sign-out", { sub, outcome: outcome === "failed" ? "failed" : "success", reason: `idle:${outcome}` });
    if (outcome === "revoked" || outcome === "signed-out-everywhere")
      await audit("session-revoked", { sub, outcome: "success", reason: `idle:${outcome}` });
    return signedOut(config, jar);
  }
  let load;
  try {
    load = await loadFrontend(api.client);
  } catch (error) {
    // A revoked or refused sign-in (the API's 401 or Unauthorized): signed out, never a 5xx.
    if (answerForApiError(apiError(error), {}, "user")?.reason === "signed-out") return signedOut(config, jar);
    // The API's wording is not shown to the visitor; it is logged here.
    await logApiFailure("loadFrontend", error, { route: "/api/session/claims" });
    const failed = NextResponse.json({ error: "load-failed" }, { status: 502, headers: { "cache-control": "no-store" } });
    // Fail closed: claims that could not be refreshed may be stale, so the guards wait for a load instead.
    const { name, path, domain } = claimsCookieOptions(config);
    failed.cookies.set({ name, value: "", path, ...(domain ? { domain } : {}), maxAge: 0 });
    return failed;
  }
  const claims = claimsFromLoad(load, api.session);
  const before = api.session.status === "signed-in" ? api.session.claims : undefined;
  for (const event of auditedChanges({
    before,
    after: claims,
    authTime: api.session.authTime,
    nowSeconds,
    // One sign-in event per sign-in: a later load without claims (cleared, expired) is not another,
    // nor one from a client that dropped the stamp (remembered here by the sign-in's own key).
    firstLoad: activity === "new-sign-in" && firstSightOfSignIn(signInKey(api.session), nowSeconds),
  })) {
    await audit(event, { sub: claims.sub, outcome: "success" });
    if (event === "sign-in") countSignIn("success");
  }
  const response = NextResponse.json({ load, claims }, { headers: { "cache-control": "no-store" } });
  response.cookies.set({ ...claimsCookieOptions(config), value: await signClaims(claims, config.sessionSecret) });
  // A load is activity: the idle clock starts again.
  const stamp = { sub: api.session.sub, authTime: api.session.authTime ?? null, at: nowSeconds };
  response.cookies.set({ ...activityCookieOptions(config), value: await signActivity(stamp, config.sessionSecret) });
  return response;
}
