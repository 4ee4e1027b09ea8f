import { LOAN_TERMS, type LoanTermsFacts } from "@/lib/lending/loan-terms";
import { displayedLoanTerms } from "@/lib/lending/worked-example";

/** The disclosure paragraphs printed in the footer: chrome wording, figures from the loan math (lib/lending/worked-example). */
export function loanTermsText(terms: LoanTermsFacts = LOAN_TERMS): string[] {
  const t = displayedLoanTerms(terms);
  const e = t.example;
  return [
    `Loans up to ${t.maxAmountFinanced} amount financed. Maximum APR ${t.maxApr}, including fees. ` +
      `Fixed repayment term of ${t.term}. ${t.earlyRepayment}`,
    `Representative example, repaid monthly: a ${e.loanAmount} loan with a ${e.prepaidFinanceCharge} prepaid finance charge (${e.amountFinanced} amount financed) ` +
      `at ${e.interestRate} interest has a ${e.apr} APR, ${e.payments}, ` +
      `a finance charge of ${e.financeCharge} and a total of ${e.totalOfPayments} in payments. ` +
      "It is an example: your own offer shows your payments, on your paydays where your paycheck repays the loan.",
    "Loans are not sponsored by employers. Approval is based mainly on employment information.",
    "Payments are processed through a partner payment processor with a partner bank.",
  ];
}
