import AxeBuilder from "@axe-core/playwright";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { CLAIMS_COOKIE } from "../lib/session/claims";
import { LOCAL_ORIGIN, enterCode, nextCode, requestCode } from "./fixtures/personas";

/**
 * The whole journey on the production build against the local stand-ins: a brand-new visitor from
 * a partner link to a signed contract and an active loan, through the shell's guards, the local
 * lending app and the local dashboard. At each step: where the guards send /apply/…, what the
 * claims cookie says (refreshed after every change of step or loan state), what the dashboard shows.
 *
 * The shell pages /employment, /personal and /bank still show their notice (their forms are other
 * issues), so those steps call the same GraphQL operations those pages will call, with the
 * visitor's own token, and refresh the claims as a page would. Everything else is clicked.
 */

test.setTimeout(180_000);

const LENDING = "/api/local/apps/lending";
const DASHBOARD = "/api/local/apps/dashboard/";

function idTokenOf(cookies: { name: string; value: string }[]): string {
  const c = cookies.find((x) => /^CognitoIdentityServiceProvider\.[^.]+\..+\.idToken$/.test(x.name));
  if (!c) throw new Error("no identity token cookie");
  return decodeURIComponent(c.value);
}

async function api(page: Page, query: string, variables?: Record<string, unknown>): Promise<Record<string, any>> {
  const token = idTokenOf(await page.context().cookies());
  const res = await page.request.post("/api/local/graphql", { headers: { authorization: token }, data: { query, variables } });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** What a shell page does after it writes: refresh the claims the guards read. */
async function refreshClaims(page: Page): Promise<void> {
  expect((await page.request.post("/api/session/claims")).status()).toBe(200);
}

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
  await expect(dash.getByTestId("application-step")).toHaveText(step);
  await expect(dash.getByTestId("loan-state")).toHaveText(loanState);
  await dash.close();
}

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;

/**
 * Each stand-in page in each state: axe, and a full-page screenshot at 375 and 1280 px written to
 * test-results/screenshots/lending-<page>-<width>.png with nothing scrolling sideways.
 */
