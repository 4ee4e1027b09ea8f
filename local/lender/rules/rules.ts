import { loanAmountProblem } from "../../../lib/lending/loan-amount";
import { offeredAmount } from "./offer-amount";
import { LoanTermsError, TERM_MONTHS, centsToDollars, type LoanDisclosure, type PayFrequency } from "../../../lib/lending/loan-math";
import { MONTHS_PAID_RANGE } from "./payroll-deductions";
import { collectedLoan, type CollectedLoan, type RepaymentMethod, type RepaymentPlan } from "./repayment-schedule";
import { isServedState } from "../../../lib/lending/service-area";
import { ELIGIBILITY, eligibleStatus, incomeProblem, tenureProblem } from "../../../lib/lending/eligibility";

/**
 * The local stand-in's lending rules: pure, deterministic, documented in docs/lending.md ("Lending
 * rules"). They decide on the stand-in's data only — nothing here is a real underwriting model.
 */

// ---------------------------------------------------------------------------------------------
// Simulated soft credit check, with test SSNs in the manner of a payment processor's test cards.

export type CreditCheck =
  { kind: "scored"; score: number } | { kind: "denied"; score: number; creditDenialReason: string } | { kind: "thinFile" };

/** Documented test SSNs (666 is never issued as an area number, so no real person has them). */
export const TEST_SSNS: Readonly<Record<string, CreditCheck>> = {
  "666000001": { kind: "scored", score: 760 },
  "666000002": { kind: "denied", score: 540, creditDenialReason: "Serious delinquency reported in the last 12 months" },
  "666000003": { kind: "thinFile" },
  "666000004": { kind: "scored", score: 660 },
};
/** Every other SSN: a clean file with this score. */
export const DEFAULT_CREDIT_SCORE = 720;

export function softCreditCheck(ssn: string): CreditCheck {
  return TEST_SSNS[ssn] ?? { kind: "scored", score: DEFAULT_CREDIT_SCORE };
}

// ---------------------------------------------------------------------------------------------
// Prequalification.

/** Flat origination fee: the prepaid finance charge, withheld from the proceeds. */
export const ORIGINATION_FEE_CENTS = 2_500;

/** Note rate in basis points by credit tier. */
export const RATE_TIERS = { prime: 1899, standard: 2499, thinFile: 2999 } as const;
export const PRIME_MIN_SCORE = 700;
export const STANDARD_MIN_SCORE = 640;

export interface PrequalFacts {
  employerId: string | null;
  amountAppliedFor: number | null;
  stateOfResidence: string | null;
  employmentStatus: string | null;
  /** ISO date the applicant started with the employer. */
  startDate: string | null;
  salary: number | null;
  additionalIncome: number | null;
  /** 9 digits. */
  ssn: string | null;
  /** ISO date of the decision (tenure is measured to it). */
  today: string;
  /** How the loan will be collected (pay frequency, months paid, the employer's payment type); monthly, direct when not given. */
  repayment?: RepaymentPlan;
}

/** Paying the lender directly each month: the note's own schedule. */
export const MONTHLY_DIRECT: RepaymentPlan = { method: "direct", frequency: "monthly", monthsPaid: MONTHS_PAID_RANGE.max };

/**
 * The loan disclosed on its collected schedule with the flat origination fee, or, where that fee
 * would take the APR of a short schedule (few paydays a year) over the cap, the largest whole-dollar
 * fee that keeps it within: as lenders under an all-in APR cap do, the fee gives way, not the
 * borrower. Throws LoanTermsError when even no fee cannot meet the caps.
 */
export function loanWithinCaps(terms: { principalCents: number; rateBps: number }, how: RepaymentPlan): CollectedLoan {
  for (let feeCents = ORIGINATION_FEE_CENTS; ; feeCents -= 100) {
    try {
      return collectedLoan({ ...terms, feeCents: Math.max(feeCents, 0) }, how);
    } catch (e) {
      if (!(e instanceof LoanTermsError) || e.field !== "apr" || feeCents <= 0) throw e;
    }
  }
}

