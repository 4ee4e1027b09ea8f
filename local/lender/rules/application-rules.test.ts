import {
  acceptedSignerNames,
  decideDecisionFactChange,
  decideFunding,
  decideIdentityChange,
  decideMicroDepositAdd,
  decidePayrollLink,
  decidePayrollUpdate,
  decideSigning,
  EMPLOYER_LOCKED_MESSAGE,
  normaliseName,
  STATE_LOCKED_MESSAGE,
  type PayrollLinkFacts,
} from "./application-rules";

const LOCKED =
  "Your legal name, date of birth and SSN can be changed only until your rate check (the soft credit check). To correct them now, contact support.";

describe("decideIdentityChange", () => {
  const current = { ssn: "666000001", given_name: "Jordan", middle_name: null, family_name: "Rivera", birthdate: "1988-02-03" };

  it.each([
    ["chooseEmployer", { ssn: "666000004" }],
    ["loanDetails", { given_name: "Alex" }],
    ["personalInformation", { ssn: "666000004", given_name: "Alex", family_name: "Kim", birthdate: "1990-01-01", middle_name: "Q" }],
    // The review before the rate check corrects what the check will use (issue 42).
    ["employmentInformation", { ssn: "666000004" }],
    ["authPrequal", { birthdate: "1990-01-01", given_name: "Alex" }],
    // The same values again are no change, at any step.
    ["prequalApprove", { ssn: "666000001", given_name: "Jordan" }],
    ["prequalApprove", { ssn: "666000001", family_name: "Rivera", birthdate: "1988-02-03" }],
    ["Offer Sent", {}],
    ["activeLoan", { given_name: "Jordan" }],
  ])("at %s allows %j", (step, requested) => {
    expect(decideIdentityChange({ step, current, requested })).toEqual({ allowed: true });
  });

  it.each([
    ["prequalApprove", { given_name: "Alex" }, "given_name"],
    ["consentPage", { family_name: "Kim" }, "family_name"],
    ["verifyMD", { middle_name: "Q" }, "middle_name"], // null before: setting it is a change too
    ["Offer Sent", { ssn: "666000004" }, "ssn"],
    ["offerDetails", { ssn: "666000004" }, "ssn"],
    ["activeLoan", { given_name: "jordan" }, "given_name"],
    ["applicationBlocked-fraud", { ssn: "666000004" }, "ssn"],
    ["some future step", { ssn: "666000004" }, "ssn"],
    // The first changed field, in the fixed order SSN, given, middle, family, birth date.
    ["prequalApprove", { birthdate: "1990-01-01", ssn: "666000004" }, "ssn"],
  ])("at %s refuses %j naming %s", (step, requested, field) => {
    expect(decideIdentityChange({ step, current, requested })).toEqual({ allowed: false, field, message: LOCKED });
  });
});

describe("decideDecisionFactChange: employer and state fixed after prequalification", () => {
  it.each<[string, "employerId" | "state", string | null, string, boolean]>([
    ["chooseEmployer", "employerId", null, "1001", true],
    ["loanDetails", "state", "IL", "ME", true],
    ["employmentInformation", "employerId", "1001", "1002", true],
    ["authPrequal", "state", "IL", "ME", true],
    ["prequalApprove", "state", "IL", "IL", true], // the same value again is no change
    ["fundingAccount", "employerId", "1001", "1001", true],
    ["Offer Sent", "state", "IL", "IL", true],
    ["prequalApprove", "employerId", "1001", "1002", false],
    ["prequalRej", "state", "IL", "ME", false],
    ["consentPage", "state", "IL", "ME", false],
    ["fundingAccount", "employerId", "1001", "1002", false],
    ["fundingAccount", "state", "IL", "ME", false],
    ["verifyMD", "employerId", null, "1002", false], // none stored after the decision: setting one is a change
    ["Offer Sent", "state", "IL", "ME", false],
    ["Offer Sent", "employerId", "1001", "1002", false],
    ["activeLoan", "state", "IL", "ME", false],
    ["applicationBlocked-fraud", "employerId", "1001", "1002", false],
    ["some future step", "state", "IL", "ME", false],
  ])("at %s, %s %s → %s: allowed %s", (step, field, current, requested, allowed) => {
    const message = field === "state" ? STATE_LOCKED_MESSAGE : EMPLOYER_LOCKED_MESSAGE;
    expect(decideDecisionFactChange({ step, field, current, requested })).toEqual(allowed ? { allowed } : { allowed, field, message });
  });
});

