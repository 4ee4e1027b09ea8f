import {
  ACTIVE_LOAN,
  APPLICATION_BLOCKED,
  DIRECT_DEPOSIT_STEP,
  FIRST_STEP,
  OFFER_DETAILS,
  OFFER_SENT,
  PAPER_FORM_PENDING,
  STEP_RANK,
  back,
  forward,
  isBlockedStep,
  isKnownStep,
  rankedStep,
  stepRank,
} from "./steps";

describe("application steps and rank (SPEC 4, written out literally)", () => {
  it("ranks exactly SPEC's steps", () => {
    expect(STEP_RANK).toEqual({
      chooseEmployer: 0,
      loanDetails: 1,
      personalInformation: 2,
      employmentInformation: 3,
      authPrequal: 4,
      prequalApprove: 5,
      prequalRej: 5,
      consentPage: 6,
      fundingAccount: 7,
      uploadIdentity: 8,
      uploadPaystubs: 8,
      uploadTenure: 8,
      verifyMD: 9,
      completeUnderReview: 10,
      rejected: 10,
    });
  });

  it("names the other step values as the server writes them", () => {
    expect([FIRST_STEP, OFFER_SENT, OFFER_DETAILS, ACTIVE_LOAN, PAPER_FORM_PENDING, APPLICATION_BLOCKED, DIRECT_DEPOSIT_STEP]).toEqual([
      "chooseEmployer",
      "Offer Sent",
      "offerDetails",
      "activeLoan",
      "Paper Form Confirmation Pending",
      "applicationBlocked",
      "directDeposit",
    ]);
  });

  it.each([
    ["chooseEmployer", 0],
    ["verifyMD", 9],
    ["rejected", 10],
    ["Offer Sent", undefined],
    ["offerDetails", undefined],
    ["activeLoan", undefined],
    ["VerifyMD", undefined], // ranks are exact; only path segments match case-insensitively
    ["toString", undefined], // not the prototype's
    ["constructor", undefined],
    ["", undefined],
  ])("stepRank(%j) = %p", (step, rank) => {
    expect(stepRank(step)).toBe(rank);
  });

  it.each([
    ["verifymd", "verifyMD"],
    ["VERIFYMD", "verifyMD"],
    ["chooseEmployer", "chooseEmployer"],
    ["uploadpaystubs", "uploadPaystubs"],
    ["offerDetails", undefined],
    ["Offer Sent", undefined],
    ["nope", undefined],
  ])("the path segment %j names the ranked step %p", (segment, step) => {
    expect(rankedStep(segment)).toBe(step);
  });

  it.each([
    ["applicationBlocked", true, true],
    ["applicationBlocked-identity", true, true],
    ["fraud-applicationBlocked", true, true],
    ["ApplicationBlocked", false, false],
    ["Offer Sent", false, true],
    ["offerDetails", false, true],
    ["activeLoan", false, true],
    ["Paper Form Confirmation Pending", false, true],
    ["completeUnderReview", false, true],
    ["chooseEmployer", false, true],
    ["offer sent", false, false],
    ["paidOff", false, false],
    ["", false, false],
  ])("%j: blocked %s, known %s", (step, blocked, known) => {
    expect(isBlockedStep(step)).toBe(blocked);
    expect(isKnownStep(step)).toBe(known);
  });
});

describe("the step history (SPEC 4: forward pushes, back pops, loanDetails when empty)", () => {
  it("a forward move pushes the current step and leaves the old state alone", () => {
    const start = { step: "loanDetails", history: ["chooseEmployer"] };
    expect(forward(start, "personalInformation")).toEqual({ step: "personalInformation", history: ["chooseEmployer", "loanDetails"] });
    expect(start).toEqual({ step: "loanDetails", history: ["chooseEmployer"] });
  });

  it("going back pops the newest step and leaves the old state alone", () => {
    const state = { step: "employmentInformation", history: ["chooseEmployer", "loanDetails", "personalInformation"] };
    expect(back(state)).toEqual({ step: "personalInformation", history: ["chooseEmployer", "loanDetails"] });
    expect(back(back(state))).toEqual({ step: "loanDetails", history: ["chooseEmployer"] });
    expect(state.history).toEqual(["chooseEmployer", "loanDetails", "personalInformation"]);
  });

  it("going back with an empty history lands on loanDetails", () => {
    expect(back({ step: "personalInformation", history: [] })).toEqual({ step: "loanDetails", history: [] });
    expect(back({ step: "loanDetails", history: ["chooseEmployer"] })).toEqual({ step: "chooseEmployer", history: [] });
  });
});
