import { expect, test, type Page } from "@playwright/test";
import { signInAs, signInThroughForm } from "../fixtures/personas";
import { openContract } from "../fixtures/signing";
import { BORROWER } from "../in-app-pages";
import { LOCAL_PORT } from "../../playwright.config";

/**
 * A few pages of a production server, each with a clean console (no error, no CSP violation, no
 * uncaught exception): the standalone layout's smoke test (scripts/standalone-smoke.sh points
 * BASE_URL at it), and against the local e2e server in the default run. With OTHER_BASE_URL (a
 * second instance from a separate build, started with the same APP_URL, key and deployment id),
 * the contract page's server action, loaded from BASE_URL, is answered by the other instance.
 */
const BASE = (process.env.BASE_URL ?? `http://127.0.0.1:${LOCAL_PORT}`).replace(/\/$/, "");
const OTHER = process.env.OTHER_BASE_URL?.replace(/\/$/, "");
const NOT_FOUND_PATH = "/this-page-does-not-exist";

/** Console errors, CSP violations and uncaught exceptions, but for the 404 status of a not-found page's own document. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    const notFoundDocument = /status of 404/.test(m.text()) && new URL(m.location().url).pathname === NOT_FOUND_PATH;
    if ((m.type() === "error" && !notFoundDocument) || /Content[ -]Security[ -]Policy/i.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  return problems;
}

test("anonymous: sign-in page and not-found page", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto(`${BASE}/login`);
  await expect(page.getByLabel("E-mail or mobile number")).toBeVisible();
  await page.waitForLoadState("load");
  const missing = await page.goto(`${BASE}${NOT_FOUND_PATH}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Ooops! Page not found" })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a borrower signs in and opens their details, bank and contract pages", async ({ page }) => {
  const problems = watchConsole(page);
  // Through the form: on the standalone layout this is the one sign-in the image's own pages make.
  await signInThroughForm(page, BORROWER, { origin: BASE, redirect: "/personal" });
  await expect(page.getByRole("heading", { level: 2, name: "Your details" })).toBeVisible();
  await page.goto(`${BASE}/bank`);
  await expect(page.getByRole("heading", { level: 1, name: "Bank account" })).toBeVisible();
  // The signing URL comes with the page (asked for while it renders); a retry asks a server action.
  await page.goto(`${BASE}/dashboard-sign?counters=sig-dd-a10007`);
  await openContract(page);
  await page.waitForLoadState("load");
  expect(problems).toEqual([]);
});

test("a server action from a page of one build is answered by an instance of another build", async ({ page }) => {
  test.skip(!OTHER, "OTHER_BASE_URL names the second instance (scripts/standalone-smoke.sh sets it)");
  const problems = watchConsole(page);
  await signInAs(page, BORROWER, { origin: BASE });
  const answered: number[] = [];
  // As a balancer would: the action goes to the other instance, under the public host.
  await page.route(
    (url) => url.origin === BASE,
    async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || !(await request.headerValue("next-action"))) return route.continue();
      const response = await route.fetch({
        url: request.url().replace(BASE, OTHER!),
        headers: { ...(await request.allHeaders()), "x-forwarded-host": new URL(BASE).host },
      });
      answered.push(response.status());
      await route.fulfill({ response });
    },
  );
  await page.goto(`${BASE}/dashboard-sign?counters=sig-dd-a10007`);
  const frame = await openContract(page);
  // The page brought its signing URL; a retry asks the server action for a fresh one.
  await frame.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Try signing again" }).click();
  await expect(page.getByText("Your contract is ready to sign.")).toBeVisible();
  await expect(frame.getByRole("button", { name: "Sign contract" })).toBeEnabled();
  expect(answered.length).toBeGreaterThan(0);
  expect(answered.every((status) => status === 200)).toBe(true);
  expect(problems).toEqual([]);
});
