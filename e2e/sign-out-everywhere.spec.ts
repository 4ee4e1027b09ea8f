import { expect, test } from "./fixtures/console-gate";
import { signInAs } from "./fixtures/personas";

/** Issue 13: signing out in one tab signs out the others (they reload and the edge sends them to sign in). */
test("a sign-out in one tab sends the other tabs to sign in", async ({ page, context }) => {
  await signInAs(page, "borrower@example.com", { redirect: "/personal" });
  await page.waitForURL("**/personal");
  const other = await context.newPage();
  await other.goto("/under-construction");
  await expect(other).toHaveURL(/\/under-construction$/);

  await page.getByRole("button", { name: "Profile menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL("**/api/local/apps/marketing");

  // The other tab was not touched by the test: it reloaded on its own and the guard sent it on.
  await expect(other).toHaveURL(/\/(login|register)\?redirect=%2Funder-construction/, { timeout: 15_000 });
});
