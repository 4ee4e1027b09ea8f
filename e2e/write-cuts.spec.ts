import { randomInt } from "node:crypto";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { AccountsDocument, EmployerRequestsDocument, ManuallyDocument, SetEmployerDocument } from "../lib/graphql/generated/operations";
import { deadlineFormText } from "../lib/observability/deadline-answer";
import { api, loadFrontend, newApplicant, walkTo } from "./fixtures/applicant";
import { expect, test } from "./fixtures/console-gate";
import { cutByDeadline, deadlineLine, nextAction } from "./fixtures/deadline-cuts";
import { UUID, said, submitOf } from "./fixtures/write-answers";
import { TEACHER_DETAILS, expectLandedOn, expectReview, fillEmploymentDetails } from "./fixtures/employment-page";
import { DEADLINE_SERVER, faultServerForFile, visit } from "./fixtures/fault-server";
import { hydrated } from "./fixtures/hydration";
import { checkState } from "./fixtures/page-states";
import { fillApplicantDetails } from "./fixtures/personal-page";
import { LOCAL_ORIGIN, microDepositAmounts } from "./fixtures/personas";
import { rememberSecret } from "./fixtures/typed-secrets";

/**
 * Issue 51: every writing action cut by the server's request deadline, as the person meets it — the
 * writes e2e/write-faults.spec.ts does not press (it cuts /bank's add, the employer's choice, the
 * active account and the payroll link). On the deadline server (DEADLINE_SERVER,
 * e2e/fixtures/fault-server.ts: REQUEST_DEADLINE_MS between one GraphQL timeout and two) the proxy
 * holds the write and its read-back, so the request outlives the deadline and the request scope
 * answers it (503, the deadline's text with the request id). Each cut: the button disabled from the
 * press to the answer, the cut said in an alert in the deadline's words with that request id, the
 * button usable again, nothing written (the API read with the person's own token at the local
 * server, the same before and after; the proxy saw the write held, never answered), the server's one
 * "request did not finish in time" line under that id, and the state checked with axe and shot at
 * 375 and 1280 px (checkState).
 *
 * Two journeys, each a fresh applicant at the steps where the lender's state machine opens the
 * action (lib/application/application-machine.ts), each write pressed again unfaulted where the
 * journey goes on through it:
 * - chooseEmployer → loanDetails → personalInformation → employmentInformation → authPrequal: the
 *   employer request (requestEmployerAction, `requestEmployer`), the loan request
 *   (submitLoanRequest, `applies`), the state fix (changeStateOfResidence, `applies`: the loan
 *   request names Maine, the address is in Illinois), the personal details (submitPersonalDetails,
 *   `identifies`), the job details (saveEmploymentAction, `employmentInformationNextHandler`), and on
 *   the review the loan's change (updateLoanRequest, `applies`), the identity's correction
 *   (correctIdentity, `identifies`) and the contact details (saveAccountSettings, `identifies`);
 * - /bank at uploadIdentity with an account added by hand: the deposits (verifyDeposits, `verifies`).
 *
 * Each cut costs the deadline (DEADLINE_SERVER): one applicant per journey, no page visited twice.
 */

const server = faultServerForFile(DEADLINE_SERVER);
test.beforeEach(({ consoleGate }) => {
  consoleGate.allow(/status of 503/, "the request deadline's answer to the write this test cuts");
});

interface Cut {
  /** The GraphQL operation the proxy holds: the write. */
  operation: string;
  /** The read-back's operation, held too, so the request outlives the deadline. */
  readBack: string;
  /** The action loads the application first (its step check): that one load passes. */
  stepLoad: boolean;
  /** The page (its pathname: the server action's POST goes there). */
  path: string;
  /** What tells this write's POST from the page's other actions. */
  key: RegExp;
  /** Brings the page to the press: the form opened and typed into. */
  fill: (page: Page) => Promise<void>;
  /** The button that writes: pressed, disabled from the press to the answer, usable again after. */
  button: (page: Page) => Locator;
  /** What the write would change, as the API tells the person's own token (the same before and after the cut). */
  state: (page: Page) => Promise<unknown>;
  /** The cut state to check with axe and shoot: [page, state]. */
  shoot: [string, string];
  /** After the cut: the write pressed again unfaulted where the journey goes on through it, or the form closed. */
  then: (page: Page) => Promise<void>;
}

const inPlace = (name: string) => (page: Page) => page.getByRole("form", { name }).locator("button[type=submit]");
const cancelOf = (name: string) => (page: Page) => page.getByRole("form", { name }).getByRole("button", { name: "Cancel" }).click();
/** The application as the API holds it: step and every saved fact. */
const application = async (page: Page) => {
  const load = await loadFrontend(page);
  return { step: load.applicationStep, appInfo: load.appInfo };
};

