import { safeError } from "./safe-error";

/**
 * What may never reach a log line: values under personal or secret field names are replaced
 * whatever their depth, and free text (error messages, database errors) is scrubbed of what looks
 * like an e-mail address, SSN, birth date, account or routing number, one-time code or token.
 * Runtime-neutral: the edge's JSON lines and the Node logger both pass through it. A one-time code
 * under `code` is caught by its shape (six digits); `code` itself names error codes (SQLSTATE, errorType).
 */

export const REDACTED = "[redacted]";

/** Field names (compared without case, - or _) whose values are personal or secret. */
const SENSITIVE_KEYS = new Set(
  [
    "ssn",
    "socialSecurityNumber",
    "taxId",
    "dob",
    "birthDate",
    "dateOfBirth",
    "email",
    "emailAddress",
    "username",
    "phone",
    "phoneNumber",
    "firstName",
    "lastName",
    "middleName",
    "legalName",
    "fullName",
    "name",
    "signerName",
    "address",
    "street",
    "streetAddress",
    "address1",
    "address2",
    "accountNumber",
    "routingNumber",
    "account",
    "mask",
    "amounts",
    "otp",
    "answer",
    "challengeAnswer",
    "password",
    "secret",
    "token",
    "idToken",
    "accessToken",
    "refreshToken",
    "publicToken",
    "linkToken",
    "authorization",
    "cookie",
    "setCookie",
    "session",
    "salary",
    "income",
    "params",
    "parameters",
    "values",
    "variables",
    "body",
  ].map(normaliseKey),
);

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, "");
}

export function sensitiveKey(key: string): boolean {
  return SENSITIVE_KEYS.has(normaliseKey(key));
}

/** Free-text patterns, most specific first. */
const PATTERNS: readonly [RegExp, string][] = [
  [/\beyJ[\w-]+(?:\.[\w-]*){1,4}/g, "[token]"],
  [/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g, "[email]"],
  [/\b\d{3}-\d{2}-\d{4}\b/g, "[ssn]"],
  [/\b(?:19|20)\d{2}-\d{2}-\d{2}\b/g, "[date]"],
  [/\b\d{1,2}\/\d{1,2}\/(?:19|20)\d{2}\b/g, "[date]"],
  // Six digits or more: codes, SSNs without dashes, account and routing numbers, phone numbers.
  [/\+?\d{6,}/g, "[number]"],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Identifiers the product generates (never typed by a person): kept verbatim so a line can be followed. */
const ID_KEYS = new Set(["requestId", "traceId", "spanId", "sub", "digest", "time"]);

const MAX_DEPTH = 8;

/** A copy of `value` safe to log. Errors become { type, message, code } with the message scrubbed, never their stack's data. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[truncated]";
  if (value instanceof Error) return errorFields(value);
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (sensitiveKey(key)) out[key] = REDACTED;
    else if (ID_KEYS.has(key) && typeof item === "string") out[key] = item;
    else out[key] = redact(item, depth + 1);
  }
  return out;
}

/** What a log keeps of an error (safe-error.ts: class, code, a database error's constraint, a scrubbed message), and a server error's digest. */
export function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...safeError(error) };
  const digest = (error as Error & { digest?: unknown }).digest;
  if (typeof digest === "string") fields.digest = digest;
  if (typeof fields.message === "string") fields.message = scrubText(fields.message);
  return fields;
}
