import { LoanTermsError, PAY_PERIODS_PER_YEAR, TERM_MONTHS, type PayFrequency } from "../../../lib/lending/loan-math";

/**
 * Repaying by payroll deduction: one deduction on each payday within the term, on the applicant's
 * pay frequency and the months a year they are paid (a school employee paid 10 months a year has
 * no paydays in the other two). The loan is amortised on these paydays (repayment-schedule.ts).
 */
export const MONTHS_PAID_RANGE = { min: 1, max: 12 } as const;

/** Paydays within the term: periods a year × the share of the year paid × years, whole paydays only. */
export function deductionCount(frequency: PayFrequency, monthsPaid: number, termMonths: number = TERM_MONTHS): number {
  if (!Number.isInteger(monthsPaid) || monthsPaid < MONTHS_PAID_RANGE.min || monthsPaid > MONTHS_PAID_RANGE.max) {
    throw new LoanTermsError("payMonths", `must be a whole number of months from ${MONTHS_PAID_RANGE.min} to ${MONTHS_PAID_RANGE.max}`);
  }
  return Math.floor((PAY_PERIODS_PER_YEAR[frequency] * monthsPaid * termMonths) / 144);
}
