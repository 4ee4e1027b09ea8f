import { displayedLoanTerms } from "@/lib/lending/loan-terms";

/** SPEC 1's loan terms and worked example, beside the loan request: figures from lib/lending/loan-terms. */
export function LoanFacts() {
  const t = displayedLoanTerms();
  const e = t.example;
  return (
    <aside aria-labelledby="loan-facts-title" className="rounded-md border border-gray-300 bg-gray-50 p-5 text-gray-900">
      <h2 id="loan-facts-title" className="text-lg font-bold text-brand-dark">
        About our loans
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>Borrow up to {t.maxAmountFinanced} (amount financed).</li>
        <li>APR of at most {t.maxApr}, fees included.</li>
        <li>A fixed term of {t.term}.</li>
        <li>{t.earlyRepayment}</li>
      </ul>
      <p className="mt-3 text-sm">
        {`Example: a ${e.amountFinanced} loan with a ${e.prepaidFinanceCharge} prepaid finance charge at ${e.interestRate} interest ` +
          `has a ${e.apr} APR, with payments of ${e.monthlyPayment} a month and ${e.totalOfPayments} in total.`}
      </p>
    </aside>
  );
}
