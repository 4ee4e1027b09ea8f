import { expect, test } from "./fixtures/console-gate";
import { SHORT_OTP_PORT, SHORT_OTP_TTL_SECONDS } from "../playwright.config";
import { enterCode, newestMessageId, nextCode, requestCode } from "./fixtures/personas";

/** An expired code, on the server whose codes live SHORT_OTP_TTL_SECONDS and whose clock a test may move (playwright.config.ts). */
const ORIGIN = `http://127.0.0.1:${SHORT_OTP_PORT}`;

test("an expired code offers a new one, which signs in", async ({ page, consoleGate }) => {
  // The identity service answers the expired code with 400 (as Cognito does); the browser reports that response.
  consoleGate.allow(
    /\/api\/local\/cognito\): Failed to load resource: the server responded with a status of 400/,
    "Cognito's 400 for the expired code",
  );
  const email = "borrower@example.com";
  await page.goto(`${ORIGIN}/login?redirect=%2Fpayments`);
  const baseline = await requestCode(page, email);
  const code = await nextCode(page.request, ORIGIN, email, baseline);
  const firstId = await newestMessageId(page.request, ORIGIN, email);
  // Age the code past its lifetime on the server's own clock (this server alone lets tests move it): no sleep.
  const moved = await page.request.post(`${ORIGIN}/api/local/clock`, { data: { advanceSeconds: SHORT_OTP_TTL_SECONDS + 1 } });
  expect(moved.status()).toBe(200);
  await enterCode(page, code);
  await expect(page.locator("main").getByRole("alert")).toHaveText("This code has expired. Send a new code to continue.");
  await expect(page.getByLabel("Verification code")).toHaveValue(code);

  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByText("We sent you a new code. Earlier codes no longer work; codes expire after a few minutes.")).toBeVisible();
  await expect(page.getByLabel("Verification code")).toHaveValue("");
  await enterCode(page, await nextCode(page.request, ORIGIN, email, firstId));
  await page.waitForURL(`${ORIGIN}/api/local/apps/dashboard/payments`);
});
