import { expect, test } from "./fixtures/console-gate";
import { loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { checkState } from "./fixtures/page-states";
import { hydrated } from "./fixtures/hydration";
import { submitLoanRequest } from "./fixtures/personal-page";
import { expectLandedOn, expectReview, submitEmploymentDetails, TEACHER_DETAILS } from "./fixtures/employment-page";
import { fromRateCheckToActiveLoan } from "./fixtures/journey";
import { rememberSecret } from "./fixtures/typed-secrets";

/**
 * Issue 42 on /personal, acted as a person: a conflict between two answers leads to its fix (the
 * state of residence chosen as the employer's, the home address elsewhere), money fields refuse
 * "-500" and "4k" out loud, and the review corrects what the credit check uses (the SSN) before it
 * runs. Each test uses a new applicant. The state-conflict path goes on to an active loan at both
 * widths (issue 42: no false address anywhere on the way), through the journey's shared steps.
 */

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.setTimeout(300_000);

    test("Maine chosen first, the address in Illinois: the fix is one press away and the application goes on to an active loan without a false address", async ({
      page,
    }, testInfo) => {
      await newApplicant(page, "state-conflict");
      await walkTo(page, "loanDetails");
      await page.goto("/personal");

      // The amount refuses what it cannot mean, with the reason, instead of dropping a character.
      const amount = await hydrated(page.getByLabel("How much would you like to borrow?"));
      await amount.fill("-500");
      await expect(page.getByText("An amount can't be negative")).toBeVisible();
      await amount.fill("4k");
      await expect(page.getByText('"k" isn\'t a digit')).toBeVisible();
      await expect(amount).not.toHaveValue("4");

      await submitLoanRequest(page, { amount: "4000", reason: "Debt Consolidation", state: "ME" });
      await page.waitForURL((url) => url.pathname === "/personal");
      await (await hydrated(page.getByLabel("First name", { exact: true }))).fill("Jordan");
      await page.getByLabel("Last name", { exact: true }).fill("Rivera");
      await page.getByLabel("Birth date").fill("1988-02-03");
      const street = page.getByRole("combobox", { name: "Street address" });
      await street.pressSequentially("1600 Capitol");
      const option = page.getByRole("option", { name: /1600 Capitol Ave/ });
      // The list marks the place the rule would refuse, and says what choosing it offers.
      await expect(option).toContainText("Not in Maine, your state of residence");
      if (viewport.width === 375) await checkState(page, testInfo, "personal", "suggestion-marked");
      await option.click();
      rememberSecret("ssn", "666000001");
      await page.getByLabel("Social Security number").fill("666000001");
      await page.getByLabel("Cell phone number").fill("2175550188");
      await page.getByLabel("Yearly salary").fill("52000");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(
        // Under its field (the error summary at the top repeats it as a link).
        page
          .locator("[data-field-error]")
          .getByText("Your home address must be in Maine, the state of residence on your loan request. If you live in Illinois"),
      ).toBeVisible();
      const fix = page.getByRole("button", { name: "Change my state of residence to Illinois" });
      if (viewport.width === 375) await checkState(page, testInfo, "personal", "state-conflict");
      await fix.click();
      await expect(fix).toBeHidden();
      // Everything typed is kept, the SSN included; the State field's hint follows the new state.
      await expect(page.getByLabel("Social Security number")).toHaveValue("666-00-0001");
      await expect(page.getByText("Must be Illinois, the state of residence on your loan request")).toBeVisible();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.pathname === "/employment");

      expect(await loadFrontend(page)).toMatchObject({
        applicationStep: "employmentInformation",
        appInfo: { stateOfResidence: "IL", personal: { addrStateAbbr: "IL" } },
      });

      // On as a person: the job, the review, the rate check and everything after it to a funded loan.
      await submitEmploymentDetails(page, TEACHER_DETAILS);
      await expectReview(page);
      await page.getByRole("link", { name: "Continue to check my rate" }).click();
      await expectLandedOn(page, "authPrequal");
      await fromRateCheckToActiveLoan(page, "Jordan Rivera");
      await expect(page.getByTestId("balance")).toHaveText("$4,000.00");
      // The loan was made on the true address: Illinois throughout.
      expect(await loadFrontend(page)).toMatchObject({
        applicationStep: "activeLoan",
        appInfo: { stateOfResidence: "IL", personal: { addrStateAbbr: "IL" } },
      });
    });
  });
}

test("the review corrects the SSN before the rate check, and says what the next page asks beside its press", async ({ page }, testInfo) => {
  await newApplicant(page, "review-ssn");
  await walkTo(page, "authPrequal");
  await page.goto("/personal");
  await expect(page.getByRole("heading", { level: 1, name: "Review your application" })).toBeVisible();
  await expect(page.getByText("•••-••-0001")).toBeVisible();

  await (await hydrated(page.getByRole("button", { name: "Correct name, birth date or SSN" }))).click();
  rememberSecret("ssn", "666000004");
  await page.getByLabel("Social Security number").fill("666000004");
  await checkState(page, testInfo, "personal", "review-correct-identity");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("•••-••-0004")).toBeVisible();
  expect((await loadFrontend(page)).applicationStep).toBe("authPrequal");

  const submit = page.getByRole("region", { name: "Everything right?" });
  await expect(submit.getByTestId("rate-check-next")).toContainText("soft credit check");
  await expect(submit.getByTestId("rate-check-next")).toContainText("Check my rate");
  await submit.getByRole("link", { name: "Continue to check my rate" }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/apply/authPrequal"));
  await expect(page.getByRole("button", { name: "Check my rate" })).toBeVisible();
});
