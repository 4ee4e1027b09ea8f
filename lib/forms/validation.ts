import type { z } from "zod";

/**
 * Reading a form schema's result the same way in the browser and on the server: field errors keyed
 * by the top-level field name (the form shows them below the field), and one "field: message" line
 * for a next-step answer's validationError.
 */
export type FieldErrors = Record<string, string>;

/** The first message of each top-level field; issues without a path go under "" (form-level). */
export function issuesByField(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; message: string };

/** safeParse with the errors already in the shape forms and next-step answers use. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors = issuesByField(result.error);
  const [field, message] = Object.entries(fieldErrors)[0] ?? ["", "is invalid"];
  return { ok: false, fieldErrors, message: field ? `${field}: ${message}` : message };
}

/**
 * The field a server's "field: message" validationError names, when it is one of the form's
 * fields; the form then shows its own wording under that field (the server's is never shown).
 */
export function fieldOfValidationError(validationError: string, fields: readonly string[]): string | undefined {
  const m = /^\s*([A-Za-z_][\w]*)\s*:/.exec(validationError);
  return m && fields.includes(m[1]!) ? m[1] : undefined;
}
