import { createPublicKey, verify, type JsonWebKey } from "node:crypto";

/**
 * Verifies an RS256 JWT against a JWK set with node:crypto only: independent of the library that
 * signed it (and usable under Jest, where ESM-only jose does not load).
 */
export function verifyRs256(
  token: string,
  jwks: { keys: JsonWebKey[] },
): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const parts = token.split(".");
  if (parts.length !== 3) throw new Error("not a compact JWS");
  const [h, p, s] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(h, "base64url").toString("utf8")) as Record<string, unknown>;
  if (header.alg !== "RS256") throw new Error(`unexpected alg ${String(header.alg)}`);
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  if (!jwk) throw new Error(`no key ${String(header.kid)} in JWKS`);
  const ok = verify("RSA-SHA256", Buffer.from(`${h}.${p}`), createPublicKey({ key: jwk, format: "jwk" }), Buffer.from(s, "base64url"));
  if (!ok) throw new Error("bad signature");
  return { header, payload: JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Record<string, unknown> };
}

export function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}
