import { expect, test } from "./fixtures/console-gate";
import { newApplicant, walkTo } from "./fixtures/applicant";
import { employerCombobox } from "./fixtures/employment-page";

/**
 * The console gate itself (e2e/fixtures/console-gate.ts, issue 26): it catches what it promises —
 * a violation that prints nothing, an inline script without the nonce, a console error — so a spec
 * that passes through it really had none. Each case empties the gate's list once it has checked it.
 */

test("a CSP violation that prints nothing (an eval probe in a try/catch) is caught from the securitypolicyviolation event", async ({
  page,
  consoleGate,
}) => {
  await page.goto("/login");
  await expect(page.getByLabel("E-mail or mobile number")).toBeVisible();
  // What zod 4's feature probe did on every form page before it was made jitless.
  const probe = await page.evaluate(() => {
    try {
      new Function("");
      return "allowed";
    } catch {
      return "blocked";
    }
  });
  expect(probe).toBe("blocked");
  await expect.poll(() => consoleGate.problems.join("\n")).toMatch(/\[securitypolicyviolation\] script-src blocked eval/);
  consoleGate.problems.splice(0);
});

test("an inline script without the page's nonce is caught", async ({ page, consoleGate }) => {
  await page.goto("/login");
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__ran = true";
    document.body.append(s);
  });
  await expect.poll(() => consoleGate.problems.join("\n")).toMatch(/\[securitypolicyviolation\] script-src(-elem)? blocked inline/);
  expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
  consoleGate.problems.splice(0);
});

test("any console error is caught, with the page it happened on", async ({ page, consoleGate }) => {
  await page.goto("/register");
  await page.evaluate(() => console.error("something went wrong"));
  await expect.poll(() => consoleGate.problems.join("\n")).toMatch(/console error on .*\/register.*something went wrong/);
  consoleGate.problems.splice(0);
});

test("contexts a test makes itself are watched too", async ({ browser, consoleGate }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.evaluate(() => console.error("in a second context"));
  await expect.poll(() => consoleGate.problems.join("\n")).toMatch(/in a second context/);
  consoleGate.problems.splice(0);
  await context.close();
});

test("an applicant's /employment at chooseEmployer: the employer search's initial results script carries the nonce", async ({ page }) => {
  await newApplicant(page, "gate");
  await walkTo(page, "chooseEmployer");
  const response = await page.request.get("/employment");
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  const results = [...html.matchAll(/<script\b[^>]*>window\[Symbol\.for\("InstantSearchInitialResults"\)\]/g)].map((m) => m[0]);
  expect(results).toHaveLength(1);
  expect(results[0]).toContain(`nonce="${nonce}"`);
  // And in the browser: the page hydrates under its policy (the gate fails the test on a violation or React's #418).
  await page.goto("/employment");
  await expect(employerCombobox(page, "Your employer")).toBeVisible();
});
