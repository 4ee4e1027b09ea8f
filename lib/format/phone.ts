/**
 * US phone numbers. Stored as 10 digits; shown as (xxx) xxx-xxxx.
 *
 * Junk policy (all of lib/format): these functions never throw. Storage helpers return "" (or null
 * where the caller must know the value is unusable); display helpers return "" for empty input and
 * the trimmed original for values they cannot format, so support staff still see what the API sent.
 */

type Raw = string | number | null | undefined;

function text(value: Raw): string {
  return value === null || value === undefined ? "" : String(value).trim();
}

function withoutPlus(value: string): string {
  if (value.startsWith("+1")) return value.slice(2);
  return value.startsWith("+") ? value.slice(1) : value;
}

/** Removes a leading "+1" or "+" (SPEC 3), then a bare country code on an 11-digit number. */
function nationalDigits(value: string): string {
  const digits = withoutPlus(value).replace(/\D/g, "");
  // A US area code never starts with 1, so 1 + 10 digits is the country code written without "+".
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/** Digits to store: country code removed, everything but digits dropped. "" for empty input. */
export function phoneDigits(value: Raw): string {
  return nationalDigits(text(value));
}

/** What a typed or pasted number may hold: digits, spaces, ( ) . - and a leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
/** NANP: an area code never starts with 0 or 1. */
const US_NATIONAL_NUMBER = /^[2-9]\d{9}$/;

/**
 * The one US phone rule (sign-in and the form kit): the ten national digits of what was typed,
 * e.g. (555) 123-4567, 555.123.4567, 1 555 123 4567, +1 555 123 4567 or +5551234567. Null when
 * letters or other characters are mixed in, when it is not ten digits once the country code is
 * removed, or when the area code starts with 0 or 1.
 */
export function usPhoneDigits(value: Raw): string | null {
  const raw = text(value);
  if (!PHONE_CHARACTERS.test(raw)) return null;
  const digits = nationalDigits(raw);
  return US_NATIONAL_NUMBER.test(digits) ? digits : null;
}

/**
 * Normalisation for submission (SPEC 5): "+1" + 10 digits (12 characters) or "+" + 10 digits
 * (11 characters) lose their prefix; formatted input is reduced to digits. Anything that is not a
 * 10-digit US number gives null, so the caller can refuse it instead of sending junk.
 */
export function normalizePhoneForSubmission(value: Raw): string | null {
  const digits = phoneDigits(value);
  return digits.length === 10 ? digits : null;
}

/** Display of a stored or API value: (xxx) xxx-xxxx, or the original when it is not a US number. */
export function formatPhone(value: Raw): string {
  const raw = text(value);
  const digits = nationalDigits(raw);
  if (digits.length !== 10) return raw;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The longest value formatPhoneInput produces: the phone input's maxlength (SPEC 5). */
export const PHONE_INPUT_MAX_LENGTH = 14;

/** As-you-type mask: progressive (xxx) xxx-xxxx, extra digits dropped like a maxlength would. */
export function formatPhoneInput(value: Raw): string {
  const digits = nationalDigits(text(value)).slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
