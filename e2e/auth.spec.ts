import { type BrowserContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { randomBytes } from "node:crypto";
import { CLAIMS_COOKIE } from "../lib/session/claims";
import {
  AMPLIFY_COOKIE_PREFIX,
  LOCAL_ORIGIN,
  cookieNames,
  enterCode,
  hasClaimsCookie,
  newestMessageId,
  nextCode,
  outbox,
  pathAndQuery,
  recordNavigations,
  requestCode,
  signInAs,
  signInThroughForm,
  wrongCodeFor,
} from "./fixtures/personas";

/** The page's own alerts (Next's route announcer is an alert too, outside main). */
const formAlert = (page: Page) => page.locator("main").getByRole("alert");

/** Sign-up, sign-in, the code's error paths, loading while signing in, and sign-out (issue 4). */

const newEmail = () => `new-${randomBytes(5).toString("hex")}@example.com`;

test.describe("a new visitor from a partner page", () => {
  test("signs up with the code from the outbox and lands where they meant to go, tag kept and recorded", async ({ page }) => {
    const email = newEmail();
    const hops = recordNavigations(page);
    await page.goto("/PerkSpot?redirect=%2Fapply");
    await expect(page).toHaveURL(/\/register\?/);
    const register = new URL(page.url());
    expect(register.searchParams.get("partner")).toBe("perkSpot");
    expect(register.searchParams.get("redirect")).toBe("/apply");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

    const baseline = await requestCode(page, email, "register");
    const code = await nextCode(page.request, LOCAL_ORIGIN, email, baseline);
    // Read the answer as it passes (the page navigates on right after it, taking the body with it).
    const tracked: Array<{ variables: unknown; answer: unknown }> = [];
    await page.route("**/api/local/graphql", async (route) => {
      const body = route.request().postData() ?? "";
      if (!body.includes("logOriginTracking")) return route.continue();
      const response = await route.fetch();
      tracked.push({ variables: JSON.parse(body).variables, answer: await response.json() });
      await route.fulfill({ response });
    });
    await enterCode(page, code);

    await expect.poll(() => tracked.length).toBe(1);
    expect(tracked[0]).toEqual({ variables: { originId: "perkSpot" }, answer: { data: { logOriginTracking: true } } });

    // The lending app starts the application and forwards straight to the shell page that owns its first step.
    await page.waitForURL((url) => url.pathname === "/employment");
    expect(await hasClaimsCookie(page.context())).toBe(true);
    // The chain: partner page → register → (signed in) /apply with the tag → the lending app → /employment.
    expect(hops.map(pathAndQuery)).toEqual(
      expect.arrayContaining([
        "/PerkSpot?redirect=%2Fapply",
        "/apply?partner=perkSpot",
        "/api/local/apps/lending/apply?partner=perkSpot",
        "/employment",
      ]),
    );
  });

  test("without a redirect, goes to the dashboard with the tag", async ({ page }) => {
    const email = newEmail();
    await page.goto("/LifeMart");
    const baseline = await requestCode(page, email, "register");
    await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
    await page.waitForURL("**/api/local/apps/dashboard/?partner=lifeMart");
  });
});

test.describe("signing in", () => {
  test("an anonymous visitor asking for /payments signs in and gets there", async ({ page }) => {
    await page.goto("/payments");
    await expect(page).toHaveURL(/\/register\?redirect=%2Fpayments$/);
    await page.getByRole("link", { name: "Log in" }).last().click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpayments$/);
    const baseline = await requestCode(page, "borrower@example.com");
    await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, "borrower@example.com", baseline));
    await page.waitForURL("**/api/local/apps/dashboard/payments");
  });

  test("a wrong code is refused with tries left, the right one signs in", async ({ page }) => {
    const email = "newcomer@example.com";
    await page.goto("/login?redirect=%2Fpersonal");
    const baseline = await requestCode(page, email);
    const code = await nextCode(page.request, LOCAL_ORIGIN, email, baseline);
    await enterCode(page, wrongCodeFor(code));
    await expect(formAlert(page)).toHaveText("That code is not right. Check the message and try again (2 tries left).");
    await expect(page.getByLabel("Verification code")).toHaveValue(wrongCodeFor(code));
    expect(await hasClaimsCookie(page.context())).toBe(false);
    await enterCode(page, code);
    await page.waitForURL("**/personal");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("three wrong codes start over with the e-mail kept; a new code then works", async ({ page, consoleGate }) => {
    // The identity service answers the last wrong code with 400 (NotAuthorizedException, as Cognito
    // does); the browser reports that response in the console. The page's own wording is what is tested.
    consoleGate.allow(
      /\/api\/local\/cognito\): Failed to load resource: the server responded with a status of 400/,
      "Cognito's 400 for a refused code",
    );
    const email = "loan-details@example.com";
    await page.goto("/login");
    const baseline = await requestCode(page, email);
    const code = await nextCode(page.request, LOCAL_ORIGIN, email, baseline);
    for (let i = 0; i < 3; i++) await enterCode(page, wrongCodeFor(code));
    await expect(formAlert(page)).toHaveText("Too many wrong codes. Please start over and we will send you a new code.");
    await expect(page.getByLabel("E-mail or mobile number")).toHaveValue(email);
    const again = await requestCode(page, email);
    await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, again));
    await page.waitForURL("**/api/local/apps/dashboard/");
  });

  test("an existing e-mail on /register signs in directly", async ({ page }) => {
    const email = "borrower@example.com";
    await page.goto("/register?redirect=%2Fstatements");
    const baseline = await requestCode(page, email, "register");
    await expect(formAlert(page)).toHaveCount(0);
    await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
    await page.waitForURL("**/api/local/apps/dashboard/documents");
  });

  test("a test address gets a phone at sign-up, and can then sign in with that phone", async ({ page, context }) => {
    const digits = `5552${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, "0")}`;
    const email = `qa+test${digits}@example.com`;
    await page.goto("/register");
    let baseline = await requestCode(page, email, "register");
    await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
    await page.waitForURL("**/api/local/apps/dashboard/");
    await context.clearCookies();

    await page.goto("/login");
    baseline = await newestMessageId(page.request, LOCAL_ORIGIN, email);
    await page.getByLabel("E-mail or mobile number").fill(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    await page.getByRole("button", { name: "Send my code" }).click();
    await expect(page.getByLabel("Verification code")).toBeVisible();
    // The code still goes to the account's e-mail.
    await enterCode(page, await nextCode(page.request, LOCAL_ORIGIN, email, baseline));
    await page.waitForURL("**/api/local/apps/dashboard/");
  });

  test("a sign-in request that never answers is abandoned with 'try again', the e-mail kept (issue 44)", async ({ page }) => {
    test.setTimeout(60_000);
    // The identity service swallows the first InitiateAuth: no answer, ever.
    let swallowed = 0;
    await page.route("**/api/local/cognito", async (route) => {
      if (swallowed === 0 && route.request().headers()["x-amz-target"]?.endsWith(".InitiateAuth")) {
        swallowed += 1;
        return; // never fulfilled
      }
      await route.continue();
    });
    await page.goto("/login");
    const email = "borrower@example.com";
    await page.getByLabel("E-mail or mobile number").fill(email);
    const send = page.getByRole("button", { name: "Send my code" });
    await send.click();
    await expect(page.getByRole("button", { name: "Sending your code…" })).toBeDisabled();
    // Abandoned after SIGN_IN_CALL_TIMEOUT_MS (10 s), with a next step.
    await expect(formAlert(page)).toHaveText("The sign-in service is not answering. Please try again.", { timeout: 20_000 });
    await expect(send).toBeEnabled();
    await expect(page.getByLabel("E-mail or mobile number")).toHaveValue(email);
    // Trying again works.
    await send.click();
    await expect(page.getByLabel("Verification code")).toBeVisible();
    expect(swallowed).toBe(1);
  });

  test("bad input is explained and kept", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Send my code" }).click();
    await expect(formAlert(page)).toHaveText("Enter your e-mail address or mobile phone number.");
    await page.getByLabel("E-mail or mobile number").fill("jane@example");
    await page.getByRole("button", { name: "Send my code" }).click();
    await expect(formAlert(page)).toHaveText("Enter a valid e-mail address, like name@example.com.");
    await expect(page.getByLabel("E-mail or mobile number")).toHaveValue("jane@example");
    await expect(page.getByLabel("E-mail or mobile number")).toHaveAttribute("aria-invalid", "true");
  });

  test("an unknown e-mail is answered as an account's: the code step, then wrong codes (issue 13: no user existence errors)", async ({
    page,
    consoleGate,
  }) => {
    // The identity service answers the last wrong code with 400 (NotAuthorizedException, as Cognito
    // does); the browser reports that response in the console. The page's own wording is what is tested.
    consoleGate.allow(
      /\/api\/local\/cognito\): Failed to load resource: the server responded with a status of 400/,
      "Cognito's 400 for a refused code",
    );
    await page.goto("/login");
    await page.getByLabel("E-mail or mobile number").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send my code" }).click();
    await expect(
      page.getByText("If nobody-here@example.com belongs to an account, we sent a 6-digit code to its e-mail address."),
    ).toBeVisible();
    for (const left of ["2 tries", "1 try"]) {
      await enterCode(page, "123456");
      await expect(formAlert(page)).toHaveText(`That code is not right. Check the message and try again (${left} left).`);
    }
    await enterCode(page, "123456");
    await expect(formAlert(page)).toHaveText("Too many wrong codes. Please start over and we will send you a new code.");
    expect(await outbox(page.request, LOCAL_ORIGIN, "nobody-here@example.com")).toEqual([]);
  });

  test("the fixtures' programmatic sign-in leaves exactly the cookies the form leaves", async ({ browser }) => {
    // Every other spec signs in with signInAs (the identity stand-in's calls, then the claims route):
    // what the middleware and the pages see must be what the form gives them.
    const cookiesOf = async (context: BrowserContext) =>
      (await context.cookies())
        .map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
          name,
          // Tokens and signed cookies differ per sign-in, and Amplify's clock drift per measurement: their presence is what counts.
          value: /(Token|clockDrift)$/.test(name) || !name.startsWith(AMPLIFY_COOKIE_PREFIX) ? value.length > 0 : value,
          domain,
          path,
          // Lifetimes to the minute (each cookie is set a moment apart).
          expires: Math.round((expires - Date.now() / 1000) / 60),
          httpOnly,
          secure,
          sameSite,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    const form = await browser.newContext();
    const programmatic = await browser.newContext();
    await signInThroughForm(form, "borrower@example.com");
    await signInAs(programmatic, "borrower@example.com");
    const expected = await cookiesOf(form);
    expect(expected.map((c) => c.name)).toEqual(expect.arrayContaining([CLAIMS_COOKIE, expect.stringMatching(/\.idToken$/)]));
    expect(await cookiesOf(programmatic)).toEqual(expected);
    await form.close();
    await programmatic.close();
  });

  test("a signed-in visitor on /login goes to the dashboard app", async ({ page }) => {
    await signInThroughForm(page, "borrower@example.com");
    const res = await page.request.get("/login", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(new URL(res.headers()["location"]!, LOCAL_ORIGIN).toString()).toBe(`${LOCAL_ORIGIN}/api/local/apps/dashboard/`);
  });
});

