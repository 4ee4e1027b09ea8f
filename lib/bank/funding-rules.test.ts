import {
  accountNumberProblem,
  canActivate,
  canAddManualAccount,
  depositCents,
  directDepositSetUp,
  directDepositText,
  isAcceptedSubtype,
  isExitedState,
  isVerifiedAnswer,
  lastFour,
  linkOutcome,
  needsCredentialRefresh,
  showMask,
  stepAfterFundingEvent,
} from "./funding-rules";
import { manualAccountFormSchema, microDepositSchema } from "./schema";

const linked = { link_type: "plaid_getAuth", verified: true };
const manualPending = { link_type: "dwolla_MicroDeposits", verified: false };
const manualDone = { link_type: "dwolla_MicroDeposits", verified: true };

describe("SPEC 5: only checking and savings count", () => {
  test.each([
    ["depository", "checking", true],
    ["depository", "savings", true],
    ["credit", "credit card", false],
    ["depository", "cd", false],
    ["depository", "money market", false],
    ["loan", "student", false],
    ["depository", null, false],
    [null, "checking", false],
  ])("%s/%s → %s", (type, subtype, ok) => {
    expect(isAcceptedSubtype(type, subtype)).toBe(ok);
  });
});

describe("account numbers and masks", () => {
  test.each([
    ["1234", null],
    ["12345678901234567", null],
    ["123", "Account number must be 4 to 17 digits"],
    ["123456789012345678", "Account number must be 4 to 17 digits"],
    ["1234-5678", "Account number must contain digits only"],
  ])("%s", (v, problem) => expect(accountNumberProblem(v)).toBe(problem));
  test("last four and shown mask", () => {
    expect(lastFour("000123456789")).toBe("6789");
    expect(showMask("6789")).toBe("••6789");
    expect(showMask(null)).toBe("");
  });
});

describe("micro-deposit amounts", () => {
  test.each([
    ["0.07", 7],
    [".32", 32],
    ["$0.99", 99],
    ["0.00", null],
    ["1.00", null],
    ["0.1", null],
    ["7", null],
    ["abc", null],
  ])("%s → %s", (input, cents) => expect(depositCents(input)).toBe(cents));
});

describe("SPEC 4 and 8 answers", () => {
  test.each([
    ["mdVerified", true],
    [200, true],
    ["200", true],
    ["ok", false],
    [null, false],
    [false, false],
  ])("verifies %p → %p", (answer, ok) => expect(isVerifiedAnswer(answer)).toBe(ok));
  test.each([
    [200, "Linked"],
    ["200", "Linked"],
    [500, "LinkFailure"],
    [null, "LinkFailure"],
    [undefined, "LinkFailure"],
  ])("links %p → %p", (answer, outcome) => expect(linkOutcome(answer)).toBe(outcome));
  test.each([
    ["SUCCESS", false],
    ["link-sandbox-abc", true],
    [null, true],
    ["", true],
  ])("checkItemStatus %p needs refresh: %p", (answer, refresh) => expect(needsCredentialRefresh(answer)).toBe(refresh));
});

