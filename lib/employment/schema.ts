import "../forms/zod";
import { z } from "zod";
import { todayIso } from "../format/dates";
import { EVERY_ROUND, integer, isoDate, money, oneOf, optionalMoney, optionalText, text, yesNo } from "../forms/fields";
import { ELIGIBILITY_MESSAGES, eligibleStatus, incomeProblem, tenureProblem } from "../lending/eligibility";
import { EMPLOYMENT_STATUSES, PAY_FREQUENCIES } from "./labels";
import { EARLIEST_START_DATE, MAX_DD_ACCOUNTS, MAX_SALARY } from "./limits";

/**
 * The employment details form (SPEC 3 "Employment", SPEC 7 employmentInformationNextHandler), as
 * the arguments go on the wire. The browser form validates with it before sending; the API checks
 * the same schema when the call arrives. One schema, two places, no drift.
 */

const base = {
  /** Employee id at the employer. */
  id: text({ required: "Enter your employee ID" }, { max: 50 }),
  title: text({ required: "Enter your job title" }, { max: 100 }),
  status: oneOf(EMPLOYMENT_STATUSES, { required: "Choose your employment status", invalid: "Choose full time, part time or temporary" }),
  start: isoDate(
    { required: "Enter your start date", invalid: "Enter a real date as MM/DD/YYYY", future: "Your start date cannot be in the future" },
    { notAfterToday: true, notBefore: EARLIEST_START_DATE },
  ),
  /** Annual gross salary in dollars. */
  salary: money(
    { required: "Enter your annual salary", min: "Enter an annual salary above $0" },
    { min: 0, exclusiveMin: true, max: MAX_SALARY },
  ),
  additional: optionalMoney({ min: "Additional income cannot be negative" }, { min: 0, max: MAX_SALARY }),
  payMonths: integer(
    { required: "Enter how many months a year you are paid", range: "Enter a number of months from 1 to 12" },
    { min: 1, max: 12 },
  ),
  payFrequency: oneOf(PAY_FREQUENCIES, {
    required: "Choose how often you are paid",
    invalid: "Choose weekly, every two weeks, twice a month or monthly",
  }),
  /** At least the one account the pay goes into (issue 49: 0 was accepted); the database holds the same range. */
  ddAccounts: integer(
    {
      required: "Enter how many accounts your pay is split into",
      range: `Enter a number of accounts from 1 to ${MAX_DD_ACCOUNTS}: count the account your pay goes into`,
    },
    { min: 1, max: MAX_DD_ACCOUNTS },
  ),
  activeMilitary: yesNo({ required: "Tell us whether you are on active military duty" }),
};

/**
 * Prequalification's employment rules (lib/lending/eligibility.ts), checked where the person can
 * still correct a slip — a monthly salary typed as the yearly one, a start date a year off — with
 * the reason under the field, instead of a refusal after the credit check that ends the application.
 */
function eligible(v: Record<string, unknown>, ctx: z.RefinementCtx) {
  // Runs every round (EVERY_ROUND): fields that failed their own checks arrive raw and are left to their own message.
  const status = typeof v.status === "string" && (EMPLOYMENT_STATUSES as readonly string[]).includes(v.status) ? v.status : null;
  const eligibleAs = status ? eligibleStatus(status) : null;
  if (status && !eligibleAs) ctx.addIssue({ code: "custom", path: ["status"], message: ELIGIBILITY_MESSAGES.status });
  const today = todayIso();
  if (eligibleAs && typeof v.start === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v.start) && v.start <= today) {
    const tenure = tenureProblem(eligibleAs, v.start, today);
    if (tenure) ctx.addIssue({ code: "custom", path: ["start"], message: tenure });
  }
  const additional = typeof v.additional === "number" && v.additional >= 0 ? v.additional : 0;
  if (typeof v.salary === "number" && v.salary > 0 && v.salary <= MAX_SALARY) {
    const income = incomeProblem(v.salary, additional);
    if (income) ctx.addIssue({ code: "custom", path: ["salary"], message: income });
  }
}

/** Everyone but the children's hospital: the extra fields must be absent or empty. */
const standard = z
  .object({
    ...base,
    cost_center: optionalText({ max: 0, tooLong: "Only the children's hospital uses a cost centre" }),
    dept_ext: optionalText({ max: 0, tooLong: "Only the children's hospital uses a department extension" }),
  })
  .superRefine(eligible, EVERY_ROUND);

/** The children's hospital (SPEC 5): cost centre and department extension are required. */
const childrensHospital = z
  .object({
    ...base,
    cost_center: text(
      { required: "Enter your cost centre" },
      { max: 20, pattern: /^[A-Za-z0-9-]+$/, patternMessage: "Use letters, digits and dashes only" },
    ),
    dept_ext: text({ required: "Enter your department extension" }, { max: 10, pattern: /^\d+$/, patternMessage: "Use digits only" }),
  })
  .superRefine(eligible, EVERY_ROUND);

export function employmentSchema(options: { childrensHospital: boolean }) {
  return options.childrensHospital ? childrensHospital : standard;
}

export type EmploymentInput = z.input<typeof childrensHospital>;
export type EmploymentArgs = z.output<typeof standard> | z.output<typeof childrensHospital>;

export const EMPLOYMENT_FIELDS = Object.keys(childrensHospital.shape) as (keyof EmploymentInput & string)[];
