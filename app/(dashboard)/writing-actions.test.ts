/**
 * @jest-environment node
 *
 * Every server action of the app, classified (issue 51.1): a new action fails here until it is.
 * Each write goes through the one action helper (lib/actions/user-action.ts) with a read-back and the
 * browser's idempotency key; its late and never answers are tested through the fault proxy in the
 * named Jest suite, and its late, never and deadline-cut answers are pressed in the named Playwright
 * tests (E2E). The request deadline itself is applied per request, around every action alike, by
 * the request scope (lib/observability/request-scope.ts, proven for a server action's request in its
 * test) and said by the form kit (components/forms/form-kit.test.tsx) or, for a write outside it, by
 * its page with the same words (components/forms/submit-messages.ts); docs/testing.md ("Every
 * writing action under faults") lists who says it for each write.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** What each action passed to the helper, in call order. */
const calls: Record<string, unknown>[] = [];
jest.mock("@/lib/actions/user-action", () => ({
  userAction: async (options: Record<string, unknown>) => (calls.push(options), { ok: true }),
  publicAction: async (options: Record<string, unknown>) => (calls.push(options), { ok: true }),
}));

import * as bank from "./bank/actions";
import * as sign from "./dashboard-sign/actions";
import * as employment from "./employment/actions";
import * as personal from "./personal/actions";

const KEY = "key-writing-actions-1";
const FAULTS = "app/(dashboard)/writes.faults.integration.test.ts";

type Row =
  /** A write: its operation, how to call it, whether it takes the browser's key, and its late/never test (file and title). */
  | { write: string; call: () => Promise<unknown>; key: boolean; faults: [file: string, title: string] }
  /** No write: a read, a lookup, a short-lived token or URL minted per call (nothing to read back; a retry is the recovery). */
  | { read: string };

const TABLE: Record<string, Record<string, Row>> = {
  "personal/actions.ts": {
    submitLoanRequest: {
      write: "applies",
      call: () => personal.submitLoanRequest({}, KEY),
      key: true,
      faults: [FAULTS, "applies (the loan request)"],
    },
    submitPersonalDetails: {
      write: "identifies",
      call: () => personal.submitPersonalDetails({}, KEY),
      key: true,
      faults: [FAULTS, "identifies (the personal details)"],
    },
    changeStateOfResidence: {
      write: "applies",
      call: () => personal.changeStateOfResidence({}, KEY),
      key: true,
      faults: [FAULTS, "applies (the state fix on the personal details)"],
    },
    updateLoanRequest: {
      write: "applies",
      call: () => personal.updateLoanRequest({}, KEY),
      key: true,
      faults: [FAULTS, "applies (the review's change)"],
    },
    correctIdentity: {
      write: "identifies",
      call: () => personal.correctIdentity({}, KEY),
      key: true,
      faults: [FAULTS, "identifies (the review's correction)"],
    },
    saveAccountSettings: {
      write: "identifies",
      call: () => personal.saveAccountSettings({}, KEY),
      key: true,
      faults: [FAULTS, "identifies (the account settings)"],
    },
  },
  "bank/actions.ts": {
    linkAccount: {
      write: "links",
      call: () => bank.linkAccount("public-sandbox-1", { institution: null, accounts: [], link_session_id: "s" }, KEY),
      key: true,
      faults: [FAULTS, "links: late"],
    },
    addManualAccount: {
      write: "manually",
      call: () => bank.addManualAccount({}, KEY),
      key: true,
      faults: ["app/(dashboard)/bank/actions.faults.test.ts", "the write completes after the timeout"],
    },
    verifyDeposits: { write: "verifies", call: () => bank.verifyDeposits("acc-1", {}, KEY), key: true, faults: [FAULTS, "verifies: late"] },
    makeActive: { write: "setActiveFSID", call: () => bank.makeActive("acc-1", KEY), key: true, faults: [FAULTS, "setActiveFSID: late"] },
    loadAccounts: { read: "accounts" },
    requestLinkToken: { read: "createLinkToken: a Link token per opening of the widget" },
    checkCredentials: { read: "checkItemStatus" },
    logBankEvent: { read: "logs: the widget's exit or failure logged, nothing the person is told was saved" },
  },
  "employment/actions.ts": {
    chooseEmployerAction: {
      write: "setEmployer",
      call: () => employment.chooseEmployerAction("1001", KEY),
      key: true,
      faults: [FAULTS, "setEmployer: late"],
    },
    saveEmploymentAction: {
      write: "employmentInformationNextHandler",
      call: () => employment.saveEmploymentAction("1001", {}, KEY),
      key: true,
      faults: ["app/(dashboard)/employment/actions.faults.test.ts", "the save completes after the timeout"],
    },
    // One request per name (the API answers a repeat with the first), so no key: the name is one.
    requestEmployerAction: {
      write: "requestEmployer",
      call: () => employment.requestEmployerAction({}),
      key: false,
      faults: [FAULTS, "requestEmployer: late"],
    },
    finishPayrollLinkAction: {
      write: "successfulArgyleUpdate",
      call: () => employment.finishPayrollLinkAction("argyle-user-1", KEY),
      key: true,
      faults: [FAULTS, "successfulArgyleUpdate: late"],
    },
    checkIslandAction: { read: "checkIfIslandInAlgolia" },
    startPayrollLinkAction: { read: "initializeArgyle: a widget token per opening" },
  },
  "dashboard-sign/actions.ts": {
    requestSigningUrl: { read: "counters: a one-time signing URL per opening" },
    requestSignedCopy: { read: "loadFrontend" },
  },
};

