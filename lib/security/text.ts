/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate), checked after
 * decoding: the edge refuses it in server-action bodies and every stand-in answers it with a 400
 * naming the field (local/infra/http/invalid-text.ts), instead of failing in the database.
 */
const INVALID = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasInvalidText(value: string): boolean {
  return INVALID.test(value);
}
