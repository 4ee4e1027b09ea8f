import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { applicantOnEmployment, employerCombobox, expectLandedOn } from "./fixtures/employment-page";
import { LOCAL_ORIGIN, nextCode, newestMessageId } from "./fixtures/personas";
import { agreeToDisclosures, checkMyRate } from "./fixtures/journey";
import { rememberSecret } from "./fixtures/typed-secrets";
import { residenceChangeError } from "../lib/personal/states";
import {
  arrive,
  arrowTo,
  expectAxeClean,
  expectHeard,
  expectNotHeard,
  forget,
  listen,
  tabTo,
  withScreenReader,
} from "./fixtures/screen-reader";

/**
 * Issue 50: the journey as a person who uses only the keyboard and a screen reader meets it, at
 * 1280 and 375 px, from sign-up to the bank step. At each page load the title (what a screen reader
 * announces on arrival) and the h1 name the step; the skip link is the first Tab. At each change
 * in place the virtual screen reader (e2e/fixtures/screen-reader.ts) hears where focus went and
 * what a live region said: the employer search's answers, the error summary after a failed submit,
 * the one-press state fix, the review's in-place forms opening, closing and saving, and the payroll
 * dialog. Axe runs on every state met. The lending app's own pages between the review and /bank
 * (rate check, disclosures) are the stand-in's, driven by its fixtures.
 */

