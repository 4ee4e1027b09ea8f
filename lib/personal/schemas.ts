import { z } from "zod";
import { capitalizeName } from "@/lib/format/names";
import { normalizeEmail } from "@/lib/format/email";
import { parseAmount } from "@/lib/format/money";
import { phoneDigits } from "@/lib/format/phone";
import { ssnDigits } from "@/lib/format/ssn";
import { APPLICATION_SOURCES, LOAN_REASONS, LOAN_TYPE, STATE_ABBREVIATIONS } from "./reference-lists";

/**
 * One zod schema per form of /personal, shared by the browser (errors under the fields) and the
 * server action (the same check again before calling the API). Inputs are what the fields hold
 * (masked text); outputs are what the API stores (digits, numbers, ISO dates, upper-case states).
 */

export const MAX_LOAN_AMOUNT = 10_000;
export const MIN_AGE_YEARS = 18;
const MAX_AGE_YEARS = 120;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Money typed with thousands commas ("4,000.50") or a number; at most two decimals. */
function money(label: string) {
  return z.union([z.string(), z.number()], { error: `Enter ${label}` }).transform((v, ctx) => {
    const n = parseAmount(v);
    if (n === null || !/^-?\d*(\.\d{0,2})?$/.test(String(v).replace(/[$,\s]/g, ""))) {
      ctx.addIssue({ code: "custom", message: `Enter ${label} as a dollar amount, e.g. 4,000` });
      return z.NEVER;
    }
    return n;
  });
}

const loanAmount = money("the amount")
  .refine((n) => n > 0, "The amount must be more than $0")
  .refine((n) => n <= MAX_LOAN_AMOUNT, "The amount can be at most $10,000");

const stateAbbr = z
  .string({ error: "Choose a state" })
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => STATE_ABBREVIATIONS.has(s), "Choose a US state or territory");

export const loanRequestSchema = z
  .object({
    amount: loanAmount,
    reason: z.enum(LOAN_REASONS, { error: "Choose a reason for the loan" }),
    other: z.preprocess(blankToUndefined, z.string().trim().max(500, "Keep the description under 500 characters").optional()),
    state: stateAbbr,
    type: z.literal(LOAN_TYPE).default(LOAN_TYPE),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "Other" && !v.other) ctx.addIssue({ code: "custom", path: ["other"], message: "Describe what the loan is for" });
  })
  // The description belongs to "Other" only: a leftover from an earlier choice is not sent.
  .transform((v) => ({ ...v, other: v.reason === "Other" ? v.other : undefined }));
export type LoanRequest = z.output<typeof loanRequestSchema>;

function name(label: string) {
  return z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(50, `Your ${label} can be at most 50 characters`)
    .regex(/^[\p{L}][\p{L} .'-]*$/u, `Your ${label} can only use letters, spaces, . ' and -`)
    .transform(capitalizeName);
}

const optionalName = (label: string) => z.preprocess(blankToUndefined, name(label).optional());

const phone = (label: string) =>
  z
    .string({ error: `Enter your ${label}` })
    .transform((v) => phoneDigits(v))
    .refine((d) => d.length > 0, `Enter your ${label}`)
    .refine((d) => /^[2-9]\d{9}$/.test(d), `Enter a 10-digit US ${label}, e.g. (555) 123-4567`);

const email = z
  .string()
  .transform(normalizeEmail)
  .pipe(z.email("Enter an e-mail address such as name@example.com").max(254));

const zip = z
  .string({ error: "Enter the ZIP code" })
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, "Enter a 5-digit ZIP code (or ZIP+4)");

/** The address parts every address field fills (SPEC 3 "Location result"). */
export const addressShape = {
  address: z.string({ error: "Enter the street address" }).trim().min(1, "Enter the street address").max(200),
  unit: z.preprocess(blankToUndefined, z.string().trim().max(50, "Address line 2 can be at most 50 characters").optional()),
  addrStreetNumber: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  addrStreetName: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  addrCity: z.string({ error: "Enter the city" }).trim().min(1, "Enter the city").max(100),
  addrStateAbbr: stateAbbr,
  addrPostalCode: zip,
  addrCountry: z.preprocess(blankToUndefined, z.string().trim().max(56).default("US")),
  // -1/-1 when the address could not be geocoded (SPEC 5), including when it was typed by hand.
  lat: z.preprocess(blankToUndefined, z.coerce.number().min(-90).max(90).default(-1)),
  lng: z.preprocess(blankToUndefined, z.coerce.number().min(-180).max(180).default(-1)),
};

/** The calendar date of a birthdate typed MM/DD/YYYY, checked in UTC. */
function birthdate(now: () => Date) {
  return z.string({ error: "Enter your birth date" }).transform((v, ctx) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!m) return fail("Enter your birth date as MM/DD/YYYY");
    const [year, month, day] = [Number(m[3]), Number(m[1]), Number(m[2])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      return fail("Enter a real date as MM/DD/YYYY");
    }
    const today = now();
    const adultOn = new Date(Date.UTC(year + MIN_AGE_YEARS, month - 1, day));
    // Born on 29 Feb: Date.UTC rolls the 18th birthday to 1 Mar in a common year, as the law counts it.
    const todayUtc = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
    if (date > todayUtc) return fail("Your birth date can't be in the future");
    if (adultOn > todayUtc) return fail("You must be 18 or older to apply");
    if (year < today.getUTCFullYear() - MAX_AGE_YEARS) return fail("Check the year of your birth date");
    return `${m[3]}-${m[1]}-${m[2]}`;
  });
}

const ssn = z
  .string({ error: "Enter your Social Security number" })
  .transform((v) => ssnDigits(v))
  .refine((d) => d.length === 9, "Enter your 9-digit Social Security number")
  .refine((d) => d !== "000000000", "Enter a valid Social Security number");

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** The personalInformation step: every field of SPEC 3 "Personal" an applicant enters. */
export function personalDetailsSchema(now: () => Date = () => new Date()) {
  return z.object({
    given_name: name("first name"),
    middle_name: optionalName("middle name"),
    family_name: name("last name"),
    birthdate: birthdate(now),
    ...addressShape,
    ssn,
    phone_number: phone("cell phone number"),
    home_phone_number: optional(phone("home phone number")),
    personal_email: optional(email),
    how_you_heard: optional(z.enum(APPLICATION_SOURCES, { error: "Choose one of the options" })),
    referral_code: optional(
      z.string().trim().max(64, "A referral code is at most 64 characters").regex(/^[\w-]+$/, "A referral code uses letters, digits, - and _"),
    ),
    salary: money("your yearly salary").refine((n) => n > 0, "Enter your yearly salary").refine((n) => n <= 10_000_000, "Check your salary"),
    additionalIncome: optional(money("additional income").refine((n) => n >= 0 && n <= 10_000_000, "Check the additional income")),
    amount: loanAmount,
  });
}
export type PersonalDetails = z.output<ReturnType<typeof personalDetailsSchema>>;

/** Account settings (SPEC 3 "Account settings editable fields"): the contact-only submission. */
export const accountSettingsSchema = z.object({
  ...addressShape,
  personal_email: optional(email),
  phone_number: phone("cell phone number"),
});
export type AccountSettings = z.output<typeof accountSettingsSchema>;

/** Field name -> first message, the shape the form kit shows under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
