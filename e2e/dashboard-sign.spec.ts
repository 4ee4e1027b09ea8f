import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { newApplicant, toContractToSign } from "./fixtures/applicant";
import { LOCAL_ORIGIN, pathAndQuery, recordNavigations, signInAs } from "./fixtures/personas";
import { paydayFigures } from "./fixtures/loan-figures";
import { esignStandInOrigin } from "../lib/config/env";
import { SIGNING_FRAME, openContract } from "./fixtures/signing";
import { checkState } from "./fixtures/page-states";

/**
 * dashboard-sign end to end on the production build against the local stand-ins: a borrower
 * arriving from a dashboard link with counters signs in the embedded e-signature stand-in
 * (hellosign-embedded in the page, the stand-in's signing page in its iframe).
 *
 * The signing test signs a brand-new applicant's contract (e2e/fixtures/applicant.ts brings them
 * there through the product's calls), so no seeded persona changes and a retry starts afresh.
 * Personas (local/lender/seed/personas.ts): offer-dd@example.com only cancels (nothing it changes lasts);
 * signer@example.com's unsigned contract is someone else's; signed@example.com was signed at seed time.
 */

const SIGNER = { email: "signer@example.com", signatureId: "sig-dd-a10011" };
const CANCELLER = { email: "offer-dd@example.com", signatureId: "sig-dd-a10007" };

/** Where /apply sends this browser's user now (the guards' view of the loan state). */
async function applyGoesTo(page: Page): Promise<string> {
  const res = await page.request.get("/apply", { maxRedirects: 0 });
  expect(res.status()).toBeGreaterThanOrEqual(300);
  expect(res.status()).toBeLessThan(400);
  return new URL(res.headers()["location"]!, LOCAL_ORIGIN).pathname;
}

async function arriveFromDashboardLink(page: Page, signatureId: string) {
  const hops = recordNavigations(page);
  await page.goto(`/dashboard?counters=${signatureId}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard-sign\\?counters=${signatureId}$`));
  expect(hops.map(pathAndQuery)).toEqual([`/dashboard?counters=${signatureId}`, `/dashboard-sign?counters=${signatureId}`]);
  await expect(page.getByRole("heading", { level: 1, name: "Sign your loan contract" })).toBeVisible();
}

/** The server actions the page sends (each asks counters for a fresh signing URL). */
function recordActions(page: Page): string[] {
  const actions: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actions.push(new URL(r.url()).pathname);
  });
  return actions;
}

