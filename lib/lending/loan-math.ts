import { formatUsd } from "../format/money";
import { LOAN_TERMS } from "./loan-terms";

/**
 * Loan math of the product's one loan shape: a single advance repaid in equal monthly instalments
 * (SPEC sections 1 and 9). Pure and exact: money is integer cents, the note rate is integer basis
 * points (18.99% = 1899), and the level payment is computed in exact rational arithmetic (BigInt),
 * so no floating-point value ever becomes money. Only the APR — a rate, not money — is solved in
 * floating point, by the actuarial method of Regulation Z Appendix J.
 *
 * Terms used (Regulation Z, §1026.18):
 * - principal: the note amount the interest accrues on (what the applicant asked for);
 * - prepaid finance charge: the origination fee, withheld from the proceeds;
 * - amount financed = principal − prepaid finance charge;
 * - total of payments = the sum of the scheduled payments;
 * - finance charge = total of payments − amount financed (interest + prepaid finance charge).
 */

/** SPEC 1/9 (lib/lending/loan-terms.ts): the one term, in months. */
export const TERM_MONTHS = LOAN_TERMS.termMonths;
/** SPEC 1/9: the cap on the amount financed, in cents. */
export const MAX_AMOUNT_FINANCED_CENTS = LOAN_TERMS.maxAmountFinanced * 100;
/** SPEC 1/9: the APR cap including fees, in basis points (rounded: 35.99 × 100 is not exact in floating point). */
export const MAX_APR_BPS = Math.round(LOAN_TERMS.maxAprPercent * 100);
/** Regulation Z §1026.22(a)(2): a regular transaction's disclosed APR is accurate within 1/8 of a percentage point. */
export const APR_TOLERANCE_PERCENT = 0.125;

const MONTHS_PER_YEAR = 12;
/** Basis points per unit rate (10,000) × periods a year: a monthly rate is bps / 120,000, a biweekly one bps / 260,000. */
const bpsPeriodDenominator = (periodsPerYear: number): bigint => 10_000n * BigInt(periodsPerYear);

export class LoanTermsError extends Error {
  constructor(
    readonly field: "principal" | "fee" | "rate" | "term" | "amountFinanced" | "apr" | "payMonths",
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = "LoanTermsError";
  }
}

export interface LoanTerms {
  principalCents: number;
  /** Prepaid finance charge (origination fee), withheld from the proceeds. */
  feeCents: number;
  /** Note rate in basis points a year (1899 = 18.99%). */
  rateBps: number;
  termMonths: number;
}

export interface ScheduledInstalment {
  /** 1-based instalment number; instalment k falls due k payment periods (months, unless paid on paydays) after the advance. */
  number: number;
  paymentCents: number;
  interestCents: number;
  principalCents: number;
  balanceAfterCents: number;
}

/**
 * How the loan is repaid: payments a year (12 monthly; 52, 26, 24 on paydays) and how many, all
 * within the term. The note rate accrues per payment period (rate / periods a year) and the APR is
 * solved with that period as Appendix J's unit period, so the disclosure is the schedule collected.
 */
export interface PaymentPeriods {
  periodsPerYear: number;
  payments: number;
}

export interface LoanDisclosure {
  terms: LoanTerms;
  periods: PaymentPeriods;
  /** The level payment (the last one may differ by the rounding of the others). */
  paymentCents: number;
  schedule: ScheduledInstalment[];
  amountFinancedCents: number;
  totalOfPaymentsCents: number;
  financeChargeCents: number;
  /** APR by Appendix J, unrounded, in percent. */
  aprExact: number;
  /** The disclosed APR: percent to two decimals (half up), as basis points to stay exact. */
  aprBps: number;
}

function assertCents(field: LoanTermsError["field"], v: number, min: number): void {
  if (!Number.isSafeInteger(v) || v < min) throw new LoanTermsError(field, `must be a whole number of cents ≥ ${min}`);
}