describe("SPEC 4 and 5 funding-source rules", () => {
  test("one unverified source at a time", () => {
    expect(canAddManualAccount([])).toBe(true);
    expect(canAddManualAccount([linked, manualDone])).toBe(true);
    expect(canAddManualAccount([linked, manualPending])).toBe(false);
  });
  test("exited state when the last account is an unverified micro-deposit account", () => {
    expect(isExitedState([])).toBe(false);
    expect(isExitedState([linked])).toBe(false);
    expect(isExitedState([linked, manualPending])).toBe(true);
    expect(isExitedState([manualPending, linked])).toBe(false);
    expect(isExitedState([manualDone])).toBe(false);
  });
  test("only a verified source can be active", () => {
    expect(canActivate(linked)).toBe(true);
    expect(canActivate(manualDone)).toBe(true);
    expect(canActivate(manualPending)).toBe(false);
  });
  test.each([
    ["Paper Form Confirmation Pending", false, null, { setUp: true, because: "paperForm" }],
    ["Offer Sent", true, "payroll", { setUp: true, because: "payroll" }],
    ["Offer Sent", true, "applicant", { setUp: true, because: "applicant" }],
    ["Offer Sent", true, null, { setUp: true, because: "confirmed" }],
    ["Paper Form Confirmation Pending", true, "applicant", { setUp: true, because: "applicant" }],
    ["Offer Sent", false, null, { setUp: false }],
    ["fundingAccount", false, null, { setUp: false }],
  ] as const)("direct deposit at %s (confirmed %p by %p)", (step, confirmed, by, expected) => {
    expect(directDepositSetUp(step, confirmed, by)).toEqual(expected);
  });
  test.each([
    [{ setUp: true, because: "payroll" }, "Direct deposit: set up — confirmed by your employer."],
    [
      { setUp: true, because: "applicant" },
      "Direct deposit: set up — you confirmed that you asked your payroll office to send the loan payment.",
    ],
    [{ setUp: true, because: "confirmed" }, "Direct deposit: set up."],
    [{ setUp: true, because: "paperForm" }, "Direct deposit: set up — your paper form is waiting for confirmation."],
    [{ setUp: false }, "Direct deposit: not set up yet."],
  ] as const)("issue 49: %p reads %p (the employer named only when its payroll confirmed)", (dd, words) => {
    expect(directDepositText(dd)).toBe(words);
    if (dd.setUp && dd.because !== "payroll") expect(directDepositText(dd)).not.toMatch(/employer/);
  });
  test.each([
    ["fundingAccount", "linked", "uploadIdentity"],
    ["fundingAccount", "manualAdded", "uploadIdentity"],
    ["fundingAccount", "mdVerified", null],
    ["verifyMD", "mdVerified", "completeUnderReview"],
    ["verifyMD", "linked", null],
    ["completeUnderReview", "linked", null],
    ["activeLoan", "mdVerified", null],
    ["consentPage", "linked", null],
  ] as const)("at %s, %s moves to %p", (step, event, next) => {
    expect(stepAfterFundingEvent(step, event)).toBe(next);
  });
});

describe("the manual-account and micro-deposit schemas", () => {
  const good = { routing: "011000015", account: "000123456789", accountConfirm: "000123456789", name: "My checking", type: "checking" };
  const problems = (input: unknown) => {
    const r = manualAccountFormSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  test.each([
    [{}, {}],
    [{ routing: "011000016" }, { routing: "This is not a valid routing number; check it against a cheque or your bank" }],
    [{ routing: "" }, { routing: "Enter the routing number" }],
    [{ account: "123", accountConfirm: "123" }, { account: "Account number must be 4 to 17 digits" }],
    [{ accountConfirm: "000123456780" }, { accountConfirm: "The account numbers do not match" }],
    // Reported with the other errors at once, not after the choice is made (EVERY_ROUND).
    [
      { accountConfirm: "000123456780", type: null },
      { accountConfirm: "The account numbers do not match", type: "Choose checking or savings" },
    ],
    [{ type: "credit" }, { type: "Choose checking or savings" }],
    [{ name: " " }, { name: "Enter a name for this account" }],
  ])("%p", (change, expected) => {
    expect(problems({ ...good, ...change })).toEqual(expected);
  });
  test.each([
    [{ amount1: 0.07, amount2: 0.32 }, true],
    [{ amount1: 0, amount2: 0.32 }, false],
    [{ amount1: 1, amount2: 0.32 }, false],
    [{ amount1: 0.071, amount2: 0.32 }, false],
    [{ amount1: null, amount2: 0.32 }, false],
  ])("deposits %p → %p", (input, ok) => {
    expect(microDepositSchema.safeParse(input).success).toBe(ok);
  });
});
