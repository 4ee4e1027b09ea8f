import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { expectLandedOn, expectReview, submitEmploymentDetails, TEACHER_DETAILS } from "./fixtures/employment-page";
import { checkState } from "./fixtures/page-states";
import { LOCAL_ORIGIN, recordNavigations } from "./fixtures/personas";
import { paydayFigures } from "./fixtures/loan-figures";
import {
  DASHBOARD,
  LENDING,
  agreeToDisclosures,
  checkMyRate,
  linkCheckingAccount,
  originate,
  signContract,
  uploadIdentityDocument,
} from "./fixtures/journey";
import { REFUSAL_NEXT, REFUSAL_WORDS } from "../lib/application/refusal-words";

/**
 * Issue 49's path that could not end: an applicant who links payroll on the job step (which confirms
 * direct deposit for an employer set up for it) goes on normally through the rate, the consent, the
 * bank and the upload; when the review sends the offer, SPEC 4 routes 'Offer Sent' with direct
 * deposit confirmed straight to the contract, where the offer is accepted (docs/lending.md, "The
 * payroll-linked path"), then signed on dashboard-sign, and the lender funds it. As a person, in the
 * browser, at 375 and 1280 px; the lending app's earlier steps are walked through the product's calls
 * (e2e/lending-journey.spec.ts presses them all). Each run signs up its own applicant.
 */

test.setTimeout(300_000);

/** Lincoln Elementary School: a Metro Unified School District school whose payroll links through Argyle. */
const PAYROLL_LINKED_EMPLOYER = "1001";

/** The dashboard's home: what it says comes next. */
async function dashboardSays(page: Page): Promise<string> {
  await page.goto(`${LOCAL_ORIGIN}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`${DASHBOARD}$`));
  return (await page.getByTestId("next").textContent()) ?? "";
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`payroll linked on the job step: the offer is accepted on the contract page, signed, funded, an active loan (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const hops = recordNavigations(page);
    const screenshots = viewport.width === 375;
    await newApplicant(page, "payroll-path");
    await walkTo(page, "employmentInformation", { employerId: PAYROLL_LINKED_EMPLOYER });

    // The job step: payroll linking through the Argyle stand-in, then the details.
    await page.goto(`${LOCAL_ORIGIN}/employment`);
    await expect(page.getByRole("heading", { level: 1, name: "Tell us about your job" })).toBeVisible();
    await page.getByRole("button", { name: "Link payroll account" }).click();
    const widget = page.getByRole("dialog", { name: "Connect your payroll" });
    await widget.getByRole("button", { name: "Sign in to Lincoln Elementary School payroll" }).click();
    await widget.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("Your payroll account is linked and direct deposit is confirmed.")).toBeVisible();
    // Linked once: not offered again.
    await expect(page.getByRole("button", { name: "Link payroll account" })).toHaveCount(0);
    await submitEmploymentDetails(page, TEACHER_DETAILS);
    await expectReview(page);
    await page.getByRole("link", { name: "Continue to check my rate" }).click();
    await expectLandedOn(page, "authPrequal");

    // The rate, the consent, the bank, the upload: as on the other path.
    await checkMyRate(page);
    await agreeToDisclosures(page);
    await linkCheckingAccount(page);
    await uploadIdentityDocument(page);
    expect((await loadFrontend(page)).appInfo!.directDepositConfirmed).toBe(true);

    // The lender's review sends the offer: SPEC 4 routes it straight to the contract, the offer not yet accepted.
    await page.getByRole("button", { name: "Complete the review and send the offer" }).click();
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}contract$`));
    await expect(page.getByRole("heading", { level: 1, name: "Your loan offer" })).toBeVisible();
    await expect(page.getByTestId("contract-status")).toHaveText(
      "Review your offer. When you accept it, you sign the contract next; your employer has already confirmed direct deposit.",
    );
    const LOAN = paydayFigures();
    await expect(page.getByTestId("til-amount-financed")).toHaveText(LOAN.amountFinanced);
    await expect(page.getByTestId("til-apr")).toHaveText(LOAN.apr);
    await expect(page.getByTestId("sign-link")).toHaveCount(0);
    if (screenshots) await checkState(page, testInfo, "payroll-path", "contract-offer-to-accept", { everyViolation: true });
    const { username } = (await loadFrontend(page)).appInfo!;
    expect((await loadFrontend(page)).appInfo!.offer).toMatchObject({ offerAccepted: false, contractSigned: false });

    // The dashboard says what is true now (nothing accepted yet) and leads to the offer.
    expect(await dashboardSays(page)).toBe(
      "Your loan offer is ready, and your employer has confirmed direct deposit: review and accept your offer, then sign your contract.",
    );

    // A signing link opened before accepting (kept from an e-mail, say) says what to do first, and leads there.
    await page.goto(`${LOCAL_ORIGIN}/dashboard?counters=sig-dd-${username}`);
    await expect(page).toHaveURL(/\/dashboard-sign\?counters=sig-dd-/);
    const refusal = page.locator('[data-signing-state="refused-OFFER_NOT_ACCEPTED"]');
    await expect(refusal.getByRole("heading", { name: "One step before signing" })).toBeVisible();
    await expect(refusal).toContainText(REFUSAL_WORDS.OFFER_NOT_ACCEPTED);
    await expect(page.getByRole("main")).not.toContainText(/try again/i);
    await refusal.getByRole("link", { name: REFUSAL_NEXT.OFFER_NOT_ACCEPTED!.label }).click();
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}contract$`));

    // Accepted on the contract page; signing comes next on the same page.
    await page.getByRole("button", { name: "Accept offer" }).click();
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}contract$`));
    await expect(page.getByRole("heading", { level: 1, name: "Your loan contract" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept offer" })).toHaveCount(0);
    await expect(page.getByTestId("sign-link")).toHaveText("Review and sign your contract");
    expect((await loadFrontend(page)).appInfo!.offer).toMatchObject({ offerAccepted: true, contractSigned: false });
    if (screenshots) await checkState(page, testInfo, "payroll-path", "contract-to-sign", { everyViolation: true });
    expect(await dashboardSays(page)).toBe("Your offer is accepted and direct deposit is set up: sign your contract.");
    await page.getByTestId("next-link").click();
    await expect(page).toHaveURL(new RegExp(`${DASHBOARD}contract$`));

    // Signed on dashboard-sign, funded by the lender: the dashboard shows the active loan.
    await signContract(page, "Jordan Rivera");
    // The page then looks for the signed copy (a server action): the person sees it offered before moving on.
    await expect(page.getByRole("link", { name: "Download your signed contract (PDF)" })).toBeVisible();
    await originate(page);
    await expect(page.getByTestId("loan-state")).toHaveText("Loan funded");
    await expect(page.getByTestId("balance")).toHaveText("$4,000.00");
    await expect(page.getByTestId("next-payment")).toContainText(LOAN.regularPayment);
    if (screenshots) await checkState(page, testInfo, "payroll-path", "active-loan", { everyViolation: true });
    expect((await loadFrontend(page)).applicationStep).toBe("activeLoan");
    // SPEC 4's routing kept: the lending app's offer and direct-deposit pages were never on the way.
    expect(hops.filter((url) => new RegExp(`${LENDING}/(apply/offerDetails|direct-deposit)`).test(url))).toEqual([]);
  });
}
