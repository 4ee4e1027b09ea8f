import { type BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures/console-gate";
import { decodeJwt } from "jose";
import { SHORT_OTP_PORT, SHORT_TOKEN_TTL_SECONDS } from "../playwright.config";
import { LOCAL_PATHS } from "../lib/config/local-paths";
import { AMPLIFY_COOKIE_PREFIX, pathAndQuery, recordNavigations, signInAs } from "./fixtures/personas";

/**
 * SPEC 4's verifying state: a returning user whose identity token has expired but whose refresh
 * token is kept. On the server whose tokens live SHORT_TOKEN_TTL_SECONDS (playwright.config.ts),
 * the token really expires (signed by the stand-in's own key): no cookie is forged.
 */
const ORIGIN = `http://127.0.0.1:${SHORT_OTP_PORT}`;
const BORROWER = "borrower@example.com";

async function amplifyCookie(context: BrowserContext, kind: "idToken" | "refreshToken") {
  const cookie = (await context.cookies(ORIGIN)).find((c) => c.name.startsWith(AMPLIFY_COOKIE_PREFIX) && c.name.endsWith(`.${kind}`));
  expect(cookie, `the ${kind} cookie`).toBeDefined();
  return cookie!;
}

/** Signs in and closes the page (so no open page keeps the session fresh); the identity token's expiry and the refresh token. */
async function signedInYesterday(
  context: BrowserContext,
): Promise<{ exp: number; idToken: string; refreshToken: string; clientId: string }> {
  const page = await signInAs(context, BORROWER, { origin: ORIGIN, redirect: "/dashboard" });
  const id = await amplifyCookie(context, "idToken");
  const refresh = await amplifyCookie(context, "refreshToken");
  await page.close();
  const { exp, aud } = decodeJwt(id.value);
  return { exp: exp!, idToken: id.value, refreshToken: refresh.value, clientId: String(aud) };
}

/**
 * The server checks identity tokens against its own clock, not the stand-ins' (which only ages what
 * the stand-ins check), so a token expires for it only after its real lifetime. Both returning users
 * sign in first and wait it out once, together.
 */
test("returning borrowers: an expired identity token resumes through the wait page, a revoked refresh token lands on sign in", async ({
  browser,
  request,
  consoleGate,
}) => {
  test.setTimeout(120_000);
  // Amplify's refresh with the revoked token is refused by the identity service (400), which the browser reports.
  consoleGate.allow(/\/api\/local\/cognito\): Failed to load resource: the server responded with a status of 400/, "the refused refresh");
  const returning = await browser.newContext();
  const revokedElsewhere = await browser.newContext();
  const first = await signedInYesterday(returning);
  const second = await signedInYesterday(revokedElsewhere);
  await expect
    .poll(() => Date.now() / 1000 > Math.max(first.exp, second.exp) + 1, {
      message: "the identity tokens have expired",
      timeout: (SHORT_TOKEN_TTL_SECONDS + 30) * 1000,
    })
    .toBe(true);

  await test.step("the expired identity token: /payments through the wait page, never sign-up", async () => {
    // The identity cookie outlives the token (Amplify keeps it for days): the usual case the next day.
    expect((await amplifyCookie(returning, "idToken")).value).toBe(first.idToken);
    const page = await returning.newPage();
    const hops = recordNavigations(page);
    await page.goto(`${ORIGIN}/payments`);
    await page.waitForURL(`${ORIGIN}/api/local/apps/dashboard/payments`, { timeout: 30_000 });
    const paths = hops.map(pathAndQuery);
    expect(paths).toContain("/wait-load-redirect?redirect=%2Fpayments");
    expect(paths.filter((p) => p.startsWith("/register") || p.startsWith("/login"))).toEqual([]);
    // The session was refreshed: a new identity token that is valid now.
    const { exp } = decodeJwt((await amplifyCookie(returning, "idToken")).value);
    expect(exp! * 1000).toBeGreaterThan(Date.now());
  });

  await test.step("the revoked refresh token: sign in, the redirect kept", async () => {
    expect((await amplifyCookie(revokedElsewhere, "idToken")).value).toBe(second.idToken);
    // Revoked elsewhere (a sign-out on another device): Cognito's own RevokeToken, at the stand-in.
    const revoked = await request.post(`${ORIGIN}${LOCAL_PATHS.cognito}`, {
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": "AWSCognitoIdentityProviderService.RevokeToken" },
      data: JSON.stringify({ Token: second.refreshToken, ClientId: second.clientId }),
    });
    expect(revoked.status()).toBe(200);
    const page = await revokedElsewhere.newPage();
    const hops = recordNavigations(page);
    await page.goto(`${ORIGIN}/payments`);
    await page.waitForURL(`${ORIGIN}/login?redirect=%2Fpayments`, { timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Send my code" })).toBeVisible();
    await expect(page.getByText("Create your account")).toHaveCount(0);
    expect(hops.map(pathAndQuery).filter((p) => p.startsWith("/register"))).toEqual([]);
  });
  await returning.close();
  await revokedElsewhere.close();
});