/** Half-up division of non-negative BigInts. */
function divRound(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

function assertPeriodsPerYear(periodsPerYear: number): void {
  if (!Number.isSafeInteger(periodsPerYear) || periodsPerYear < 1)
    throw new LoanTermsError("term", "payments a year must be a whole number ≥ 1");
}

/**
 * The level payment of an amortising loan, rounded half up to the cent:
 * P·r / (1 − (1+r)^−n) with r = rateBps / (10,000 × periods a year) (monthly: 120,000), evaluated
 * exactly as P·bps·(D+bps)^n / (D·((D+bps)^n − D^n)) with D = 10,000 × periods a year.
 */
export function levelPaymentCents(principalCents: number, rateBps: number, termMonths: number, periodsPerYear = MONTHS_PER_YEAR): number {
  assertCents("principal", principalCents, 1);
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new LoanTermsError("rate", "must be whole basis points ≥ 0");
  if (!Number.isSafeInteger(termMonths) || termMonths < 1) throw new LoanTermsError("term", "must be a whole number of months ≥ 1");
  assertPeriodsPerYear(periodsPerYear);
  const p = BigInt(principalCents);
  const n = BigInt(termMonths);
  if (rateBps === 0) return Number(divRound(p, n));
  const b = BigInt(rateBps);
  const denominator = bpsPeriodDenominator(periodsPerYear);
  const up = (denominator + b) ** n;
  const base = denominator ** n;
  return Number(divRound(p * b * up, denominator * (up - base)));
}

/** Interest of one payment period (a month unless given) on a balance, half up to the cent (exact: integers only). */
export function monthlyInterestCents(balanceCents: number, rateBps: number, periodsPerYear = MONTHS_PER_YEAR): number {
  return Number(divRound(BigInt(balanceCents) * BigInt(rateBps), bpsPeriodDenominator(periodsPerYear)));
}

/**
 * The amortisation schedule: each period (a month unless given) accrues interest on the balance
 * (to the cent) and the level payment repays it; the last payment is whatever clears the balance,
 * so the schedule always ends at exactly zero.
 */
export function amortisationSchedule(
  principalCents: number,
  rateBps: number,
  termMonths: number,
  periodsPerYear = MONTHS_PER_YEAR,
): ScheduledInstalment[] {
  const payment = levelPaymentCents(principalCents, rateBps, termMonths, periodsPerYear);
  const schedule: ScheduledInstalment[] = [];
  let balance = principalCents;
  for (let k = 1; k <= termMonths; k++) {
    const interest = monthlyInterestCents(balance, rateBps, periodsPerYear);
    const due = k === termMonths ? balance + interest : Math.min(payment, balance + interest);
    const principal = due - interest;
    balance -= principal;
    schedule.push({ number: k, paymentCents: due, interestCents: interest, principalCents: principal, balanceAfterCents: balance });
  }
  return schedule;
}

/**
 * Appendix J (b)(8), general equation, for a single advance with payments at whole unit-periods
 * (no odd first period): A = Σ P_k / (1+i)^t_k. Solves for the unit-period rate i by Newton's
 * method from a bracketing bisection start, to a relative change below 1e-12, and returns the APR
 * in percent (unit-period rate × unit-periods a year, Appendix J (b)(1)).
 *
 * `firstPeriodFraction` (f of Appendix J (b)(5)) and `periodsPerYear` let the published examples
 * with odd first periods and other unit-periods be checked against the same solver; the product
 * itself always uses f = 0 and 12.
 */
export function actuarialApr(
  amountFinancedCents: number,
  payments: readonly { cents: number; periods: number }[],
  options: { periodsPerYear?: number; firstPeriodFraction?: number } = {},
): number {
  const periodsPerYear = options.periodsPerYear ?? MONTHS_PER_YEAR;
  const f = options.firstPeriodFraction ?? 0;
  const total = payments.reduce((s, p) => s + p.cents, 0);
  if (amountFinancedCents <= 0) throw new LoanTermsError("amountFinanced", "must be positive");
  if (total < amountFinancedCents) throw new LoanTermsError("apr", "payments are less than the amount financed");
  if (total === amountFinancedCents) return 0;
  const A = amountFinancedCents;
  // g(i) = PV(i) − A, decreasing in i; g'(i) by differentiating each term.
  const g = (i: number) => payments.reduce((s, p) => s + p.cents / ((1 + f * i) * (1 + i) ** p.periods), 0) - A;
  const dg = (i: number) =>
    payments.reduce((s, p) => {
      const d = (1 + f * i) * (1 + i) ** p.periods;
      const dd = f * (1 + i) ** p.periods + (1 + f * i) * p.periods * (1 + i) ** (p.periods - 1);
      return s - (p.cents * dd) / (d * d);
    }, 0);
  // Bracket: g(0) > 0; double hi until g(hi) < 0.
  let lo = 0;
  let hi = 0.01;
  // Stryker disable next-line EqualityOperator: g(hi) exactly 0 makes hi the root, which the search then returns as well
  while (g(hi) > 0) {
    lo = hi;
    hi *= 2;
    // Stryker disable next-line EqualityOperator: hi is 0.01 × 2^k, never exactly 1000
    if (hi > 1e3) throw new LoanTermsError("apr", "does not converge");
  }
  let i = (lo + hi) / 2;
  for (let iter = 0; iter < 100; iter++) {
    const gi = g(i);
    // Narrow the bracket around i first: a bisection fallback must then move (it once returned i itself).
    // Stryker disable next-line EqualityOperator: g(i) exactly 0 means i is the root; either side of the bracket keeps it
    if (gi > 0) lo = i;
    else hi = i;
    let next = i - gi / dg(i);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2; // keep Newton inside the bracket
    if (Math.abs(next - i) <= 1e-12 * Math.max(1, next)) return next * periodsPerYear * 100;
    i = next;
  }
  throw new LoanTermsError("apr", "does not converge");
}

/** Percent to basis points, half up: the APR as disclosed (two decimals). */
export function disclosedAprBps(aprPercent: number): number {
  // The 1e-9 nudge keeps a value such as 19.645 (stored as 19.64499…) rounding as written.
  return Math.floor(aprPercent * 100 + 0.5 + 1e-9);
}

/** §1026.22(a)(2): a disclosed APR is accurate when within 1/8 percentage point of the actual. */
export function isAprAccurate(disclosedPercent: number, actualPercent: number): boolean {
  // Stryker disable next-line EqualityOperator: the 1e-12 margin already absorbs the boundary; a difference of exactly 0.125 + 1e-12 is not a float two APRs produce
  return Math.abs(disclosedPercent - actualPercent) <= APR_TOLERANCE_PERCENT + 1e-12;
}

/**
 * The Truth in Lending figures of a loan, with the SPEC caps of loan-terms.ts enforced: the one
 * term, the amount financed cap, the APR cap (the APR includes the fee). No prepayment penalty:
 * see payoffCents. Monthly over the term unless `periods` says how the loan is repaid (the payday
 * schedule of local/lender/rules/repayment-schedule.ts): the note rate per period, the APR by Appendix J on that
 * schedule, so the disclosed APR is the actual one of what is collected (§1026.22).
 */
export function discloseLoan(terms: LoanTerms, periods?: PaymentPeriods): LoanDisclosure {
  const { principalCents, feeCents, rateBps, termMonths } = terms;
  assertCents("principal", principalCents, 1);
  assertCents("fee", feeCents, 0);
  if (termMonths !== TERM_MONTHS) throw new LoanTermsError("term", `must be ${TERM_MONTHS} months`);
  const { periodsPerYear, payments } = periods ?? { periodsPerYear: MONTHS_PER_YEAR, payments: termMonths };
  assertPeriodsPerYear(periodsPerYear);
  // Stryker disable next-line EqualityOperator: the term's last period is allowed (24 months = 52 biweekly periods)
  if (!Number.isSafeInteger(payments) || payments < 1 || payments * MONTHS_PER_YEAR > termMonths * periodsPerYear)
    throw new LoanTermsError("term", `the payments must fall within the ${termMonths}-month term`);
  if (feeCents >= principalCents) throw new LoanTermsError("fee", "must be less than the principal");
  const amountFinancedCents = principalCents - feeCents;
  if (amountFinancedCents > MAX_AMOUNT_FINANCED_CENTS)
    throw new LoanTermsError("amountFinanced", `must be at most ${formatUsd(centsToDollars(MAX_AMOUNT_FINANCED_CENTS))}`);
  const schedule = amortisationSchedule(principalCents, rateBps, payments, periodsPerYear);
  const totalOfPaymentsCents = schedule.reduce((s, k) => s + k.paymentCents, 0);
  const aprExact = actuarialApr(
    amountFinancedCents,
    schedule.map((k) => ({ cents: k.paymentCents, periods: k.number })),
    { periodsPerYear },
  );
  // The cap applies to the actual APR: a disclosed 35.99% may not hide a 35.994%.
  // Stryker disable next-line EqualityOperator: a solved APR of exactly 35.99 (a float) is not reachable from whole-cent terms
  if (aprExact > MAX_APR_BPS / 100) throw new LoanTermsError("apr", `must be at most ${MAX_APR_BPS / 100}% including fees`);
  return {
    terms,
    periods: { periodsPerYear, payments },
    paymentCents: schedule[0]!.paymentCents,
    schedule,
    amountFinancedCents,
    totalOfPaymentsCents,
    financeChargeCents: totalOfPaymentsCents - amountFinancedCents,
    aprExact,
    aprBps: disclosedAprBps(aprExact),
  };
}

/**
 * What clears the loan after `paidInstalments` scheduled payments, at a due date: the remaining
 * balance only — no prepayment penalty, no unearned interest (SPEC 1).
 */
export function payoffCents(disclosure: LoanDisclosure, paidInstalments: number): number {
  if (paidInstalments <= 0) return disclosure.terms.principalCents;
  const row = disclosure.schedule[Math.min(paidInstalments, disclosure.schedule.length) - 1]!;
  return row.balanceAfterCents;
}

export type PayFrequency = "weekly" | "biweekly" | "semimonthly" | "monthly";
export const PAY_PERIODS_PER_YEAR: Record<PayFrequency, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 };

export const dollarsToCents = (dollars: number): number => {
  const c = Math.round(dollars * 100);
  // Stryker disable next-line EqualityOperator: a rounding error of exactly 1e-6 cent is not a float dollars × 100 produces
  if (!Number.isSafeInteger(c) || Math.abs(dollars * 100 - c) > 1e-6) throw new LoanTermsError("principal", "must be whole cents");
  return c;
};
export const centsToDollars = (cents: number): number => cents / 100;
export const percentToBps = (percent: number): number => {
  const b = Math.round(percent * 100);
  // Stryker disable next-line EqualityOperator: as in dollarsToCents, the 1e-6 boundary itself is not reachable
  if (Math.abs(percent * 100 - b) > 1e-6) throw new LoanTermsError("rate", "must be whole basis points");
  return b;
};
