import { APPLICATION_STAGES, applicationProgress, continueRoute, openStep, progressText } from "./progress";
import { STEP_RANK } from "./steps";

describe("applicationProgress: the stage of each step, from the step ranks", () => {
  it.each([
    ["chooseEmployer", "Step 1 of 10: Your employer"],
    ["loanDetails", "Step 2 of 10: Your loan"],
    ["personalInformation", "Step 3 of 10: About you"],
    ["employmentInformation", "Step 4 of 10: Your job"],
    ["authPrequal", "Step 5 of 10: Review"],
    ["prequalApprove", "Step 6 of 10: Your rate"],
    ["consentPage", "Step 7 of 10: Your bank account"],
    ["fundingAccount", "Step 7 of 10: Your bank account"],
    ["uploadIdentity", "Step 8 of 10: Verification"],
    ["uploadPaystubs", "Step 8 of 10: Verification"],
    ["uploadTenure", "Step 8 of 10: Verification"],
    ["verifyMD", "Step 8 of 10: Verification"],
    ["completeUnderReview", "Step 9 of 10: Decision"],
    ["Offer Sent", "Step 10 of 10: Sign your contract"],
    ["offerDetails", "Step 10 of 10: Sign your contract"],
  ])("%s → %s", (step, text) => {
    expect(progressText(applicationProgress(step)!)).toBe(text);
  });

  it.each([null, undefined, "", "prequalRej", "rejected", "activeLoan", "applicationBlocked", "toString"])(
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
    expect(last).toBe(APPLICATION_STAGES.length - 1); // the last stage, signing, comes after the ranks
  });
});

describe("progressText away from the step's page", () => {
  it("says where the application is, not that this page is that step", () => {
    expect(progressText(applicationProgress("authPrequal")!, false)).toBe("Your application is at step 5 of 10: Review");
  });
});

describe("continueRoute", () => {
  it.each([
    ["loanDetails", "/apply/loanDetails"],
    ["personalInformation", "/apply/personalInformation"],
    ["authPrequal", "/personal"],
    ["Offer Sent", "/apply"], // no apply page of its own: the edge sends on (the offer, or the contract)
    ["Paper Form Confirmation Pending", "/apply"],
  ])("%s → %s", (step, route) => expect(continueRoute(step)).toBe(route));
});

describe("openStep: what 'This step is not open' names and where it leads", () => {
  it.each([
    ["authPrequal", "step 5 of 10, Review", "/personal"],
    ["consentPage", "step 7 of 10, Your bank account", "/apply/consentPage"],
    ["Offer Sent", "step 10 of 10, Sign your contract", "/apply"],
    ["activeLoan", "your current step", "/apply"],
  ])("%s", (step, label, href) => expect(openStep(step)).toEqual({ label, href }));
});
