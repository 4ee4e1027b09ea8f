import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { CLAIMS_COOKIE } from "../lib/session/claims";
import { employerCombobox, expectLandedOn, expectReview, submitEmploymentDetails, TEACHER_DETAILS } from "./fixtures/employment-page";
import { submitPersonalDetails, submitLoanRequest } from "./fixtures/personal-page";
import { checkState } from "./fixtures/page-states";
import { formatDate } from "../lib/format/dates";
import { SHELL_PAGE_OF_STEP } from "../local/lender/apps/shell-steps";
import { LOCAL_ORIGIN, enterCode, nextCode, requestCode } from "./fixtures/personas";
import { rememberSecret } from "./fixtures/typed-secrets";
import { openContract } from "./fixtures/signing";
import {
  DASHBOARD,
  LENDING,
  acceptOffer,
  checkMyRate,
  confirmDirectDeposit,
  linkCheckingAccount,
  sendOffer,
  uploadIdentityDocument,
} from "./fixtures/journey";
import { paydayFigures } from "./fixtures/loan-figures";

/**
 * The whole journey on the production build against the local stand-ins: a brand-new visitor from
 * a partner link to a signed contract and an active loan, in the browser through the shell's real
 * pages (/employment with InstantSearch on the local Algolia-wire index, /personal with the Maps
 * stand-in's autocomplete, /bank with the Plaid Link stand-in), the local lending app and the
 * local dashboard. At each step: where the guards send /apply/… (the page lands there; a typed
 * later step is sent back), what the claims cookie says (refreshed after every change of step or
 * loan state), what the dashboard shows. The page-driving code is shared with the pages' own specs
 * (e2e/fixtures/employment-page.ts, personal-page.ts, bank-widget.ts).
 */

test.setTimeout(300_000);

async function claims(page: Page): Promise<{ step: string; loanState: string; directDepositConfirmed: boolean }> {
  const c = (await page.context().cookies()).find((x) => x.name === CLAIMS_COOKIE);
  if (!c) throw new Error("no claims cookie");
  const payload = JSON.parse(Buffer.from(c.value.split(".")[1]!, "base64url").toString("utf8"));
  return payload.c;
}

/** Where the guards send a visitor who types a later step (skipping ahead). */
async function skipAheadGoesTo(page: Page, later: string): Promise<string> {
  const res = await page.request.get(`/apply/${later}`, { maxRedirects: 0 });
  expect(res.status()).toBeGreaterThanOrEqual(300);
  expect(res.status()).toBeLessThan(400);
  return new URL(res.headers()["location"]!, LOCAL_ORIGIN).pathname;
}

