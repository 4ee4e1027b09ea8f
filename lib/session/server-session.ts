import "server-only";
import { headers } from "next/headers";
import { serverConfig } from "@/lib/config/env";
import { scopedRequestId } from "@/lib/observability/request-store";
import { createIdTokenVerifier, type IdTokenVerifier } from "./id-token";
import { identityCookie, identitySignIn, readSession, type Session, type SessionCookies, type SignInOf } from "./session";
import { sessionCookieJar, type SessionCookieJar } from "./session-cookies";

let verifier: IdTokenVerifier | undefined;

/**
 * The session as server components and route handlers see it. Middleware is not the only gate:
 * layouts and data reads check again with the same fail-closed reader.
 */
export function serverVerifier(): IdTokenVerifier {
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

/** This request's cookies from the raw header: a session cookie name sent twice is refused, never read last-wins. */
export async function requestCookieJar(): Promise<SessionCookieJar> {
  return sessionCookieJar((await headers()).get("cookie"));
}

export async function currentSession(): Promise<Session> {
  const { cognito, sessionSecret } = serverConfig();
  return readSession(await requestCookieJar(), {
    clientId: cognito.clientId,
    claimsSecret: sessionSecret,
    verifyIdToken: serverVerifier(),
  });
}

/** The verified sign-in of the identity cookie, expired or not (lib/session/session.ts identitySignIn): what a sign-out ends. */
export async function cookieSignIn(cookies: SessionCookies): Promise<SignInOf | undefined> {
  return identitySignIn(cookies, { clientId: serverConfig().cognito.clientId, verifyIdToken: serverVerifier() });
}

/** The raw identity token of the signed-in user (the one currentSession verified), for calls on their behalf. */
export async function cookieIdToken(): Promise<string | undefined> {
  const jar = await requestCookieJar();
  if (jar.duplicated.length) return undefined;
  return identityCookie(jar, serverConfig().cognito.clientId)?.token;
}
