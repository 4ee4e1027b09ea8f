import "./zod";
import { z } from "zod";
import { capitalizeName, EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail, phoneDigits, usPhoneDigits } from "../format";
import { todayIso } from "../format/dates";
import { TEXT_MAX_LENGTH } from "./text-limit";

/**
 * Zod building blocks for the shell's form schemas. A form schema (lib/forms/<form>.ts) is one
 * z.object of these, describing the values exactly as they go on the wire; the browser form and the
 * code that sends or receives the call both parse with it, so the rules live in one place.
 *
 * Messages are written for the person filling the form ("Enter your job title"); the server side
 * prefixes them with the field name (see issuesByField / firstIssueText).
 * Every builder turns a missing value (undefined, null, "") into the "required" message rather
 * than zod's type message.
 */

/**
 * The options of every rule across fields (a form schema's superRefine / refine on its z.object):
 * it runs even when some field already failed. Zod skips an object's refinements after any
 * "aborting" issue, and a field left empty (null where a number or a choice is expected) is one, so
 * the rule's error would only show once every other field was fixed: errors in rounds (issue 26).
 * The rule then sees the raw values of the fields that failed, so it reads them defensively. No
 * builder here marks an issue `abort` (that would stop these rules too).
 */
export const EVERY_ROUND = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

interface Messages {
  /** Shown when the value is missing. */
  required: string;
}

/** Trimmed text, required unless `optional`; max defaults to the input's maxlength. */
export function text(messages: Messages & { tooLong?: string }, options: { max?: number; pattern?: RegExp; patternMessage?: string } = {}) {
  const max = options.max ?? TEXT_MAX_LENGTH;
  let schema = z
    .string({ error: (issue) => (isBlank(issue.input) ? messages.required : "Enter text") })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong ?? `Use at most ${max} characters` });
  if (options.pattern) schema = schema.regex(options.pattern, { error: options.patternMessage ?? "Check the format" });
  return schema;
}

/** Optional text: blank becomes null on the wire. */
export function optionalText(options: { max?: number; tooLong?: string } = {}) {
  const max = options.max ?? TEXT_MAX_LENGTH;
  return z
    .string()
    .nullish()
    .transform((v) => (isBlank(v) ? null : v!.trim()))
    .pipe(
      z
        .string()
        .max(max, { error: options.tooLong ?? `Use at most ${max} characters` })
        .nullable(),
    );
}

/** A person's name: trimmed, first letter capitalised (SPEC 5). */
export function personName(messages: Messages, options: { max?: number } = {}) {
  return text(messages, { max: options.max ?? 100 }).transform((v) => capitalizeName(v));
}

/** E-mail: trimmed and lowercased (SPEC 5), valid by the one e-mail rule (lib/format/email, as sign-in). */
export function email(messages: Messages & { invalid?: string }) {
  return z
    .string({ error: messages.required })
    .transform((v) => normalizeEmail(v))
    .pipe(
      z
        .string()
        .min(1, { error: messages.required })
        .max(EMAIL_MAX_LENGTH, { error: `Use at most ${EMAIL_MAX_LENGTH} characters` })
        .refine(isValidEmail, { error: messages.invalid ?? "Enter an e-mail address like name@example.com" }),
    );
}

/**
 * US phone: 10 digits on the wire, whatever the formatting typed or pasted ("+1 (555) 123-4567"),
 * valid by the one phone rule (lib/format/phone usPhoneDigits, as sign-in). No digits at all reads
 * as not filled in.
 */
export function phone(messages: Messages & { invalid?: string }) {
  // One message per value, without `abort` (an aborting issue would also stop the form's rules
  // across fields from running: EVERY_ROUND).
  return z
    .string({ error: messages.required })
    .superRefine((v, ctx) => {
      if (phoneDigits(v) === "") ctx.addIssue({ code: "custom", message: messages.required });
      else if (usPhoneDigits(v) === null) ctx.addIssue({ code: "custom", message: messages.invalid ?? "Enter a 10-digit US phone number" });
    })
    .transform((v) => usPhoneDigits(v) ?? v);
}

/** Social security number: 9 digits on the wire. */
export function ssn(messages: Messages & { invalid?: string }) {
  return (
    z
      .string({ error: messages.required })
      // Every digit is kept (not ssnDigits' cut at 9), so ten digits are refused rather than truncated.
      .transform((v) => v.replace(/\D/g, ""))
      .pipe(
        z
          .string()
          .min(1, { error: messages.required })
          .regex(/^\d{9}$/, { error: messages.invalid ?? "Enter the 9 digits of your social security number" }),
      )
  );
}

/** A dollar amount as a number (the form kit's money input stores numbers), at most two decimals. */
export function money(messages: Messages & { min?: string; max?: string }, options: { min?: number; max: number; exclusiveMin?: boolean }) {
  const { min = 0, max, exclusiveMin = false } = options;
  return z
    .number({ error: (issue) => (isBlank(issue.input) ? messages.required : "Enter an amount in dollars") })
    .refine((v) => Number.isFinite(v), { error: "Enter an amount in dollars" })
    .refine((v) => (exclusiveMin ? v > min : v >= min), {
      error:
        messages.min ??
        (exclusiveMin ? `Enter an amount above $${min.toLocaleString("en-US")}` : `Enter at least $${min.toLocaleString("en-US")}`),
    })
    .refine((v) => v <= max, { error: messages.max ?? `Enter at most $${max.toLocaleString("en-US")}` })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: "Use at most two decimals (cents)" });
}

/** An optional amount: missing becomes null on the wire. */
export function optionalMoney(messages: { min?: string; max?: string }, options: { min?: number; max: number }) {
  return money({ required: "Enter an amount", ...messages }, options)
    .nullish()
    .transform((v) => v ?? null);
}

/** A whole number in a range. */
export function integer(messages: Messages & { range?: string }, options: { min: number; max: number }) {
  const range = messages.range ?? `Enter a whole number from ${options.min} to ${options.max}`;
  return z
    .number({ error: (issue) => (isBlank(issue.input) ? messages.required : range) })
    .int({ error: range })
    .min(options.min, { error: range })
    .max(options.max, { error: range });
}

/** One of a fixed set of wire values. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, messages: Messages & { invalid?: string }) {
  return z.enum(values, {
    error: (issue) => (isBlank(issue.input) ? messages.required : (messages.invalid ?? `Choose one of: ${values.join(", ")}`)),
  });
}

/** Yes/no as a boolean; a checkbox or a yes/no radio pair. */
export function yesNo(messages: Messages) {
  return z.boolean({ error: messages.required });
}

/** An ISO calendar date (YYYY-MM-DD) that exists; `notAfterToday` refuses future dates. */
export function isoDate(
  messages: Messages & { invalid?: string; future?: string },
  options: { notAfterToday?: boolean; notBefore?: string } = {},
) {
  const invalid = messages.invalid ?? "Enter a date as MM/DD/YYYY";
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: invalid })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: invalid },
    )
    .refine((v) => !options.notBefore || v >= options.notBefore, { error: invalid })
    .refine((v) => !options.notAfterToday || v <= todayIso(), { error: messages.future ?? "The date cannot be in the future" });
}
