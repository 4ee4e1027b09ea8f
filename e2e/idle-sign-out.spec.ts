import { expect, test } from "./fixtures/console-gate";
import { checkState } from "./fixtures/page-states";
import { AMPLIFY_COOKIE_PREFIX, cookieNames, signInAs } from "./fixtures/personas";
import { CLAIMS_COOKIE } from "../lib/session/claims";

// Issue 13's values, stated literally: a change to the module under test must fail here.
const IDLE_MS = 15 * 60 * 1000;
const WARNING_MS = 60_000;
const TITLE = "You'll be signed out in 60 seconds";
const MESSAGE = "You were signed out because there was no activity for 15 minutes. Log in again to continue.";

/**
 * Idle sign-out with Playwright's clock (one clock for the whole context, so both tabs share it):
 * paused, only runFor() moves time, so each step lands exactly on its constant with no real waiting.
 */
test("15 idle minutes in every tab: a warning to stay, then signed out everywhere and sent to log in", async ({
  page,
  context,
}, testInfo) => {
  await signInAs(page, "borrower@example.com", { redirect: "/under-construction" });
  const start = Date.now();
  await page.clock.install({ time: start });
  // Paused a little ahead of now: the installed clock runs in real time until then, and on a loaded
  // machine more than a second can pass before the pause (pausing in the past is an error).
  await page.clock.pauseAt(start + 30_000);
  await page.goto("/under-construction");
  await page.waitForLoadState("networkidle");
  const other = await context.newPage();
  await other.goto("/personal");
  await other.waitForLoadState("networkidle");

  // Activity in one tab keeps the other signed in.
  await page.clock.runFor(10 * 60 * 1000);
  await other.keyboard.press("Shift");
  await page.clock.runFor(IDLE_MS - 10 * 60 * 1000);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  // 15 minutes after the last activity anywhere: the warning, in both tabs.
  await page.clock.runFor(10 * 60 * 1000 - 1);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.clock.runFor(1);
  const warning = page.getByRole("alertdialog", { name: TITLE });
  await expect(warning).toBeVisible();
  await expect(other.getByRole("alertdialog", { name: TITLE })).toBeVisible();
  await expect(warning.getByRole("button", { name: "Stay signed in" })).toBeFocused();
  // axe waits on timers: let time flow for the check (seconds of the warning's 60), then pause again.
  await page.clock.resume();
  await checkState(page, testInfo, "idle-warning", "open");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await expect(warning).toBeVisible();

  // Staying, in one tab, closes the warning in both (after the 200 ms fade-out).
  await warning.getByRole("button", { name: "Stay signed in" }).click();
  await page.clock.runFor(200);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(other.getByRole("alertdialog")).toHaveCount(0);

  // Then idle again: warned 15 minutes after the click, signed out 60 seconds later.
  await page.clock.runFor(IDLE_MS - 200 - 1);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.getByRole("alertdialog", { name: TITLE })).toBeVisible();
  await page.clock.runFor(WARNING_MS - 1);
  await expect(page).toHaveURL(/\/under-construction$/);
  await page.clock.runFor(1);
  // From here the sign-out talks to the server: let time flow again.
  await page.clock.resume();

  await expect(page).toHaveURL(/\/login\?signedOut=idle&redirect=%2Funder-construction$/, { timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: MESSAGE })).toBeVisible();
  await expect(other).toHaveURL(/\/login\?signedOut=idle&redirect=%2Fpersonal$/, { timeout: 15_000 });
  await expect(other.getByText(MESSAGE)).toBeVisible();
  // The session is gone from the browser (the sign-out route revoked its refresh token, too).
  const left = await cookieNames(context);
  expect(left.filter((n) => n.startsWith(AMPLIFY_COOKIE_PREFIX) || n === CLAIMS_COOKIE)).toEqual([]);
  await other.close();
});

/** Issue 25: not only the dashboard layout's pages: a signed-in visitor on a public-layout page or the not-found page is signed out too. */
for (const path of ["/_restricted", "/no-such-page"]) {
  test(`idle sign-out also on ${path}, signed in`, async ({ page }) => {
    await signInAs(page, "borrower@example.com", { redirect: "/under-construction" });
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await page.clock.runFor(IDLE_MS);
    await expect(page.getByRole("alertdialog", { name: TITLE })).toBeVisible();
    await page.clock.runFor(WARNING_MS);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/login\?signedOut=idle/, { timeout: 15_000 });
    await expect(page.getByRole("status").filter({ hasText: MESSAGE })).toBeVisible();
  });
}
