import { LOAN_AMOUNT_RANGE_TEXT } from "@/lib/lending/loan-amount";
import { displayedLoanTerms } from "@/lib/lending/worked-example";

/** SPEC 1's loan terms and worked example, beside the loan request: figures from the loan math (lib/lending/worked-example). */
export function LoanFacts() {
  const t = displayedLoanTerms();
  const e = t.example;
  return (
    <aside aria-labelledby="loan-facts-title" className="rounded-md border border-gray-300 bg-gray-50 p-5 text-gray-900">
      <h2 id="loan-facts-title" className="text-lg font-bold text-brand-dark">
        About our loans
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>Borrow {LOAN_AMOUNT_RANGE_TEXT}.</li>
        <li>APR of at most {t.maxApr}, fees included.</li>
        <li>A fixed term of {t.term}.</li>
        <li>{t.earlyRepayment}</li>
      </ul>
      <p className="mt-3 text-sm">
        {`Example: a ${e.loanAmount} loan with a ${e.prepaidFinanceCharge} prepaid finance charge (${e.amountFinanced} amount financed) ` +
          `at ${e.interestRate} interest has a ${e.apr} APR, with ${e.payments}: ${e.totalOfPayments} in total.`}
      </p>
    </aside>
  );
}
