import { expect, test } from "./fixtures/console-gate";
import { hydrated } from "./fixtures/hydration";
import { observeInteractions, throttleCpu, worstInteraction, type InteractionTiming } from "./fixtures/interaction-timing";
import { LOCAL_ORIGIN, signInAs } from "./fixtures/personas";

/**
 * Issue 52: a keystroke in /bank's routing-number field read 2.2 s to paint at 4× CPU. Its handlers
 * took a few milliseconds and the main thread was idle afterwards: the time was headless Chromium not
 * presenting the frames of keystrokes in an input near the bottom of the viewport until the page next
 * scrolled (the by-hand form opens with that field at 745–787 px of an 812 px screen; a bare page
 * with one input there reads the same; bench/README.md has the traces). Measured as a phone shows a
 * focused field (scrolled above its keyboard), this pins what the page itself does per keystroke: the
 * handlers and what they schedule before the next frame (rendering the form, a draft write, a lookup
 * of the bank), each keystroke far under the stall's 2 s on a loaded 2-core machine, and the handlers'
 * part small. A control keystroke with a 60 ms handler proves the measurement sees slow work.
 * bench:inp (not CI) has the figures against the 100 ms goal.
 */
const CPU_SLOWDOWN = 4;
/** Far above the page's own ~50 ms on a loaded CI machine, far below the stall's 2 s. */
const KEYSTROKE_BOUND_MS = 600;
/** The handlers of one keystroke (react-number-format's and the form's), at 4× CPU. */
const PROCESSING_BOUND_MS = 100;

test.use({ viewport: { width: 375, height: 812 } });

test("each keystroke of a routing number in the by-hand form paints promptly at 4× CPU, the tenth digit (refused) too", async ({
  page,
}) => {
  // The persona at fundingAccount, where the rules open the bank account; only typed, never
  // submitted: it stays without accounts.
  await signInAs(page, "funding@example.com", { redirect: "/bank" });
  await page.goto(`${LOCAL_ORIGIN}/bank`);
  await page.getByRole("button", { name: "Enter account details" }).click();
  const routing = await hydrated(page.getByLabel("Routing number"));
  await routing.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await observeInteractions(page);
  await throttleCpu(page, CPU_SLOWDOWN);
  await routing.click();

  const timings: (InteractionTiming | null)[] = [];
  for (const digit of "0110000150") timings.push(await worstInteraction(page, () => page.keyboard.press(digit)));
  await expect(routing).toHaveValue("011000015");

  // The measurement sees a slow keystroke: 60 ms of handler on one more (refused) digit.
  await page.evaluate(() =>
    document.addEventListener("keydown", () => {
      const start = performance.now();
      while (performance.now() - start < 60);
    }),
  );
  const slowed = await worstInteraction(page, () => page.keyboard.press("1"));
  expect(slowed?.processing ?? 0).toBeGreaterThanOrEqual(60);

  const measured = timings.filter((t): t is InteractionTiming => t !== null);
  const summary = JSON.stringify(measured.map((t) => [t.event, Math.round(t.duration), Math.round(t.processing)]));
  for (const t of measured) {
    expect(t.duration, summary).toBeLessThan(KEYSTROKE_BOUND_MS);
    expect(t.processing, summary).toBeLessThan(PROCESSING_BOUND_MS);
  }
});
