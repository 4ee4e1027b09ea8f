/**
 * Text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate): a stand-in answers
 * it with a 400 naming the field, as the cloud services do, instead of failing in the database.
 */
const INVALID = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasInvalidText(value: string): boolean {
  return INVALID.test(value);
}

/** The path of the first string (or key) in a JSON value that holds invalid text, e.g. "UserAttributes[0].Value". */
export function findInvalidText(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return hasInvalidText(value) ? path || "(body)" : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInvalidText(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasInvalidText(key)) return at;
      const found = findInvalidText(v, at);
      if (found) return found;
    }
  }
  return undefined;
}
