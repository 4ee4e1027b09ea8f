import { createRemoteJWKSet, customFetch, jwtVerify, type JWTVerifyGetKey } from "jose";
import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { issuedInThePast } from "@/lib/cognito/issued-at";
import { VerifiedCache } from "./verified-cache";

/**
 * Verifies Cognito identity tokens against the configured issuer and its JWKS. The key set is
 * fetched once and cached by jose (refetched only for an unknown kid), and verified tokens are
 * remembered until they expire, so a request costs no network call.
 */
export interface IdentityClaims {
  sub: string;
  username: string;
  email: string;
  exp: number;
  /** When the user authenticated (the token's auth_time), kept across refreshes; absent when the token has none. */
  authTime?: number;
}

export interface IdTokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
  clientId: string;
  /** How long fetching the key set may take (ServerConfig.timeouts.cognitoMs). */
  timeoutMs?: number;
  /** Injected in tests; defaults to a cached remote JWKS. */
  keys?: JWTVerifyGetKey;
  /** Tests only: a smaller cache. */
  maxRemembered?: number;
  /** The request a key-set fetch is made for (lib/observability/request-store.ts), sent as x-request-id. */
  requestId?: () => string | undefined;
}

/** Verified tokens remembered per verifier (one per server): a few MB at most. */
export const MAX_REMEMBERED = 5000;

export type IdTokenVerifier = (token: string, nowSeconds?: number) => Promise<IdentityClaims | null>;

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const keys =
    options.keys ??
    remoteKeySets.get(options.jwksUrl) ??
    (() => {
      // A short timeout: while the key endpoint is down, signed-in requests fail closed quickly.
      const set = createRemoteJWKSet(new URL(options.jwksUrl), {
        cooldownDuration: 30_000,
        cacheMaxAge: 3_600_000,
        timeoutDuration: options.timeoutMs ?? UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs,
        [customFetch]: (url, init) => {
          const requestId = options.requestId?.();
          return fetch(
            url,
            requestId ? { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), "x-request-id": requestId } } : init,
          );
        },
      });
      remoteKeySets.set(options.jwksUrl, set);
      return set;
    })();
  const remembered = new VerifiedCache<IdentityClaims>(options.maxRemembered ?? MAX_REMEMBERED);

  return async (token, nowSeconds = Math.floor(Date.now() / 1000)) => {
    const known = remembered.get(token, nowSeconds);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.clientId,
        algorithms: ["RS256"],
        currentDate: new Date(nowSeconds * 1000),
      });
      const username = payload["cognito:username"];
      if (
        payload.token_use !== "id" ||
        typeof payload.sub !== "string" ||
        typeof username !== "string" ||
        typeof payload.exp !== "number" ||
        !issuedInThePast(payload.iat, nowSeconds)
      ) {
        return null;
      }
      const claims: IdentityClaims = {
        sub: payload.sub,
        username,
        email: typeof payload.email === "string" ? payload.email.toLowerCase() : "",
        exp: payload.exp,
        ...(typeof payload.auth_time === "number" ? { authTime: payload.auth_time } : {}),
      };
      remembered.set(token, claims, claims.exp, nowSeconds);
      return claims;
    } catch {
      return null;
    }
  };
}