test.setTimeout(300_000);

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Things never said while a person only tabs through an empty form: no field is invalid yet. */
const AN_ERROR = /(^|, )invalid(,|$)|Enter your|Choose/;

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("sign-up to the bank step by keyboard, heard at every step, edit, error and fix", async ({ page }) => {
      await withScreenReader(page.context());

      // Sign-up: from a partner link, the e-mail and the code, by keyboard.
      const email = `heard-${viewport.width}-${randomBytes(4).toString("hex")}@example.com`;
      rememberSecret("email", email);
      await page.goto("/PerkSpot?redirect=%2Fapply");
      await expect(page).toHaveTitle("Sign up · Employee Loans");
      await listen(page);
      await page.keyboard.press("Tab");
      await expectHeard(page, "link, Skip to main content");
      await tabTo(page, page.getByLabel("E-mail address"));
      const baseline = await newestMessageId(page.request, LOCAL_ORIGIN, email);
      await page.keyboard.type(email);
      await page.keyboard.press("Enter");
      const code = page.getByLabel("Verification code");
      await expect(code).toBeVisible();
      await tabTo(page, code);
      await page.keyboard.type(await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
      await page.keyboard.press("Enter");
      await page.waitForURL(`${LOCAL_ORIGIN}/employment`);

      // Step 1: the employer search, its answers in its live region.
      await arrive(page, "Who is your employer? — Step 1 of 10");
      await expectAxeClean(page, "employer search");
      const search = employerCombobox(page, "Your employer");
      await tabTo(page, search);
      await expectHeard(page, /^combobox, Your employer/);
      await page.keyboard.type("zzqx nowhere");
      await expectHeard(page, "polite: Employer not found");
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Backspace");
      await forget(page);
      await page.keyboard.type("metro");
      await expectHeard(page, /^polite: \d+ employers? found/);
      await chooseOption(page, /Metro Unified School District/);
      await chooseOption(page, /Washington High School/);
      await expectLandedOn(page, "loanDetails");

      // Step 2: the loan request. Tabbing through says no error; an empty Continue focuses the summary.
      await arrive(page, "Tell us about your loan — Step 2 of 10");
      await tabTo(page, page.getByRole("button", { name: "Continue" }));
      await expectNotHeard(page, AN_ERROR);
      await forget(page);
      await page.keyboard.press("Enter");
      await expectHeard(page, /^group, There is a problem, /);
      await expect(page.getByRole("group", { name: "There is a problem" })).toBeFocused();
      await expectAxeClean(page, "loan request with errors");
      await page.keyboard.press("Tab"); // the summary's first link, to the first field in error
      await page.keyboard.press("Enter");
      await expect(page.getByLabel("How much would you like to borrow?")).toBeFocused();
      await page.keyboard.type("4000");
      await arrowTo(page, page.getByLabel("What is the loan for?"), "Debt Consolidation");
      // The state of the employer, not the home: the conflict the next step offers to fix in one press.
      await arrowTo(page, page.getByLabel("State of residence"), "California");
      await tabTo(page, page.getByRole("button", { name: "Continue" }));
      await page.keyboard.press("Enter");
      await expectLandedOn(page, "personalInformation");

      // Step 3: the personal details; the address in Illinois, then the one-press fix, heard.
      await arrive(page, "Tell us about yourself — Step 3 of 10");
      await tabTo(page, page.getByLabel("First name", { exact: true }));
      await page.keyboard.type("Jordan");
      await tabTo(page, page.getByLabel("Last name", { exact: true }));
      await page.keyboard.type("Rivera");
      await tabTo(page, page.getByLabel("Birth date"));
      await page.keyboard.type("02031988");
      const street = page.getByRole("combobox", { name: "Street address" });
      await tabTo(page, street);
      await expectNotHeard(page, AN_ERROR);
      await page.keyboard.type("1600 Capitol");
      await expect(page.getByRole("option", { name: /1600 Capitol Ave/ }).first()).toBeVisible();
      await expectSuggestionWarningInView(page);
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      const fix = page.getByRole("button", { name: "Change my state of residence to Illinois" });
      await tabTo(page, fix);
      await forget(page);
      await page.keyboard.press("Enter");
      await expectHeard(page, "polite: Your state of residence is now Illinois.");
      await expect(page.getByLabel("State", { exact: true })).toBeFocused();
      await expectAxeClean(page, "personal details after the state fix");
      await tabTo(page, page.getByLabel("Social Security number"));
      await page.keyboard.type("666000001");
      await tabTo(page, page.getByLabel("Cell phone number"));
      await page.keyboard.type("2175550188");
      await tabTo(page, page.getByLabel("Yearly salary"));
      await page.keyboard.type("52000");
      await tabTo(page, page.getByRole("button", { name: "Continue" }));
      await page.keyboard.press("Enter");
      await expectLandedOn(page, "employmentInformation");

      // Step 4: the job.
      await arrive(page, "Tell us about your job — Step 4 of 10");
      await tabTo(page, page.getByLabel("Job title"));
      await page.keyboard.type("Teacher");
      await arrowTo(page, page.getByLabel("Employment status"), "Full time");
      await tabTo(page, page.getByLabel("Start date"));
      await page.keyboard.type("08152019");
      await tabTo(page, page.getByLabel("Employee ID"));
      await page.keyboard.type("E-1001");
      await tabTo(page, page.getByLabel("Annual salary"));
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("52000");
      await tabTo(page, page.getByLabel("Months paid per year"));
      await page.keyboard.type("12");
      await arrowTo(page, page.getByLabel("How often are you paid?"), "Every two weeks");
      await tabTo(page, page.getByLabel("Accounts your pay is deposited into"));
      await page.keyboard.type("1");
      await tabTo(page, page.getByRole("radio", { name: "Yes" }));
      await page.keyboard.press("ArrowDown"); // No
      await expect(page.getByRole("radio", { name: "No" })).toBeChecked();
      await tabTo(page, page.getByRole("button", { name: "Continue" }));
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/personal", { timeout: 30_000 });

      // Step 5: the review and its in-place forms.
      await arrive(page, "Review your application — Step 5 of 10");
      await expectAxeClean(page, "review");
      const changeLoan = page.getByRole("button", { name: "Change your loan" });
      await tabTo(page, changeLoan);
      await forget(page);
      await page.keyboard.press("Enter");
      await expectHeard(page, /^textbox, How much would you like to borrow\?/);
      await page.keyboard.press("Escape");
      await expectHeard(page, "button, Change your loan");
      await expect(changeLoan).toBeFocused();
      // Another state than the home address's: refused, and the summary at the top says so.
      await page.keyboard.press("Enter");
      await arrowTo(page, page.getByLabel("State of residence"), "Indiana");
      await tabTo(page, page.getByRole("button", { name: "Save changes" }));
      await forget(page);
      await page.keyboard.press("Enter");
      const refusal = residenceChangeError("IN", "IL")!;
      await expectHeard(page, `group, There is a problem, ${refusal}`);
      await expectAxeClean(page, "review's loan change refused");
      await arrowTo(page, page.getByLabel("State of residence"), "Illinois");
      await tabTo(page, page.getByLabel("How much would you like to borrow?"));
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("4500");
      await tabTo(page, page.getByRole("button", { name: "Save changes" }));
      await forget(page);
      await page.keyboard.press("Enter");
      await expectHeard(page, "polite: Your loan is now $4,500.00, for Debt Consolidation, in Illinois.");
      await expect(changeLoan).toBeFocused();
      for (const [opener, first] of [
        ["Correct name, birth date or SSN", /^textbox, First name/],
        ["Edit contact details", /^combobox, Street address/],
      ] as const) {
        const button = page.getByRole("button", { name: opener });
        await tabTo(page, button);
        await forget(page);
        await page.keyboard.press("Enter");
        await expectHeard(page, first);
        await page.keyboard.press("Escape");
        await expectHeard(page, `button, ${opener}`);
        await expect(button).toBeFocused();
      }
      const onward = page.getByRole("link", { name: "Continue to check my rate" });
      await tabTo(page, onward, 80);
      await page.keyboard.press("Enter");
      await expectLandedOn(page, "authPrequal");

      // The lending app's rate check and disclosures (the stand-in's pages), then /bank.
      await checkMyRate(page);
      await agreeToDisclosures(page);
      await arrive(page, "Bank account — Step 7 of 10");
      await expectAxeClean(page, "bank");
    });
  });
}

