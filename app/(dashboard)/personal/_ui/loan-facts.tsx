import { formatUsd } from "@/lib/format/money";

/** SPEC 1's loan terms and worked example, beside the loan request. */
export function LoanFacts() {
  return (
    <aside aria-labelledby="loan-facts-title" className="rounded-md border border-gray-300 bg-gray-50 p-5 text-gray-900">
      <h2 id="loan-facts-title" className="text-lg font-bold text-brand-dark">
        About our loans
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        <li>Borrow up to {formatUsd(10000, { cents: false })} (amount financed).</li>
        <li>APR of at most 35.99%, fees included.</li>
        <li>A fixed term of 24 months.</li>
        <li>No penalty for paying early.</li>
      </ul>
      <p className="mt-3 text-sm">
        Example: a $4,000 loan with a $25 prepaid finance charge at 18.99% interest has a 19.60% APR, with payments of
        $204.45 a month and $4,906.80 in total.
      </p>
    </aside>
  );
}
