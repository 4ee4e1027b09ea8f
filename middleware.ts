import { NextResponse, type NextRequest } from "next/server";
import { serverConfig } from "@/lib/config/env";
import { decide } from "@/lib/routing/decide";
import type { Decision } from "@/lib/routing/types";
import { createIdTokenVerifier } from "@/lib/session/id-token";
import { ANONYMOUS, lastAuthUserCookie, readSession, type SessionReaderOptions } from "@/lib/session/session";

// Built on first request from the environment the server was started with, not at build time.
let sessionOptions: SessionReaderOptions | undefined;
function options(): SessionReaderOptions {
  if (!sessionOptions) {
    const { cognito, sessionSecret } = serverConfig();
    sessionOptions = {
      clientId: cognito.clientId,
      claimsSecret: sessionSecret,
      verifyIdToken: createIdTokenVerifier({ issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, clientId: cognito.clientId }),
    };
  }
  return sessionOptions;
}

export function toResponse(decision: Decision, request: NextRequest): NextResponse {
  switch (decision.kind) {
    case "next":
      return NextResponse.next();
    case "redirect": {
      // A plain URL: a clone of nextUrl would carry the request's trailing slash onto the target.
      return NextResponse.redirect(new URL(decision.location, request.url), decision.status);
    }
    case "not-found":
      // No page lives at a not-found path (pinned by a test), so Next renders the 404 page itself.
      return NextResponse.next();
    case "bad-request":
      return new NextResponse("Bad request: malformed path", { status: 400, headers: { "content-type": "text/plain" } });
  }
}

export async function middleware(request: NextRequest): Promise<NextResponse> {
  const config = serverConfig();
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
  const response = toResponse(decision, request);
  // For ops checking redirects. A not-found says nothing more: staff pages must not reveal that they exist.
  response.headers.set("x-route-decision", decision.kind === "not-found" ? "not-found" : decision.kind === "bad-request" ? decision.reason : `${decision.route}:${decision.reason}`);
  return response;
}

export const config = {
  // Everything but Next's assets, the API and files in public/: every table route passes here.
  matcher: ["/((?!_next/static|_next/image|api/|favicon\\.ico|icon\\.svg|apple-icon\\.png|documents/|images/|robots\\.txt).*)"],
};