/** In the employer combobox: arrow down to the option named `name`, then Enter. */
async function chooseOption(page: Page, name: RegExp): Promise<void> {
  const option = page.getByRole("option", { name }).first();
  await expect(option).toBeVisible();
  for (let presses = 0; presses < 30; presses++) {
    if ((await option.getAttribute("aria-selected")) === "true") break;
    await page.keyboard.press("ArrowDown");
  }
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
}

/** The suggestion's warning ("Not in California, …") is on screen without scrolling, at any width. */
async function expectSuggestionWarningInView(page: Page): Promise<void> {
  const warning = page
    .getByRole("option", { name: /1600 Capitol Ave/ })
    .first()
    .getByText(/Not in California/);
  await expect(warning).toBeVisible();
  await expect(warning).toBeInViewport();
}

test("the payroll dialog: focus inside, the page behind it out of reach, the backdrop over the whole page, focus back on Close", async ({
  page,
}) => {
  await withScreenReader(page.context());
  await applicantOnEmployment(page, "employmentInformation", "1001");
  await arrive(page, "Tell us about your job — Step 4 of 10");
  const open = page.getByRole("button", { name: "Link payroll account" });
  await tabTo(page, open, 80);
  await forget(page);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Connect your payroll" });
  await expect(dialog).toBeVisible();
  await expectHeard(page, /dialog, Connect your payroll/);
  // Tab cycles within the dialog: the page behind it is inert.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const inside = await dialog.evaluate((el) => el.contains(document.activeElement) || document.activeElement === document.body);
    expect(inside, "focus stays in the dialog").toBe(true);
  }
  // The backdrop covers the sidebar too: the top-left corner of the page is the backdrop's.
  const cornerIsBackdrop = await page.evaluate(() => !!document.elementFromPoint(2, 2)?.closest("[data-argyle-local]"));
  expect(cornerIsBackdrop).toBe(true);
  await expectAxeClean(page, "payroll dialog");
  await forget(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expectHeard(page, "button, Link payroll account");
});
