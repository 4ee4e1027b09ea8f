import { DECISION_INPUT_GROUPS, DECISION_INPUTS, DECISION_INPUTS_IN_WORDS, decisionInputsFinal } from "./decision-inputs";

describe("decisionInputsFinal: from the decision on", () => {
  it.each([
    ["chooseEmployer", false],
    ["loanDetails", false],
    ["personalInformation", false],
    ["employmentInformation", false],
    // The review before the rate check is the last word (issue 42).
    ["authPrequal", false],
    ["prequalApprove", true],
    ["prequalRej", true],
    ["consentPage", true],
    ["fundingAccount", true],
    ["uploadPaystubs", true],
    ["verifyMD", true],
    ["completeUnderReview", true],
    ["rejected", true],
    ["Offer Sent", true],
    ["offerDetails", true],
    ["Paper Form Confirmation Pending", true],
    ["activeLoan", true],
    ["applicationBlocked-fraud", true],
    // Unknown: closed (fail closed), whatever it looks like.
    ["", true],
    ["toString", true],
    ["AUTHPREQUAL", true],
  ])("at %j: %s", (step, final) => {
    expect(decisionInputsFinal(step)).toBe(final);
  });
});

describe("the inputs in a person's words", () => {
  it("every input is in exactly one group", () => {
    const grouped = DECISION_INPUT_GROUPS.flatMap((g) => g.inputs);
    expect([...grouped].sort()).toEqual([...DECISION_INPUTS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it("are listed as one sentence part, in the groups' order", () => {
    expect(DECISION_INPUTS_IN_WORDS).toBe(
      "your legal name, date of birth and SSN; your employer; your state of residence; the amount you asked for; " +
        "your salary and additional income; how often and how many months a year you are paid; " +
        "and your job title, employment status and start date",
    );
  });
});