async function cut(page: Page, c: Cut, testInfo: TestInfo): Promise<void> {
  await c.fill(page);
  const before = await c.state(page);
  server.proxy.set([
    { mode: "hang", operation: c.operation },
    ...(c.stepLoad ? [{ mode: "pass" as const, operation: "loadFrontend", times: 1 }] : []),
    { mode: "hang", operation: c.readBack },
  ]);
  const id = await cutByDeadline(nextAction(page, c.path, c.key), c.button(page));
  await expect(said(page, deadlineFormText(id))).toBeVisible();
  await expect(c.button(page)).toBeEnabled();
  // The write held and never answered, then its read-back held: what the deadline cut.
  const seen = server.proxy.seen();
  expect(seen.filter((s) => s.operation === c.operation).map((s) => [s.mode, s.answered])).toEqual([["hang", undefined]]);
  expect(seen.filter((s) => s.operation === c.readBack).at(-1)?.mode).toBe("hang");
  server.proxy.set([]);
  expect(await c.state(page), `${c.operation}: nothing written`).toEqual(before);
  expect((await server.waitForLine(deadlineLine(id))).filter(deadlineLine(id))).toHaveLength(1);
  await checkState(page, testInfo, ...c.shoot);
  await c.then(page);
}

const EMPLOYER_ASKED = "Qqxzzv Deadline Works";
/** Washington High School (walkTo's employer): Illinois. */
const EMPLOYER = "1002";
const NEW_PHONE = "4155550199";
const CORRECTED_SSN = "666000004";

/** The application journey, from the employer step to the review, in the order a person meets each write. */
const APPLICATION_CUTS: [string, Cut][] = [
  [
    "the employer request (requestEmployerAction)",
    {
      operation: "requestEmployer",
      readBack: "employerRequests",
      stepLoad: false,
      path: "/employment",
      // No idempotency key (one request per name): the name tells it.
      key: new RegExp(EMPLOYER_ASKED),
      fill: async (page) => {
        await visit(page, server, `/employment?employerRequest=${encodeURIComponent(EMPLOYER_ASKED)}`);
        await expect(await hydrated(page.getByLabel("Employer name"))).toHaveValue(EMPLOYER_ASKED);
        await page.getByLabel(/^City/).fill("Fresno");
      },
      button: submitOf("aria-labelledby=employer-request-title"),
      state: async (page) => (await api(page, EmployerRequestsDocument, {})).employerRequests,
      shoot: ["employment", "employer-request-cut-by-deadline"],
      // The employer is then chosen (its own cut is write-faults.spec.ts's): on to the loan request.
      then: async (page) => {
        await api(page, SetEmployerDocument, { employerId: EMPLOYER });
        expect((await page.request.post(`${LOCAL_ORIGIN}/api/session/claims`)).status()).toBe(200);
        await visit(page, server, "/personal");
      },
    },
  ],
  [
    "the loan request (submitLoanRequest)",
    {
      operation: "applies",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/personal",
      key: UUID,
      fill: async (page) => {
        await (await hydrated(page.getByLabel("How much would you like to borrow?"))).fill("4000");
        await page.getByLabel("What is the loan for?").selectOption("Debt Consolidation");
        // Maine, the address will be in Illinois: the state fix below.
        await page.getByLabel("State of residence").selectOption("ME");
      },
      button: submitOf("aria-labelledby=loan-request-title"),
      state: application,
      shoot: ["personal", "loan-request-cut-by-deadline"],
      then: async (page) => {
        await submitOf("aria-labelledby=loan-request-title")(page).click();
        await expectLandedOn(page, "personalInformation");
      },
    },
  ],
  [
    "the state fix (changeStateOfResidence)",
    {
      operation: "applies",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/personal",
      key: UUID,
      fill: async (page) => {
        await fillApplicantDetails(page);
        await expect(page.getByRole("button", { name: "Change my state of residence to Illinois" })).toBeVisible();
      },
      // Its label says "Changing…" while busy.
      button: (page) => page.getByTestId("residence-fix").getByRole("button"),
      state: application,
      shoot: ["personal", "state-fix-cut-by-deadline"],
      then: async (page) => {
        await page.getByTestId("residence-fix").getByRole("button").click();
        await expect(page.getByTestId("residence-fix")).toBeHidden();
        await expect(page.getByText("Your state of residence is now Illinois.")).toBeVisible();
      },
    },
  ],
  [
    "the personal details (submitPersonalDetails)",
    {
      operation: "identifies",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/personal",
      key: UUID,
      // Typed above; everything typed is kept after the fix.
      fill: async (page) => expect(page.getByLabel("Social Security number")).toHaveValue("666-00-0001"),
      button: submitOf("aria-labelledby=personal-details-title"),
      state: application,
      shoot: ["personal", "details-cut-by-deadline"],
      then: async (page) => {
        await submitOf("aria-labelledby=personal-details-title")(page).click();
        await expectLandedOn(page, "employmentInformation");
      },
    },
  ],
  [
    "the job details (saveEmploymentAction)",
    {
      operation: "employmentInformationNextHandler",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/employment",
      key: UUID,
      fill: (page) => fillEmploymentDetails(page, TEACHER_DETAILS),
      button: submitOf("aria-labelledby=employment-details-title"),
      state: application,
      shoot: ["employment", "details-cut-by-deadline"],
      then: async (page) => {
        await submitOf("aria-labelledby=employment-details-title")(page).click();
        await expectReview(page);
      },
    },
  ],
  [
    "the review's loan change (updateLoanRequest)",
    {
      operation: "applies",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/personal",
      key: UUID,
      fill: async (page) => {
        await (await hydrated(page.getByRole("button", { name: "Change your loan" }))).click();
        await page.getByLabel("How much would you like to borrow?").fill("3500");
      },
      button: inPlace("Change your loan"),
      state: application,
      shoot: ["personal", "review-loan-cut-by-deadline"],
      then: cancelOf("Change your loan"),
    },
  ],
  [
    "the review's identity correction (correctIdentity)",
    {
      operation: "identifies",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/personal",
      key: UUID,
      fill: async (page) => {
        await page.getByRole("button", { name: "Correct name, birth date or SSN" }).click();
        rememberSecret("ssn", CORRECTED_SSN);
        await page.getByLabel("Social Security number").fill(CORRECTED_SSN);
      },
      button: inPlace("Correct name, birth date or SSN"),
      state: application,
      shoot: ["personal", "review-identity-cut-by-deadline"],
      then: cancelOf("Correct name, birth date or SSN"),
    },
  ],
  [
    "the review's contact details (saveAccountSettings)",
    {
      operation: "identifies",
      readBack: "loadFrontend",
      stepLoad: true,
      path: "/personal",
      key: UUID,
      fill: async (page) => {
        await page.getByRole("button", { name: "Edit contact details" }).click();
        rememberSecret("phone", NEW_PHONE);
        await page.getByLabel("Cell phone number").fill(NEW_PHONE);
      },
      button: submitOf("aria-labelledby=account-settings-title"),
      state: application,
      shoot: ["personal", "review-contact-cut-by-deadline"],
      then: async (page) => page.locator("form[aria-labelledby=account-settings-title]").getByRole("button", { name: "Cancel" }).click(),
    },
  ],
];

