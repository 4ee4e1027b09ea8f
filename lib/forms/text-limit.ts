/**
 * The HTML default for text inputs (SPEC 5): the form kit uses it when a field sets no maxlength,
 * and the schemas' text builders (fields.ts) use it as their default maximum. Its own module so the
 * form kit can read it without loading zod (issue 24).
 */
export const TEXT_MAX_LENGTH = 524288;
