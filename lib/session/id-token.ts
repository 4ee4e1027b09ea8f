import { jwtVerify, type JWTVerifyGetKey } from "jose";
import { UPSTREAM_TIMEOUT_DEFAULTS } from "@/lib/config/timeouts";
import { issuedInThePast } from "@/lib/cognito/issued-at";
import { edgeLog } from "@/lib/observability/edge-log";
import { createKeySet, isKeySetUnavailable } from "./key-set";
import { VerifiedCache } from "./verified-cache";

/**
 * Verifies Cognito identity tokens against the configured issuer and its JWKS. The key set is
 * fetched once and kept (./key-set.ts: refetched for an unknown kid, bounded), and verified tokens
 * are remembered until they expire, so a request costs no network call. A token that cannot be
 * checked because the key set is out of reach throws KeySetUnavailableError (never null: an outage
 * is not a bad token).
 */
export interface IdentityClaims {
  sub: string;
  username: string;
  email: string;
  exp: number;
  /** When the user authenticated (the token's auth_time), kept across refreshes; absent when the token has none. */
  authTime?: number;
  /** The sign-in every token of it shares (Cognito's origin_jti): what sign-out and the idle limit end. */
  originJti?: string;
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

// One key set per URL for the whole process: Next bundles middleware, route handlers and server
// components apart, each with its own copy of this module, and a module-level map would fetch (and log
// each outage) once per bundle. globalThis is shared by the bundles of one Node process; the edge
// runtime's sandbox has its own, so an outage is at most one line there and one here.
const KEY_SETS = Symbol.for("lending-shell.identity-key-sets");
const remoteKeySets: Map<string, JWTVerifyGetKey> = ((globalThis as { [KEY_SETS]?: Map<string, JWTVerifyGetKey> })[KEY_SETS] ??= new Map());

/** One line when the key set starts failing, one when it answers again: never one per request. */
function logKeySetEpisode(event: "failing" | "recovered", detail: { error?: string }): void {
  // The edge middleware and the Node server each hold one key set: the runtime says which line is whose.
  const runtime = process.env.NEXT_RUNTIME || "nodejs";
  if (event === "failing") edgeLog("error", "identity key set unavailable: sessions wait (verifying)", { error: detail.error, runtime });
  else edgeLog("info", "identity key set available again", { runtime });
}

export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const keys =
    options.keys ??
    remoteKeySets.get(options.jwksUrl) ??
    (() => {
      const { getKey } = createKeySet({
        url: options.jwksUrl,
        timeoutMs: options.timeoutMs ?? UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs,
        onEpisode: logKeySetEpisode,
        fetchImpl: (url, init) => {
          const requestId = options.requestId?.();
          return fetch(
            url,
            requestId ? { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), "x-request-id": requestId } } : init,
          );
        },
      });
      remoteKeySets.set(options.jwksUrl, getKey);
      return getKey;
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
        ...(typeof payload.origin_jti === "string" ? { originJti: payload.origin_jti } : {}),
      };
      remembered.set(token, claims, claims.exp, nowSeconds);
      return claims;
    } catch (error) {
      // Not checkable yet (the key set is out of reach) is not invalid: the caller says "verifying".
      if (isKeySetUnavailable(error)) throw error;
      return null;
    }
  };
}
