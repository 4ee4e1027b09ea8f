import { expect, test } from "./fixtures/console-gate";
import { loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { hydrated } from "./fixtures/hydration";

/**
 * One amount rule (issue 26): the loan request states the range before anyone types, refuses $50
 * at the form with that range (nothing is sent, the application goes on), lists only the states
 * the lender serves and says which it does not.
 */
test("a $50 loan is refused at the form with the range shown; nothing is sent and the application goes on", async ({ page }) => {
  test.setTimeout(120_000);
  await newApplicant(page, "amount");
  await walkTo(page, "loanDetails");
  await page.goto("/personal");
  const amount = await hydrated(page.getByLabel("How much would you like to borrow?"));
  // The range is said before anyone types: it describes the field.
  await expect(amount).toHaveAccessibleDescription(/\$500 to \$10,000/);

  const state = page.getByLabel("State of residence");
  await expect(state.locator("option", { hasText: "Illinois" })).toHaveCount(1);
  await expect(state.locator("option", { hasText: "Puerto Rico" })).toHaveCount(0);
  await expect(state).toHaveAccessibleDescription(/not in American Samoa, Guam, Northern Mariana Islands, Puerto Rico or Virgin Islands/);

  await amount.fill("50");
  await page.getByLabel("What is the loan for?").selectOption("Debt Consolidation");
  await state.selectOption("IL");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("[data-field-error]", { hasText: "The smallest loan is $500: enter $500 to $10,000" })).toBeVisible();

  const load = await loadFrontend(page);
  expect([load.applicationStep, load.appInfo?.amountAppliedFor]).toEqual(["loanDetails", null]);

  await amount.fill("500");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect
    .poll(async () => {
      const load = await loadFrontend(page);
      return [load.applicationStep, load.appInfo?.amountAppliedFor];
    })
    .toEqual(["personalInformation", 500]);
  // The page follows the next step; the test ends once the person sees it. (The URL was /personal all
  // along, so waiting for it ended the test mid-navigation, and closing a context whose renderer is
  // still draining a navigation can hang until the test's timeout: CI's one flaky run.)
  await expect(page.getByLabel("First name", { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("load");
});
