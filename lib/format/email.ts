/** email and personal_email (SPEC 5): trimmed and lowercased. Never throws; null/undefined give "". */
export function normalizeEmail(value: string | null | undefined): string {
  return value ? value.trim().toLowerCase() : "";
}
