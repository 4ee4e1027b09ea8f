import { formatUsd } from "../../../lib/format/money";
import {
  LoanTermsError,
  PAY_PERIODS_PER_YEAR,
  TERM_MONTHS,
  actuarialApr,
  disclosedAprBps,
  discloseLoan,
  type LoanDisclosure,
  type PayFrequency,
} from "../../../lib/lending/loan-math";
import { deductionCount } from "./payroll-deductions";

/**
 * The one repayment schedule: what will actually be collected (issue 42). A borrower whose employer
 * sends part of each paycheck to the loan (SPEC 3 Employer.defaultPaymentType `directDeposit`, a
 * split deposit, or `payrollDeduction`) repays on every payday of their pay frequency; anyone else
 * pays the lender directly, monthly, the loan math's amortisation instalments. The offer's headline
 * and its payment schedule, SPEC 3's offerPaymentAmount, offerDeductionAmount and expectedPayments,
 * and the scheduled payments of the loan all come from here.
 *
 * The loan is amortised on the schedule collected (the note rate per payment period, one payment
 * per payday) and its Truth in Lending figures — APR, finance charge, total of payments — are that
 * schedule's by Appendix J, so the disclosed APR is accurate (§1026.22) whatever the pay frequency.
 */
export type RepaymentMethod = "payroll" | "direct";

/** SPEC 3 Employer.defaultPaymentType values under which each payday's paycheck repays the loan. */
const PAYDAY_PAYMENT_TYPES: readonly string[] = ["directDeposit", "payrollDeduction"];

export function repaymentMethod(defaultPaymentType: string | null | undefined): RepaymentMethod {
  return PAYDAY_PAYMENT_TYPES.includes(defaultPaymentType ?? "") ? "payroll" : "direct";
}

export interface RepaymentSchedule {
  method: RepaymentMethod;
  /** How often a payment falls due: the pay frequency, or monthly when paying directly. */
  frequency: PayFrequency;
  /** How many payments the term holds. */
  count: number;
  /** Each payment but the last. */
  regularCents: number;
  /** The last payment (it takes the rounding). */
  lastCents: number;
  /** Their sum: the total of payments of the disclosure. */
  totalCents: number;
}

/** How the loan is repaid: on the paydays of a pay frequency and months paid, or monthly, directly. */
export interface RepaymentPlan {
  method: RepaymentMethod;
  frequency: PayFrequency;
  monthsPaid: number;
}

/** A loan as it will be collected: its Truth in Lending disclosure and its payment schedule, from one amortisation. */
export interface CollectedLoan {
  disclosure: LoanDisclosure;
  schedule: RepaymentSchedule;
}

/**
 * The loan disclosed on the schedule that will be collected. Paying directly is the note's 24
 * monthly instalments (SPEC 1's worked example); on paydays the loan is amortised over the
 * paydays of the term at the note rate per pay period, and the APR is solved with the pay period
 * as the unit period. Throws LoanTermsError where the caps (loan-math) refuse the terms.
 */
export function collectedLoan(terms: { principalCents: number; feeCents: number; rateBps: number }, how: RepaymentPlan): CollectedLoan {
  const monthly = how.method === "direct";
  const frequency: PayFrequency = monthly ? "monthly" : how.frequency;
  const disclosure = monthly
    ? discloseLoan({ ...terms, termMonths: TERM_MONTHS })
    : discloseLoan(
        { ...terms, termMonths: TERM_MONTHS },
        { periodsPerYear: PAY_PERIODS_PER_YEAR[frequency], payments: deductionCount(frequency, how.monthsPaid) },
      );
  const rows = disclosure.schedule;
  return {
    disclosure,
    schedule: {
      method: how.method,
      frequency,
      count: rows.length,
      regularCents: rows[0]!.paymentCents,
      lastCents: rows.at(-1)!.paymentCents,
      totalCents: disclosure.totalOfPaymentsCents,
    },
  };
}

/**
 * The schedule back from what an offer stores (SPEC 3: offerPaymentAmount, offerDeductionAmount,
 * expectedPayments, offerTotalCost), so a page that shows an offer shows the same schedule as the
 * one it was made from: a deduction above 0 means paydays, none means paying directly.
 */
