/**
 * The one e-mail rule (sign-in, register and the form kit): normalisation and validity.
 * Deliberately loose: one @, something on each side, a dot in the domain and a top-level domain
 * of two or more characters, no spaces. The identity service has the final say; this only catches
 * typing mistakes early.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

/** email and personal_email (SPEC 5): trimmed and lowercased. Never throws; null/undefined give "". */
export function normalizeEmail(value: string | null | undefined): string {
  return value ? value.trim().toLowerCase() : "";
}

/** Whether an already normalised address passes the rule (length, then shape). */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
