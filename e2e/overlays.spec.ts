import { type Page, type Route } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { CLAIMS_COOKIE } from "../lib/session/claims";
import { signInAs } from "./fixtures/personas";

// SPEC 9's values, stated literally: a change to the module under test must fail here.
const LOADING_HINT_MS = 15_000;
const PROCESSING_HINT_MS = 8000;

/**
 * The overlays' timed hints on the real pages, with a clock the test controls (no real waiting):
 * the user's application data never arrives (POST /api/session/claims is held), so the overlay
 * stays open, and the "Still Loading?" hint must appear exactly when its constant says.
 */

/** A persona who has already consented to the updated terms, so no consent popup covers the overlays. */
const UNDER_REVIEW = "under-review@example.com";

const STILL_LOADING = "Still Loading?";
const HINT = "It looks like there was a problem loading this page. Please try again.";
const LOAN_TEXT = "Please wait a second while we load your loan and payments information. We'll start where you left off last time...";
const APPLY_TEXT = "Please wait a second while we load your loan application information. We'll start where you left off last time...";
const PROCESSING_TEXT = "Please wait while we verify your information.";
const PROCESSING_DETAIL =
  "The product is verifying your identity, income, address, and pulling your credit history. This may take a few minutes.";

// The held claims loads are refused when each test ends (afterEach); the browser reports each refused load.
test.use({
  consoleAllowed: [
    {
      pattern: /\(http:\/\/[^)]*\/api\/session\/claims\): Failed to load resource: net::ERR_FAILED$/,
      why: "the held loads refused at the end",
    },
  ],
});

const held: Route[] = [];
/** Set when the test is over: a load that still arrives is refused at once, never let through. */
let releasing = false;

/** Holds every claims load unanswered (until the test ends); returns how many were asked for. */
async function holdClaimsLoads(page: Page): Promise<() => number> {
  releasing = false;
  await page.route("**/api/session/claims", async (route) => {
    if (releasing) return route.abort();
    held.push(route); // not answered: the load stays pending
  });
  const start = held.length;
  return () => held.length - start;
}

/**
 * Installs Playwright's clock and pauses it: an installed clock otherwise keeps flowing with real
 * time, so on a busy machine the seconds a step takes added to runFor() and the hint showed "early".
 * Paused, only runFor() moves time, and each hint appears exactly at its SPEC value.
 */
async function freezeClock(page: Page): Promise<void> {
  const start = new Date("2026-11-02T09:00:00Z").getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 60_000);
}

/**
 * The held loads are refused while this test's handler still owns them, and only then is the
 * handler removed. The other way round, removing the handler made Playwright continue each held
 * request to the real server (a fallback): the page then loaded the account and navigated to its
 * target with the clock still paused while the context was closing, and now and then that
 * teardown never finished (issue 13, item 9).
 */
test.afterEach(async ({ page }) => {
  releasing = true;
  for (const route of held.splice(0)) await route.abort().catch(() => {}); // a reload's old requests are gone already
  await page.unrouteAll({ behavior: "wait" });
});

test.describe("loading overlay on /wait-load-redirect", () => {
  for (const [target, text] of [
    ["/personal", LOAN_TEXT],
    ["/apply/loanDetails", APPLY_TEXT],
  ] as const) {
    test(`worded for ${target}; "Still Loading?" after ${LOADING_HINT_MS} ms, not before`, async ({ page }) => {
      await signInAs(page, UNDER_REVIEW);
      const asked = await holdClaimsLoads(page);
      await freezeClock(page);
      await page.goto(`/wait-load-redirect?redirect=${encodeURIComponent(target)}`);

      const overlay = page.getByRole("dialog", { name: text });
      await expect(overlay).toBeVisible();
      await expect(overlay).toHaveAttribute("aria-modal", "true");
      await expect(overlay).toHaveAttribute("aria-busy", "true");
      await expect.poll(asked).toBeGreaterThan(0);

      await page.clock.runFor(LOADING_HINT_MS - 1);
      await expect(overlay.getByText(STILL_LOADING)).toHaveCount(0);
      const shown = await overlay.getByText(text).boundingBox();
      await page.clock.runFor(1);
      await expect(overlay.getByRole("status")).toContainText(STILL_LOADING);
      await expect(overlay.getByRole("status")).toContainText(HINT);
      // The hint comes in below: the message does not move (issue 24: a layout shift after 15 s).
      expect(await overlay.getByText(text).boundingBox()).toEqual(shown);

      // The manual reload really reloads: the page asks for the data again.
      const before = asked();
      await Promise.all([page.waitForEvent("load"), overlay.getByRole("button", { name: "Reload the page" }).click()]);
      await expect.poll(asked).toBeGreaterThan(before);
      await expect(page.getByRole("dialog", { name: text })).toBeVisible();
      await expect(page.getByText(STILL_LOADING)).toHaveCount(0);
    });
  }
});

test.describe("processing overlay on /_restricted while signing in", () => {
  test(`both texts; "Still Loading?" after ${PROCESSING_HINT_MS} ms, not before`, async ({ page, context }) => {
    await signInAs(page, UNDER_REVIEW);
    // Signed in but the application data not loaded yet: identity cookies without claims.
    await context.clearCookies({ name: CLAIMS_COOKIE });
    const asked = await holdClaimsLoads(page);
    await freezeClock(page);
    await page.goto(`/_restricted?redirect=${encodeURIComponent("/personal")}`);

    const overlay = page.getByRole("dialog", { name: PROCESSING_TEXT });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByText(PROCESSING_DETAIL)).toBeVisible();
    await expect.poll(asked).toBeGreaterThan(0);

    await page.clock.runFor(PROCESSING_HINT_MS - 1);
    await expect(overlay.getByText(STILL_LOADING)).toHaveCount(0);
    const shown = await overlay.getByText(PROCESSING_DETAIL).boundingBox();
    await page.clock.runFor(1);
    await expect(overlay.getByText(STILL_LOADING)).toBeVisible();
    await expect(overlay.getByText(HINT)).toBeVisible();
    expect(await overlay.getByText(PROCESSING_DETAIL).boundingBox()).toEqual(shown);

    // Modal: Tab stays inside, on the reload button.
    await page.keyboard.press("Tab");
    await expect(overlay.getByRole("button", { name: "Reload the page" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(overlay.getByRole("button", { name: "Reload the page" })).toBeFocused();
  });
});
