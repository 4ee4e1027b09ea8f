/**
 * Capitalises the first letter and leaves the rest as typed ("mcDonald" -> "McDonald"), so it is
 * safe to apply on every keystroke; leading spaces are kept for the same reason. Never throws;
 * null and undefined give "".
 */
export function capitalizeName(value: string | null | undefined): string {
  if (!value) return "";
  return value.replace(/^(\s*)(\p{L})/u, (_, space: string, letter: string) => space + letter.toUpperCase());
}
