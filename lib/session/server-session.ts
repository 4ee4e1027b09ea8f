import "server-only";
import { cookies } from "next/headers";
import { serverConfig } from "@/lib/config/env";
import { scopedRequestId } from "@/lib/observability/request-store";
import { createIdTokenVerifier, type IdTokenVerifier } from "./id-token";
import { identityCookie, readSession, type Session } from "./session";

let verifier: IdTokenVerifier | undefined;

/**
 * The session as server components and route handlers see it. Middleware is not the only gate:
 * layouts and data reads check again with the same fail-closed reader.
 */
export async function currentSession(): Promise<Session> {
  const { cognito, sessionSecret, timeouts } = serverConfig();
  verifier ??= createIdTokenVerifier({
    issuer: cognito.issuer,
    jwksUrl: cognito.jwksUrl,
    clientId: cognito.clientId,
    timeoutMs: timeouts.cognitoMs,
    requestId: scopedRequestId,
  });
  const jar = await cookies();
  return readSession(
    { get: (name) => jar.get(name)?.value },
    { clientId: cognito.clientId, claimsSecret: sessionSecret, verifyIdToken: verifier },
  );
}

/** The raw identity token of the signed-in user (the one currentSession verified), for calls on their behalf. */
export async function cookieIdToken(): Promise<string | undefined> {
  const jar = await cookies();
  return identityCookie({ get: (name) => jar.get(name)?.value }, serverConfig().cognito.clientId)?.token;
}
