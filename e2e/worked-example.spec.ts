import { expect, test } from "./fixtures/console-gate";
import { newApplicant, toOfferSent } from "./fixtures/applicant";
import { LOCAL_ORIGIN } from "./fixtures/personas";
import { paydayFigures } from "./fixtures/loan-figures";
import { displayedLoanTerms } from "../lib/lending/worked-example";

/**
 * One set of figures (issue 26): the footer's worked example is the loan math's for SPEC 1's terms
 * ($4,000, $25 prepaid finance charge, 18.99%, 24 months) repaid monthly, and an applicant's offer
 * for the same terms repaid from their biweekly paycheck is the same module's for that schedule
 * (issue 42: the APR disclosed is the schedule collected's); its payments add up to its total.
 */
test("the footer's worked example and an offer for the same terms come from the one loan math", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/register");
  const footer = (await page.getByRole("contentinfo").innerText()).replace(/\s+/g, " ");

  await newApplicant(page, "figures");
  await toOfferSent(page);
  await page.goto(`${LOCAL_ORIGIN}/api/local/apps/lending/apply/offerDetails`);
  const til = page.getByTestId("til");
  await expect(til).toBeVisible();
  // The same terms as the example: $4,000 asked for, $25 withheld, 18.99% (walkTo's applicant, a prime file).
  await expect(page.getByText("Prepaid finance charge (origination fee): $25.00. Interest rate 18.99%.")).toBeVisible();
  const figure = async (id: string) => (await page.getByTestId(id).innerText()).trim();
  const apr = await figure("til-apr");
  const financed = await figure("til-amount-financed");
  const financeCharge = await figure("til-finance-charge");
  const total = await figure("til-total");
  const rows = await page
    .getByTestId("til-schedule")
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")));
  const offer = paydayFigures();
  expect([financed, apr, financeCharge, total]).toEqual([offer.amountFinanced, offer.apr, offer.financeCharge, offer.totalOfPayments]);

  const example = displayedLoanTerms().example;
  expect(footer).toContain("a $4,000 loan with a $25 prepaid finance charge");
  expect(footer).toContain(`(${financed} amount financed)`);
  expect(footer).toContain("at 18.99% interest");
  // The footer says its example is a monthly one; the offer shows the schedule collected (paydays).
  expect(footer).toContain("Representative example, repaid monthly");
  expect(footer).toContain(`has a ${example.apr} APR`);
  expect(footer).toContain(`a finance charge of ${example.financeCharge}`);
  expect(footer).toContain(`a total of ${example.totalOfPayments} in payments`);

  // The offer's payments add up to its total of payments (the last one takes the rounding), and its
  // headline is the schedule's first row.
  const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, "")) * 100);
  const sum = rows.reduce((s, [count, each]) => s + Number.parseInt(count!, 10) * cents(each!), 0);
  expect(sum).toBe(cents(total));
  await expect(page.getByTestId("offer-payment")).toContainText(`${rows[0]![1]} `);
  const payments = rows.reduce((n, [count]) => n + Number.parseInt(count!, 10), 0);
  await expect(page.getByTestId("offer-payment")).toContainText(`(${payments} payments`);
});
