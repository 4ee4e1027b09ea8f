import { hasInvalidText } from "../../../lib/security/text";

/**
 * Invalid text (NUL, a lone surrogate: lib/security/text.ts) in a stand-in's input is a 400 naming
 * the field, as the cloud services answer it, instead of a failure in the database.
 */
export { hasInvalidText };

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