describe("decidePayrollLink", () => {
  const base: PayrollLinkFacts = {
    step: "employmentInformation",
    contractSigned: false,
    applicationEmployerId: "1001",
    employerId: "1001",
    employer: { name: "Lincoln Elementary School", argyleEnabled: true, ddSetupType: "argyle" },
    directDepositRequested: true,
  };

  it.each<[string, Partial<PayrollLinkFacts>, boolean]>([
    ["direct deposit through the employer's payroll", {}, true],
    ["income verification only", { directDepositRequested: false }, false],
    [
      "income verification at an employer whose direct deposit is a paper form",
      { employer: { ...base.employer, ddSetupType: "paperForm" }, directDepositRequested: false },
      false,
    ],
    ["at loanDetails", { step: "loanDetails" }, true],
    ["with an offer sent, before signing", { step: "Offer Sent" }, true],
  ])("allows %s", (_, change, directDeposit) => {
    expect(decidePayrollLink({ ...base, ...change })).toEqual({ allowed: true, directDeposit });
  });

  it.each<[string, Partial<PayrollLinkFacts>, string, string]>([
    [
      "an employer without Argyle",
      { employer: { ...base.employer, argyleEnabled: false } },
      "employerId",
      "payroll linking is not available for Lincoln Elementary School",
    ],
    [
      "another employer than the application's",
      { employerId: "3001" },
      "employerId",
      "Payroll linking is only for the employer on your application.",
    ],
    [
      "an application with no employer",
      { applicationEmployerId: null },
      "employerId",
      "Payroll linking is only for the employer on your application.",
    ],
    ["a signed contract", { step: "Offer Sent", contractSigned: true }, "username", "Payroll linking is closed for this application."],
    ["an active loan", { step: "activeLoan" }, "username", "Payroll linking is closed for this application."],
    ["a rejected application", { step: "rejected" }, "username", "Payroll linking is closed for this application."],
    ["a failed prequalification", { step: "prequalRej" }, "username", "Payroll linking is closed for this application."],
    ["a pending paper form", { step: "Paper Form Confirmation Pending" }, "username", "Payroll linking is closed for this application."],
    ["a blocked application", { step: "applicationBlocked-fraud" }, "username", "Payroll linking is closed for this application."],
    [
      "direct deposit where the employer uses a paper form",
      { employer: { ...base.employer, ddSetupType: "paperForm" } },
      "directDeposit",
      "Direct deposit for this employer is not set up through payroll linking.",
    ],
    [
      "direct deposit where the employer has no setup",
      { employer: { ...base.employer, ddSetupType: null } },
      "directDeposit",
      "Direct deposit for this employer is not set up through payroll linking.",
    ],
  ])("refuses %s", (_, change, field, message) => {
    expect(decidePayrollLink({ ...base, ...change })).toEqual({ allowed: false, field, message });
  });
});

describe("decidePayrollUpdate", () => {
  it.each([
    [{ linkEmployerId: "1001", linkDirectDeposit: true, applicationEmployerId: "1001", ddSetupType: "argyle" }, true],
    [{ linkEmployerId: "1001", linkDirectDeposit: false, applicationEmployerId: "1001", ddSetupType: "argyle" }, false],
    // A setup changed since the link: the employer's setup decides, not the link's flag.
    [{ linkEmployerId: "1001", linkDirectDeposit: true, applicationEmployerId: "1001", ddSetupType: "paperForm" }, false],
  ])("%j confirms direct deposit: %s", (facts, confirmsDirectDeposit) => {
    expect(decidePayrollUpdate(facts)).toEqual({ allowed: true, confirmsDirectDeposit });
  });

  it("refuses a link to an employer no longer on the application", () => {
    expect(
      decidePayrollUpdate({ linkEmployerId: "1001", linkDirectDeposit: true, applicationEmployerId: "3001", ddSetupType: "argyle" }),
    ).toEqual({
      allowed: false,
      field: "argyleUserId",
      message: "Payroll linking is only for the employer on your application.",
    });
  });
});

