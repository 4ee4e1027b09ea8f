import "@/lib/forms/zod";
import { z } from "zod";
import { EVERY_ROUND, email, isoDate, money, oneOf, optionalMoney, optionalText, personName, phone, ssn, text } from "@/lib/forms/fields";
import { todayIso } from "@/lib/format/dates";
import { MAX_SALARY } from "@/lib/employment/limits";
import { LOAN_AMOUNT, LOAN_AMOUNT_MESSAGES } from "@/lib/lending/loan-amount";
import { homeStateError, SERVED_STATES, UNSERVED_STATES_NOTE } from "./states";
import { APPLICATION_SOURCES, LOAN_REASONS, US_STATES } from "./reference-lists";

/**
 * One zod schema per form of /personal, built from the form kit's builders (lib/forms/fields.ts):
 * the values as they go on the wire, parsed by the browser form and again by the server action
 * that sends them. Empty optional values are null here and omitted from the call
 * (identity-submission.ts).
 */

export const MIN_AGE_YEARS = 18;
const MAX_AGE_YEARS = 120;

const STATE_CODES = US_STATES.map((s) => s.abbreviation) as [string, ...string[]];

const state = (required: string) => oneOf(STATE_CODES, { required, invalid: "Choose a US state or territory" });

const servedState = oneOf(SERVED_STATES.map((s) => s.abbreviation) as [string, ...string[]], {
  required: "Choose your state of residence",
  invalid: UNSERVED_STATES_NOTE,
});

/** The amount applied for: the one amount rule (lib/lending/loan-amount), also applied by `applies` and prequalification. */
const loanAmount = money(
  { required: LOAN_AMOUNT_MESSAGES.required, min: LOAN_AMOUNT_MESSAGES.below, max: LOAN_AMOUNT_MESSAGES.above },
  { min: LOAN_AMOUNT.min, max: LOAN_AMOUNT.max },
);

/** The state of residence alone: the fix offered where the home address conflicts with it. */
export const stateOfResidenceSchema = z.object({ state: servedState });

/** The loan request (step loanDetails), sent with `applies` (its `type` is added when sending). */
export const loanRequestSchema = z
  .object({
    amount: loanAmount,
    reason: oneOf(LOAN_REASONS, { required: "Choose a reason for the loan" }),
    other: optionalText({ max: 500, tooLong: "Keep the description under 500 characters" }),
    state: servedState,
  })
  .superRefine((v, ctx) => {
    if (v.reason === "Other" && !(typeof v.other === "string" && v.other.trim())) {
      ctx.addIssue({ code: "custom", path: ["other"], message: "Describe what the loan is for" });
    }
  }, EVERY_ROUND)
  // The description belongs to "Other" only: a leftover from an earlier choice is not sent.
  .transform((v) => ({ ...v, other: v.reason === "Other" ? v.other : null }));

/** The 18th birthday of someone born on an ISO date, as an ISO date (29 Feb -> 1 Mar in common years). */
export function adultOn(birthIso: string): string {
  const [y, m, d] = birthIso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y + MIN_AGE_YEARS, m - 1, d)).toISOString().slice(0, 10);
}

/** A birth date (UTC calendar date): real, not in the future, 18 or older today, at most 120 years ago. */
export function birthdate(now: () => Date = () => new Date()) {
  // zod runs every refinement even after the format failed: each one skips what isn't a date.
  const iso = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  return isoDate({ required: "Enter your birth date", invalid: "Enter your birth date as MM/DD/YYYY" })
    .refine((v) => !iso(v) || v < todayIso(now()), { error: "Your birth date must be in the past" })
    .refine((v) => !iso(v) || adultOn(v) <= todayIso(now()), { error: "You must be 18 or older to apply" })
    .refine((v) => !iso(v) || Number(v.slice(0, 4)) >= now().getUTCFullYear() - MAX_AGE_YEARS, {
      error: "Check the year of your birth date",
    });
}

/** A name as the API accepts it: letters, spaces, . ' and - (capitalised by the kit's builder). */
const name = (required: string) =>
  personName({ required }, { max: 50 }).refine((v) => /^[\p{L}][\p{L} .'-]*$/u.test(v), {
    error: "Use letters, spaces, . ' and - only",
  });

