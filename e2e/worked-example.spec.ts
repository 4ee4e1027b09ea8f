import { expect, test } from "./fixtures/console-gate";
import { newApplicant, toOfferSent } from "./fixtures/applicant";
import { LOCAL_ORIGIN } from "./fixtures/personas";

/**
 * One set of figures (issue 26): the worked example in the footer is what an applicant's own offer
 * says for the same terms ($4,000, $25 prepaid finance charge, 18.99%, 24 months), and the offer's
 * payments (the schedule collected, issue 42) add up to its total of payments.
 */
test("the footer's worked example equals an offer for the same terms", async ({ page }) => {
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
  expect(financed).toBe("$3,975.00");

  expect(footer).toContain("a $4,000 loan with a $25 prepaid finance charge");
  expect(footer).toContain(`(${financed} amount financed)`);
  expect(footer).toContain("at 18.99% interest");
  expect(footer).toContain(`has a ${apr} APR`);
  // The footer says its example is a monthly one; the offer shows the schedule collected (paydays).
  expect(footer).toContain("Representative example, repaid monthly");
  expect(footer).toContain(`a finance charge of ${financeCharge}`);
  expect(footer).toContain(`a total of ${total} in payments`);

  // The offer's payments add up to its total of payments (the last one takes the rounding), and its
  // headline is the schedule's first row.
  const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, "")) * 100);
  const sum = rows.reduce((s, [count, each]) => s + Number.parseInt(count!, 10) * cents(each!), 0);
  expect(sum).toBe(cents(total));
  await expect(page.getByTestId("offer-payment")).toContainText(`${rows[0]![1]} `);
  await expect(page.getByTestId("offer-payment")).toContainText(`(${Number.parseInt(rows[0]![0]!, 10) + 1} payments`);
});
