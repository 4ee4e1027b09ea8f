import { TERM_MONTHS } from "../../../lib/lending/loan-math";
import {
  FREQUENCY_WORDS,
  collectedLoan,
  repaymentMethod,
  scheduleHeadline,
  scheduleOfOffer,
  type RepaymentSchedule,
} from "../rules/repayment-schedule";
import { monthsPaid, payFrequency } from "../rules/rules";
import { e, usd } from "./pages";
import type { Employment } from "../../../contract/generated/types";

/** The pay facts of the contract's Employment the schedule needs. */
type PayFacts = Pick<Employment, "payFrequency" | "payMonths"> | null | undefined;
type OfferRow = { offerPaymentAmount: number; offerDeductionAmount: number; expectedPayments: number; offerTotalCost: number };

/**
 * The one repayment schedule (local/lender/rules/repayment-schedule) as the hosted apps' stand-ins show it:
 * an offer's from what the offer stores, so the headline, the Truth in Lending schedule and the
 * dashboard agree with SPEC 3's offerPaymentAmount, offerDeductionAmount and expectedPayments.
 */
export function offerSchedule(offer: OfferRow, employment: PayFacts): RepaymentSchedule {
  return scheduleOfOffer(offer, payFrequency(employment?.payFrequency ?? null));
}

/** Before an offer (prequalified terms): the schedule the offer will have, from the same module. */
export function plannedSchedule(
  terms: { principalCents: number; feeCents: number; rateBps: number },
  employment: PayFacts,
  defaultPaymentType: string | null | undefined,
): RepaymentSchedule {
  return collectedLoan(terms, {
    method: repaymentMethod(defaultPaymentType),
    frequency: payFrequency(employment?.payFrequency ?? null),
    monthsPaid: monthsPaid(employment?.payMonths ?? null),
  }).schedule;
}

/** "$92.73 every two weeks from your paycheck (52 payments)", or "…(24 payments, the last $201.46)". */
export function paymentHeadline(s: RepaymentSchedule): string {
  return e(scheduleHeadline(s));
}

/** The Truth in Lending payment schedule's rows (Reg Z §1026.18(g)): number, amount, when due. */
export function scheduleRows(s: RepaymentSchedule): string {
  const when =
    s.method === "payroll"
      ? `From your paycheck ${e(FREQUENCY_WORDS[s.frequency])}, starting on your first payday after the loan is funded`
      : "Monthly, paid by you, starting one month after the loan is funded";
  // A last payment equal to the others is one row of them all, not a row of its own.
  if (s.lastCents === s.regularCents)
    return `<tr><td>${s.count}</td><td>${usd(s.regularCents / 100)}</td><td>${when}, the last within ${TERM_MONTHS} months after the loan is funded</td></tr>`;
  const regular = `<tr><td>${s.count - 1}</td><td>${usd(s.regularCents / 100)}</td><td>${when}</td></tr>`;
  const last = `<tr><td>1</td><td>${usd(s.lastCents / 100)}</td><td>The last payment, within ${TERM_MONTHS} months after the loan is funded</td></tr>`;
  return regular + last;
}
