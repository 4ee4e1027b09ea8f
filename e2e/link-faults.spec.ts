import type { Locator, Page } from "@playwright/test";
import { AccountsDocument } from "../lib/graphql/generated/operations";
import { deadlineFormText } from "../lib/observability/deadline-answer";
import { api, newApplicant, walkTo } from "./fixtures/applicant";
import { logIn } from "./fixtures/bank-widget";
import { expect, test } from "./fixtures/console-gate";
import { cutByDeadline, deadlineLine, nextAction } from "./fixtures/deadline-cuts";
import { expectLandedOn } from "./fixtures/employment-page";
import { DEADLINE_SERVER, faultServerForFile, visit, type FaultServer } from "./fixtures/fault-server";
import { hydrated } from "./fixtures/hydration";
import { checkState } from "./fixtures/page-states";
import { said, writeAnswers, type Write } from "./fixtures/write-answers";

/**
 * Issue 51: Plaid's link (`links`, the linkAccount server action /bank calls from Link's onSuccess)
 * whose answer never comes, comes late, or is cut by the request deadline, as the person meets them:
 * the "Link a bank account" button, the Link stand-in walked to its last button ("Continue"), the
 * page's words after. On a second production server whose calls pass the fault proxy
 * (e2e/fixtures/fault-server.ts), whose /bank mints link tokens for its own /bank/oauth: the suite's
 * local server, whose Plaid stand-in these calls reach, allows the fault and deadline servers' return
 * pages (LOCAL_PLAID_ALLOWED_REDIRECT_URIS, e2e/servers.setup.ts), as Plaid's dashboard lists them.
 *
 * - The fault server (GRAPHQL_TIMEOUT_MS 1.5 s): never answered (the proxy holds `links`; it never
 *   reaches the API) → said as failed in the page's words, Link's button disabled from the press to
 *   the answer and usable again, nothing linked (read with the person's own token at the local
 *   server), `reconciled: false` under the answer's request id; then linked again, answered late
 *   (the write takes effect, its answer held past the timeout) → the success it was, by the
 *   read-back (`reconciled: true`): the application goes on to its next step, one account linked.
 * - The deadline server (DEADLINE_SERVER's REQUEST_DEADLINE_MS): `links` and its read-back held → cut by the
 *   deadline, said with the deadline's words and the request id of the 503 (unansweredWriteText),
 *   nothing linked, the server's one deadline line, Link opens again.
 * The states reached pass axe and are shot at 375 and 1280 px (checkState).
 *
 * A fresh applicant at fundingAccount in each, as a person linking their first account: the link
 * there moves the application on (to uploadIdentity), which the late answer's page follows.
 */

/** First Platypus Bank's checking account (local/vendors/plaid/sandbox.ts), user_good's login. */
const BANK = "First Platypus Bank";
const CHECKING = { name: "Plaid Checking", mask: "0000" };
const LINK_FAILED = "We could not link this account. Please try again.";

const linkButton = (page: Page) => page.getByRole("button", { name: "Link a bank account" });
const accounts = async (page: Page) =>
  ((await api(page, AccountsDocument, {})).accounts ?? []).map((a) => ({ name: a.name, mask: a.mask, verified: a.verified }));

/** Link opened from the page and walked to the checking account's "Continue", which calls onSuccess: what is pressed. */
async function linkUpToContinue(page: Page): Promise<Locator> {
  await (await hydrated(linkButton(page))).click();
  const banks = page.getByRole("dialog", { name: "Select your bank" });
  // Link opens only when the stand-in allows this server's /bank/oauth (LOCAL_PLAID_ALLOWED_REDIRECT_URIS): said at once if not.
  await expect(banks, "Link opens on this server").toBeVisible({ timeout: 15_000 });
  await banks.getByRole("button", { name: BANK }).click();
  await logIn(page, BANK, "user_good");
  const chosen = page.getByRole("dialog", { name: `Your accounts at ${BANK}` });
  await chosen.getByLabel(new RegExp(CHECKING.name)).check();
  return chosen.getByRole("button", { name: "Continue" });
}

/** linkAccount's POST carries Link's public token (requestLinkToken's and the page's reads carry none). */
const LINK_KEY = /"public-local-/;

/** /bank on `server` for a new applicant at fundingAccount, every arrival call settled. */
async function onBank(page: Page, server: FaultServer, prefix: string): Promise<void> {
  await newApplicant(page, prefix);
  await walkTo(page, "fundingAccount");
  await visit(page, server, "/bank");
  await expect(page.getByRole("heading", { level: 1, name: "Bank account" })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test.describe("on the fault server", () => {
  const server = faultServerForFile();
  const answers = writeAnswers(server);

  /** Plaid's link as a write of the fault server's pattern (e2e/fixtures/write-answers.ts). */
  const LINK: Write = {
    operation: "links",
    path: "/bank",
    key: LINK_KEY,
    press: linkUpToContinue,
    button: linkButton,
    failed: LINK_FAILED,
    // The first account moves the application on, and the page follows it (on the fault server's own routes).
    done: (page) => expectLandedOn(page, "uploadIdentity"),
    // Nothing linked, or exactly the checking account, once.
    written: async (page) => {
      const linked = await accounts(page);
      if (linked.length === 0) return false;
      expect(linked).toEqual([{ ...CHECKING, verified: true }]);
      return true;
    },
    shoot: ["bank", "link-unanswered"],
  };

  test("Plaid's link: never answered → failed in the page's words, Link usable again, nothing linked; late → linked once, the application goes on", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await onBank(page, server, "link-faults");
    await answers.neverThenLate(page, LINK, testInfo);
  });
});

test.describe("on the deadline server", () => {
  const server = faultServerForFile(DEADLINE_SERVER);
  test.beforeEach(({ consoleGate }) => {
    consoleGate.allow(/status of 503/, "the request deadline's answer to the link this test cuts");
  });

  test("Plaid's link: held with its read-back → cut by the deadline, said with its request id, nothing linked, Link opens again", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await onBank(page, server, "link-deadline");
    const target = await linkUpToContinue(page);

    // The link held, its read-back (the accounts) held: the request scope answers at the deadline.
    server.proxy.set([
      { mode: "hang", operation: "links" },
      { mode: "hang", operation: "accounts" },
    ]);
    const id = await cutByDeadline(nextAction(page, "/bank", LINK_KEY), target, linkButton(page));
    await expect(said(page, deadlineFormText(id))).toBeVisible();
    await expect(linkButton(page)).toBeEnabled();
    server.proxy.set([]);
    expect(await accounts(page)).toEqual([]);
    expect((await server.waitForLine(deadlineLine(id))).filter(deadlineLine(id))).toHaveLength(1);
    await checkState(page, testInfo, "bank", "link-cut-by-deadline");

    // The page is usable after: Link opens again (a new link token), and closing it is said.
    await linkButton(page).click();
    // Closing Link logs its exit (a server action): answered before the test ends and closes the page.
    const exitLogged = page.waitForResponse((r) => r.request().method() === "POST" && /"Exited"/.test(r.request().postData() ?? ""));
    await page.getByRole("dialog", { name: "Select your bank" }).getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("status")).toContainText("You closed bank linking.");
    await expect(linkButton(page)).toBeEnabled();
    expect((await exitLogged).status()).toBe(200);
  });
});
