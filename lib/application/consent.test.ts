import { needsUpdatedTermsConsent } from "./consent";

describe("needsUpdatedTermsConsent", () => {
  it.each([
    ["chooseEmployer", false, "not-started", false],
    ["employmentInformation", false, "in-progress", false],
    ["fundingAccount", false, "in-progress", true],
    ["consentPage", false, "in-progress", true],
    ["completeUnderReview", false, "review", true],
    ["completeUnderReview", true, "review", false],
    ["Offer Sent", false, "review", true],
    ["Paper Form Confirmation Pending", false, "review", true],
    ["activeLoan", false, "originated", true],
    ["activeLoan", true, "originated", false],
    ["rejected", false, "rejected", false],
    ["applicationBlocked-identity", false, "applicationBlocked", false],
  ] as const)("%s with consent %s (%s) → %s", (step, evolveConsent, loanState, want) => {
    expect(needsUpdatedTermsConsent({ step, evolveConsent, loanState })).toBe(want);
  });
});
