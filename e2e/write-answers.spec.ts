import type { Page } from "@playwright/test";
import { AccountsDocument } from "../lib/graphql/generated/operations";
import { APPLICANT, LINK_BANKS, api, linkCheckingThroughApi, loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { expect, test } from "./fixtures/console-gate";
import { TEACHER_DETAILS, expectLandedOn, expectReview, fillEmploymentDetails } from "./fixtures/employment-page";
import { faultServerForFile, visit } from "./fixtures/fault-server";
import { hydrated } from "./fixtures/hydration";
import { fillApplicantDetails } from "./fixtures/personal-page";
import { LOCAL_ORIGIN, microDepositAmounts } from "./fixtures/personas";
import { rememberSecret } from "./fixtures/typed-secrets";
import { FORM_UNANSWERED, UUID, saidDone, submitOf, writeAnswers, type Write } from "./fixtures/write-answers";

/**
 * Issue 51: every write whose answer never comes, and every one answered after the GraphQL timeout,
 * as the person meets them — on the fault server (e2e/fixtures/fault-server.ts: a production server
 * whose calls pass the fault proxy, GRAPHQL_TIMEOUT_MS 1.5 s). Each write below is pressed twice,
 * the way a person would after a failure:
 *
 * - never answered (the proxy holds the write; it never reaches the API): said as failed in the
 *   page's words, the button disabled from the press to the answer and usable again, nothing written
 *   (read with the person's own token at the local server), the server's read-back line
 *   `reconciled: false` under the answer's request id;
 * - answered late (the write reaches the API and takes effect, its answer held past the timeout):
 *   said as the success it was — the page goes on as after an answered write — because the action's
 *   read-back found it (`reconciled: true` under its request id), the write made once.
 *
 * Two journeys, each a fresh applicant at steps where the lender's state machine opens the action
 * (lib/application/application-machine.ts): loanDetails → personalInformation →
 * employmentInformation → authPrequal (the loan request `applies`, the personal details
 * `identifies`, the payroll link `successfulArgyleUpdate` through the Argyle stand-in, the job
 * details `employmentInformationNextHandler`), and /bank at uploadIdentity (the active account
 * `setActiveFSID`, the account by hand `manually`, the deposits `verifies`).
 *
 * Also on the fault server: Plaid's link (e2e/link-faults.spec.ts, which walks the Link widget), and
 * the forms not pressed here — the state fix, the review's loan and identity changes, the account
 * settings, the employer request — with the employer's choice answered late
 * (e2e/write-answers-more.spec.ts); the helpers are e2e/fixtures/write-answers.ts. The form kit's
 * unanswered state is checked with axe and shot at 375 and 1280 px on the loan request, the personal
 * details and the deposits.
 *
 * The deadline's cut of every write: e2e/write-faults.spec.ts and e2e/write-cuts.spec.ts.
 */

// Each test presses four writes twice, with the GraphQL timeout in each press: room for a loaded machine.
test.setTimeout(150_000);

const server = faultServerForFile();

const { neverThenLate } = writeAnswers(server);

/** Lincoln Elementary School: its payroll links through Argyle, with direct deposit. */
const PAYROLL_LINKED_EMPLOYER = "1001";

const APPLICATION_WRITES: Write[] = [
  {
    operation: "applies",
    path: "/personal",
    key: UUID,
    fill: async (page) => {
      await (await hydrated(page.getByLabel("How much would you like to borrow?"))).fill("4000");
      await page.getByLabel("What is the loan for?").selectOption("Debt Consolidation");
      await page.getByLabel("State of residence").selectOption("IL");
    },
    press: async (page) => submitOf("aria-labelledby=loan-request-title")(page),
    button: submitOf("aria-labelledby=loan-request-title"),
    failed: FORM_UNANSWERED,
    done: async (page) => {
      await expectLandedOn(page, "personalInformation");
      await expect(page.getByRole("heading", { name: "About you", exact: true })).toBeVisible();
    },
    written: async (page) => (await loadFrontend(page)).appInfo?.amountAppliedFor === 4000,
    shoot: ["personal", "loan-request-unanswered"],
  },
  {
    operation: "identifies",
    path: "/personal",
    key: UUID,
    fill: async (page) => {
      await fillApplicantDetails(page);
    },
    press: async (page) => submitOf("aria-labelledby=personal-details-title")(page),
    button: submitOf("aria-labelledby=personal-details-title"),
    failed: FORM_UNANSWERED,
    done: async (page) => {
      await expectLandedOn(page, "employmentInformation");
      await expect(page.getByRole("heading", { level: 1, name: "Tell us about your job" })).toBeVisible();
    },
    written: async (page) => (await loadFrontend(page)).appInfo?.personal?.family_name === APPLICANT.family_name,
    shoot: ["personal", "details-unanswered"],
  },
  {
    operation: "successfulArgyleUpdate",
    path: "/employment",
    // One key per Argyle user (employment-page.tsx finishPayrollLink), not a UUID.
    key: /"argyle\./,
    press: async (page) => {
      await (await hydrated(page.getByRole("button", { name: "Link payroll account" }))).click();
      const widget = page.getByRole("dialog", { name: "Connect your payroll" });
      await widget.getByRole("button", { name: "Sign in to Lincoln Elementary School payroll" }).click();
      return widget.getByRole("button", { name: "Done" });
    },
    button: (page) => page.locator("section[aria-labelledby=payroll-link-title] button"),
    failed: "We could not save your payroll link. Please try again.",
    done: (page) => expect(saidDone(page, "Your payroll account is linked and direct deposit is confirmed.")).toBeVisible(),
    written: async (page) => (await loadFrontend(page)).appInfo?.payrollLinked === true,
  },
  {
    operation: "employmentInformationNextHandler",
    path: "/employment",
    key: UUID,
    fill: (page) => fillEmploymentDetails(page, TEACHER_DETAILS),
    press: async (page) => submitOf("aria-labelledby=employment-details-title")(page),
    button: submitOf("aria-labelledby=employment-details-title"),
    failed: "We could not save your changes. Please try again.",
    // Saved: the review of the application, before the rate check.
    done: (page) => expectReview(page),
    written: async (page) => (await loadFrontend(page)).applicationStep === "authPrequal",
  },
];

const accounts = async (page: Page) => (await api(page, AccountsDocument, {})).accounts ?? [];
const GINGHAM_CHECKING = "Gingham Everyday Checking ••4321";
const BY_HAND = { routing: "011000015", account: "000123456789", name: "Pay account" };

/** /bank at uploadIdentity, two accounts linked: First Platypus Bank's checking (active) and First Gingham's. */
const BANK_WRITES = (email: string): Write[] => [
  {
    operation: "setActiveFSID",
    path: "/bank",
    key: UUID,
    press: (page) => hydrated(page.getByRole("button", { name: `Make ${GINGHAM_CHECKING} active` })),
    button: (page) => page.getByRole("button", { name: `Make ${GINGHAM_CHECKING} active` }),
    failed: "We could not change your active account. Please try again.",
    done: (page) => expect(saidDone(page, `${GINGHAM_CHECKING} is now your active account.`)).toBeVisible(),
    written: async (page) => (await accounts(page)).find((a) => a.active)?.name === "Gingham Everyday Checking",
  },
  {
    operation: "manually",
    path: "/bank",
    key: UUID,
    fill: async (page) => {
      rememberSecret("routing-number", BY_HAND.routing);
      rememberSecret("account-number", BY_HAND.account);
      await page.getByRole("button", { name: "Enter account details" }).click();
      await page.getByLabel("Routing number").fill(BY_HAND.routing);
      await page.getByLabel("Account number", { exact: true }).fill(BY_HAND.account);
      await page.getByLabel("Account number again").fill(BY_HAND.account);
      await page.getByLabel("Account name").fill(BY_HAND.name);
      await page.getByLabel("Account type").selectOption("checking");
    },
    press: async (page) => submitOf("aria-labelledby=manual-title")(page),
    button: submitOf("aria-labelledby=manual-title"),
    failed: "We could not add this account. Please try again.",
    done: (page) => expect(saidDone(page, "Account added. Two deposits below $1.00 are on their way.")).toBeVisible(),
    written: async (page) => (await accounts(page)).some((a) => a.name === BY_HAND.name && !a.verified),
  },
  {
    operation: "verifies",
    path: "/bank",
    key: UUID,
    fill: async (page) => {
      const amounts = await microDepositAmounts(page.request, LOCAL_ORIGIN, email);
      expect(amounts).toHaveLength(2);
      await (await hydrated(page.getByLabel("First deposit"))).fill(amounts[0]!);
      await page.getByLabel("Second deposit").fill(amounts[1]!);
    },
    press: async (page) => submitOf("aria-labelledby=verify-title")(page),
    button: submitOf("aria-labelledby=verify-title"),
    failed: "We could not check these amounts. Please try again.",
    done: (page) => expect(saidDone(page, `${BY_HAND.name} ••6789 is verified.`)).toBeVisible(),
    written: async (page) => (await accounts(page)).some((a) => a.name === BY_HAND.name && a.verified),
    shoot: ["bank", "deposits-unanswered"],
  },
];

test("the loan request, the personal details, the payroll link and the job details: never answered → failed, nothing written; late → saved, the application goes on", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newApplicant(page, "answers-apply");
  await walkTo(page, "loanDetails", { employerId: PAYROLL_LINKED_EMPLOYER });
  await visit(page, server, "/personal");
  await expect(page.getByRole("heading", { name: "Your loan", exact: true })).toBeVisible();
  for (const write of APPLICATION_WRITES) {
    await test.step(write.operation, () => neverThenLate(page, write, testInfo));
  }
});

test("/bank's active account, account by hand and deposits: never answered → failed, nothing written; late → done", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await newApplicant(page, "answers-bank");
  await walkTo(page, "fundingAccount");
  // Two verified accounts; the first moved the application on to uploadIdentity, where every bank action stays open.
  // (Plaid's link itself is not pressed on this server: see the header.)
  await linkCheckingThroughApi(page, LINK_BANKS.platypus);
  await linkCheckingThroughApi(page, LINK_BANKS.gingham);
  expect((await page.request.post(`${LOCAL_ORIGIN}/api/session/claims`)).status()).toBe(200);
  expect((await loadFrontend(page)).applicationStep).toBe("uploadIdentity");
  await visit(page, server, "/bank");
  await expect(page.getByRole("heading", { level: 1, name: "Bank account" })).toBeVisible();
  // The page checks each linked account's login on arrival (checkCredentials, whose body names an account id):
  // settled before the first press, so the answer awaited is the write's.
  await page.waitForLoadState("networkidle");
  for (const write of BANK_WRITES(email)) {
    await test.step(write.operation, () => neverThenLate(page, write, testInfo));
  }
});
