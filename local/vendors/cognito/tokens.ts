import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import type { Db } from "../../infra/db/index";
import { notAuthorized } from "./errors";
import { signingKey } from "./keys";
import { randomUUID } from "./crypto";
import type { UserRow } from "./store";

export interface TokenContext {
  issuer: string;
  clientId: string;
  ttlSeconds: number;
}

export interface Session {
  originJti: string;
  /** Seconds since the epoch of the sign-in this session started with. */
  authTime: number;
}

/** Mints the ID and access tokens Cognito would for this user, sign-in and client. */
export async function mintTokens(db: Db, ctx: TokenContext, user: UserRow, session: Session, now = Date.now()) {
  const { privateKey, kid } = await signingKey(db);
  const iat = Math.floor(now / 1000);
  const exp = iat + ctx.ttlSeconds;
  const header = { alg: "RS256", kid } as const;

  const idClaims: Record<string, unknown> = {
    sub: user.sub,
    email_verified: user.email_verified,
    iss: ctx.issuer,
    "cognito:username": user.username,
    origin_jti: session.originJti,
    aud: ctx.clientId,
    token_use: "id",
    auth_time: session.authTime,
    email: user.email,
  };
  if (user.phone_number) idClaims.phone_number = user.phone_number;
  for (const [name, value] of Object.entries(user.attributes)) idClaims[name] ??= value;

  const idToken = await new SignJWT(idClaims)
    .setProtectedHeader(header)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(privateKey);

  const accessToken = await new SignJWT({
    sub: user.sub,
    iss: ctx.issuer,
    client_id: ctx.clientId,
    origin_jti: session.originJti,
    token_use: "access",
    scope: "aws.cognito.signin.user.admin",
    auth_time: session.authTime,
    username: user.username,
  })
    .setProtectedHeader(header)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(privateKey);

  return { IdToken: idToken, AccessToken: accessToken, ExpiresIn: ctx.ttlSeconds, TokenType: "Bearer" as const };
}

export interface AccessClaims {
  sub: string;
  username: string;
  originJti: string;
}

/**
 * Verifies an access token the way Cognito does for GetUser and GlobalSignOut: our signature and
 * issuer, token_use "access", not expired. Revocation is checked by the caller (it needs the DB).
 */
export async function verifyAccessToken(db: Db, issuer: string, token: string): Promise<AccessClaims> {
  const { publicKey } = await signingKey(db);
  try {
    const { payload } = await jwtVerify(token, publicKey, { issuer, algorithms: ["RS256"] });
    if (
      payload.token_use !== "access" ||
      typeof payload.sub !== "string" ||
      typeof payload.username !== "string" ||
      typeof payload.origin_jti !== "string"
    ) {
      throw notAuthorized("Invalid Access Token");
    }
    return { sub: payload.sub, username: payload.username, originJti: payload.origin_jti };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw notAuthorized("Access Token has expired");
    if (error instanceof joseErrors.JOSEError) throw notAuthorized("Invalid Access Token");
    throw error;
  }
}
