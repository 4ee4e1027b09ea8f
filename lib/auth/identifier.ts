/**
 * What a visitor types to sign in (SPEC 5): an identifier containing @ is an e-mail, anything else
 * is a US phone number submitted as +1XXXXXXXXXX. Usernames are lowercased. Pure: no Amplify here.
 */

export type Identifier =
  | { kind: "email"; value: string }
  | { kind: "phone"; value: string }
  | { kind: "invalid"; reason: "empty" | "email" | "phone" };

// Deliberately loose: one @, something on each side, a dot in the domain, no spaces. The identity
// service has the final say; this only catches typing mistakes early.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
const MAX_EMAIL = 254;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL && EMAIL.test(email);
}

/**
 * A US phone number as +1 and ten digits, from what people type: (555) 123-4567, 555.123.4567,
 * 5551234567, 1 555 123 4567, +1 555 123 4567. Undefined when it is not ten digits (after a
 * leading 1) or when letters are mixed in.
 */
export function normalizeUsPhone(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return undefined;
  // NANP: area code and exchange never start with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return undefined;
  return `+1${national}`;
}

/** Reads a sign-in identifier: e-mail (with @) or phone. */
export function parseIdentifier(raw: string): Identifier {
  const value = raw.trim();
  if (value === "") return { kind: "invalid", reason: "empty" };
  if (value.includes("@")) {
    const email = normalizeEmail(value);
    return isValidEmail(email) ? { kind: "email", value: email } : { kind: "invalid", reason: "email" };
  }
  const phone = normalizeUsPhone(value);
  return phone ? { kind: "phone", value: phone } : { kind: "invalid", reason: "phone" };
}

/** Reads the e-mail a new account is registered with (register asks for an e-mail only). */
export function parseEmail(raw: string): Identifier {
  const value = raw.trim();
  if (value === "") return { kind: "invalid", reason: "empty" };
  const email = normalizeEmail(value);
  return isValidEmail(email) ? { kind: "email", value: email } : { kind: "invalid", reason: "email" };
}

/**
 * Test addresses (SPEC 7: "plus a phone for test addresses"). A test address is an e-mail whose
 * local part carries a `+test` sub-address: `jane+test@…` or `jane+test5550100123@…`. QA uses them
 * to exercise phone sign-in without real numbers: the account gets a phone_number attribute, the
 * ten digits after `+test` when given, else the fictional +15555550100 (555-01XX is reserved for
 * fiction). Ordinary addresses get no phone attribute at sign-up.
 */
export const TEST_PHONE_DEFAULT = "+15555550100";
const TEST_TAG = /\+test(\d{10})?$/;

export function testPhoneFor(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  if (at <= 0) return undefined;
  const match = TEST_TAG.exec(email.slice(0, at).toLowerCase());
  if (!match) return undefined;
  if (!match[1]) return TEST_PHONE_DEFAULT;
  return normalizeUsPhone(match[1]) ?? TEST_PHONE_DEFAULT;
}

/** The 6-digit code as typed, spaces and dashes removed; undefined unless it is six digits. */
export function normalizeCode(raw: string): string | undefined {
  const code = raw.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(code) ? code : undefined;
}
