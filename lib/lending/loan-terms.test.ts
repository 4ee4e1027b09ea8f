import { MAX_AMOUNT_FINANCED_CENTS, MAX_APR_BPS, TERM_MONTHS } from "./loan-math";
import { LOAN_TERMS, displayedLoanTerms, type LoanTermsFacts } from "./loan-terms";

describe("LOAN_TERMS (SPEC 1 and 9)", () => {
  it("holds the caps, the term and the worked example as stated", () => {
    expect(LOAN_TERMS).toEqual({
      maxAmountFinanced: 10000,
      maxAprPercent: 35.99,
      termMonths: 24,
      example: {
        amountFinanced: 4000,
        prepaidFinanceCharge: 25,
        interestRatePercent: 18.99,
        aprPercent: 19.6,
        monthlyPayment: 204.45,
        totalOfPayments: 4906.8,
      },
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

describe("displayedLoanTerms", () => {
  const other: LoanTermsFacts = {
    maxAmountFinanced: 2500.5,
    maxAprPercent: 9,
    termMonths: 12,
    example: {
      amountFinanced: 1234.56,
      prepaidFinanceCharge: 10,
      interestRatePercent: 7.5,
      aprPercent: 8.123,
      monthlyPayment: 99,
      totalOfPayments: 1188,
    },
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
          amountFinanced: "$4,000",
          prepaidFinanceCharge: "$25",
          interestRate: "18.99%",
          apr: "19.60%",
          monthlyPayment: "$204.45",
          totalOfPayments: "$4,906.80",
        },
      },
    ],
    [
      "other terms: whole dollars for caps and example amounts, cents for payments, two-decimal percents",
      other,
      {
        maxAmountFinanced: "$2,501",
        maxApr: "9.00%",
        term: "12 months",
        earlyRepayment: "No penalty for paying early.",
        example: {
          amountFinanced: "$1,235",
          prepaidFinanceCharge: "$10",
          interestRate: "7.50%",
          apr: "8.12%",
          monthlyPayment: "$99.00",
          totalOfPayments: "$1,188.00",
        },
      },
    ],
  ])("%s", (_name, terms, expected) => {
    expect(displayedLoanTerms(terms)).toEqual(expected);
  });
});
