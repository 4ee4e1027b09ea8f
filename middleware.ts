import { NextResponse, type NextRequest } from "next/server";
import { serverConfig } from "@/lib/config/env";
import { LOCAL_PATHS } from "@/lib/config/local-paths";
import { REQUEST_ID_HEADER, requestIdFrom } from "@/lib/observability/request-id";
import { decide } from "@/lib/routing/decide";
import type { Decision } from "@/lib/routing/types";
import { createNonce } from "@/lib/security/csp";
import { securityHeaders, type ResponseKind } from "@/lib/security/headers";
import { checkActionRequest } from "@/lib/security/action-request";
import { refuse, type Refusal } from "@/lib/security/request-policy";
import { createIdTokenVerifier } from "@/lib/session/id-token";
import { ANONYMOUS, lastAuthUserCookie, readSession, type SessionReaderOptions } from "@/lib/session/session";

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

/** Files from public/ that the matcher used to skip: they get headers, not a route decision. */
const ASSET = /^\/(?:documents|images)\/|^\/(?:favicon\.ico|icon\.svg|apple-icon\.png|robots\.txt)$/;

function kindOf(pathname: string): ResponseKind {
  if (pathname.startsWith("/api/")) return "api";
  return ASSET.test(pathname) ? "asset" : "page";
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * A request goes on with its id (read by server code for logs and API calls) and, for a page, its
 * nonce in the request's Content-Security-Policy, where Next reads it to stamp its own scripts
 * (next/script included, beforeInteractive too), and in x-nonce, where react-instantsearch-nextjs
 * reads it for the initial-results script it inserts (/employment).
 */
function nextPage(request: NextRequest, csp: string | undefined, requestId?: string): NextResponse {
  if (!csp && !requestId) return NextResponse.next();
  const headers = new Headers(request.headers);
  if (csp) {
    headers.set("content-security-policy", csp);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (nonce) headers.set("x-nonce", nonce);
  }
  if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
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

/** The status line's text for a refused request. */
const STATUS_TEXT: Record<Refusal["status"], string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
};

/** x-route-decision, for ops checking redirects. A not-found says nothing more: staff pages must not reveal that they exist. */
function decisionHeader(decision: Decision): string {
  if (decision.kind === "not-found") return "not-found";
  if (decision.kind === "bad-request") return decision.reason;
  return `${decision.route}:${decision.reason}`;
}

export async function middleware(request: NextRequest): Promise<NextResponse> {
  const config = serverConfig();
  const { pathname } = request.nextUrl;
  const kind = kindOf(pathname);
  const requestId = requestIdFrom((name) => request.headers.get(name));
  const dev = process.env.NODE_ENV === "development";
  const headers = securityHeaders(config, {
    kind,
    nonce: kind === "page" ? createNonce() : undefined,
    dev,
    // Only where the stand-in is served: elsewhere its path is an API 404 like any other (DENY).
    framing: config.isLocal && pathname.startsWith(`${LOCAL_PATHS.esign}/`) ? "own" : undefined,
  });
  const refusal = refuse({ method: request.method, pathname, kind, header: (name) => request.headers.get(name) });
  if (refusal) {
    const response = new NextResponse(`${STATUS_TEXT[refusal.status]}: ${refusal.reason}`, {
      status: refusal.status,
      headers: { "content-type": "text/plain; charset=utf-8", ...(refusal.allow ? { allow: refusal.allow } : {}) },
    });
    return withHeaders(response, { ...headers, [REQUEST_ID_HEADER]: requestId });
  }
  if (kind !== "page") return withHeaders(nextPage(request, undefined, requestId), { ...headers, [REQUEST_ID_HEADER]: requestId });
  // A server action's body is read here (Next hands middleware a copy) and refused before Next's
  // decoder could fail on it with a 500.
  if (request.method === "POST" && request.headers.get("next-action")) {
    const malformed = await checkActionRequest(request);
    if (malformed) {
      const response = new NextResponse(malformed.reason, {
        status: malformed.status,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
      return withHeaders(response, { ...headers, [REQUEST_ID_HEADER]: requestId });
    }
  }
  const opts = options();
  const cookies = { get: (name: string) => request.cookies.get(name)?.value };
  // No identity cookie, no verification work: most partner-link traffic is anonymous.
  const session = cookies.get(lastAuthUserCookie(opts.clientId)) ? await readSession(cookies, opts) : ANONYMOUS;
  const decision = decide({
    pathname: request.nextUrl.pathname,
    search: request.nextUrl.search,
    session,
    env: config,
    now: Date.now(),
  });
  const response = withHeaders(toResponse(decision, request, headers["content-security-policy"], requestId), headers);
  response.headers.set("x-route-decision", decisionHeader(decision));
  // The server in front of Next writes the access line (with this decision) when the response ends.
  response.headers.set(REQUEST_ID_HEADER, requestId);
  return response;
}

export const config = {
  // Everything but Next's hashed assets: table routes get a decision, the rest security headers.
  matcher: ["/((?!_next/static/).*)"],
};
