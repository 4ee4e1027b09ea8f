import { expect, test } from "./fixtures/console-gate";
import { hasClaimsCookie, signInAs } from "./fixtures/personas";
import { CLAIMS_COOKIE } from "../lib/session/claims";

/**
 * Issue 13: an in-app page reached with an identity but no claims cookie (as from a hosted app on
 * the shared cookie domain) loads the claims once in the background and renders again with them.
 */
test("an admin arriving without claims sees Review on /under-construction once they load", async ({ page, context }) => {
  await signInAs(page, "admin@lender.example");
  await context.clearCookies({ name: CLAIMS_COOKIE });
  const loads: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/session/claims") loads.push(r.method());
  });

  await page.goto("/under-construction");
  await expect(page).toHaveURL(/\/under-construction$/);
  await expect(page.getByRole("link", { name: "Review" }).first()).toBeVisible();
  expect(await hasClaimsCookie(context)).toBe(true);
  expect(loads).toEqual(["POST"]);

  // With the claims in place, the next page needs no load of its own.
  await page.reload();
  await expect(page.getByRole("link", { name: "Review" }).first()).toBeVisible();
  expect(loads).toEqual(["POST"]);
});
