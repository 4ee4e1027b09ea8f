import { formatUsd } from "@/lib/format/money";

/** Loan terms of SPEC 1 and 9, as data so the footer text and any page quote the same figures. */
export const LOAN_TERMS = {
  maxAmountFinanced: 10_000,
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
} as const;

const percent = (value: number) => `${value.toFixed(2)}%`;

/** The disclosure paragraphs printed in the footer. */
export function loanTermsText(terms = LOAN_TERMS): string[] {
  const e = terms.example;
  return [
    `Loans up to ${formatUsd(terms.maxAmountFinanced, { cents: false })} amount financed. Maximum APR ${percent(terms.maxAprPercent)}, including fees. ` +
      `Fixed repayment term of ${terms.termMonths} months. No penalty for paying early.`,
    `Example: a ${formatUsd(e.amountFinanced, { cents: false })} loan with a ${formatUsd(e.prepaidFinanceCharge, { cents: false })} prepaid finance charge ` +
      `at ${percent(e.interestRatePercent)} interest has a ${percent(e.aprPercent)} APR, ${terms.termMonths} monthly payments of ${formatUsd(e.monthlyPayment)} ` +
      `and a total of ${formatUsd(e.totalOfPayments)} in payments.`,
    "Loans are not sponsored by employers. Approval is based mainly on employment information.",
    "Payments are processed through a partner payment processor with a partner bank.",
  ];
}