const MODULES: Record<string, Record<string, unknown>> = {
  "personal/actions.ts": personal,
  "bank/actions.ts": bank,
  "employment/actions.ts": employment,
  "dashboard-sign/actions.ts": sign,
};

/** Every file under app/ that declares server actions ("use server" at its top). */
function serverActionFiles(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverActionFiles(file);
    return /\.tsx?$/.test(entry.name) && /^\s*["']use server["']/.test(readFileSync(file, "utf8")) ? [file] : [];
  });
}

test("every file of server actions under app/ is in the table, and every action it exports is classified", () => {
  const files = serverActionFiles().map((f) => path.relative("app/(dashboard)", f));
  expect(files.sort()).toEqual(Object.keys(TABLE).sort());
  for (const [file, rows] of Object.entries(TABLE)) {
    const exported = Object.entries(MODULES[file]!)
      .filter(([, v]) => typeof v === "function")
      .map(([name]) => name);
    expect([file, exported.sort()]).toEqual([file, Object.keys(rows).sort()]);
  }
});

const writes = Object.entries(TABLE).flatMap(([file, rows]) =>
  Object.entries(rows).flatMap(([name, row]) => ("write" in row ? [[`${file} ${name}`, row] as const] : [])),
);

test.each(writes)("%s goes through the action helper with its operation, the browser's key and its read-back", async (_name, row) => {
  calls.length = 0;
  await row.call();
  expect(calls).toHaveLength(1);
  const options = calls[0]!;
  expect(options.operation).toBe(row.write);
  expect(options.idempotencyKey).toBe(row.key ? KEY : undefined);
  expect(options.reconcile).toEqual(expect.any(Function));
});

/** Whether `file` has a test whose title starts with `title`. */
const hasTest = (file: string, title: string) =>
  new RegExp(`test\\(\\s*"${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(readFileSync(file, "utf8"));

test.each(writes)("%s has its late and never answers tested", (_name, row) => {
  // In the named suite (the fault proxy: a late answer and a never-answer).
  expect([...row.faults, hasTest(...row.faults)]).toEqual([...row.faults, true]);
});

/** The Playwright suites that press each write as a person does (e2e/, on the fault and deadline servers; docs/testing.md). */
const WA = "e2e/write-answers.spec.ts";
const WAM = "e2e/write-answers-more.spec.ts";
const LF = "e2e/link-faults.spec.ts";
const WF = "e2e/write-faults.spec.ts";
const WC = "e2e/write-cuts.spec.ts";
const APPLY = "the loan request, the personal details, the payroll link and the job details";
const REVIEW = "the state fix, and the review's loan change, identity correction and contact details";
const BANK = "/bank's active account, account by hand and deposits";
const JOURNEY_CUTS = "the application's writes, from the employer request to the review";
/** Each write's test of its late and never answers, and of its cut by the request deadline: [file, the title's start]. */
const E2E: Record<string, { answers: [string, string]; cut: [string, string] }> = {
  submitLoanRequest: { answers: [WA, APPLY], cut: [WC, JOURNEY_CUTS] },
  submitPersonalDetails: { answers: [WA, APPLY], cut: [WC, JOURNEY_CUTS] },
  changeStateOfResidence: { answers: [WAM, REVIEW], cut: [WC, JOURNEY_CUTS] },
  updateLoanRequest: { answers: [WAM, REVIEW], cut: [WC, JOURNEY_CUTS] },
  correctIdentity: { answers: [WAM, REVIEW], cut: [WC, JOURNEY_CUTS] },
  saveAccountSettings: { answers: [WAM, REVIEW], cut: [WC, JOURNEY_CUTS] },
  linkAccount: { answers: [LF, "Plaid's link: never answered"], cut: [LF, "Plaid's link: held with its read-back"] },
  addManualAccount: { answers: [WA, BANK], cut: [WF, "/bank's add"] },
  verifyDeposits: { answers: [WA, BANK], cut: [WC, "/bank's deposits"] },
  makeActive: { answers: [WA, BANK], cut: [WF, "/bank's active-account button"] },
  chooseEmployerAction: { answers: [WAM, "the employer request"], cut: [WF, "the employer's choice"] },
  saveEmploymentAction: { answers: [WA, APPLY], cut: [WC, JOURNEY_CUTS] },
  requestEmployerAction: { answers: [WAM, "the employer request"], cut: [WC, JOURNEY_CUTS] },
  finishPayrollLinkAction: { answers: [WA, APPLY], cut: [WF, "the payroll link"] },
};

test("every write has its late, never and cut tests in Playwright, and each named test is there", () => {
  expect(Object.keys(E2E).sort()).toEqual(writes.map(([name]) => name.split(" ")[1]).sort());
  for (const [name, { answers, cut }] of Object.entries(E2E)) {
    for (const [file, title] of [answers, cut]) expect([name, file, hasTest(file, title)]).toEqual([name, file, true]);
  }
});