test("the application's writes, from the employer request to the review: each cut by the deadline → said with its request id, the button usable again, nothing written", async ({
  page,
}, testInfo) => {
  // Eight cuts of the deadline each, eight states shot at two widths, the journey between them.
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await newApplicant(page, "cuts-apply");
  await walkTo(page, "chooseEmployer");
  for (const [name, c] of APPLICATION_CUTS) {
    await test.step(name, () => cut(page, c, testInfo));
  }
  // The journey went on through each write pressed again: at the review, nothing the review's cuts held changed.
  expect(await loadFrontend(page)).toMatchObject({
    applicationStep: "authPrequal",
    appInfo: { amountAppliedFor: 4000, stateOfResidence: "IL", personal: { phone_number: "2175550188" } },
  });
});

test("/bank's deposits (verifyDeposits): cut by the deadline → said with its request id, the button usable again, the account not verified", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await newApplicant(page, "cuts-bank");
  await walkTo(page, "fundingAccount");
  // An account by hand awaiting its two deposits; it moved the application on to uploadIdentity.
  // A fresh number: the micro-deposit cap counts an account's lockouts across applicants.
  const account = `4${randomInt(10_000_000, 99_999_999)}`;
  rememberSecret("account-number", account);
  await api(page, ManuallyDocument, { account, name: "Pay account", routing: "011000015", type: "checking" });
  expect((await page.request.post(`${LOCAL_ORIGIN}/api/session/claims`)).status()).toBe(200);
  await visit(page, server, "/bank");
  await page.waitForLoadState("networkidle");
  await cut(
    page,
    {
      operation: "verifies",
      readBack: "accounts",
      stepLoad: false,
      path: "/bank",
      key: UUID,
      // The right amounts: a write that went through would verify the account.
      fill: async (page) => {
        const amounts = await microDepositAmounts(page.request, LOCAL_ORIGIN, email);
        expect(amounts).toHaveLength(2);
        await (await hydrated(page.getByLabel("First deposit"))).fill(amounts[0]!);
        await page.getByLabel("Second deposit").fill(amounts[1]!);
      },
      button: submitOf("aria-labelledby=verify-title"),
      state: async (page) =>
        ((await api(page, AccountsDocument, {})).accounts ?? []).map((a) => ({
          name: a.name,
          verified: a.verified,
          active: a.active,
          verifyTriesLeft: a.verifyTriesLeft,
        })),
      shoot: ["bank", "deposits-cut-by-deadline"],
      then: async () => {},
    },
    testInfo,
  );
  expect((await api(page, AccountsDocument, {})).accounts).toMatchObject([{ name: "Pay account", verified: false }]);
});
