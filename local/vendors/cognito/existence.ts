import { createHmac } from "node:crypto";
import type { Db } from "../../infra/db/index";
import { sharedSecret } from "../../infra/db/shared-secret";
import { sha256 } from "./crypto";

/**
 * Cognito's "prevent user existence errors" (PreventUserExistenceErrors=ENABLED) for the custom
 * flow: a sign-in for an identifier with no account is answered like one for an account (a
 * challenge, then the same failures as wrong codes), never UserNotFoundException. What such a
 * challenge shows is made up here, the same each time for the same identifier, from a secret kept in
 * the database (so every instance, and a restarted one, makes up the same), so it cannot be told
 * from an account's by computing it.
 */

/** The secret the made-up answers derive from, shared by every instance on the database. */
export const existenceSecret = (db: Db): Promise<Buffer> => sharedSecret(db, "identity-existence");

/** Limits count per attempt key: the account for a user, the identifier for no account. */
export const userAttemptKey = (sub: string): string => `sub:${sub}`;
export const unknownAttemptKey = (signInId: string): string => `id:${sha256(signInId.trim().toLowerCase())}`;

function mac(secret: Buffer, purpose: string, key: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\n${key}`).digest();
}

/** A username like the pool's own (3 random bytes in hex) for an identifier with no account. */
export function simulatedUsername(secret: Buffer, attemptKey: string): string {
  return mac(secret, "username", attemptKey).toString("hex").slice(0, 6);
}

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

/**
 * Where the code "went": an e-mail identifier is masked as an account's own e-mail would be; a
 * phone number or username gets a made-up masked e-mail, as an account's sign-in by phone shows
 * the account's e-mail.
 */
export function simulatedDestination(secret: Buffer, signInId: string, attemptKey: string): string {
  const id = signInId.trim().toLowerCase();
  if (id.includes("@")) return maskEmail(id);
  const [a = 0, b = 0] = mac(secret, "destination", attemptKey);
  const letter = (n: number) => String.fromCharCode(97 + (n % 26));
  return `${letter(a)}***@${letter(b)}***`;
}