describe("signer names", () => {
  it.each([
    ["  Jordan   Rivera ", "jordan rivera"],
    ["JOSÉ Núñez", "jose nunez"],
    ["Mary-Kate O'Neil", "mary kate o neil"],
    ["J. R. R. Tolkien", "j r r tolkien"],
  ])("normalises %j to %j", (name, normal) => expect(normaliseName(name)).toBe(normal));

  it.each([
    [{ given: "Jordan", middle: null, family: "Rivera" }, ["jordan rivera"]],
    [{ given: "Jordan", middle: "Lee", family: "Rivera" }, ["jordan rivera", "jordan lee rivera", "jordan l rivera"]],
    [{ given: null, middle: null, family: "Rivera" }, []],
    [{ given: "Jordan", middle: null, family: null }, []],
  ])("accepts for %j: %j", (applicant, names) => expect(acceptedSignerNames(applicant)).toEqual(names));
});

describe("decideSigning", () => {
  const applicant = { given: "José", middle: "Lee", family: "Núñez" };
  const ready = { offerAccepted: true, directDepositConfirmed: true, applicant };

  it.each([
    ["no typed name (issuing the link)", {}],
    ["the applicant's name", { signerName: "José Núñez" }],
    ["without accents and in capitals", { signerName: "JOSE NUNEZ" }],
    ["with the middle initial", { signerName: "Jose L. Nunez" }],
    ["with the middle name", { signerName: "jose lee nunez" }],
  ])("allows %s", (_, change) => {
    expect(decideSigning({ ...ready, ...change })).toEqual({ allowed: true });
  });

  it.each([
    [
      "an offer not accepted",
      { offerAccepted: false, directDepositConfirmed: false },
      "offer",
      "Accept your offer before signing the contract.",
    ],
    [
      "direct deposit not confirmed",
      { directDepositConfirmed: false },
      "directDeposit",
      "Confirm your direct deposit before signing the contract.",
    ],
    ["someone else's name", { signerName: "Alex Kim" }, "name", "Type your full legal name as it is on your application."],
    ["the given name alone", { signerName: "José" }, "name", "Type your full legal name as it is on your application."],
    ["a wrong middle initial", { signerName: "José K Núñez" }, "name", "Type your full legal name as it is on your application."],
    [
      "an applicant with no name on file",
      { signerName: "José Núñez", applicant: { given: null, middle: null, family: null } },
      "name",
      "Type your full legal name as it is on your application.",
    ],
  ])("refuses %s", (_, change, field, message) => {
    expect(decideSigning({ ...ready, ...change })).toEqual({ allowed: false, field, message });
  });
});

describe("decideFunding", () => {
  it.each([
    ["Offer Sent", true, true],
    ["Offer Sent", false, false],
    ["offerDetails", true, false],
    ["activeLoan", true, false],
  ])("at %s, signed %s: allowed %s", (step, contractSigned, allowed) => {
    expect(decideFunding({ step, contractSigned })).toEqual(
      allowed ? { allowed: true } : { allowed: false, field: "step", message: "Only a signed contract can be funded." },
    );
  });
});

describe("decideMicroDepositAdd", () => {
  const CAP =
    "We can't send more micro-deposits for this account. For your security it is now with our team for a manual review, and we will e-mail you within 2 business days. You can still link your bank instantly.";
  it.each([
    [0, 0, true],
    [1, 0, true], // one lockout: the account may be added again
    [2, 2, true],
    [0, 2, true],
    [3, 0, false], // locked three times, by this applicant or others
    [3, 2, false],
    [1, 3, false], // the applicant locked three accounts
    [5, 5, false],
  ])("account locked %i times, applicant %i times: allowed %s", (accountLocks, userLocks, allowed) => {
    expect(decideMicroDepositAdd({ accountLocks, userLocks })).toEqual(
      allowed ? { allowed: true } : { allowed: false, field: "account", message: CAP },
    );
  });
});
