import "server-only";
import { cookies } from "next/headers";
import { serverConfig } from "@/lib/config/env";
import { scopedRequestId } from "@/lib/observability/request-store";
import { createIdTokenVerifier, type IdTokenVerifier } from "./id-token";
import { identityCookie, identitySub, readSession, type CookieReader, type Session } from "./session";

let verifier: IdTokenVerifier | undefined;

/**
 * The session as server components and route handlers see it. Middleware is not the only gate:
 * layouts and data reads check again with the same fail-closed reader.
 */
function serverVerifier(): IdTokenVerifier {
  const { cognito, timeouts } = serverConfig();
  verifier ??= createIdTokenVerifier({
    issuer: cognito.issuer,
    jwksUrl: cognito.jwksUrl,
    clientId: cognito.clientId,
    timeoutMs: timeouts.cognitoMs,
    requestId: scopedRequestId,
  });
  return verifier;
}

export async function currentSession(): Promise<Session> {
  const { cognito, sessionSecret } = serverConfig();
  const jar = await cookies();
  return readSession(
    { get: (name) => jar.get(name)?.value },
    { clientId: cognito.clientId, claimsSecret: sessionSecret, verifyIdToken: serverVerifier() },
  );
}

/** The verified sub of the identity cookie, expired or not (lib/session/session.ts identitySub): for the sign-out's audit. */
export async function cookieSub(cookies: CookieReader): Promise<string | undefined> {
  return identitySub(cookies, { clientId: serverConfig().cognito.clientId, verifyIdToken: serverVerifier() });
}

/** The raw identity token of the signed-in user (the one currentSession verified), for calls on their behalf. */
export async function cookieIdToken(): Promise<string | undefined> {
  const jar = await cookies();
  return identityCookie({ get: (name) => jar.get(name)?.value }, serverConfig().cognito.clientId)?.token;
}
