import { decideUserMove } from "./step-moves";

const ALL_COMPLETE = new Proxy({}, { get: () => true }) as Record<string, boolean>;
const NONE_COMPLETE = {};

describe("decideUserMove", () => {
  it.each([
    // from, history, target, allowed
    ["chooseEmployer", [], "loanDetails", true],
    ["loanDetails", ["chooseEmployer"], "personalInformation", true],
    ["loanDetails", ["chooseEmployer"], "chooseEmployer", true], // back
    ["personalInformation", ["chooseEmployer", "loanDetails"], "employmentInformation", true],
    ["employmentInformation", ["personalInformation"], "authPrequal", true],
    ["authPrequal", ["employmentInformation"], "employmentInformation", true], // back
    ["prequalApprove", ["authPrequal"], "consentPage", true],
    ["consentPage", ["prequalApprove"], "prequalApprove", true], // back to the lender's approval
    ["consentPage", ["prequalApprove"], "fundingAccount", true],
    ["fundingAccount", ["consentPage"], "uploadIdentity", true],
    ["fundingAccount", ["consentPage"], "verifyMD", true],
    ["uploadIdentity", ["fundingAccount"], "uploadPaystubs", true],
    ["uploadTenure", ["uploadIdentity"], "verifyMD", true],
    // forbidden
    ["chooseEmployer", [], "personalInformation", false], // skipping ahead
    ["authPrequal", ["employmentInformation"], "prequalApprove", false], // the lender decides
    ["authPrequal", ["employmentInformation"], "consentPage", false],
    ["prequalApprove", ["authPrequal"], "authPrequal", false], // no re-running the prequalification
    ["prequalRej", ["authPrequal"], "authPrequal", false],
    ["prequalRej", ["authPrequal"], "consentPage", false],
    ["verifyMD", ["fundingAccount"], "completeUnderReview", false],
    ["completeUnderReview", ["verifyMD"], "verifyMD", false],
    ["Offer Sent", ["completeUnderReview"], "completeUnderReview", false],
    ["Offer Sent", ["completeUnderReview"], "activeLoan", false],
    ["rejected", ["authPrequal"], "authPrequal", false],
    ["applicationBlocked-identity", ["loanDetails"], "loanDetails", false],
    ["activeLoan", ["Offer Sent"], "Offer Sent", false],
    ["loanDetails", ["chooseEmployer"], "rejected", false],
    ["loanDetails", ["chooseEmployer"], "applicationBlocked-x", false],
    ["loanDetails", ["rejected"], "rejected", false], // a lender step on the history is still not a user's target
  ] as const)("%s (history %j) → %s: %s", (step, history, target, allowed) => {
    expect(decideUserMove({ step, history }, target, ALL_COMPLETE).allowed).toBe(allowed);
  });

  it("staying put is always allowed (idempotent)", () => {
    for (const step of ["chooseEmployer", "Offer Sent", "activeLoan", "rejected"]) {
      expect(decideUserMove({ step, history: [] }, step, NONE_COMPLETE)).toEqual({ allowed: true, kind: "stay" });
    }
  });

  it("forward needs the current step complete; back does not", () => {
    expect(decideUserMove({ step: "loanDetails", history: ["chooseEmployer"] }, "personalInformation", NONE_COMPLETE)).toEqual({
      allowed: false,
      reason: '"loanDetails" is not complete yet',
    });
    expect(decideUserMove({ step: "loanDetails", history: ["chooseEmployer"] }, "personalInformation", { loanDetails: true }).allowed).toBe(
      true,
    );
    expect(decideUserMove({ step: "loanDetails", history: ["chooseEmployer"] }, "chooseEmployer", NONE_COMPLETE).allowed).toBe(true);
  });
});
