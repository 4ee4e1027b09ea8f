import { checkState as checkPageState } from "./fixtures/page-states";
import { newApplicant, walkTo, type FlowStep } from "./fixtures/applicant";
import { employerCombobox, expectLandedOn, submitEmploymentDetails } from "./fixtures/employment-page";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { AMPLIFY_COOKIE_PREFIX, LOCAL_ORIGIN, enterCode, hasClaimsCookie, nextCode, requestCode, signInAs } from "./fixtures/personas";

/**
 * /employment on the production build (issue 8): employer search on InstantSearch against the local
 * Algolia-wire index (100,000 generated employers), the SPEC 5 rules (island, sub-employer, Other,
 * not found), keyboard-only choice, the details form and its step move, a borrower's edit that
 * keeps the step, the children's hospital fields and payroll linking through the Argyle stand-in.
 * axe (no serious or critical violation) and screenshots at 375 and 1280 px on every state.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const checkState = (page: Page, testInfo: TestInfo, name: string) => checkPageState(page, testInfo, "employment", name);

async function idToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.startsWith(AMPLIFY_COOKIE_PREFIX) && c.name.endsWith(".idToken"));
  return decodeURIComponent(cookie!.value);
}

async function api(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const res = await page.request.post(`${LOCAL_ORIGIN}/api/local/graphql`, {
    headers: { authorization: await idToken(page), "content-type": "application/json" },
    data: { query, variables },
  });
  const body = (await res.json()) as { data: Record<string, any>; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const appInfo = async (page: Page) =>
  (await api(page, "query { loadFrontend { appInfo { step employer directDepositConfirmed employment { jobTitle } } } }")).loadFrontend.appInfo as {
    step: string; employer: string | null; directDepositConfirmed: boolean; employment: { jobTitle: string | null } | null;
  };

/** A new applicant brought to `step` (with `employerId` chosen) through the product's own calls, on /employment. */
async function applicantAt(page: Page, step: FlowStep, employerId?: string): Promise<void> {
  await newApplicant(page, "employment");
  await walkTo(page, step, employerId ? { employerId } : {});
  await api(page, "mutation { setEvolveConsent(consent: true) }");
  expect((await page.request.post(`${LOCAL_ORIGIN}/api/session/claims`)).status()).toBe(200);
  await page.goto(`${LOCAL_ORIGIN}/employment`);
}

const combobox = employerCombobox;

test("newcomer@ searches 'metro', picks a parent, then a sub-employer, and lands where the guards send loanDetails", async ({ page }, testInfo) => {
  await signInAs(page, "newcomer@example.com");
  await page.goto(`${LOCAL_ORIGIN}/employment`);
  await expect(page.getByRole("heading", { level: 1, name: "Who is your employer?" })).toBeVisible();
  // First results rendered on the server: the list is in the page before any typing.
  await expect(page.getByRole("option").first()).toBeVisible();
  await checkState(page, testInfo, "choose");

  await combobox(page, "Your employer").fill("metro");
  const parent = page.getByRole("option", { name: /Metro Unified School District/ });
  await expect(parent).toBeVisible();
  await checkState(page, testInfo, "results");
  await parent.click();

  const sub = combobox(page, "Your school, department or location");
  await expect(sub).toBeVisible();
  await expect(page.getByText("Select 'Other' if you work directly for the parent employer or do not see your sub-employer.")).toBeVisible();
  await expect(page.getByRole("option", { name: "Other (Metro Unified School District)" })).toBeVisible();
  await checkState(page, testInfo, "sub-employer");
  await page.getByRole("option", { name: /Lincoln Elementary School/ }).click();
  await expectLandedOn(page, "loanDetails");
  expect(await appInfo(page)).toMatchObject({ step: "loanDetails", employer: "1001" });

  // Put the persona back for the specs that follow.
  await api(page, 'mutation { setApplicationStep(applicationStep: "chooseEmployer") { applicationStep } }');
});

test("'Other' chooses the parent itself", async ({ page }) => {
  await applicantAt(page, "chooseEmployer");
  await combobox(page, "Your employer").fill("metro unified");
  await page.getByRole("option", { name: /Metro Unified School District/ }).first().click();
  await page.getByRole("option", { name: "Other (Metro Unified School District)" }).click();
  await expectLandedOn(page, "loanDetails");
  expect((await appInfo(page)).employer).toBe("1000");
});