test("a borrower from a dashboard link with counters signs, sees the signed state, downloads the signed contract, and is then treated as signed", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await newApplicant(page, "signer");
  const signatureId = await toContractToSign(page);
  expect(await applyGoesTo(page)).not.toBe("/_restricted");

  await arriveFromDashboardLink(page, signatureId);
  // Signing is the application's last stage, with the same progress bar as every step's page.
  await expect(page.getByTestId("application-progress")).toContainText("Step 10 of 10: Sign your contract");
  await expect(page.getByRole("progressbar", { name: "Application progress" })).toHaveAttribute("aria-valuenow", "100");
  // Nothing of the provider's loads until the reader opens the contract (issue 24).
  await expect(page.getByRole("heading", { name: "Review and sign" })).toBeVisible();
  // 'ready' comes back from the stand-in through hellosign-embedded (hellosign:initialize).
  const frame = await openContract(page);
  await expect(page.getByRole("heading", { name: "Review and sign" })).toBeFocused();
  const iframe = page.locator(SIGNING_FRAME);
  const src = new URL((await iframe.getAttribute("src"))!);
  // What hellosign-embedded adds to the URL counters answered.
  expect(src.pathname).toBe("/api/local/esign/editor/embeddedSign");
  // The stand-in is the app's server under its other loopback name: cross-site, as the provider is,
  // so the signing page runs in its own process, not on the app's main thread.
  expect(src.origin).toBe(esignStandInOrigin(new URL(page.url()).origin));
  expect(src.origin).not.toBe(new URL(page.url()).origin);
  expect(src.searchParams.get("signature_id")).toBe(signatureId);
  expect(src.searchParams.get("client_id")).toMatch(/^[0-9a-z]{32}$/);
  expect(src.searchParams.get("skip_domain_verification")).toBe("1");
  expect(src.searchParams.get("parent_url")).toBe(page.url());

  // The loan math (docs/lending.md): $4,000 principal − $25 prepaid finance charge at 18.99%, repaid from a biweekly paycheck: the collected schedule's figures.
  const loan = paydayFigures();
  await expect(frame.getByText(loan.amountFinanced)).toBeVisible();
  await expect(frame.getByText(loan.apr)).toBeVisible();
  await expect(frame.getByText(loan.headline, { exact: false })).toBeVisible(); // the collected schedule
  // The stand-in refuses to sign without the signer's name and consent.
  await frame.getByLabel("Type your full name to sign").fill("");
  await frame.getByRole("button", { name: "Sign contract" }).click();
  await expect(frame.getByRole("alert")).toHaveText("Type your full name to sign.");

  await frame.getByLabel("Type your full name to sign").fill("Jordan Rivera");
  await frame.getByLabel("I agree to sign this contract electronically").check();
  const claimsRefresh = page.waitForResponse((r) => r.url().endsWith("/api/session/claims") && r.request().method() === "POST");
  await frame.getByRole("button", { name: "Sign contract" }).click();

  expect((await claimsRefresh).status()).toBe(200);
  const signed = page.getByRole("heading", { name: "Your contract is signed" });
  await expect(signed).toBeVisible();
  await expect(signed).toBeFocused();
  await expect(page.getByText(/may take a moment/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(iframe).toHaveCount(0);

  // The signed copy, from the borrower's documents (loadFrontend), behind a signed same-origin URL.
  const copy = page.getByRole("link", { name: "Download your signed contract (PDF)" });
  const href = (await copy.getAttribute("href"))!;
  expect(new URL(href, page.url()).origin).toBe(new URL(page.url()).origin);
  const [download] = await Promise.all([page.waitForEvent("download"), copy.click()]);
  expect(download.suggestedFilename()).toBe(`signed-contract-${signatureId}.pdf`);
  const pdf = await readFile((await download.path())!, "latin1");
  expect(pdf.startsWith("%PDF-")).toBe(true);
  expect(pdf).toContain("(Loan amount: $4,000.00)");
  const served = await page.request.get(href);
  expect(served.headers()["content-type"]).toBe("application/pdf");
  await checkState(page, testInfo, "dashboard-sign", "signed");

  // The guards now see a signed loan: not-yet-signed routes go to /_restricted.
  expect(await applyGoesTo(page)).toBe("/_restricted");
  await page.goto("/apply");
  await expect(page).toHaveURL(/\/_restricted/);

  // Coming back with the same link: nothing left to sign.
  await page.goto(`/dashboard-sign?counters=${signatureId}`);
  await expect(page.getByRole("heading", { name: "Your contract is already signed" })).toBeVisible();
});

test("a cancelled signing shows the fail state; retrying opens a new one-time link; the contract stays unsigned", async ({ page }) => {
  await signInAs(page, CANCELLER.email);
  // The narrowest screen the app supports: everything fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  await arriveFromDashboardLink(page, CANCELLER.signatureId);
  const actions = recordActions(page);
  const frame = await openContract(page);
  // The URL the page brought was fresh: opening it asked for no other.
  expect(actions).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const iframe = page.locator(SIGNING_FRAME);
  const firstSrc = await iframe.getAttribute("src");

  await frame.getByRole("button", { name: "Cancel" }).click();
  const failed = page.getByRole("heading", { name: "Signing was not completed" });
  await expect(failed).toBeVisible();
  await expect(failed).toBeFocused();
  await expect(page.getByText("The signing window was closed before the contract was signed.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(iframe).toHaveCount(0);
  expect(await applyGoesTo(page)).not.toBe("/_restricted");

  // The cancelled link is used up: opening it again is refused by the stand-in.
  const reopened = await page.request.get(firstSrc!);
  expect(reopened.status()).toBe(410);

  await page.getByRole("button", { name: "Try signing again" }).click();
  await expect(page.getByText("Your contract is ready to sign.")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Sign contract" })).toBeEnabled();
  expect(actions).toEqual(["/dashboard-sign"]);
  const secondSrc = await iframe.getAttribute("src");
  expect(new URL(secondSrc!).searchParams.get("token")).not.toBe(new URL(firstSrc!).searchParams.get("token"));
});

test("back at the page an hour later: opening the contract asks for a fresh link and the contract opens", async ({ page }) => {
  await signInAs(page, CANCELLER.email);
  await page.clock.install();
  await arriveFromDashboardLink(page, CANCELLER.signatureId);
  await expect(page.getByRole("button", { name: "Open your contract" })).toBeVisible();
  const actions = recordActions(page);
  // The provider's links last an hour from when the page asked for one.
  await page.clock.setSystemTime(Date.now() + 58 * 60_000);
  const frame = await openContract(page);
  // Not the link the page brought (its hour all but gone by the browser's clock): a fresh one.
  expect(actions).toEqual(["/dashboard-sign"]);
  await frame.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Signing was not completed" })).toBeVisible();
});

test("without a counters query, with someone else's id, or for a signed contract: a clear message and the way back", async ({ page }) => {
  await signInAs(page, CANCELLER.email);

  await page.goto("/dashboard-sign");
  await expect(page.getByRole("heading", { level: 1, name: "No contract to sign" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");

  await page.goto("/dashboard-sign?counters=..%2Fetc");
  await expect(page.getByRole("heading", { level: 1, name: "No contract to sign" })).toBeVisible();
  await expect(page.getByText("This signing link isn't valid.")).toBeVisible();

  // signer@example.com's signature id is not this user's.
  await page.goto(`/dashboard-sign?counters=${SIGNER.signatureId}`);
  await expect(page.getByRole("heading", { name: "We couldn't find this contract" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("a contract signed before: already signed, nothing opened, its copy offered", async ({ page }) => {
  await signInAs(page, "signed@example.com");
  await page.goto("/dashboard-sign?counters=sig-dd-a10009");
  await expect(page.getByRole("heading", { name: "Your contract is already signed" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  // Its copy is in the documents: the link is in the first paint.
  await expect(page.getByRole("link", { name: "Download your signed contract (PDF)" })).toHaveAttribute(
    "href",
    /^\/api\/local\/documents\/[\w-]+\/signed-contract-sig-dd-a10009\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/,
  );
});

/** The signed copy's URL: the documents door, signed and expiring (local/lender/data/documents.ts). */
const SIGNED_COPY = /^\/api\/local\/documents\/[\w-]+\/signed-contract-sig-dd-a10009\.pdf\?expires=\d+&signature=[0-9a-f]{64}$/;

/** The copy behind a link downloads as the signed contract's PDF. */
async function downloadsTheCopy(page: Page, link: ReturnType<Page["getByRole"]>) {
  await expect(link).toHaveAttribute("href", SIGNED_COPY);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("signed-contract-sig-dd-a10009.pdf");
  expect((await readFile((await download.path())!, "latin1")).startsWith("%PDF-")).toBe(true);
}

// Issue 49: signed, not yet funded, the copy is reachable from the dashboard itself (not only from a
// signing link typed by hand), and the signing page says where it stays, as it is now.
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`signed, not funded: the signed copy from the dashboard's home, contract page and documents (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signInAs(page, "signed@example.com");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/api\/local\/apps\/dashboard\/$/);
    await expect(page.getByTestId("loan-state")).toHaveAttribute("data-state", "signed");
    const documents = page.getByRole("region", { name: "Documents and statements" });
    await downloadsTheCopy(page, documents.getByRole("link", { name: /^signed-contract-sig-dd-a10009\.pdf/ }));

    await page.getByTestId("next-link").click();
    await expect(page).toHaveURL(/\/api\/local\/apps\/dashboard\/contract$/);
    await expect(page.getByTestId("contract-status")).toHaveText(/Signed/);
    await downloadsTheCopy(page, page.getByRole("link", { name: "Download your signed contract (PDF)" }));

    await page.goto("/statements");
    await expect(page.getByRole("heading", { level: 1, name: "Your documents" })).toBeVisible();
    await downloadsTheCopy(page, page.getByRole("link", { name: /^signed-contract-sig-dd-a10009\.pdf/ }));

    // The signing page's sentence names where the copy is now, and its links lead there.
    await page.goto("/dashboard-sign?counters=sig-dd-a10009");
    const stays = page.getByText("A copy also stays on your dashboard: on your contract page and in your documents.");
    await expect(stays).toBeVisible();
    if (viewport.width === 375) await checkState(page, testInfo, "dashboard-sign", "already-signed-not-funded");
    await stays.getByRole("link", { name: "your contract page" }).click();
    await expect(page).toHaveURL(/\/api\/local\/apps\/dashboard\/contract$/);
    await expect(page.getByRole("link", { name: "Download your signed contract (PDF)" })).toHaveAttribute("href", SIGNED_COPY);
  });
}

test("anonymous visitors never reach the page: sent to sign in with the link kept", async ({ request }) => {
  const res = await request.get("/dashboard?counters=sig-dd-a10011", { maxRedirects: 0 });
  expect(res.status()).toBeGreaterThanOrEqual(300);
  expect(res.headers()["location"]).toContain("/login?redirect=%2Fdashboard%3Fcounters%3Dsig-dd-a10011");
});
