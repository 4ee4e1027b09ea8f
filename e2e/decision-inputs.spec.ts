import { checkState } from "./fixtures/page-states";
import { api, apiReply, loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { EmploymentInformationNextHandlerDocument } from "../lib/graphql/generated/operations";
import { DECISION_FINAL_WORDS, DECISION_INPUTS_IN_WORDS } from "../lib/application/decision-inputs";
import { EMPLOYMENT_LOCKED_MESSAGE } from "../local/lender/rules/application-rules";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { LOCAL_ORIGIN, signInAs } from "./fixtures/personas";

/**
 * The decision's inputs are final after the rate check (issue 49), as a person meets it on
 * /employment (and are told so before, on the review): at 'Offer Sent' and with an active loan the facts the offer was made on are shown as
 * final with why and how to correct them (support), with no Edit for them; before the contract is
 * signed the other details still change, and the step stays where it is. The API's side of every
 * door is app/(dashboard)/decision-facts-doors.integration.test.ts.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

type Employment = NonNullable<NonNullable<Awaited<ReturnType<typeof loadFrontend>>["appInfo"]>["employment"]>;

const employmentOf = async (page: Page) => (await loadFrontend(page)).appInfo!.employment!;

/** What the person entered (the lender's own flags, such as pay stubs required, are recomputed on a save). */
const entered = ({
  jobTitle,
  employmentStatus,
  startDate,
  salary,
  additionalIncome,
  payMonths,
  payFrequency,
  employeeId,
  ddAccounts,
  activeMilitary,
}: Employment) => ({
  jobTitle,
  employmentStatus,
  startDate,
  salary,
  additionalIncome,
  payMonths,
  payFrequency,
  employeeId,
  ddAccounts,
  activeMilitary,
});

/** The saved employment as the page's save sends it (`changes` on top). */
const sent = (e: Employment, changes: Record<string, unknown> = {}) => ({
  id: e.employeeId!,
  salary: e.salary!,
  start: String(e.startDate).slice(0, 10),
  title: e.jobTitle!,
  status: e.employmentStatus!,
  payFrequency: e.payFrequency!,
  payMonths: e.payMonths!,
  ddAccounts: e.ddAccounts!,
  activeMilitary: e.activeMilitary!,
  additional: e.additionalIncome,
  cost_center: e.choaCostCenter,
  dept_ext: e.choaDepartmentExtension,
  ...changes,
});

/** The final facts at both widths: listed with the reason and the support line, and no Edit for them. */
async function expectFinal(page: Page, otherDetailsEditable: boolean) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const facts = page.getByTestId("decision-facts");
    await expect(facts.getByRole("heading", { name: "Final since your rate check" })).toBeVisible();
    await expect(facts.getByText(DECISION_FINAL_WORDS)).toBeVisible();
    const list = page.getByTestId("decision-facts-list");
    for (const term of [
      "Job title",
      "Employment status",
      "Start date",
      "Annual salary",
      "Additional yearly income",
      "Months paid per year",
      "Pay frequency",
    ]) {
      await expect(list.getByText(term, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("other-details-list").getByText("Employee ID", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Change employer" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit other details" })).toHaveCount(otherDetailsEditable ? 1 : 0);
  }
}

test("at 'Offer Sent' the facts of the offer are final; the other details still change and the step stays", async ({ page }, testInfo) => {
  await signInAs(page, "offer-sent@example.com");
  const before = await employmentOf(page);
  try {
    await page.goto(`${LOCAL_ORIGIN}/employment`);
    await expect(page.getByRole("heading", { level: 1, name: "Your employment" })).toBeVisible();
    await expectFinal(page, true);
    await checkState(page, testInfo, "employment", "saved-final");

    // The finding through the page's own call: the pay frequency the 52 deductions were made for stays.
    const other = before.payFrequency === "monthly" ? "biweekly" : "monthly";
    const refused = await apiReply(page, EmploymentInformationNextHandlerDocument, sent(before, { payFrequency: other }));
    expect(refused.errors?.[0]).toMatchObject({
      errorType: "FailedPrecondition",
      errorInfo: { reason: "DECISION_FACTS_LOCKED", field: "payFrequency" },
      message: `payFrequency: ${EMPLOYMENT_LOCKED_MESSAGE}`,
    });
    expect(entered(await employmentOf(page))).toEqual(entered(before));

    await page.getByRole("button", { name: "Edit other details" }).click();
    await expect(page.getByLabel("Employee ID")).toBeVisible();
    for (const label of [
      "Job title",
      "Employment status",
      "Start date",
      "Annual salary",
      "Additional yearly income",
      "Months paid per year",
      "How often are you paid?",
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveCount(0);
    }
    await checkState(page, testInfo, "employment", "edit-other-details");
    await page.getByLabel("Employee ID").fill("E-90210");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your employment details are saved.")).toBeVisible();
    // The saved data is read again (router.refresh): the page is busy until it is in, and Next re-renders
    // the document title meanwhile.
    await expect(page.locator("[data-refreshing]")).toHaveCount(0);
    await expect(page).toHaveTitle("Your employment · Employee Loans");
    await expect(page.getByTestId("other-details-list").getByText("E-90210")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/employment");
    const load = await loadFrontend(page);
    expect(load.applicationStep).toBe("Offer Sent");
    expect(entered(load.appInfo!.employment!)).toEqual({ ...entered(before), employeeId: "E-90210" });
  } finally {
    // The stored decision inputs again, with the employee ID as seeded: no change the lender refuses.
    await api(page, EmploymentInformationNextHandlerDocument, sent(before));
    expect(entered(await employmentOf(page))).toEqual(entered(before));
  }
});

test("with an active loan the facts are final and nothing else is offered to edit (the contract is signed)", async ({ page }, testInfo) => {
  await signInAs(page, "borrower@example.com");
  await page.goto(`${LOCAL_ORIGIN}/employment`);
  await expect(page.getByRole("heading", { level: 1, name: "Your employment" })).toBeVisible();
  await expectFinal(page, false);
  await checkState(page, testInfo, "employment", "saved-signed");
});

test("the review says which facts become final before the person presses to check the rate", async ({ page }) => {
  await newApplicant(page, "decision-review");
  await walkTo(page, "authPrequal");
  await page.goto(`${LOCAL_ORIGIN}/personal`);
  const said = page.getByTestId("decision-inputs-final");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await expect(said).toBeVisible();
    await expect(said).toContainText(DECISION_INPUTS_IN_WORDS);
    await expect(said).toContainText("corrected only through support");
  }
  // Said before the way on to the rate check, not after it.
  const sentence = await said.boundingBox();
  const button = await page.getByRole("link", { name: "Continue to check my rate" }).boundingBox();
  expect(sentence!.y).toBeLessThan(button!.y);
});