async function axe(page: Page) {
  const name = new URL(page.url()).pathname.replace(/^\/api\/local\/apps\//, "").replace(/\/+$/, "").replace(/[^\w]+/g, "-") || "home";
  const before = page.viewportSize();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const body = await page.screenshot({ fullPage: true, animations: "disabled" });
    await mkdir(path.join("test-results", "screenshots"), { recursive: true });
    await writeFile(path.join("test-results", "screenshots", `lending-${name}-${viewport.width}.png`), body);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow of ${name} at ${viewport.width} px`).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

async function signUpFromPartner(page: Page): Promise<string> {
  const email = `journey-${randomBytes(5).toString("hex")}@example.com`;
  await page.goto("/PerkSpot?redirect=%2Fapply");
  const baseline = await requestCode(page, email, "register");
  await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
  await page.waitForURL(`**${LENDING}/apply?partner=perkSpot`);
  return email;
}

/** /employment, /personal (not built yet): the operations those pages call, up to authPrequal. */
async function applyUpToCheckMyRate(page: Page, ssn: string) {
  await api(page, 'mutation { setEmployer(employerId: "1002") { nextRoute } }');
  await refreshClaims(page);
  await expectState(page, "loanDetails", "not-started");
  expect(await skipAheadGoesTo(page, "authPrequal")).toBe("/apply/loanDetails");

  await api(page, 'mutation { applies(amount: 4000, reason: "Debt Consolidation", state: "IL", type: "personal") { amountAppliedFor } }');
  await api(page, 'mutation { setApplicationStep(applicationStep: "personalInformation") { applicationStep } }');
  await refreshClaims(page);
  await expectState(page, "personalInformation", "in-progress");
  await api(
    page,
    `mutation ($ssn: String!) { identifies(given_name: "Jordan", family_name: "Rivera", birthdate: "1988-02-03",
       address: "12 Main St, Springfield, IL 62701", addrCity: "Springfield", addrStateAbbr: "IL", addrPostalCode: "62701",
       ssn: $ssn, accountSettings: true) { given_name } }`,
    { ssn },
  );
  await api(page, 'mutation { setApplicationStep(applicationStep: "employmentInformation") { applicationStep } }');
  await refreshClaims(page);
  expect(await skipAheadGoesTo(page, "consentPage")).toBe("/apply/employmentInformation");
  await api(
    page,
    `mutation { employmentInformationNextHandler(id: "E-1001", salary: 52000, start: "2019-08-15", title: "Teacher",
       status: "full", payFrequency: "biweekly", payMonths: 12, ddAccounts: 1, activeMilitary: false) { nextRoute validationError serverError } }`,
  );
  await refreshClaims(page);
  await expectState(page, "authPrequal", "in-progress");
  expect(await skipAheadGoesTo(page, "completeUnderReview")).toBe("/apply/authPrequal");
}

test("a new visitor from a partner link reaches a signed contract and an active loan", async ({ page }) => {
  await signUpFromPartner(page);
  // The lending app hands the new application to the shell page of its first step.
  await expect(page.getByTestId("stand-in-banner")).toContainText("Local stand-in for the hosted lending app");
  await expect(page.getByTestId("handoff")).toHaveAttribute("href", "/employment");
  await axe(page);
  await expectState(page, "chooseEmployer", "not-started");

  await applyUpToCheckMyRate(page, "666000001");

  // Check my rate (the local lending app).
  await page.goto("/apply");
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply$`));
  await expect(page.getByRole("heading", { level: 1, name: "Check my rate" })).toBeVisible();
  await axe(page);
  await page.getByRole("button", { name: "Check my rate" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/prequalApprove$`));
  await expect(page.getByTestId("quote")).toContainText("$4,000.00");
  await expect(page.getByTestId("til-apr")).toHaveText("19.64%");
  await axe(page);
  await expectState(page, "prequalApprove", "review");

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/consentPage$`));
  await axe(page);
  await page.getByRole("button", { name: "Agree and continue" }).click();
  // The box is required: the browser does not submit without it.
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/consentPage$`));
  await page.getByLabel(/I agree to receive disclosures electronically/).check();
  await page.getByRole("button", { name: "Agree and continue" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/fundingAccount$`));
  await expect(page.getByTestId("handoff")).toHaveAttribute("href", "/bank");
  expect(await claims(page)).toMatchObject({ step: "fundingAccount", evolveConsent: true });

  // /bank (not built yet): the Link stand-in's login, then links — what the bank page will do.
  const { createLinkToken } = await api(page, "mutation { createLinkToken { link_token } }");
  const login = await (await page.request.post("/api/local/plaid/link/login", {
    data: { link_token: createLinkToken.link_token, institution_id: "ins_109508", username: "user_good", password: "pass_good" },
  })).json();
  const checking = login.accounts.find((a: { subtype: string }) => a.subtype === "checking");
  const meta = JSON.stringify({ institution: { name: "First Platypus Bank", institution_id: "ins_109508" }, accounts: [checking], link_session_id: "s" });
  expect((await api(page, "mutation ($t: String!, $m: AWSJSON) { links(publicToken: $t, metaData: $m) }", { t: login.public_token, m: meta })).links).toBe(200);
  await refreshClaims(page);
  expect(await skipAheadGoesTo(page, "completeUnderReview")).toBe("/apply/uploadIdentity");

  // Step 8: the upload keeps the file's name and size only; then the application goes to review.
  await page.goto("/apply/uploadIdentity");
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/uploadIdentity$`));
  await axe(page);
  await page.getByLabel(/Document/).setInputFiles({ name: "driving-licence.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 stand-in") });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/completeUnderReview$`));
  await axe(page);
  await expectState(page, "completeUnderReview", "review");

  // Local ops action: the review sends the offer, every figure from the loan math.
  await page.getByRole("button", { name: "Complete the review and send the offer" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/offerDetails$`));
  await expect(page.getByTestId("til-amount-financed")).toHaveText("$3,975.00");
  await expect(page.getByTestId("til-finance-charge")).toHaveText("$863.72");
  await expect(page.getByTestId("til-total")).toHaveText("$4,838.72");
  await expect(page.getByTestId("til-schedule")).toContainText("$201.62");
  await expect(page.getByTestId("til-schedule")).toContainText("$201.46");
  await axe(page);
  await expectState(page, "Offer Sent", "review");
  expect(await skipAheadGoesTo(page, "consentPage")).toBe("/apply/offerDetails");

  await page.getByRole("button", { name: "Accept offer" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/direct-deposit$`));
  await expect(page.getByTestId("deduction")).toContainText("$93.06"); // 201.62 × 12 / 26, rounded up
  await axe(page);
  await page.getByLabel(/I have asked my payroll office/).check();
  await page.getByRole("button", { name: "Confirm direct deposit" }).click();
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD}contract$`));
  expect(await claims(page)).toMatchObject({ step: "Offer Sent", directDepositConfirmed: true });
  expect(await skipAheadGoesTo(page, "offerDetails")).toBe("/offer/contract");
  await axe(page);

  // Sign at dashboard-sign (the e-signature stand-in in its iframe).
  await page.getByTestId("sign-link").click();
  await expect(page).toHaveURL(/\/dashboard-sign\?counters=sig-dd-/);
  const frame = page.frameLocator('iframe[title="Loan contract to sign"]');
  await expect(frame.getByText("$3,975.00")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Sign contract" })).toBeEnabled();
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
  await expect(page.getByTestId("application-step")).toHaveText("activeLoan");
  await expect(page.getByTestId("loan-state")).toHaveText("originated");
  await expect(page.getByTestId("balance")).toHaveText("$4,000.00");
  await expect(page.getByTestId("next-payment")).toContainText("$201.62");
  await axe(page);
  expect(await claims(page)).toMatchObject({ step: "activeLoan", loanState: "originated" });
  expect(await skipAheadGoesTo(page, "offerDetails")).toBe("/_restricted");
});

test("a prequalification refused by the credit check ends on the lending app's result page, and /apply is then restricted", async ({ page }) => {
  await signUpFromPartner(page);
  await applyUpToCheckMyRate(page, "666000002");
  await page.goto("/apply/authPrequal");
  await page.getByRole("button", { name: "Check my rate" }).click();
  await expect(page).toHaveURL(new RegExp(`${LENDING}/apply/prequalRej$`));
  await expect(page.getByTestId("rejection-reason")).toHaveText("Credit check: Serious delinquency reported in the last 12 months");
  await axe(page);
  await expectState(page, "prequalRej", "rejected");
  await page.goto("/apply");
  await expect(page).toHaveURL(/\/_restricted/);
});
