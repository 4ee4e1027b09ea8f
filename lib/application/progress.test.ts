import { APPLICATION_STAGES, applicationProgress, continueRoute, progressText } from "./progress";
import { STEP_RANK } from "./steps";

describe("applicationProgress: the stage of each step, from the step ranks", () => {
  it.each([
    ["chooseEmployer", "Step 1 of 8: Your employer"],
    ["loanDetails", "Step 2 of 8: Your loan"],
    ["personalInformation", "Step 3 of 8: About you"],
    ["employmentInformation", "Step 4 of 8: Your job"],
    ["authPrequal", "Step 5 of 8: Review and rate"],
    ["prequalApprove", "Step 5 of 8: Review and rate"],
    ["consentPage", "Step 6 of 8: Your bank account"],
    ["fundingAccount", "Step 6 of 8: Your bank account"],
    ["uploadIdentity", "Step 7 of 8: Verification"],
    ["uploadPaystubs", "Step 7 of 8: Verification"],
    ["uploadTenure", "Step 7 of 8: Verification"],
    ["verifyMD", "Step 7 of 8: Verification"],
    ["completeUnderReview", "Step 8 of 8: Decision"],
  ])("%s → %s", (step, text) => {
    expect(progressText(applicationProgress(step)!)).toBe(text);
  });

  it.each([null, undefined, "", "prequalRej", "rejected", "Offer Sent", "offerDetails", "activeLoan", "applicationBlocked", "toString"])(
    "%p: not applying, no indicator",
    (step) => expect(applicationProgress(step)).toBeNull(),
  );

  it("every ranked step is in a stage, and the stages never go back as the rank grows", () => {
    const ordered = (Object.keys(STEP_RANK) as (keyof typeof STEP_RANK)[]).sort((a, b) => STEP_RANK[a] - STEP_RANK[b]);
    let last = 0;
    for (const step of ordered) {
      const p = applicationProgress(step);
      if (!p) continue;
      expect(p.stage).toBeGreaterThanOrEqual(last);
      last = p.stage;
    }
    expect(last).toBe(APPLICATION_STAGES.length);
  });
});

describe("continueRoute", () => {
  it.each([
    ["loanDetails", "/apply/loanDetails"],
    ["personalInformation", "/apply/personalInformation"],
    ["authPrequal", "/personal"],
    ["Offer Sent", "/apply/Offer%20Sent"],
  ])("%s → %s", (step, route) => expect(continueRoute(step)).toBe(route));
});
