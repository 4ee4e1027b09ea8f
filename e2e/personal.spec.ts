import { type Locator, type Page, type TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import {
  AppliesDocument,
  IdentifiesDocument,
  SetApplicationStepDocument,
  type IdentifiesMutationVariables,
} from "../lib/graphql/generated/operations";
import { signInAs } from "./fixtures/personas";
import { api, loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { checkState as checkPageState } from "./fixtures/page-states";
import { pickAddress } from "./fixtures/personal-page";

/**
 * /personal on the production build against the local stand-ins (the Maps stand-in included):
 * the loan request, the personal details (autocomplete by keyboard; typed by hand with Maps
 * blocked), account settings, the geocode-failure address, and the SSN kept out of the page.
 * Each test leaves the seeded personas as it found them (a retry or another order still passes):
 * loan-details@ has its loan request and step put back, borrower@ and paid-off@ their contact
 * details; the personal-details tests use new applicants brought to personalInformation.
 */

const checkState = (page: Page, name: string, testInfo: TestInfo) =>
  checkPageState(page, testInfo, "personal", name.replace(/^personal-/, ""));

/** Sends saved personal fields back through identifies without the accountSettings flag (what account settings' Save makes). */
async function restorePersonal(page: Page, before: Record<string, unknown>, keys: (keyof IdentifiesMutationVariables)[]) {
  const saved = Object.fromEntries(keys.map((k) => [k, before[k]])) as IdentifiesMutationVariables;
  await api(page, IdentifiesDocument, { ...saved, accountSettings: false });
  const after = (await loadFrontend(page)).appInfo!.personal as Record<string, unknown>;
  for (const k of keys) expect(after[k], k).toEqual(before[k]);
}

/** A new applicant at personalInformation (the loan request made), through the product's own calls. */
async function applicantAtPersonal(page: Page) {
  await newApplicant(page, "personal");
  await walkTo(page, "personalInformation");
}

async function blockMaps(page: Page) {
  await page.route("**/api/local/maps/**", (route) => route.abort());
  await page.route("https://maps.googleapis.com/**", (route) => route.abort());
}

test("loan request: amount, reason (Other needs a description), state; then where the guards send personalInformation", async ({
  page,
}, testInfo) => {
  await signInAs(page, "loan-details@example.com");
  const seeded = (await loadFrontend(page)).appInfo;
  try {
    await page.goto("/personal");
    await expect(page.getByRole("heading", { name: "Your loan", exact: true })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "About our loans" }).getByText("No penalty for paying early.")).toBeVisible();
    await expect(page.getByLabel("How much would you like to borrow?")).toHaveValue("4,000");
    await checkState(page, "personal-loan-request", testInfo);

    const amount = page.getByLabel("How much would you like to borrow?");
    await amount.fill("12000");
    await page.getByLabel("What is the loan for?").selectOption("Other");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator("[data-field-error]", { hasText: "The largest loan is $10,000: enter $500 to $10,000" })).toBeVisible();
    await checkState(page, "personal-loan-request-errors", testInfo);

    await amount.fill("5250");
    await expect(amount).toHaveValue("5,250");
    await page.getByLabel("State of residence").selectOption("TX");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator("[data-field-error]", { hasText: "Describe what the loan is for" })).toBeVisible();
    expect((await loadFrontend(page)).applicationStep).toBe("loanDetails"); // nothing sent yet
    await page.getByLabel("Tell us what the loan is for").fill("Moving costs");
    await page.getByRole("button", { name: "Continue" }).click();
    // The lending app forwards personalInformation straight back to /personal, now asking the personal details.
    await expect(page.getByLabel("First name", { exact: true })).toBeVisible({ timeout: 30_000 });

    const load = await loadFrontend(page);
    expect(load.applicationStep).toBe("personalInformation");
    expect(load.appInfo).toMatchObject({
      amountAppliedFor: 5250,
      loanReason: "Other",
      otherDescription: "Moving costs",
      stateOfResidence: "TX",
      loanType: "personal",
    });
  } finally {
    // The loan request and the step as they were (a "back" move), passed or failed, so a retry or
    // a later spec sees loan-details@ as seeded.
    await api(page, AppliesDocument, {
      amount: seeded.amountAppliedFor!,
      reason: seeded.loanReason!,
      other: seeded.otherDescription,
      state: seeded.stateOfResidence!,
      type: seeded.loanType!,
    });
    await api(page, SetApplicationStepDocument, { applicationStep: "loanDetails" });
    const load = await loadFrontend(page);
    expect(load.applicationStep).toBe("loanDetails");
    expect(load.appInfo).toMatchObject({
      amountAppliedFor: seeded.amountAppliedFor,
      loanReason: seeded.loanReason,
      otherDescription: seeded.otherDescription,
      stateOfResidence: seeded.stateOfResidence,
    });
  }
});