export function scheduleOfOffer(
  offer: { offerPaymentAmount: number; offerDeductionAmount: number; expectedPayments: number; offerTotalCost: number },
  payFrequency: PayFrequency,
): RepaymentSchedule {
  const regularCents = Math.round(offer.offerPaymentAmount * 100);
  const totalCents = Math.round(offer.offerTotalCost * 100);
  const count = offer.expectedPayments;
  const lastCents = totalCents - regularCents * (count - 1);
  // The last payment clears the amortised balance: it differs from the others by the rounding of
  // each level payment (under a cent each), so at most a cent per payment either way.
  if (!Number.isSafeInteger(count) || count < 1 || lastCents <= 0 || Math.abs(lastCents - regularCents) > count) {
    throw new LoanTermsError("amountFinanced", "the offer's payments do not add up to its total of payments");
  }
  const method: RepaymentMethod = offer.offerDeductionAmount > 0 ? "payroll" : "direct";
  return { method, frequency: method === "payroll" ? payFrequency : "monthly", count, regularCents, lastCents, totalCents };
}

/** The Truth in Lending figures of a schedule (Reg Z §1026.18). */
export interface ScheduleDisclosure {
  amountFinancedCents: number;
  totalOfPaymentsCents: number;
  financeChargeCents: number;
  /** Disclosed APR in basis points (two decimals, half up). */
  aprBps: number;
  /** The actual APR, unrounded, in percent. */
  aprExact: number;
}

/**
 * The Truth in Lending figures of a schedule as it will be collected (an offer's, read back with
 * scheduleOfOffer): Appendix J on its own payments, one per period of its frequency. For a schedule
 * made by collectedLoan these are exactly the disclosure's figures.
 */
export function scheduleDisclosure(terms: { principalCents: number; feeCents: number }, s: RepaymentSchedule): ScheduleDisclosure {
  const amountFinancedCents = terms.principalCents - terms.feeCents;
  const payments = Array.from({ length: s.count }, (_, k) => ({ cents: k === s.count - 1 ? s.lastCents : s.regularCents, periods: k + 1 }));
  const aprExact = actuarialApr(amountFinancedCents, payments, { periodsPerYear: PAY_PERIODS_PER_YEAR[s.frequency] });
  return {
    amountFinancedCents,
    totalOfPaymentsCents: s.totalCents,
    financeChargeCents: s.totalCents - amountFinancedCents,
    aprBps: disclosedAprBps(aprExact),
    aprExact,
  };
}

/** How often, in words a person reads: "every two weeks", "monthly"… */
export const FREQUENCY_WORDS: Record<PayFrequency, string> = {
  weekly: "every week",
  biweekly: "every two weeks",
  semimonthly: "twice a month",
  monthly: "every month",
};

/** The headline of a schedule: "$93.06 every two weeks from your paycheck (52 payments)". */
export function scheduleHeadline(s: RepaymentSchedule): string {
  const usd = (cents: number) => formatUsd(cents / 100);
  const how = s.method === "payroll" ? `${FREQUENCY_WORDS[s.frequency]} from your paycheck` : `${FREQUENCY_WORDS.monthly}, paid by you`;
  const last = s.lastCents === s.regularCents ? "" : `, the last ${usd(s.lastCents)}`;
  return `${usd(s.regularCents)} ${how} (${s.count} payments${last})`;
}

const DAYS_BETWEEN: Partial<Record<PayFrequency, number>> = { weekly: 7, biweekly: 14 };

function addMonthsIso(iso: string, months: number, days = 0): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The due date of payment `n` (1-based) of a schedule starting on `startIso` (the funding date):
 * weekly and biweekly every 7 or 14 days, semimonthly twice a month (a half month is 15 days),
 * monthly on the same day each month. The months an employee is not paid are not modelled here:
 * such a schedule's dates end before the term does (its count and amounts are right).
 */
export function paymentDueDate(startIso: string, s: Pick<RepaymentSchedule, "frequency">, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new LoanTermsError("term", "a payment number is a whole number ≥ 1");
  const days = DAYS_BETWEEN[s.frequency];
  if (days !== undefined) return addMonthsIso(startIso, 0, days * n);
  if (s.frequency === "semimonthly") return addMonthsIso(startIso, Math.floor(n / 2), n % 2 === 1 ? 15 : 0);
  return addMonthsIso(startIso, n);
}
