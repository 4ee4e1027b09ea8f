import { NextResponse, type NextRequest } from "next/server";
import { serverConfig } from "@/lib/config/env";
import { requestIdFrom } from "@/lib/observability/request-id";
import { decide } from "@/lib/routing/decide";
import { ROUTE_DECISION_HEADER, routeDecisionHeader } from "@/lib/routing/decision-header";
import type { Decision } from "@/lib/routing/types";
import { checkActionRequest } from "@/lib/security/action-request";
import { edgeResponseHeaders, forwardedRequestHeaders, responseKindOf } from "@/lib/security/headers";
import { actionRefusalAnswer, refusalAnswer, type PlainAnswer } from "@/lib/security/refusal-answer";
import { refuse } from "@/lib/security/request-policy";
import { ACTIVITY_COOKIE, activitySetCookie } from "@/lib/session/activity";
import { edgeActivity, endIdleSignIn } from "@/lib/session/edge-activity";
import { createIdTokenVerifier } from "@/lib/session/id-token";
import { clearingSetCookies, cookiesToClear, sessionCookieJar } from "@/lib/session/session-cookies";
import { ANONYMOUS, lastAuthUserCookie, readSession, type SessionReaderOptions } from "@/lib/session/session";

// The adapter between Next and the edge's policy: NextRequest in, NextResponse out. What is refused,
// which headers go where and where a path leads are decided in lib/security/ and lib/routing/
// (runtime-neutral, table-tested there); see docs/architecture.md.

// Built on first request from the environment the server was started with, not at build time.
let sessionOptions: SessionReaderOptions | undefined;
function options(): SessionReaderOptions {
  if (!sessionOptions) {
    const { cognito, sessionSecret, timeouts } = serverConfig();
    sessionOptions = {
      clientId: cognito.clientId,
      claimsSecret: sessionSecret,
      verifyIdToken: createIdTokenVerifier({
        issuer: cognito.issuer,
        jwksUrl: cognito.jwksUrl,
        clientId: cognito.clientId,
        timeoutMs: timeouts.cognitoMs,
      }),
    };
  }
  return sessionOptions;
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function answer({ status, body, headers }: PlainAnswer, edgeHeaders: Record<string, string>): NextResponse {
  return withHeaders(new NextResponse(body, { status, headers }), edgeHeaders);
}

function nextPage(request: NextRequest, csp: string | undefined, requestId?: string): NextResponse {
  const forwarded = forwardedRequestHeaders(csp, requestId);
  if (!forwarded) return NextResponse.next();
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(forwarded)) headers.set(name, value);
  return NextResponse.next({ request: { headers } });
}

export function toResponse(decision: Decision, request: NextRequest, csp?: string, requestId?: string): NextResponse {
  switch (decision.kind) {
    case "next":
      return nextPage(request, csp, requestId);
    case "redirect": {
      // A plain URL: a clone of nextUrl would carry the request's trailing slash onto the target.
      return NextResponse.redirect(new URL(decision.location, request.url), decision.status);
    }
    case "not-found":
      // No page lives at a not-found path (pinned by a test), so Next renders the 404 page itself.
      return nextPage(request, csp, requestId);
    case "bad-request":
      return new NextResponse("Bad request: malformed path", { status: 400, headers: { "content-type": "text/plain" } });
  }
}

export async function middleware(request: NextRequest): Promise<NextResponse> {
  const config = serverConfig();
  const { pathname, search } = request.nextUrl;
  const header = (name: string) => request.headers.get(name);
  const kind = responseKindOf(pathname);
  const requestId = requestIdFrom(header);
  const headers = edgeResponseHeaders(config, { pathname, kind, requestId, dev: process.env.NODE_ENV === "development" });
  const refusal = refuse({ method: request.method, pathname, kind, header, trustForwardedHost: config.trustForwardedHost });
  if (refusal) return answer(refusalAnswer(refusal), headers);
  if (kind !== "page") return withHeaders(nextPage(request, undefined, requestId), headers);
  // A server action's body is read here (Next hands middleware a copy) and refused before Next's
  // decoder could fail on it with a 500.
  if (request.method === "POST" && header("next-action")) {
    const malformed = await checkActionRequest(request);
    if (malformed) return answer(actionRefusalAnswer(malformed), headers);
  }
  const opts = options();
  // From the raw header: a session cookie name sent twice is refused (anonymous, every value deleted), never read last-wins.
  const cookies = sessionCookieJar(header("cookie"));
  // No identity cookie, no verification work: most partner-link traffic is anonymous.
  const read = cookies.get(lastAuthUserCookie(opts.clientId)) ? await readSession(cookies, opts) : ANONYMOUS;
  // The server-side idle limit (lib/session/activity.ts): idle is anonymous, its cookies deleted, its sign-in ended at Cognito.
  const activity = await edgeActivity(read, cookies.get(ACTIVITY_COOKIE), config.sessionSecret);
  if (activity.idle) {
    const { endpoint, region, clientId } = config.cognito;
    await endIdleSignIn(cookies, activity.idle, { endpoint, region, clientId, timeoutMs: config.timeouts.cognitoMs, requestId });
  }
  const decision = decide({ pathname, search, session: activity.session, env: config, now: Date.now() });
  const response = withHeaders(toResponse(decision, request, headers["content-security-policy"], requestId), headers);
  if (activity.stamp) response.headers.append("set-cookie", activitySetCookie(activity.stamp, config));
  if (activity.clearSession || cookies.duplicated.length) {
    const secure = request.nextUrl.protocol === "https:" || config.appUrl.startsWith("https:");
    for (const value of clearingSetCookies(cookiesToClear(cookies.names()), { cookieDomain: config.cookieDomain, secure }))
      response.headers.append("set-cookie", value);
  }
  // The server in front of Next writes the access line (with this decision) when the response ends.
  response.headers.set(ROUTE_DECISION_HEADER, routeDecisionHeader(decision));
  return response;
}

export const config = {
  // Everything but Next's hashed assets: table routes get a decision, the rest security headers.
  matcher: ["/((?!_next/static/).*)"],
};
