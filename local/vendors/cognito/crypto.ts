import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";

/** Secrets (codes, sessions, refresh tokens) are stored only as SHA-256 hashes. */
export function sha256(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** An opaque, unguessable token (Cognito's sessions and refresh tokens are opaque to clients). */
export function opaqueToken(bytes = 48): string {
  return randomBytes(bytes).toString("base64url");
}

export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * The code hash is salted with the challenge id: a code is only 6 digits, so an unsalted hash
 * would be one precomputed table away from the code.
 */
export function codeHash(challengeId: string, code: string): string {
  return sha256(`${challengeId}:${code}`);
}

export { randomUUID };
