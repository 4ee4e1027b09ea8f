import { LOAN_TERMS, displayedLoanTerms, type LoanTermsFacts } from "@/lib/lending/loan-terms";

/** The disclosure paragraphs printed in the footer: chrome wording, figures from lib/lending/loan-terms. */
export function loanTermsText(terms: LoanTermsFacts = LOAN_TERMS): string[] {
  const t = displayedLoanTerms(terms);
  const e = t.example;
  return [
    `Loans up to ${t.maxAmountFinanced} amount financed. Maximum APR ${t.maxApr}, including fees. ` +
      `Fixed repayment term of ${t.term}. ${t.earlyRepayment}`,
    `Example: a ${e.amountFinanced} loan with a ${e.prepaidFinanceCharge} prepaid finance charge ` +
      `at ${e.interestRate} interest has a ${e.apr} APR, ${terms.termMonths} monthly payments of ${e.monthlyPayment} ` +
      `and a total of ${e.totalOfPayments} in payments.`,
    "Loans are not sponsored by employers. Approval is based mainly on employment information.",
    "Payments are processed through a partner payment processor with a partner bank.",
  ];
}