test.describe("a session that is signing in (identity, no claims)", () => {
  test("a dashboard route goes through /wait-load-redirect and returns", async ({ page, context }) => {
    await signInThroughForm(page, "borrower@example.com");
    await context.clearCookies({ name: CLAIMS_COOKIE });
    const hops = recordNavigations(page);
    await page.goto("/payments");
    await page.waitForURL("**/api/local/apps/dashboard/payments");
    expect(hops.map(pathAndQuery)).toEqual([
      "/payments",
      "/wait-load-redirect?redirect=%2Fpayments",
      "/payments",
      "/api/local/apps/dashboard/payments",
    ]);
    expect(await hasClaimsCookie(context)).toBe(true);
  });

  test("an apply route goes through /_restricted with the processing overlay and returns", async ({ page, context }) => {
    await signInThroughForm(page, "newcomer@example.com");
    await context.clearCookies({ name: CLAIMS_COOKIE });
    const hops = recordNavigations(page);
    // Hold the claims answer until the overlay has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/session/claims", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/apply");
    await expect(page).toHaveURL(/\/_restricted\?redirect=%2Fapply$/);
    await expect(page.getByRole("dialog", { name: "Please wait while we verify your information." })).toBeVisible();
    release();
    // The lending app forwards the newcomer (at chooseEmployer) straight to the shell's page for that step.
    await page.waitForURL((url) => url.pathname === "/employment");
    expect(hops.map(pathAndQuery).slice(0, 5)).toEqual([
      "/apply",
      "/_restricted?redirect=%2Fapply",
      "/apply",
      "/api/local/apps/lending/apply",
      "/employment",
    ]);
  });

  test("a failed load offers a retry on /wait-load-redirect", async ({ page, context, consoleGate }) => {
    // The test answers the claims load with 502 to show the retry; the browser reports that response.
    consoleGate.allow(
      /\/api\/session\/claims\): Failed to load resource: the server responded with a status of 502/,
      "the 502 this test sends",
    );
    await signInThroughForm(page, "borrower@example.com");
    await context.clearCookies({ name: CLAIMS_COOKIE });
    let calls = 0;
    await page.route("**/api/session/claims", async (route) => {
      calls += 1;
      if (calls === 1)
        await route.fulfill({ status: 502, contentType: "application/json", body: JSON.stringify({ error: "load-failed" }) });
      else await route.continue();
    });
    await page.goto("/payments");
    await expect(formAlert(page)).toHaveText("We could not load your account information. Please try again.");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.waitForURL("**/api/local/apps/dashboard/payments");
  });
});

