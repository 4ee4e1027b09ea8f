/**
 * Social security numbers: stored as 9 digits, shown xxx-xx-xxxx. Never throws (see phone.ts for the
 * junk policy). Extra digits are dropped, mirroring the input's length limit.
 */

type Raw = string | number | null | undefined;

/** Up to 9 digits, everything else removed. "" for empty or digit-free input. */
export function ssnDigits(value: Raw): string {
  if (value === null || value === undefined) return "";
  return String(value).replace(/\D/g, "").slice(0, 9);
}

/** Progressive xxx-xx-xxxx; a complete stored value shows in full. */
export function formatSsn(value: Raw): string {
  const d = ssnDigits(value);
  if (d.length <= 3) return d;
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
}

/** True for exactly 9 digits after normalisation. */
export function isCompleteSsn(value: Raw): boolean {
  return ssnDigits(value).length === 9;
}
