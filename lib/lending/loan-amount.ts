import { formatUsd } from "../format/money";
import { LOAN_TERMS } from "./loan-terms";

/**
 * How much a person may apply for, in dollars: one rule for the loan request form (lib/personal
 * schemas), the `applies` operation (the stand-in API) and prequalification (the lending rules),
 * so an amount the form accepts is never refused later and cannot end an application by itself.
 */
export const LOAN_AMOUNT = { min: LOAN_TERMS.minAmountAppliedFor, max: LOAN_TERMS.maxAmountFinanced } as const;

const whole = (dollars: number) => formatUsd(dollars, { cents: false });

/** The range in words, stated beside the field before anyone types. */
export const LOAN_AMOUNT_RANGE_TEXT = `${whole(LOAN_AMOUNT.min)} to ${whole(LOAN_AMOUNT.max)}`;

/** The loan amount field's hint, on both forms that ask for it: the range, before anyone types. */
export const LOAN_AMOUNT_HINT = `${LOAN_AMOUNT_RANGE_TEXT}, in whole dollars or with cents`;

export const LOAN_AMOUNT_MESSAGES = {
  required: "Enter the amount you'd like to borrow",
  below: `The smallest loan is ${whole(LOAN_AMOUNT.min)}: enter ${LOAN_AMOUNT_RANGE_TEXT}`,
  above: `The largest loan is ${whole(LOAN_AMOUNT.max)}: enter ${LOAN_AMOUNT_RANGE_TEXT}`,
  cents: "Use at most two decimals (cents)",
  notANumber: "Enter an amount in dollars",
} as const;

/** Why `amount` may not be applied for (a message for the person), or null when it may. */
export function loanAmountProblem(amount: unknown): string | null {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return LOAN_AMOUNT_MESSAGES.notANumber;
  if (amount < LOAN_AMOUNT.min) return LOAN_AMOUNT_MESSAGES.below;
  if (amount > LOAN_AMOUNT.max) return LOAN_AMOUNT_MESSAGES.above;
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) return LOAN_AMOUNT_MESSAGES.cents;
  return null;
}