export type PrequalDecision =
  | {
      status: true;
      rule: "prequalified";
      principalCents: number;
      rateBps: number;
      termMonths: number;
      feeCents: number;
      disclosure: LoanDisclosure;
      credit: CreditCheck;
    }
  | { status: false; rule: PrequalRule; reason: string; creditDenialReason?: string };

export type PrequalRule = "employer" | "amount" | "state" | "employmentStatus" | "tenure" | "income" | "ssn" | "credit" | "caps";

/** The rate tier a credit file earns (a denied file never gets this far). */
function rateFor(credit: Exclude<CreditCheck, { kind: "denied" }>): number {
  if (credit.kind === "thinFile") return RATE_TIERS.thinFile;
  return credit.score >= PRIME_MIN_SCORE ? RATE_TIERS.prime : RATE_TIERS.standard;
}

/**
 * The prequalification rule. The first rule that fails decides (its reason is the failure reason
 * and the rejection reason); otherwise the applicant prequalifies for the smallest of the amount
 * asked, 25% of annual income (down to $100) and, on a thin file, $1,500 — at the rate of their
 * credit tier, 24 months, with the flat origination fee. Every quote passes through the loan
 * math's caps.
 */
export function decidePrequalification(f: PrequalFacts): PrequalDecision {
  const fail = (rule: PrequalRule, reason: string, creditDenialReason?: string): PrequalDecision =>
    creditDenialReason ? { status: false, rule, reason, creditDenialReason } : { status: false, rule, reason };

  if (!f.employerId) return fail("employer", "No employer on the application");
  // The amount and state rules are the ones the loan request and `applies` hold to: a row that
  // passed them is not refused here. The checks stay for rows written another way (seeds, old data).
  const amount = f.amountAppliedFor;
  const amountProblem = amount === null ? "No amount on the application" : loanAmountProblem(amount);
  if (amount === null || amountProblem) return fail("amount", amountProblem!);
  if (!f.stateOfResidence) return fail("state", "No state of residence on the application");
  if (!isServedState(f.stateOfResidence)) return fail("state", `Loans are not offered in ${f.stateOfResidence}`);
  // Income, status and tenure are the employment form's rules too (lib/lending/eligibility.ts): only
  // rows written another way (seeds, old data) can fail them here.
  const status = eligibleStatus(f.employmentStatus);
  if (!status)
    return fail("employmentStatus", `Employment status "${f.employmentStatus ?? "none"}" is not eligible (full or part time only)`);
  if (!f.startDate || !/^\d{4}-\d{2}-\d{2}$/.test(f.startDate)) return fail("tenure", "No employment start date on the application");
  if (tenureProblem(status, f.startDate, f.today)) {
    return fail("tenure", `Less than ${ELIGIBILITY.minTenureMonths[status]} months with the employer (${status} time)`);
  }
  const income = (f.salary ?? 0) + (f.additionalIncome ?? 0);
  if (incomeProblem(f.salary, f.additionalIncome))
    return fail("income", `Annual income below $${ELIGIBILITY.minAnnualIncome.toLocaleString("en-US")}`);
  if (!f.ssn || !/^\d{9}$/.test(f.ssn)) return fail("ssn", "No SSN on the application for the credit check");

  const credit = softCreditCheck(f.ssn);
  if (credit.kind === "denied") return fail("credit", `Credit check: ${credit.creditDenialReason}`, credit.creditDenialReason);
  if (credit.kind === "scored" && credit.score < STANDARD_MIN_SCORE) {
    return fail("credit", "Credit check: score below the minimum", "Credit score below the minimum");
  }

  // The amount offered and its limits: local/lender/rules/offer-amount (whose messages say why it is lower).
  const { dollars } = offeredAmount({ askedDollars: amount, annualIncome: income, thinFile: credit.kind === "thinFile" });
  // No "too small" case: the income floor ($15,000) keeps 25% of income ($3,700) above the $500 minimum.

  const rateBps = rateFor(credit);
  const principalCents = Math.round(dollars * 100);
  let disclosure: LoanDisclosure;
  try {
    disclosure = loanWithinCaps({ principalCents, rateBps }, f.repayment ?? MONTHLY_DIRECT).disclosure;
  } catch {
    return fail("caps", "The terms would exceed the loan caps");
  }
  return {
    status: true,
    rule: "prequalified",
    principalCents,
    rateBps,
    termMonths: TERM_MONTHS,
    feeCents: disclosure.terms.feeCents,
    disclosure,
    credit,
  };
}