test("personal details by keyboard alone with address autocomplete; the SSN is not in the page afterwards", async ({ page }, testInfo) => {
  await applicantAtPersonal(page);
  await page.goto("/personal");
  await expect(page.getByRole("heading", { name: "About you", exact: true })).toBeVisible();
  await checkState(page, "personal-details", testInfo);

  // Only the keyboard from here to the submit: Tab / Shift+Tab between fields, typing, and the arrow
  // keys and Enter in the address suggestions. Each Tab is checked to land on the next field.
  const field = (label: string | RegExp) => page.getByLabel(label, { exact: typeof label === "string" });
  const tab = async (to: Locator, key: "Tab" | "Shift+Tab" = "Tab") => {
    await page.keyboard.press(key);
    await expect(to).toBeFocused();
  };
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  const firstName = field("First name");
  for (let presses = 0; !(await firstName.evaluate((el) => el === document.activeElement)); presses++) {
    expect(presses, "Tab presses from the main content to the first field").toBeLessThan(15);
    await page.keyboard.press("Tab");
  }
  await page.keyboard.type("ada");
  await tab(field(/^Middle name/));
  await tab(field("Last name"));
  await page.keyboard.type("lovelace");
  await tab(field(/^Middle name/), "Shift+Tab");
  await page.keyboard.type("byron");
  await tab(field("Last name"));
  await tab(field("Birth date"));
  await page.keyboard.type("12101990");
  const street = page.getByRole("combobox", { name: "Street address" });
  await expect(field("Birth date")).toHaveValue("1990-12-10");
  // Chromium's date input takes one more Tab inside itself (its calendar button) before leaving it.
  await tab(field("Birth date"));
  await tab(street);
  await page.keyboard.type("1600 Capitol");
  const option = page.getByRole("option", { name: /1600 Capitol Ave/ });
  await expect(option).toBeVisible();
  // Places suggestions without a Google map carry Google Maps' attribution, inside the suggestion panel.
  const attribution = page.getByTestId("maps-attribution");
  await expect(attribution).toBeVisible();
  await expect(attribution).toHaveText("Google Maps");
  await checkState(page, "personal-details-suggestions", testInfo);
  await expect(street).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(street).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("City")).toHaveValue("Springfield");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("IL");
  await expect(page.getByLabel("ZIP code")).toHaveValue("62701");
  await expect(street).toHaveValue("1600 Capitol Ave");
  await expect(attribution).toBeHidden();
  await tab(field(/^Address line 2/));
  await tab(field("City"));
  await tab(field("State"));
  await tab(field("ZIP code"));
  await tab(field("Social Security number"));
  await page.keyboard.type("123456789");
  await expect(page.getByLabel("Social Security number")).toHaveValue("123-45-6789");
  await tab(page.getByRole("button", { name: "Show Social Security number" }));
  await tab(field("Cell phone number"));
  await page.keyboard.type("5551234567");
  await expect(page.getByLabel("Cell phone number")).toHaveValue("(555) 123-4567");
  await tab(field(/^Home phone number/));
  await tab(field(/^Alternate email/));
  await page.keyboard.type(" Ada@Example.COM");
  await tab(field("Yearly salary"));
  await page.keyboard.type("52000");
  await tab(field(/^Additional yearly income/));
  await tab(field(/^How did you hear about us\?/));
  await tab(field(/^Referral code/));
  await tab(page.getByRole("button", { name: "Continue" }));
  await page.keyboard.press("Enter");
  // The lending app forwards employmentInformation straight to /employment.
  await page.waitForURL((url) => url.pathname === "/employment", { timeout: 30_000 });

  const load = await loadFrontend(page);
  expect(load.applicationStep).toBe("employmentInformation");
  expect(load.appInfo.personal).toMatchObject({
    given_name: "Ada",
    middle_name: "Byron",
    family_name: "Lovelace",
    birthdate: "1990-12-10",
    address: "1600 Capitol Ave",
    addrStreetNumber: "1600",
    addrStreetName: "Capitol Ave",
    addrCity: "Springfield",
    addrStateAbbr: "IL",
    addrPostalCode: "62701",
    addrCountry: "US",
    lat: 39.7983,
    lng: -89.6544,
    phone_number: "5551234567",
    personal_email: "ada@example.com",
    salary: 52000,
    amount: 4000,
    ssn: "*****6789",
  });

  // Past the step, /personal shows the saved details: the SSN only as its last four digits.
  await page.goto("/personal");
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(page.getByText("•••-••-6789")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("123456789");
  expect(html).not.toContain("123-45-6789");
  expect(page.url()).not.toContain("6789");
  await checkState(page, "personal-account-settings", testInfo);
});