test.describe("signing out", () => {
  test("clears the identity and claims cookies and lands on the marketing site", async ({ page, context }) => {
    await signInThroughForm(page, "borrower@example.com", { redirect: "/personal" });
    await page.waitForURL("**/personal");
    const before = await cookieNames(context);
    expect(before).toContain(CLAIMS_COOKIE);
    expect(before.some((n) => n.startsWith(AMPLIFY_COOKIE_PREFIX))).toBe(true);

    const revoked = page.waitForRequest(
      (r) => r.url().includes("/api/local/cognito") && (r.headers()["x-amz-target"] ?? "").endsWith(".RevokeToken"),
    );
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await revoked;
    await page.waitForURL("**/api/local/apps/marketing");
    const after = await cookieNames(context);
    expect(after.filter((n) => n === CLAIMS_COOKIE || n.startsWith(AMPLIFY_COOKIE_PREFIX))).toEqual([]);

    // Signed out for the guards too, and nothing in the browser signs back in.
    const res = await page.request.get("/payments", { maxRedirects: 0 });
    expect(res.headers()["location"]).toBe("/register?redirect=%2Fpayments");
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    // Nothing may sign back in: once the page has no requests left in flight, it is still /login.
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("CognitoSignInState") || k.startsWith("shell."))),
    ).toEqual([]);
  });
});

