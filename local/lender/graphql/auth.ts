import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { issuedInThePast } from "../../../lib/session/id-token";
import type { Caller } from "../data/frontend";

/**
 * AppSync's two auth modes: the raw Cognito JWT in Authorization (no "Bearer"), or the public API
 * key in x-api-key. The token is verified against the configured issuer's JWKS, fetched over HTTP
 * like AppSync does it, so the local identity stand-in is reached only through its public URL.
 */
export interface AuthConfig {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  apiKey: string;
  /**
   * Whether the sign-in a token belongs to (its origin_jti) has ended: revoked at sign-out, or
   * unknown. Cognito refuses such tokens; so does this stand-in.
   */
  sessionEnded?: (originJti: string, sub: string) => Promise<boolean>;
}

export type Auth = { kind: "user"; caller: Caller } | { kind: "apiKey" };

/** A request AppSync would refuse before running anything: answered 401. */
export class UnauthorizedException extends Error {
  override name = "UnauthorizedException";
}

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwks(url: string) {
  let set = jwksByUrl.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    jwksByUrl.set(url, set);
  }
  return set;
}

const claim = (payload: JWTPayload, name: string) => (typeof payload[name] === "string" ? (payload[name] as string) : undefined);

export async function authenticate(headers: Headers, config: AuthConfig): Promise<Auth> {
  const authorization = headers.get("authorization");
  if (authorization !== null) return { kind: "user", caller: await verifyUserToken(authorization.trim(), config) };
  const apiKey = headers.get("x-api-key");
  if (apiKey !== null && apiKey === config.apiKey) return { kind: "apiKey" };
  throw new UnauthorizedException("You are not authorized to make this call.");
}

async function verifyUserToken(token: string, config: AuthConfig): Promise<Caller> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks(config.jwksUrl), { issuer: config.issuer, algorithms: ["RS256"] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new UnauthorizedException("Token has expired.");
    throw new UnauthorizedException("Valid authorization header not provided.");
  }
  // AppSync takes ID and access tokens of the pool's app client; the client id sits in aud or client_id.
  const tokenUse = claim(payload, "token_use");
  const clientOk =
    tokenUse === "id"
      ? payload.aud === config.clientId || (Array.isArray(payload.aud) && payload.aud.includes(config.clientId))
      : tokenUse === "access" && claim(payload, "client_id") === config.clientId;
  const username = claim(payload, "cognito:username") ?? claim(payload, "username");
  if (!issuedInThePast(payload.iat, Math.floor(Date.now() / 1000)))
    throw new UnauthorizedException("Valid authorization header not provided.");
  if (!clientOk || !payload.sub || !username) throw new UnauthorizedException("Valid authorization header not provided.");
  // Every token of the pool carries its sign-in's origin_jti; one without it cannot be checked for revocation: refused.
  const originJti = claim(payload, "origin_jti");
  if (config.sessionEnded && (!originJti || (await config.sessionEnded(originJti, payload.sub))))
    throw new UnauthorizedException("Token has been revoked.");
  return { sub: payload.sub, username, email: claim(payload, "email") };
}