test("personal details typed by hand when the Maps API cannot load: kept with lat/lng -1", async ({ page, consoleGate }, testInfo) => {
  // The test aborts the Maps API's requests; the browser reports each aborted load.
  consoleGate.allow(
    /\((https:\/\/maps\.googleapis\.com|http:\/\/[^/]+\/api\/local\/maps)\/[^)]*\): Failed to load resource: net::ERR_FAILED$/,
    "the Maps requests this test aborts",
  );
  // …and the Maps loader (@vis.gl/react-google-maps) logs the script's error event; the page then offers plain fields.
  consoleGate.allow(/\(http:\/\/[^)]*\/_next\/static\/chunks\/[^)]*\): Event$/, "the Maps loader's report of the script this test aborts");
  await applicantAtPersonal(page);
  await blockMaps(page);
  await page.goto("/personal");
  // Submitted empty first: every error shows below its field and nothing is sent.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.locator("[data-field-error]", { hasText: "Enter your cell phone number" })).toBeVisible();
  await checkState(page, "personal-details-errors", testInfo);
  expect((await loadFrontend(page)).applicationStep).toBe("personalInformation");
  await page.getByLabel("First name", { exact: true }).fill("Grace");
  await page.getByLabel("Last name", { exact: true }).fill("Hopper");
  await page.getByLabel("Birth date").fill("1980-02-29");
  await page.getByRole("combobox", { name: "Street address" }).fill("77 Harbor Rd");
  await expect(
    page.getByRole("listbox", { name: "Address suggestions", includeHidden: true }).getByRole("option", { includeHidden: true }),
  ).toHaveCount(0);
  await expect(page.getByTestId("maps-attribution")).toBeHidden();
  await page.getByLabel(/^Address line 2/).fill("Apt 4");
  await page.getByLabel("City").fill("Peoria");
  // The loan request's state (walkTo: Illinois): the home address must be in it.
  await page.getByLabel("State", { exact: true }).selectOption("IL");
  await page.getByLabel("ZIP code").fill("61602");
  await page.getByLabel("Social Security number").fill("987654321");
  await page.getByLabel("Cell phone number").fill("2075550123");
  await page.getByLabel("Yearly salary").fill("61000");
  await checkState(page, "personal-details-no-maps", testInfo);
  await page.getByRole("button", { name: "Continue" }).click();
  // The lending app forwards employmentInformation straight to /employment.
  await page.waitForURL((url) => url.pathname === "/employment", { timeout: 30_000 });
  const personal = (await loadFrontend(page)).appInfo.personal;
  expect(personal).toMatchObject({
    address: "77 Harbor Rd",
    unit: "Apt 4",
    addrStreetNumber: "77",
    addrStreetName: "Harbor Rd",
    addrCity: "Peoria",
    addrStateAbbr: "IL",
    addrPostalCode: "61602",
    lat: -1,
    lng: -1,
  });
});

test("account settings: a borrower changes their cell phone and nothing else changes", async ({ page }, testInfo) => {
  await signInAs(page, "borrower@example.com");
  const before = (await loadFrontend(page)).appInfo;
  try {
    await page.goto("/personal");
    await page.getByRole("button", { name: "Edit contact details" }).click();
    await checkState(page, "personal-account-settings-edit", testInfo);
    const phone = page.getByLabel("Cell phone number");
    await phone.fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.locator("[data-field-error]", { hasText: "Enter your cell phone number" })).toBeVisible();
    await checkState(page, "personal-account-settings-errors", testInfo);
    await phone.fill("4155550199");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes were saved.")).toBeVisible();
    await expect(page.getByText("(415) 555-0199")).toBeVisible();
    await checkState(page, "personal-account-settings-saved", testInfo);
    const after = (await loadFrontend(page)).appInfo;
    expect(after.personal!.phone_number).toBe("4155550199");
    expect({ ...after, personal: { ...after.personal!, phone_number: before.personal!.phone_number } }).toEqual(before);
    expect(after.step).toBe(before.step);
  } finally {
    await restorePersonal(page, before.personal!, ["phone_number"]);
  }
});

test("the address that never geocodes is kept with lat and lng of -1", async ({ page }) => {
  await signInAs(page, "paid-off@example.com");
  const before = (await loadFrontend(page)).appInfo.personal!;
  try {
    await page.goto("/personal");
    await page.getByRole("button", { name: "Edit contact details" }).click();
    await pickAddress(page, "404 Nowhere", /404 Nowhere Ln/);
    await expect(page.getByLabel("ZIP code")).toHaveValue("62704");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes were saved.")).toBeVisible();
    expect((await loadFrontend(page)).appInfo.personal).toMatchObject({
      address: "404 Nowhere Ln",
      addrCity: "Springfield",
      addrPostalCode: "62704",
      lat: -1,
      lng: -1,
    });
  } finally {
    await restorePersonal(page, before, [
      "address",
      "unit",
      "addrCity",
      "addrCountry",
      "addrPostalCode",
      "addrStateAbbr",
      "addrStreetNumber",
      "addrStreetName",
      "lat",
      "lng",
    ]);
  }
});
