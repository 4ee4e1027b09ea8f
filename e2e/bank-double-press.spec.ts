import { ManuallyDocument, AccountsDocument } from "../lib/graphql/generated/operations";
import { api, newApplicant, walkTo } from "./fixtures/applicant";
import { expect, test } from "./fixtures/console-gate";
import { LOCAL_ORIGIN, outbox } from "./fixtures/personas";

/**
 * Issue 51.2: every button that writes is disabled from the press until the answer, in every state of
 * its page. The chaos walk's finding: on /bank with an account already awaiting deposits, "Add
 * account" was still enabled 600 ms after the first press and a second write went out. Here the
 * same account is added again (the API's answer: the first source), and the writes are counted as
 * requests that left the browser and as rows and deposits where they land. The first write is held until the second press was tried
 * (a gate, not a sleep). At a phone's width and a desktop's.
 */

const ACCOUNT = "000987654321";

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    test.setTimeout(120_000);

    test("with an account awaiting deposits, a double press on Add account makes one write", async ({ page }) => {
      const email = await newApplicant(page, "bank-double");
      await walkTo(page, "fundingAccount");
      await api(page, ManuallyDocument, { account: ACCOUNT, name: "Rent account", routing: "011000015", type: "savings" });
      const deposits = async () => (await outbox(page.request, LOCAL_ORIGIN, email)).filter((m) => m.purpose.includes("ACCTVERIFY")).length;
      expect(await deposits()).toBe(2);
      // The add moved the application on (fundingAccount → uploadIdentity): the claims follow, so the page's add below moves nothing.
      expect((await page.request.post(`${LOCAL_ORIGIN}/api/session/claims`)).status()).toBe(200);

      await page.goto(`${LOCAL_ORIGIN}/bank`);
      await expect(page.getByRole("heading", { name: "Verify Rent account ••4321" })).toBeVisible();
      await page.getByRole("button", { name: "Enter account details" }).click();
      await page.getByLabel("Routing number").fill("011000015");
      await page.getByLabel("Account number", { exact: true }).fill(ACCOUNT);
      await page.getByLabel("Account number again").fill(ACCOUNT);
      await page.getByLabel("Account name").fill("Rent account");
      await page.getByLabel("Account type").selectOption("savings");

      const writes: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/bank", async (route) => {
        const request = route.request();
        if (request.method() === "POST" && (request.postData() ?? "").includes(ACCOUNT)) {
          writes.push(request.url());
          if (writes.length === 1) await held;
        }
        await route.continue();
      });
      const submit = page.locator("form[aria-labelledby=manual-title] button[type=submit]");
      await submit.click();
      await page.waitForTimeout(600); // the person's second press, as the chaos walk timed it
      await expect(submit).toBeDisabled();
      await submit.click({ force: true, timeout: 2_000 }).catch(() => undefined);
      await page.keyboard.press("Enter");
      release();
      await expect(page.getByRole("status")).toContainText("Account added.");
      await page.unroute("**/bank");
      expect(writes).toHaveLength(1);
      // The API answers the same waiting account with its first source and sends no new deposits: one row, two deposits.
      expect(await deposits()).toBe(2);
      const { accounts } = await api(page, AccountsDocument, {});
      expect(accounts).toHaveLength(1);
    });
  });
}