// ---------------------------------------------------------------------------------------------
// Offer figures.

export function payFrequency(value: string | null): PayFrequency {
  const v = (value ?? "").toLowerCase().replace(/[^a-z]/g, "");
  if (v === "weekly") return "weekly";
  if (v === "semimonthly" || v === "twicemonthly") return "semimonthly";
  if (v === "monthly") return "monthly";
  return "biweekly"; // the most common school and public-sector payroll, and the form's default
}

/** Months a year the applicant is paid, as the employment step stored it; a full year when not given. */
export function monthsPaid(value: number | null): number {
  return value !== null && Number.isInteger(value) && value >= MONTHS_PAID_RANGE.min && value <= MONTHS_PAID_RANGE.max
    ? value
    : MONTHS_PAID_RANGE.max;
}

export interface OfferFigures {
  offerAmountFinanced: number;
  offerOriginalAPR: number;
  offerTotalCost: number;
  offerTerm: number;
  offerPaymentAmount: number;
  offerDeductionAmount: number;
  expectedPayments: number;
}

/**
 * The offer, all from the one repayment schedule that will be collected
 * (local/lender/rules/repayment-schedule): on the applicant's paydays (pay frequency, months paid a year)
 * or monthly when paying directly. Amount financed, APR (Appendix J on that schedule), total of
 * payments, term; offerPaymentAmount is that schedule's regular payment and expectedPayments its
 * count; offerDeductionAmount is the same payment taken from the paycheck, 0 when nothing is.
 */
export function offerFigures(
  terms: { principalCents: number; feeCents: number; rateBps: number },
  frequency: PayFrequency,
  paidMonths: number = MONTHS_PAID_RANGE.max,
  method: RepaymentMethod = "payroll",
): OfferFigures {
  const { disclosure: d, schedule: s } = collectedLoan(terms, { method, frequency, monthsPaid: paidMonths });
  return {
    offerAmountFinanced: centsToDollars(d.amountFinancedCents),
    offerOriginalAPR: d.aprBps / 100,
    offerTotalCost: centsToDollars(d.totalOfPaymentsCents),
    offerTerm: TERM_MONTHS,
    offerPaymentAmount: centsToDollars(s.regularCents),
    offerDeductionAmount: s.method === "payroll" ? centsToDollars(s.regularCents) : 0,
    expectedPayments: s.count,
  };
}

// ---------------------------------------------------------------------------------------------
// Review (the lender's decision after consent and a verified funding source).

export interface ReviewFacts {
  step: string;
  prequalified: boolean;
  evolveConsent: boolean;
  verifiedFundingSource: boolean;
  identityUploaded: boolean;
  paystubsUploaded: boolean;
  requirePaystubs: boolean;
}

/** What the application still lacks before review can send an offer (empty: send it). */
export function reviewMissing(f: ReviewFacts): string[] {
  const missing: string[] = [];
  if (!f.prequalified) missing.push("a prequalification");
  if (!f.evolveConsent) missing.push("consent to the terms");
  if (!f.verifiedFundingSource) missing.push("a verified bank account");
  if (!f.identityUploaded) missing.push("an identity document");
  if (f.requirePaystubs && !f.paystubsUploaded) missing.push("pay stubs");
  return missing;
}
