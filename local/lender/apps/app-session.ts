import { logger } from "@/lib/observability/logger";
import type { ServerConfig } from "../../../lib/config/env";
import { identityCookie } from "../../../lib/session/session";
import type { Caller } from "../data/frontend";
import type { Db } from "../../infra/db";
import { authenticate, UnauthorizedException } from "../graphql/auth";
import { sessionEnded } from "../../vendors/cognito/store";

/**
 * What the local stand-ins of the hosted apps know about the visitor: the identity token from
 * Amplify's cookies (shared with the hosted apps on the parent domain in production), verified as
 * the API verifies it. The pages read and write through the GraphQL API with that token, exactly
 * as a hosted app would; only the lender's own actions (review, origination) touch the rows.
 */
export type AppsConfig = Pick<ServerConfig, "isLocal" | "appUrl" | "cognito" | "graphql">;

export interface AppSession {
  token: string;
  caller: Caller;
}

export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    let value = part.slice(i + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue; // a malformed cookie is no identity (fail closed)
    }
    if (!jar.has(name)) jar.set(name, value);
  }
  return jar;
}

/**
 * The verified session, or null (missing, expired, tampered or revoked token: not signed in). A
 * token of a sign-in that has ended is refused here exactly as the API refuses it: the pages also
 * act on rows directly (the lender's own actions), so the API's check alone would not cover them.
 */
export async function appSession(request: Request, deps: { config: AppsConfig; db: () => Promise<Db> }): Promise<AppSession | null> {
  const { config } = deps;
  const jar = parseCookies(request.headers.get("cookie"));
  const found = identityCookie({ get: (n) => jar.get(n) }, config.cognito.clientId);
  if (!found) return null;
  try {
    const auth = await authenticate(new Headers({ authorization: found.token }), {
      issuer: config.cognito.issuer,
      jwksUrl: config.cognito.jwksUrl,
      clientId: config.cognito.clientId,
      apiKey: config.graphql.apiKey,
      sessionEnded: async (originJti, sub) => sessionEnded(await deps.db(), originJti, sub),
    });
    return auth.kind === "user" ? { token: found.token, caller: auth.caller } : null;
  } catch (error) {
    if (error instanceof UnauthorizedException) return null;
    throw error;
  }
}

export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly errorType: string,
  ) {
    super(message);
  }
}

/**
 * An API answer as the stand-in pages read it: field by field, as the hosted apps they stand in
 * for would (whose own types live in those apps, not here).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped API JSON, read field by field
export type ApiJson = Record<string, any>;

/** One GraphQL call with the user's token (AppSync: the raw JWT in Authorization). */
export async function callApi<T = ApiJson>(
  config: AppsConfig,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const res = await fetch(config.graphql.url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: token },
    body: JSON.stringify({ query, variables }),
    cache: "no-store",
  });
  const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: { message: string; errorType?: string }[] };
  const error = body.errors?.[0];
  if (!res.ok || error || !body.data) throw new ApiCallError(error?.message ?? `HTTP ${res.status}`, error?.errorType ?? "InternalFailure");
  return body.data;
}

/**
 * Re-writes the shell's claims cookie after a change of step or loan state (the shell's own
 * POST /api/session/claims, with the visitor's cookies), so the edge guards never act on a stale
 * state. Returns the Set-Cookie values to pass on to the browser.
 */
export async function refreshClaims(request: Request, config: AppsConfig): Promise<string[]> {
  try {
    const res = await fetch(`${config.appUrl}/api/session/claims`, {
      method: "POST",
      headers: { cookie: request.headers.get("cookie") ?? "" },
      cache: "no-store",
    });
    return res.headers.getSetCookie();
  } catch (error) {
    logger().error({ component: "local apps", err: error }, "claims refresh failed");
    return [];
  }
}

/** POST forms must come from this origin (the pages carry no other CSRF token). */
export function sameOrigin(request: Request, config: AppsConfig): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && origin === new URL(config.appUrl).origin;
}

/** A 303 to a path on the shell, with the refreshed claims cookie. */
export function seeOther(location: string, setCookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const c of setCookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}
