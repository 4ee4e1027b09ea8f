/**
 * The employment form's typo guards, apart from its schema (schema.ts) so the form can show them
 * before zod loads (issue 24).
 */

/** Annual gross salary ceiling: a typo guard, far above any public-sector salary. */
export const MAX_SALARY = 10_000_000;
/** The earliest start date accepted: a typo guard (1900 would mean 126 years in the job). */
export const EARLIEST_START_DATE = "1940-01-01";
export const MAX_DD_ACCOUNTS = 10;
