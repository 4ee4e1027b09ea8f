/**
 * Input validation for the stand-in's writes. Every failure names the offending field so that the
 * GraphQL layer can answer "amount: ..." and the caller knows what to fix. Validation runs before
 * any write; the writes themselves run in one transaction.
 */
export class InputError extends Error {
  override name = "InputError";
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
  }
}

export function text(
  field: string,
  value: unknown,
  options: { max?: number; min?: number; pattern?: RegExp; patternHint?: string } = {},
): string {
  if (typeof value !== "string") throw new InputError(field, "must be a string");
  const trimmed = value.trim();
  const { min = 1, max = 200 } = options;
  if (trimmed.length < min) throw new InputError(field, min === 1 ? "is required" : `must have at least ${min} characters`);
  if (trimmed.length > max) throw new InputError(field, `must have at most ${max} characters`);
  if (options.pattern && !options.pattern.test(trimmed)) {
    throw new InputError(field, options.patternHint ?? "has an invalid format");
  }
  return trimmed;
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    throw new InputError(field, `must be one of: ${allowed.join(", ")}`);
  }
  return value as T;
}

export function money(field: string, value: unknown, options: { min?: number; max: number; exclusiveMin?: boolean }): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new InputError(field, "must be a number");
  const { min = 0, max, exclusiveMin = false } = options;
  if (exclusiveMin ? value <= min : value < min) throw new InputError(field, `must be ${exclusiveMin ? "greater than" : "at least"} ${min}`);
  if (value > max) throw new InputError(field, `must be at most ${max}`);
  if (Math.round(value * 100) !== Number((value * 100).toFixed(6))) throw new InputError(field, "must have at most 2 decimals");
  return value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mails are stored lower-cased and trimmed (SPEC section 5). */
export function email(field: string, value: unknown): string {
  const v = text(field, value, { max: 254 }).toLowerCase();
  if (!EMAIL.test(v)) throw new InputError(field, "must be an e-mail address");
  return v;
}

/** An ISO calendar date (YYYY-MM-DD) that exists. */
export function isoDate(field: string, value: unknown): string {
  const v = text(field, value, { max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, patternHint: "must be a date as YYYY-MM-DD" });
  const d = new Date(`${v}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) throw new InputError(field, "is not a valid date");
  return v;
}

/** Rejects anything that is not a plain same-site path: no scheme, no protocol-relative //host. */
export function internalPath(field: string, value: unknown): string {
  const v = text(field, value, { max: 2048 });
  if (!v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\") || /[\s\\]/.test(v)) {
    throw new InputError(field, "must be a path on this site starting with /");
  }
  return v;
}
