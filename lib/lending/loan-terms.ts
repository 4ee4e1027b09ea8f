import { formatUsd } from "../format/money";

export interface LoanTermsFacts {
  readonly maxAmountFinanced: number;
  readonly maxAprPercent: number;
  readonly termMonths: number;
  readonly example: {
    readonly amountFinanced: number;
    readonly prepaidFinanceCharge: number;
    readonly interestRatePercent: number;
    readonly aprPercent: number;
    readonly monthlyPayment: number;
    readonly totalOfPayments: number;
  };
}

/**
 * The product's loan terms and worked example (SPEC 1 and 9), in dollars and percent: the one
 * place they are written. The footer, /personal, the form schemas, the loan math and the local
 * stand-in all read them from here.
 */
export const LOAN_TERMS = {
  /** Cap on the amount financed; the amount applied for is held to the same figure. */
  maxAmountFinanced: 10_000,
  /** APR including fees. */
  maxAprPercent: 35.99,
  termMonths: 24,
  /** The approved example as stated, even where the formulas disagree (worked-example.ts). */
  example: {
    amountFinanced: 4000,
    prepaidFinanceCharge: 25,
    interestRatePercent: 18.99,
    aprPercent: 19.6,
    monthlyPayment: 204.45,
    totalOfPayments: 4906.8,
  },
} as const satisfies LoanTermsFacts;

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The terms as every disclosure prints them ("$10,000", "35.99%", "24 months"), so no page retypes a figure. */
export function displayedLoanTerms(terms: LoanTermsFacts = LOAN_TERMS) {
  const e = terms.example;
  return {
    maxAmountFinanced: formatUsd(terms.maxAmountFinanced, { cents: false }),
    maxApr: percent(terms.maxAprPercent),
    term: `${terms.termMonths} months`,
    /** SPEC 1: no penalty for early repayment (loan-math payoffCents), in the disclosures' words. */
    earlyRepayment: "No penalty for paying early.",
    example: {
      amountFinanced: formatUsd(e.amountFinanced, { cents: false }),
      prepaidFinanceCharge: formatUsd(e.prepaidFinanceCharge, { cents: false }),
      interestRate: percent(e.interestRatePercent),
      apr: percent(e.aprPercent),
      monthlyPayment: formatUsd(e.monthlyPayment),
      totalOfPayments: formatUsd(e.totalOfPayments),
    },
  };
}