const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .nullish()
    // -1/-1 when the address was not geocoded (SPEC 5), including when it was typed by hand.
    .transform((v) => v ?? -1);

/** The address parts every address field fills (SPEC 3 "Location result"). */
export const addressShape = {
  address: text({ required: "Enter your street address" }, { max: 200 }),
  unit: optionalText({ max: 50, tooLong: "Address line 2 can be at most 50 characters" }),
  addrStreetNumber: optionalText({ max: 20 }),
  addrStreetName: optionalText({ max: 100 }),
  addrCity: text({ required: "Enter the city" }, { max: 100 }),
  addrStateAbbr: state("Choose the state"),
  addrPostalCode: text({ required: "Enter the ZIP code" }, { pattern: /^\d{5}(-\d{4})?$/, patternMessage: "Enter a 5-digit ZIP code" }),
  addrCountry: optionalText({ max: 56 }).transform((v) => v ?? "US"),
  lat: coordinate(90),
  lng: coordinate(180),
};

const cellPhone = phone({ required: "Enter your cell phone number", invalid: "Enter a 10-digit US phone number, e.g. (555) 123-4567" });

/** An optional text field: blank is null on the wire, anything else must pass `schema`. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v : null))
    .pipe(schema.nullable());

const ssnValue = (required: string) =>
  ssn({ required }).refine((v) => v !== "000000000", { error: "Enter a valid social security number" });

/**
 * The review's correction of the identity the rate check will use (step authPrequal, before it
 * runs; issue 42). The SSN is never shown back, so an empty one keeps the saved number.
 */
export function identityCorrectionSchema(now: () => Date = () => new Date()) {
  return z.object({
    given_name: name("Enter your first name"),
    middle_name: optional(name("")),
    family_name: name("Enter your last name"),
    birthdate: birthdate(now),
    ssn: optional(ssnValue("")),
  });
}

/**
 * The personalInformation step: every field of SPEC 3 "Personal" an applicant enters. With the
 * loan request's state of residence, the home address must be in it (homeStateError).
 */
export function personalDetailsSchema(now: () => Date = () => new Date(), stateOfResidence?: string | null) {
  return personalDetailsObject(now).superRefine((v, ctx) => {
    const message = homeStateError(typeof v.addrStateAbbr === "string" ? v.addrStateAbbr : null, stateOfResidence);
    if (message) ctx.addIssue({ code: "custom", path: ["addrStateAbbr"], message });
  }, EVERY_ROUND);
}

function personalDetailsObject(now: () => Date) {
  return z.object({
    given_name: name("Enter your first name"),
    middle_name: optional(name("")),
    family_name: name("Enter your last name"),
    birthdate: birthdate(now),
    ...addressShape,
    ssn: ssnValue("Enter your social security number"),
    phone_number: cellPhone,
    home_phone_number: optional(phone({ required: "", invalid: "Enter a 10-digit US phone number, or leave it empty" })),
    personal_email: optional(email({ required: "" })),
    how_you_heard: oneOf(APPLICATION_SOURCES, { required: "" })
      .nullish()
      .transform((v) => v ?? null),
    referral_code: optional(
      text({ required: "" }, { max: 64, pattern: /^[\w-]+$/, patternMessage: "A referral code uses letters, digits, - and _" }),
    ),
    salary: money(
      { required: "Enter your yearly salary", min: "Enter your yearly salary" },
      { min: 0, exclusiveMin: true, max: MAX_SALARY },
    ),
    additionalIncome: optionalMoney({}, { min: 0, max: MAX_SALARY }),
    amount: loanAmount,
  });
}
/** The personal details' field names (the server maps an API refusal naming one to its field). */
export const PERSONAL_DETAILS_FIELDS = Object.keys(personalDetailsObject(() => new Date()).shape);

/** Account settings (SPEC 3 "Account settings editable fields"): the contact-only submission. */
export const accountSettingsSchema = z.object({
  ...addressShape,
  personal_email: optional(email({ required: "" })),
  phone_number: cellPhone,
});
