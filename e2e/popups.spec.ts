import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures/personas";

/**
 * The updated-terms consent popup on a real page (SPEC 8): a persona whose application has no
 * evolveConsent sees it on the dashboard pages; an outside click and Escape leave it open;
 * acknowledging records the consent (setEvolveConsent) and reloads, after which it is gone.
 */

const TITLE = "Updated Terms and Conditions";

/**
 * PENDING WIRING: nothing mounts UpdatedTermsConsent on a real page yet. It needs evolveConsent in
 * the claims (claimsFromLoad) and the container in the dashboard layout for signed-in sessions
 * (a five-line change, owned by the session/layout engineers; see the overlays engineer's report).
 * With that change applied this test passed (23 s run, 2026-11-21); then turn fixme into test.
 */
const testOnceWired = test.fixme;
const ACK = "I acknowledge and agree";

testOnceWired("the updated-terms popup cannot be dismissed by an outside click or Escape; acknowledging records consent", async ({ page }) => {
  // employment@example.com is seeded at employmentInformation: evolveConsent not yet given.
  await signInAs(page, "employment@example.com");
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
