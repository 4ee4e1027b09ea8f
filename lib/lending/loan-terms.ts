export interface LoanTermsFacts {
  /** The smallest amount anyone may apply for, in dollars. */
  readonly minAmountAppliedFor: number;
  readonly maxAmountFinanced: number;
  readonly maxAprPercent: number;
  readonly termMonths: number;
  /**
   * SPEC 1's worked example: its terms only. The figures it leads to (APR, payment, total) are
   * computed by the loan math (worked-example.ts), so the footer and an offer for the same terms
   * can never disagree.
   */
  readonly example: {
    /** The loan (principal) in dollars. */
    readonly loanAmount: number;
    readonly prepaidFinanceCharge: number;
    readonly interestRatePercent: number;
  };
}

/**
 * The product's loan terms (SPEC 1 and 9), in dollars and percent: the one place they are written.
 * The footer, /personal, the form schemas, the loan math and the local stand-in all read them
 * from here.
 */
export const LOAN_TERMS = {
  /** The lender's smallest loan: the loan request, `applies` and prequalification all hold to it (loan-amount.ts). */
  minAmountAppliedFor: 500,
  /** Cap on the amount financed; the amount applied for is held to the same figure. */
  maxAmountFinanced: 10_000,
  /** APR including fees. */
  maxAprPercent: 35.99,
  termMonths: 24,
  example: {
    loanAmount: 4000,
    prepaidFinanceCharge: 25,
    interestRatePercent: 18.99,
  },
} as const satisfies LoanTermsFacts;
