import { type Page, type TestInfo } from "@playwright/test";
import { EMPLOYER_REQUEST_NEXT, EMPLOYER_REQUEST_TITLE } from "../app/(dashboard)/employment/_ui/employer-request-copy";
import { EMPLOYER_NOT_FOUND_HINT } from "../app/(dashboard)/employment/_ui/employer-selection";
import { expect, test } from "./fixtures/console-gate";
import { applicantOnEmployment as applicantAt, employerCombobox } from "./fixtures/employment-page";
import { hydrated } from "./fixtures/hydration";
import { checkState as checkPageState } from "./fixtures/page-states";
import { LOCAL_ORIGIN } from "./fixtures/personas";

/**
 * An employer who isn't listed (issue 49 item 6), as a person meets it on /employment at 375 and
 * 1280 px: a name the search does not find, the request in place of the search, an empty name
 * refused, the request sent and what happens next said, still there after a reload, and Back. SPEC
 * 2's /employerRequest lands on the same form; past the employer step nothing offers it.
 */

test.setTimeout(120_000);

const checkState = (page: Page, testInfo: TestInfo, name: string) => checkPageState(page, testInfo, "employment", name);

const requestForm = (page: Page) => page.getByTestId("employer-request-form");
const recorded = (page: Page) => page.getByTestId("employer-request-recorded");

async function expectWhatHappensNext(page: Page): Promise<void> {
  const panel = recorded(page);
  await expect(panel).toContainText(EMPLOYER_REQUEST_NEXT.why);
  await expect(panel).toContainText(EMPLOYER_REQUEST_NEXT.email);
  for (const line of EMPLOYER_REQUEST_NEXT.meanwhile) await expect(panel).toContainText(line);
  await expect(page.getByText(/continue your application/i)).toHaveCount(0);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test("a name the search does not find is asked for in place, with what happens next, kept after a reload and Back", async ({
      page,
    }, testInfo) => {
      const check = (name: string) => (width === 375 ? checkState(page, testInfo, name) : Promise.resolve());
      await applicantAt(page, "chooseEmployer");
      await employerCombobox(page, "Your employer").fill("Qqxzzv Robotics");
      const notFound = page.getByTestId("employer-not-found");
      await expect(notFound).toContainText("Employer not found");
      await expect(notFound).toContainText(EMPLOYER_NOT_FOUND_HINT);
      await expect(page.getByText(/continue your application/i)).toHaveCount(0);
      await check("not-found-request");

      // The request opens in place, on the name typed; Back returns to the search.
      await notFound.getByRole("button", { name: "Ask us to add Qqxzzv Robotics" }).click();
      await expect(page.getByRole("heading", { name: EMPLOYER_REQUEST_TITLE })).toBeFocused();
      await expect(page.getByLabel("Employer name")).toHaveValue("Qqxzzv Robotics");
      expect(new URL(page.url()).searchParams.get("employerRequest")).toBe("Qqxzzv Robotics");
      await page.goBack();
      await expect(requestForm(page)).toHaveCount(0);
      await expect(employerCombobox(page, "Your employer")).toHaveValue("Qqxzzv Robotics");
      await page.getByRole("button", { name: "Ask us to add Qqxzzv Robotics" }).click();
      await check("request-form");

      // An empty name: the error under the field, nothing sent.
      const name = page.getByLabel("Employer name");
      await name.clear();
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription(/Enter your employer's name/);
      await expect(recorded(page)).toHaveCount(0);
      await check("request-empty-name");

      await name.fill("Qqxzzv Robotics");
      await page.getByLabel(/^City/).fill("Fresno");
      await page.getByLabel(/^State/).selectOption("CA");
      await page.getByLabel(/^Contact e-mail/).fill("payroll@qqxzzv.example");
      await page.getByRole("button", { name: "Send request" }).click();
      const heading = recorded(page).getByRole("heading", { name: "We have your request to add Qqxzzv Robotics" });
      await expect(heading).toBeFocused();
      await expect(recorded(page)).toContainText("Qqxzzv Robotics (Fresno, CA) — asked on");
      await expectWhatHappensNext(page);
      await expect(requestForm(page)).toHaveCount(0);
      expect(new URL(page.url()).search).toBe("");
      await check("request-recorded");

      // A reload reads the recorded request back from the lender.
      await page.reload();
      await hydrated(employerCombobox(page, "Your employer"));
      await expect(recorded(page).getByRole("heading", { name: "Your request to add an employer" })).toBeVisible();
      await expect(recorded(page)).toContainText("Qqxzzv Robotics (Fresno, CA) — asked on");
      await expectWhatHappensNext(page);

      // Back: the search before the form was opened, the request still said; never the form again.
      await page.goBack();
      await expect(page).toHaveURL((url) => url.pathname === "/employment" && !url.searchParams.has("employerRequest"));
      await expect(recorded(page)).toContainText("Qqxzzv Robotics");
      await expect(requestForm(page)).toHaveCount(0);
    });
  });
}

test("SPEC 2's /employerRequest lands on the request form with the name; asking again answers the first request", async ({ page }) => {
  await applicantAt(page, "chooseEmployer");
  // The route goes to the lending app's apply page with the name, which sends the applicant here.
  const arrived = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/lending/apply") && r.url().includes("employerName="));
  await page.goto(`${LOCAL_ORIGIN}/employerRequest?employerName=Qqxzzv%20Transit`);
  expect(new URL((await arrived).url()).searchParams.get("employerName")).toBe("Qqxzzv Transit");
  await expect(page).toHaveURL((url) => url.pathname === "/employment" && url.searchParams.get("employerRequest") === "Qqxzzv Transit");
  await expect(await hydrated(page.getByLabel("Employer name"))).toHaveValue("Qqxzzv Transit");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(recorded(page).getByRole("heading", { name: "We have your request to add Qqxzzv Transit" })).toBeVisible();

  // The same employer asked for again, spelt otherwise: the first request is the answer, listed once.
  await employerCombobox(page, "Your employer").fill("qqxzzv  transit");
  await page.getByRole("button", { name: "Ask us to add qqxzzv transit" }).click();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(recorded(page).getByRole("heading", { name: "We have your request to add Qqxzzv Transit" })).toBeVisible();
  await expect(
    recorded(page)
      .getByRole("listitem")
      .filter({ hasText: /asked on/ }),
  ).toHaveCount(1);
});

test("past the employer step 'Employer not found' offers no request (the lender's rules close it there)", async ({ page }) => {
  await applicantAt(page, "employmentInformation", "1001");
  await (await hydrated(page.getByRole("button", { name: "Change employer" }))).click();
  await employerCombobox(page, /employer/i).fill("Qqxzzv Robotics");
  await expect(page.getByTestId("employer-not-found")).toContainText(EMPLOYER_NOT_FOUND_HINT);
  await expect(page.getByRole("button", { name: /Ask us to add/ })).toHaveCount(0);
});
