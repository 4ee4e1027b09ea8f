import { LOAN_STATES, canStillApply, deriveLoanState, isSignedOrOriginated, type LoanFacts } from "./loan-state";

describe("deriveLoanState (SPEC 4: the first rule that holds decides)", () => {
  it.each<[string, LoanFacts, string]>([
    [
      "a blocked step stays blocked, even signed",
      { applicationStep: "applicationBlocked-identity", contractSigned: true },
      "applicationBlocked",
    ],
    ["activeLoan is originated, even with an error", { applicationStep: "activeLoan", applicationError: "denied" }, "originated"],
    ["the rejected step is rejected", { applicationStep: "rejected", contractSigned: true }, "rejected"],
    [
      "a signed contract is signed, before any error",
      { applicationStep: "Offer Sent", contractSigned: true, qualificationErrors: true },
      "signed",
    ],
    ["qualification errors reject", { applicationStep: "authPrequal", qualificationErrors: true, amountAppliedFor: 4000 }, "rejected"],
    [
      "an error saying denied rejects, in any case",
      { applicationStep: "verifyMD", applicationError: "Application DENIED by lender" },
      "rejected",
    ],
    ["an error saying rejected rejects", { applicationStep: "verifyMD", applicationError: "rejected: income" }, "rejected"],
    [
      "any other error is review",
      { applicationStep: "fundingAccount", applicationError: "documents unreadable", amountAppliedFor: 4000 },
      "review",
    ],
    ["approved is review", { applicationStep: "Offer Sent", approved: true }, "review"],
    ["completeUnderReview is review", { applicationStep: "completeUnderReview" }, "review"],
    ["an amount above 0 is in progress", { applicationStep: "loanDetails", amountAppliedFor: 1 }, "in-progress"],
    ["an amount of 0 is not started", { applicationStep: "loanDetails", amountAppliedFor: 0 }, "not-started"],
    ["a negative amount is not started", { applicationStep: "loanDetails", amountAppliedFor: -5 }, "not-started"],
    ["no amount is not started", { applicationStep: "chooseEmployer", amountAppliedFor: null }, "not-started"],
    ["an empty error is no error", { applicationStep: "chooseEmployer", applicationError: "" }, "not-started"],
    ["a null error is no error", { applicationStep: "loanDetails", applicationError: null, amountAppliedFor: 4000 }, "in-progress"],
    [
      "not signed, not approved, no errors: by the amount",
      { applicationStep: "Offer Sent", contractSigned: false, qualificationErrors: false, approved: false, amountAppliedFor: 4000 },
      "in-progress",
    ],
  ])("%s", (_label, facts, state) => {
    expect(deriveLoanState(facts)).toBe(state);
  });

  it("knows SPEC's states", () => {
    expect(LOAN_STATES).toEqual(["not-started", "in-progress", "review", "signed", "originated", "rejected"]);
  });

  it.each([
    ["signed", true],
    ["originated", true],
    ["review", false],
    ["in-progress", false],
    ["not-started", false],
    ["rejected", false],
    ["applicationBlocked", false],
  ] as const)("%s is signed or originated: %s", (state, want) => {
    expect(isSignedOrOriginated(state)).toBe(want);
  });
});

/** Issue 49: who can still apply, every loan state once (the header's "Check My Rate"). */
describe("canStillApply", () => {
  test.each([
    ["not-started", true],
    ["in-progress", true],
    ["review", true],
    ["signed", false],
    ["originated", false],
    ["rejected", false],
    ["applicationBlocked", false],
  ] as const)("%s: %p", (state, can) => {
    expect(canStillApply(state)).toBe(can);
  });

  test("the table above covers every loan state", () => {
    expect([...LOAN_STATES, "applicationBlocked"].sort()).toEqual(
      ["not-started", "in-progress", "review", "signed", "originated", "rejected", "applicationBlocked"].sort(),
    );
  });
});
