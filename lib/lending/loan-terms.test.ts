import { MAX_AMOUNT_FINANCED_CENTS, MAX_APR_BPS, TERM_MONTHS } from "./loan-math";
import { LOAN_TERMS, type LoanTermsFacts } from "./loan-terms";
import { displayedLoanTerms, workedExample } from "./worked-example";

describe("LOAN_TERMS (SPEC 1 and 9)", () => {
  it("holds the smallest loan, the caps, the term and the worked example's terms", () => {
    expect(LOAN_TERMS).toEqual({
      minAmountAppliedFor: 500,
      maxAmountFinanced: 10000,
      maxAprPercent: 35.99,
      termMonths: 24,
      example: { loanAmount: 4000, prepaidFinanceCharge: 25, interestRatePercent: 18.99 },
    });
  });

  it("gives the loan math its caps in months, cents and basis points", () => {
    expect({ TERM_MONTHS, MAX_AMOUNT_FINANCED_CENTS, MAX_APR_BPS }).toEqual({
      TERM_MONTHS: 24,
      MAX_AMOUNT_FINANCED_CENTS: 1_000_000,
      MAX_APR_BPS: 3599,
    });
  });
});

describe("the worked example is the loan math's answer for SPEC 1's terms", () => {
  it("$4,000 with a $25 prepaid finance charge at 18.99% for 24 months", () => {
    const d = workedExample();
    expect({
      amountFinanced: d.amountFinancedCents,
      apr: d.aprBps,
      payment: d.paymentCents,
      last: d.schedule.at(-1)!.paymentCents,
      total: d.totalOfPaymentsCents,
      financeCharge: d.financeChargeCents,
    }).toEqual({ amountFinanced: 397_500, apr: 1964, payment: 20162, last: 20146, total: 483_872, financeCharge: 86_372 });
  });
});

describe("displayedLoanTerms", () => {
  const other: LoanTermsFacts = {
    minAmountAppliedFor: 100,
    maxAmountFinanced: 2500.5,
    maxAprPercent: 9,
    termMonths: 24,
    example: { loanAmount: 1200, prepaidFinanceCharge: 0, interestRatePercent: 0 },
  };

  it.each([
    [
      "the product's terms",
      undefined,
      {
        maxAmountFinanced: "$10,000",
        maxApr: "35.99%",
        term: "24 months",
        earlyRepayment: "No penalty for paying early.",
        example: {
          loanAmount: "$4,000",
          prepaidFinanceCharge: "$25",
          interestRate: "18.99%",
          amountFinanced: "$3,975.00",
          apr: "19.64%",
          monthlyPayment: "$201.62",
          payments: "23 monthly payments of $201.62 and a last one of $201.46",
          financeCharge: "$863.72",
          totalOfPayments: "$4,838.72",
        },
      },
    ],
    [
      "other terms: whole dollars for caps and example amounts, cents for payments, one payment line when all are equal",
      other,
      {
        maxAmountFinanced: "$2,501",
        maxApr: "9.00%",
        term: "24 months",
        earlyRepayment: "No penalty for paying early.",
        example: {
          loanAmount: "$1,200",
          prepaidFinanceCharge: "$0",
          interestRate: "0.00%",
          amountFinanced: "$1,200.00",
          apr: "0.00%",
          monthlyPayment: "$50.00",
          payments: "24 monthly payments of $50.00",
          financeCharge: "$0.00",
          totalOfPayments: "$1,200.00",
        },
      },
    ],
  ])("%s", (_name, terms, expected) => {
    expect(displayedLoanTerms(terms)).toEqual(expected);
  });
});
