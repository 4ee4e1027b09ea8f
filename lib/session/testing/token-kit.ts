import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

/**
 * Real identity tokens for tests: an RS256 key whose public half a loopback JWKS endpoint serves,
 * and a second key of the same kid that no endpoint knows (a forger's). Tokens are shaped like
 * Cognito's ID tokens.
 */
export interface TokenKit {
  issuer: string;
  jwksUrl: string;
  /** authTime: the sign-in's auth_time (seconds); a minute ago unless given. */
  idToken(user: {
    username: string;
    sub: string;
    expiresIn?: number;
    key?: "mine" | "foreign";
    audience?: string;
    authTime?: number;
    /** A key id for the header (default k1, the served key's): another is one the key set does not have. */
    kid?: string;
    originJti?: string;
  }): Promise<string>;
  stop(): Promise<void>;
}

export const TEST_CLIENT_ID = "localclient0000000000000000";

export async function startTokenKit(): Promise<TokenKit> {
  const mine = await generateKeyPair("RS256");
  const theirs = await generateKeyPair("RS256");
  const jwk: JWK = { ...(await exportJWK(mine.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/us-east-1_localpool`;
  return {
    issuer: base,
    jwksUrl: `${base}/.well-known/jwks.json`,
    async idToken({ username, sub, expiresIn = 3600, key = "mine", audience = TEST_CLIENT_ID, authTime, kid = "k1", originJti }) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        token_use: "id",
        "cognito:username": username,
        email: `${username}@example.com`,
        auth_time: authTime ?? now - 60,
        ...(originJti ? { origin_jti: originJti } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid })
        .setSubject(sub)
        .setIssuer(base)
        .setAudience(audience)
        .setIssuedAt(now - 60)
        .setExpirationTime(now + expiresIn)
        .sign(key === "foreign" ? theirs.privateKey : mine.privateKey);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
