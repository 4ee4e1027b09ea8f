import "../forms/zod";
import { z } from "zod";
import { email, oneOf, optionalText, phone, text } from "../forms/fields";
import { US_STATES } from "../personal/reference-lists";
import { EMPLOYER_REQUEST_LIMITS as LIMITS, employerNameKey } from "./employer-request";

/**
 * The employer request (issue 49), as its arguments go on the wire (the contract's requestEmployer):
 * the /employment form validates with it, its server action parses with it again, and the lender's
 * API (the stand-in) checks it when the call arrives. Only the name is required; the city, state and
 * an HR or payroll contact help the partnerships team reach the employer.
 */

const STATE_CODES = US_STATES.map((s) => s.abbreviation) as [string, ...string[]];

/** Blank is null on the wire; anything else must pass `schema`. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v : null))
    .pipe(schema.nullable());

export const employerRequestSchema = z.object({
  name: text({ required: "Enter your employer's name", tooLong: `Use at most ${LIMITS.name} characters` }, { max: LIMITS.name }).refine(
    (v) => employerNameKey(v) !== "",
    { error: "Enter your employer's name in letters or digits" },
  ),
  city: optionalText({ max: LIMITS.city, tooLong: `Use at most ${LIMITS.city} characters` }),
  state: optional(oneOf(STATE_CODES, { required: "", invalid: "Choose a US state or territory" })),
  contactName: optionalText({ max: LIMITS.contactName, tooLong: `Use at most ${LIMITS.contactName} characters` }),
  contactEmail: optional(email({ required: "", invalid: "Enter an e-mail address like hr@example.org, or leave it empty" })),
  contactPhone: optional(phone({ required: "", invalid: "Enter a 10-digit US phone number, or leave it empty" })),
});

export type EmployerRequestInput = z.input<typeof employerRequestSchema>;
export type EmployerRequestArgs = z.output<typeof employerRequestSchema>;
export const EMPLOYER_REQUEST_FIELDS = Object.keys(employerRequestSchema.shape) as (keyof EmployerRequestArgs & string)[];