// Issue 49: the code screen survives a reload (the pending sign-in kept in the tab, never the code):
// it comes back with a fresh code and says so, and the code sent before no longer works.
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test(`a reload on the code screen keeps it, sends a fresh code and says earlier codes no longer work (${viewport.width} px)`, async ({
    page,
    consoleGate,
  }) => {
    consoleGate.allow(
      /\/api\/local\/cognito\): Failed to load resource: the server responded with a status of 400/,
      "Cognito's 400 for the voided code",
    );
    await page.setViewportSize(viewport);
    const email = newEmail();
    await page.goto("/register?redirect=%2Fapply");
    const baseline = await requestCode(page, email, "register");
    const first = await nextCode(page.request, LOCAL_ORIGIN, email, baseline);
    await expect(page.getByText(/only the newest code we sent works\./)).toBeVisible();
    const firstId = await newestMessageId(page.request, LOCAL_ORIGIN, email);
    expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage })))).not.toContain(first);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
    await expect(page.locator("main").getByRole("status")).toHaveText(
      "The page was reloaded, so we sent you a new code. Earlier codes no longer work.",
    );
    const second = await nextCode(page.request, LOCAL_ORIGIN, email, firstId);
    if (second !== first) {
      // The voided code is refused as a wrong one; the person stays on the code screen.
      await enterCode(page, first);
      await expect(formAlert(page)).toContainText("That code is not right.");
    }
    await enterCode(page, second);
    // Signed up and in: the new account goes on to its first step, as without the reload.
    await page.waitForURL((url) => url.pathname === "/employment");
    expect(await page.evaluate(() => sessionStorage.getItem("shell.signIn.pending"))).toBeNull();
  });
}