/** The guards and the dashboard agree on the step (and loan state). */
async function expectState(page: Page, step: string, loanState: string) {
  expect(await claims(page)).toMatchObject({ step, loanState });
  const dash = await page.context().newPage();
  await dash.goto("/");
  await expect(dash).toHaveURL(new RegExp(`${DASHBOARD}$`));
  // People read words; the ids ride along in data attributes for tests.
  await expect(dash.getByTestId("application-step")).toHaveAttribute("data-step", step);
  await expect(dash.getByTestId("loan-state")).toHaveAttribute("data-state", loanState);
  await expect(dash.locator("main")).not.toContainText(step);
  await expect(dash.locator("main")).not.toContainText("Loan state");
  await dash.setViewportSize({ width: 375, height: 812 });
  const overflow = await dash.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `the dashboard at ${step} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
  await dash.close();
}

/** Each stand-in page in each state, named by its path: checkState, with every axe violation failing. */
async function axe(page: Page) {
  const name =
    new URL(page.url()).pathname
      .replace(/^\/api\/local\/apps\//, "")
      .replace(/\/+$/, "")
      .replace(/[^\w]+/g, "-") || "home";
  await checkState(page, test.info(), "lending", name, { everyViolation: true });
}

async function signUpFromPartner(page: Page): Promise<string> {
  const email = `journey-${randomBytes(5).toString("hex")}@example.com`;
  await page.goto("/PerkSpot?redirect=%2Fapply");
  const baseline = await requestCode(page, email, "register");
  await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
  // The lending app forwards the new application straight to the shell page of its first step.
  await page.waitForURL(`${LOCAL_ORIGIN}/employment`);
  return email;
}

/** Typed in the address bar: a later step sends the applicant back to their own step (its shell page, or the lending app's). */
async function typedLaterStepGoesBack(page: Page, later: string, current: string) {
  await page.goto(`/apply/${later}`);
  const shell = SHELL_PAGE_OF_STEP[current];
  await expect(page).toHaveURL(new RegExp(shell ? `^${LOCAL_ORIGIN}${shell}$` : `${LENDING}/apply/${current}$`));
}

/** The lending app forwards a step a shell page serves straight to that page: no "Continue on …" page in between. */
async function handOffTo(page: Page, shellPath: string, heading: string) {
  await expect(page).toHaveURL(new RegExp(`^${LOCAL_ORIGIN}${shellPath}$`));
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Every lending-app page the browser is shown, to check afterwards that none was a hop. */
function recordLendingPages(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().isNavigationRequest() && new URL(response.url()).pathname.startsWith(LENDING) && response.status() === 200) {
      bodies.push(response.text().catch(() => ""));
    }
  });
  return bodies;
}

/** From the partner sign-up to check my rate, through /employment, /personal and /employment again. */
async function applyThroughThePagesToCheckMyRate(page: Page, ssn: string) {
  rememberSecret("ssn", ssn);
  // /employment: the employer search, a parent, then its school.
  await handOffTo(page, "/employment", "Who is your employer?");
  await employerCombobox(page, "Your employer").fill("metro");
  await page
    .getByRole("option", { name: /Metro Unified School District/ })
    .first()
    .click();
  await page.getByRole("option", { name: /Washington High School/ }).click();
  await expectLandedOn(page, "loanDetails");
  await expectState(page, "loanDetails", "not-started");
  expect(await skipAheadGoesTo(page, "authPrequal")).toBe("/apply/loanDetails");
  await typedLaterStepGoesBack(page, "personalInformation", "loanDetails");

  // /personal: the loan request.
  await handOffTo(page, "/personal", "Your loan");
  await submitLoanRequest(page, { amount: "4000", reason: "Debt Consolidation", state: "IL" });
  await expectLandedOn(page, "personalInformation");
  await expectState(page, "personalInformation", "in-progress");
  expect(await skipAheadGoesTo(page, "employmentInformation")).toBe("/apply/personalInformation");

  // /personal: the details, the address from the Maps stand-in's suggestions.
  await handOffTo(page, "/personal", "About you");
  await submitPersonalDetails(page, {
    givenName: "Jordan",
    familyName: "Rivera",
    birthdate: "1988-02-03",
    address: { typed: "1600 Capitol", suggestion: /1600 Capitol Ave/ },
    ssn,
    phone: "2175550188",
    salary: "52000",
  });
  await expectLandedOn(page, "employmentInformation");
  await expectState(page, "employmentInformation", "in-progress");
  expect(await skipAheadGoesTo(page, "consentPage")).toBe("/apply/employmentInformation");

  // /employment: the job details.
  await handOffTo(page, "/employment", "Tell us about your job");
  await expect(page.getByTestId("chosen-employer")).toHaveText(/Washington High School/);
  await submitEmploymentDetails(page, TEACHER_DETAILS);
  // The review of the application, then on to the rate check.
  await expectReview(page);
  await page.getByRole("link", { name: "Continue to check my rate" }).click();
  await expectLandedOn(page, "authPrequal");
  await expectState(page, "authPrequal", "in-progress");
  expect(await skipAheadGoesTo(page, "completeUnderReview")).toBe("/apply/authPrequal");
  await typedLaterStepGoesBack(page, "offerDetails", "authPrequal");
}

test("a new visitor from a partner link reaches a signed contract and an active loan", async ({ page }) => {
  const lendingPages = recordLendingPages(page);
  await signUpFromPartner(page);
  await expectState(page, "chooseEmployer", "not-started");

  await applyThroughThePagesToCheckMyRate(page, "666000001");

  // Check my rate (the local lending app).
  await page.goto("/apply");
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply$`));
  await expect(page.getByRole("heading", { level: 1, name: "Check my rate" })).toBeVisible();
  await axe(page);
  await checkMyRate(page);
  await expect(page.getByTestId("quote")).toContainText("$4,000.00");
  await expect(page.getByTestId("offer-shortfall")).toHaveCount(0); // the amount asked is offered: no limit to explain
  // The APR of the schedule that will be collected (52 biweekly paydays), from the one module.
  const LOAN = paydayFigures();
  await expect(page.getByTestId("til-apr")).toHaveText(LOAN.apr);
  await axe(page);
  await expectState(page, "prequalApprove", "review");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/consentPage$`));
  await axe(page);
  await expectState(page, "consentPage", "review");
  await typedLaterStepGoesBack(page, "uploadIdentity", "consentPage");
  await page.getByRole("button", { name: "Agree and continue" }).click();
  // The box is required: the browser does not submit without it.
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/consentPage$`));
  await page.getByLabel(/I agree to receive disclosures electronically/).check();
  await page.getByRole("button", { name: "Agree and continue" }).click();
  // fundingAccount is the shell's /bank: the lending app forwards straight there.
  await expect(page).toHaveURL(new RegExp(`^${LOCAL_ORIGIN}/bank$`));
  expect(await claims(page)).toMatchObject({ step: "fundingAccount", evolveConsent: true });
  await expectState(page, "fundingAccount", "review");

  // /bank: a checking account through the Plaid Link stand-in; the step moves and the page follows it.
  await handOffTo(page, "/bank", "Bank account");
  await linkCheckingAccount(page);
  await expectState(page, "uploadIdentity", "review");
  expect(await skipAheadGoesTo(page, "completeUnderReview")).toBe("/apply/uploadIdentity");

  // Step 8: the upload keeps the file's name and size only; then the application goes to review.
  await axe(page);
  await uploadIdentityDocument(page);
  await axe(page);
  await expectState(page, "completeUnderReview", "review");

  // Local ops action: the review sends the offer, every figure from the loan math.
  await sendOffer(page);
  await expect(page.getByTestId("til-amount-financed")).toHaveText(LOAN.amountFinanced);
  await expect(page.getByTestId("til-finance-charge")).toHaveText(LOAN.financeCharge);
  await expect(page.getByTestId("til-total")).toHaveText(LOAN.totalOfPayments);
  await expect(page.getByTestId("til-apr")).toHaveText(LOAN.apr);
  // One repayment schedule (issue 42): the offer's headline, its TIL schedule, the direct-deposit
  // page, the contract and the dashboard all say the payment collected, on 52 biweekly paydays.
  const PAYMENT = LOAN.headline;
  await expect(page.getByTestId("offer-payment")).toHaveText(PAYMENT);
  await expect(page.getByTestId("til-schedule")).toContainText(LOAN.regularPayment);
  await expect(page.getByTestId("til-schedule")).toContainText(LOAN.lastPayment);
  await expect(page.getByTestId("til-schedule")).not.toContainText("$201.62"); // the monthly note's payment
  await axe(page);
  await expectState(page, "Offer Sent", "review");
  expect(await skipAheadGoesTo(page, "consentPage")).toBe("/apply/offerDetails");

  await acceptOffer(page);
  await expect(page.getByTestId("deduction")).toHaveText(PAYMENT);
  await axe(page);
  await confirmDirectDeposit(page);
  expect(await claims(page)).toMatchObject({ step: "Offer Sent", directDepositConfirmed: true });
  expect(await skipAheadGoesTo(page, "offerDetails")).toBe("/offer/contract");
  await axe(page);

  // Sign at dashboard-sign (the e-signature stand-in in its iframe).
  await page.getByTestId("sign-link").click();
  await expect(page).toHaveURL(/\/dashboard-sign\?counters=sig-dd-/);
  // The borrower opens the contract: the e-signature stand-in in its iframe.
  const frame = await openContract(page);
  await expect(frame.getByText("$3,975.00")).toBeVisible();
  await expect(frame.getByText(PAYMENT)).toBeVisible();
  await frame.getByLabel("Type your full name to sign").fill("Jordan Rivera");
  await frame.getByLabel("I agree to sign this contract electronically").check();
  await frame.getByRole("button", { name: "Sign contract" }).click();
  await expect(page.getByRole("heading", { name: "Your contract is signed" })).toBeVisible();
  await expectState(page, "Offer Sent", "signed");
  expect(await skipAheadGoesTo(page, "offerDetails")).toBe("/_restricted");

  // Local ops action: originate the signed loan.
  await page.goto("/offer/contract");
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD}contract$`));
  await expect(page.getByTestId("contract-status")).toHaveText(/Signed/);
  await axe(page);
  await page.getByRole("button", { name: "Originate (fund) the loan" }).click();
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
  await expect(page.getByTestId("application-step")).toHaveText("Loan active");
  await expect(page.getByTestId("loan-state")).toHaveText("Loan funded");
  await expect(page.getByTestId("balance")).toHaveText("$4,000.00");
  await expect(page.getByTestId("next-payment")).toContainText(LOAN.regularPayment);
  await axe(page);
  expect(await claims(page)).toMatchObject({ step: "activeLoan", loanState: "originated" });
  expect(await skipAheadGoesTo(page, "offerDetails")).toBe("/_restricted");
  // No lending-app page on the way was a "Continue on …" hop, and none showed a step id.
  const shown = await Promise.all(lendingPages);
  expect(shown.length).toBeGreaterThan(0);
  for (const body of shown)
    expect(body.replace(/<[^>]*>/g, " ")).not.toMatch(/Continue on|Continue your application|chooseEmployer|prequalApprove|consentPage/);
});

test("a prequalification refused by the credit check ends on the lending app's result page, and /apply is then restricted", async ({
  page,
}) => {
  await signUpFromPartner(page);
  await applyThroughThePagesToCheckMyRate(page, "666000002");
  await page.goto("/apply/authPrequal");
  await page.getByRole("button", { name: "Check my rate" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/prequalRej$`));
  await expect(page.getByTestId("rejection-reason")).toHaveText("Credit check: Serious delinquency reported in the last 12 months");
  await axe(page);
  await expectState(page, "prequalRej", "rejected");
  await page.goto("/apply");
  await expect(page).toHaveURL(/\/_restricted/);
  // The notice names the stored refusal's category (never its internal text) and the re-apply date,
  // 30 days from the decision just made (either side of a UTC midnight).
  const notice = page.getByRole("region", { name: "We can't continue your application" });
  await expect(notice).toContainText("The main reason: the result of the credit check.");
  await expect(notice).not.toContainText("delinquency");
  const days = (n: number) => formatDate(Date.now() + n * 86_400_000);
  await expect(notice).toContainText(new RegExp(`You may apply again from (${days(30)}|${days(29)}), 30 days after our decision`));
  await expect(notice).toContainText("free copy of your credit report");
  await checkState(page, test.info(), "restricted", "credit-refusal");
});
