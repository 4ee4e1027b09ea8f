import { SignJWT, jwtVerify } from "jose";
import { LOAN_STATES, type LoanState } from "@/lib/application/loan-state";
import { VerifiedCache } from "./verified-cache";

/**
 * The signed, short-lived claims cookie: what the guards need from the user's application data,
 * written by the server after loading it and bound to the identity token's sub. HS256 via Web
 * Crypto, so the edge middleware and node route handlers share this module.
 */
export const CLAIMS_COOKIE = "shell_claims";
export const CLAIMS_TTL_SECONDS = 15 * 60;
const ISSUER = "lending-shell";
const AUDIENCE = "lending-shell/claims";

export interface StaffFlags {
  adminPortalUser: boolean;
  collectionsUser: boolean;
  verificationsPortalUser: boolean;
}

export interface Claims {
  sub: string;
  step: string;
  loanState: LoanState;
  directDepositConfirmed: boolean;
  offerStage: string | null;
  flags: StaffFlags;
  emailDomain: string;
  /** ISO date (YYYY-MM-DD or full ISO) of the loan's payout, once originated. */
  payoutDate: string | null;
  /** Whether the user's consent to the partner bank's current terms is on record. */
  evolveConsent: boolean;
}

const keyCache = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

export async function signClaims(claims: Claims, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ c: rest })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + CLAIMS_TTL_SECONDS)
    .sign(keyFor(secret));
}

const loanStates = new Set<string>([...LOAN_STATES, "applicationBlocked"]);

function isClaimsBody(value: unknown): value is Omit<Claims, "sub"> {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  const flags = v.flags as Record<string, unknown> | undefined;
  return (
    typeof v.step === "string" &&
    typeof v.loanState === "string" &&
    loanStates.has(v.loanState) &&
    typeof v.directDepositConfirmed === "boolean" &&
    (v.offerStage === null || typeof v.offerStage === "string") &&
    typeof v.emailDomain === "string" &&
    (v.payoutDate === null || typeof v.payoutDate === "string") &&
    typeof v.evolveConsent === "boolean" &&
    !!flags &&
    typeof flags.adminPortalUser === "boolean" &&
    typeof flags.collectionsUser === "boolean" &&
    typeof flags.verificationsPortalUser === "boolean"
  );
}

/**
 * The claims in a cookie value, or null when it is missing, expired, tampered, malformed or for
 * another user. Never throws: a bad cookie means "not loaded".
 */
export async function readClaims(
  token: string | undefined,
  secret: string,
  expectedSub: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<Claims | null> {
  if (!token) return null;
  const cache = verifiedFor(secret);
  // The binding to the identity's sub is checked on every read, cached or not.
  const known = cache.get(token, nowSeconds);
  if (known) return known.sub === expectedSub ? known : null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
      currentDate: new Date(nowSeconds * 1000),
    });
    if (typeof payload.sub !== "string" || typeof payload.exp !== "number" || !isClaimsBody(payload.c)) return null;
    const claims: Claims = { sub: payload.sub, ...payload.c };
    cache.set(token, claims, payload.exp, nowSeconds);
    return claims.sub === expectedSub ? claims : null;
  } catch {
    return null;
  }
}

/** Claims cookies already verified, per secret (one in practice), until their exp. */
const MAX_REMEMBERED_CLAIMS = 5000;
const verifiedClaims = new Map<string, VerifiedCache<Claims>>();
function verifiedFor(secret: string): VerifiedCache<Claims> {
  let cache = verifiedClaims.get(secret);
  if (!cache) {
    cache = new VerifiedCache<Claims>(MAX_REMEMBERED_CLAIMS);
    verifiedClaims.set(secret, cache);
  }
  return cache;
}
