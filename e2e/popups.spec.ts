import { expect, test } from "./fixtures/console-gate";
import { api } from "./fixtures/applicant";
import { signInAs } from "./fixtures/personas";
import { SetEvolveConsentDocument } from "../lib/graphql/generated/operations";

/**
 * The updated-terms consent popup on a real page (SPEC 8): a user past the consent step whose
 * consent to the partner bank's current terms is not on record sees it on the dashboard pages; an
 * outside click and Escape leave it open; acknowledging records the consent (setEvolveConsent) and
 * reloads, after which it is gone.
 */

const TITLE = "Updated Terms and Conditions";
const ACK = "I acknowledge and agree";

/** What a terms update does on the server: the user's recorded consent no longer covers the terms. */
async function withdrawConsent(page: import("@playwright/test").Page): Promise<void> {
  await setConsent(page, false);
}

/** Records (or withdraws) the signed-in user's consent through the API, then refreshes the claims. */
async function setConsent(page: import("@playwright/test").Page, consent: boolean): Promise<void> {
  await api(page, SetEvolveConsentDocument, { consent });
  const status = await page.evaluate(async () => (await fetch("/api/session/claims", { method: "POST" })).status);
  expect(status).toBe(200);
}

// Whatever happens in the test, under-review@ leaves with consent on record: other specs (overlays)
// rely on it, and a retry must start from the same state.
test.afterEach(async ({ page }) => {
  if (page.url().startsWith("http")) await setConsent(page, true);
});

test("the updated-terms popup cannot be dismissed by an outside click or Escape; acknowledging records consent", async ({ page }) => {
  // under-review@example.com is past the consent step, with consent on record: withdraw it.
  await signInAs(page, "under-review@example.com");
  await page.goto("/personal");
  await expect(page.getByRole("dialog", { name: TITLE })).toHaveCount(0);
  await withdrawConsent(page);
  await page.goto("/personal");

  const dialog = page.getByRole("dialog", { name: TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByRole("link", { name: /Terms of Service/ })).toBeVisible();
  await expect(dialog.getByRole("link", { name: /E-Sign Consent/ })).toHaveAttribute("href", "/documents/esign-consent.pdf");
  await expect(dialog.getByRole("button", { name: ACK })).toBeFocused();

  // Outside: the corners of the viewport, well away from the dialog box.
  const box = (await dialog.boundingBox())!;
  await page.mouse.click(5, 5);
  await page.mouse.click(page.viewportSize()!.width - 5, page.viewportSize()!.height - 5);
  await page.mouse.click(Math.max(2, box.x - 20), box.y + box.height / 2);
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  // Focus stays inside the dialog.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  // Acknowledge: the mutation goes out, the page reloads, and the popup is gone for good.
  const consent = page.waitForRequest((req) => req.method() === "POST" && (req.postData() ?? "").includes("setEvolveConsent"));
  await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: ACK }).click()]);
  expect((await consent).postDataJSON()).toMatchObject({ variables: { consent: true } });
  await expect(page.getByRole("dialog", { name: TITLE })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: TITLE })).toHaveCount(0);
});