test("an island employer is chosen with no sub-employer step", async ({ page }) => {
  await applicantAt(page, "chooseEmployer");
  await combobox(page, "Your employer").fill("harbor point water");
  await page.getByRole("option", { name: /Harbor Point Water District/ }).click();
  await expectLandedOn(page, "loanDetails");
  expect((await appInfo(page)).employer).toBe("8000");
});

test("a search with no result says 'Employer not found'", async ({ page }, testInfo) => {
  await applicantAt(page, "chooseEmployer");
  await combobox(page, "Your employer").fill("qqxzzv");
  await expect(page.getByText("Employer not found")).toBeVisible();
  await checkState(page, testInfo, "not-found");
});

test("keyboard only: type, arrow down, Enter; Escape closes the list", async ({ page }) => {
  await applicantAt(page, "chooseEmployer");
  const box = combobox(page, "Your employer");
  await box.focus();
  await page.keyboard.type("harbor point water");
  await expect(page.getByRole("option", { name: /Harbor Point Water District/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", /option-0$/);
  await page.keyboard.press("Enter");
  await expectLandedOn(page, "loanDetails");
  expect((await appInfo(page)).employer).toBe("8000");
});

test("employment@ fills the details and lands where the guards send /apply/authPrequal", async ({ page }, testInfo) => {
  await signInAs(page, "employment@example.com");
  await page.goto(`${LOCAL_ORIGIN}/employment`);
  await expect(page.getByRole("heading", { level: 1, name: "Tell us about your job" })).toBeVisible();
  await expect(page.getByTestId("chosen-employer")).toHaveText("Harbor Point Water District");
  await checkState(page, testInfo, "details");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Enter your job title")).toBeVisible();
  await checkState(page, testInfo, "details-errors");

  await submitEmploymentDetails(page, {
    jobTitle: "Water Quality Technician", status: "full", startDate: "2018-03-05", employeeId: "HP-2231", salary: "58250",
    payMonths: "12", payFrequency: "biweekly", ddAccounts: "1", activeMilitary: false,
  });
  await expectLandedOn(page, "authPrequal");
  expect(await appInfo(page)).toMatchObject({ step: "authPrequal", employment: { jobTitle: "Water Quality Technician" } });

  await api(page, 'mutation { setApplicationStep(applicationStep: "employmentInformation") { applicationStep } }');
});

test("the children's hospital shows its two extra fields", async ({ page }, testInfo) => {
  await applicantAt(page, "employmentInformation", "7002");
  await expect(page.getByTestId("chosen-employer")).toHaveText("Peachtree Children's Hospital at Scottish Rite");
  await expect(page.getByLabel("Cost centre")).toBeVisible();
  await expect(page.getByLabel("Department extension")).toBeVisible();
  await checkState(page, testInfo, "childrens-hospital");
});

test("a borrower edits their job title and their step does not change", async ({ page }, testInfo) => {
  await signInAs(page, "borrower@example.com");
  await page.goto(`${LOCAL_ORIGIN}/employment`);
  await expect(page.getByRole("heading", { level: 1, name: "Your employment" })).toBeVisible();
  await checkState(page, testInfo, "saved");
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Job title").fill("Assistant Principal");
  await checkState(page, testInfo, "edit");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your employment details are saved.")).toBeVisible();
  await expect(page.getByText("Assistant Principal")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/employment");
  expect(await appInfo(page)).toMatchObject({ step: "activeLoan", employment: { jobTitle: "Assistant Principal" } });
});

test("payroll linking through the Argyle stand-in confirms direct deposit", async ({ page }, testInfo) => {
  await applicantAt(page, "employmentInformation", "1001");
  await page.getByRole("button", { name: "Link payroll account" }).click();
  const widget = page.getByRole("dialog", { name: "Connect your payroll" });
  await expect(widget).toBeVisible();
  await checkState(page, testInfo, "payroll-widget");
  await widget.getByRole("button", { name: "Lincoln Elementary School payroll" }).click();
  await widget.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Your payroll account is linked and direct deposit is confirmed.")).toBeVisible();
  await checkState(page, testInfo, "payroll-linked");
  expect((await appInfo(page)).directDepositConfirmed).toBe(true);
});
