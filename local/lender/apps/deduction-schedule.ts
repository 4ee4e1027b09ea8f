import { dollarsToCents } from "../../../lib/lending/loan-math";
import { payrollDeductionSchedule } from "../../../lib/lending/payroll-deductions";
import { monthsPaid, payFrequency } from "../rules/rules";
import { e, usd } from "./pages";

const FREQUENCY_WORDS = { weekly: "weekly", biweekly: "every two weeks", semimonthly: "twice a month", monthly: "monthly" } as const;

/**
 * The payroll deductions as a schedule (lib/lending/payroll-deductions): on the applicant's pay
 * frequency and months paid a year, adding up to the total of payments, the last one taking the
 * rounding. Shown wherever a deduction amount is.
 */
export function deductionSchedule(
  totalOfPayments: number,
  employment: { payFrequency?: string | null; payMonths?: number | null } | null | undefined,
): string {
  const frequency = payFrequency(employment?.payFrequency ?? null);
  const months = monthsPaid(employment?.payMonths ?? null);
  const s = payrollDeductionSchedule(dollarsToCents(totalOfPayments), frequency, months);
  const rows =
    s.lastCents === s.regularCents
      ? `<tr><td>${s.count}</td><td>${usd(s.regularCents / 100)}</td></tr>`
      : `<tr><td>${s.count - 1}</td><td>${usd(s.regularCents / 100)}</td></tr><tr><td>1 (the last)</td><td>${usd(s.lastCents / 100)}</td></tr>`;
  return `<div class="table-wrap"><table data-testid="deduction-schedule">
<caption>Payroll deductions: paid ${e(FREQUENCY_WORDS[frequency])}, ${months} months a year</caption>
<thead><tr><th scope="col">Number of deductions</th><th scope="col">Amount of each</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">${s.count} in all</th><td data-testid="deduction-total">${usd(s.totalCents / 100)}</td></tr></tfoot>
</table></div>`;
}
