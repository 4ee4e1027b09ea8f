/**
 * The idempotency key of a write (issue 51), a fact both the shell and the lender's API keep: the
 * header it travels in and its shape. The browser makes one key per submission (a UUID) and repeats
 * it on every resend of that submission; the server action passes it on with each write it makes;
 * the API runs a write once per caller, key and operation and answers a repeat with the first answer
 * (contract/README.md, "Idempotency keys"). AppSync hands custom request headers to its resolvers.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

const KEY_SHAPE = /^[A-Za-z0-9._:-]{8,128}$/;

/** 8 to 128 letters, digits or `. _ : -` (a UUID fits). */
export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && KEY_SHAPE.test(value);
}
