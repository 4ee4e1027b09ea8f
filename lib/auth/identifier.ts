/**
 * What a visitor types to sign in (SPEC 5): an identifier containing @ is an e-mail, anything else
 * is a US phone number submitted as +1XXXXXXXXXX. Usernames are lowercased. Pure: no Amplify here.
 * The e-mail and phone rules are lib/format's, shared with the form kit.
 */
import { isValidEmail, normalizeEmail } from "../format/email";
import { usPhoneDigits } from "../format/phone";

export type Identifier =
  { kind: "email"; value: string } | { kind: "phone"; value: string } | { kind: "invalid"; reason: "empty" | "email" | "phone" };

/**
 * A US phone number as +1 and ten digits (what the identity service takes), by the one phone rule
 * of lib/format/phone (usPhoneDigits). Undefined when the rule refuses it.
 */
export function normalizeUsPhone(raw: string): string | undefined {
  const national = usPhoneDigits(raw);
  return national === null ? undefined : `+1${national}`;
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

/** A sign-in code is six digits. */
export const CODE_LENGTH = 6;

/**
 * What the code field keeps of what was typed or pasted: its digits, at most six ("123 456" and
 * "123-456" paste whole; letters never appear).
 */
export function codeDigits(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, CODE_LENGTH);
}

/** The 6-digit code as typed, spaces and dashes removed; undefined unless it is six digits. */
export function normalizeCode(raw: string): string | undefined {
  const code = raw.replace(/[\s-]/g, "");
  return /^\d{6}$/.test(code) ? code : undefined;
}
