import { LoanTermsError, PAY_PERIODS_PER_YEAR, TERM_MONTHS, type PayFrequency } from "./loan-math";

/**
 * Repaying by payroll deduction: one deduction on each payday within the term, on the applicant's
 * pay frequency and the months a year they are paid (a school employee paid 10 months a year has
 * no paydays in the other two). The deductions add up to the total of payments exactly: each is
 * the total divided by their number, rounded up to the cent, and the last takes what is left.
 */
export interface DeductionSchedule {
  frequency: PayFrequency;
  monthsPaid: number;
  /** How many deductions the term holds. */
  count: number;
  /** Each deduction but the last. */
  regularCents: number;
  /** The last deduction: the total less the others (never more than a regular one). */
  lastCents: number;
  /** Their sum: the total of payments. */
  totalCents: number;
}

export const MONTHS_PAID_RANGE = { min: 1, max: 12 } as const;

/** Paydays within the term: periods a year × the share of the year paid × years, whole paydays only. */
export function deductionCount(frequency: PayFrequency, monthsPaid: number, termMonths: number = TERM_MONTHS): number {
  if (!Number.isInteger(monthsPaid) || monthsPaid < MONTHS_PAID_RANGE.min || monthsPaid > MONTHS_PAID_RANGE.max) {
    throw new LoanTermsError("payMonths", `must be a whole number of months from ${MONTHS_PAID_RANGE.min} to ${MONTHS_PAID_RANGE.max}`);
  }
  return Math.floor((PAY_PERIODS_PER_YEAR[frequency] * monthsPaid * termMonths) / 144);
}

export function payrollDeductionSchedule(
  totalOfPaymentsCents: number,
  frequency: PayFrequency,
  monthsPaid: number,
  termMonths: number = TERM_MONTHS,
): DeductionSchedule {
  if (!Number.isSafeInteger(totalOfPaymentsCents) || totalOfPaymentsCents < 1) {
    throw new LoanTermsError("amountFinanced", "the total of payments must be a whole number of cents ≥ 1");
  }
  const count = deductionCount(frequency, monthsPaid, termMonths);
  const regularCents = Math.ceil(totalOfPaymentsCents / count);
  const lastCents = totalOfPaymentsCents - regularCents * (count - 1);
  // Stryker disable next-line EqualityOperator: with whole-dollar loans of $500 and more a last deduction of exactly 0 is not reachable
  if (lastCents <= 0) throw new LoanTermsError("amountFinanced", "too small to spread over this many paydays");
  return { frequency, monthsPaid, count, regularCents, lastCents, totalCents: totalOfPaymentsCents };
}
