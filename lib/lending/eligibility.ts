import { formatUsd } from "../format/money";

/**
 * Who may be prequalified, as far as the employment details tell: one rule for the employment form
 * (lib/employment/schema.ts, where a person can still correct a typo such as a monthly salary typed
 * as the yearly one) and prequalification (local/lender/rules/rules.ts), so details the form accepts are
 * never refused later for these reasons and a slip cannot end an application by itself.
 */
export const ELIGIBILITY = {
  /** Salary plus additional income, per year, in dollars. */
  minAnnualIncome: 15_000,
  /** Months with the employer, by employment status; other statuses are not eligible. */
  minTenureMonths: { full: 6, part: 12 },
} as const;

export type EligibleStatus = keyof typeof ELIGIBILITY.minTenureMonths;

const MIN_INCOME_TEXT = formatUsd(ELIGIBILITY.minAnnualIncome, { cents: false });

export const ELIGIBILITY_MESSAGES = {
  /** Stated beside the status before anyone chooses. */
  hint: `Loans are for full-time employees with ${ELIGIBILITY.minTenureMonths.full} months or more with their employer, and part-time employees with ${ELIGIBILITY.minTenureMonths.part}.`,
  status: "We can offer loans to full-time and part-time employees only",
  income: `To qualify, your yearly income (salary plus any additional income) must be at least ${MIN_INCOME_TEXT}. Enter your salary for the whole year, before taxes`,
  tenure: (status: EligibleStatus) =>
    `To qualify, you need at least ${ELIGIBILITY.minTenureMonths[status]} months with your employer as a ${status === "full" ? "full-time" : "part-time"} employee`,
} as const;

/** "full" or "part" for the statuses that may be prequalified (wire values and older free text alike), else null. */
export function eligibleStatus(status: string | null | undefined): EligibleStatus | null {
  const s = (status ?? "").trim().toLowerCase();
  if (/^full/.test(s)) return "full";
  if (/^part/.test(s)) return "part";
  return null;
}

/** Whole months from `from` to `to` (ISO dates), counting a month only once its day is reached. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

export function incomeProblem(salary: number | null | undefined, additional: number | null | undefined): string | null {
  return (salary ?? 0) + (additional ?? 0) < ELIGIBILITY.minAnnualIncome ? ELIGIBILITY_MESSAGES.income : null;
}

/** `start` and `today` are ISO dates. */
export function tenureProblem(status: EligibleStatus, start: string, today: string): string | null {
  return monthsBetween(start, today) < ELIGIBILITY.minTenureMonths[status] ? ELIGIBILITY_MESSAGES.tenure(status) : null;
}
