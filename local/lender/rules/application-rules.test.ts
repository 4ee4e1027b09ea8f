import {
  acceptedSignerNames,
  decideDecisionInputChange,
  decideFunding,
  decideMicroDepositAdd,
  decidePayrollLink,
  decidePayrollUpdate,
  decideSigning,
  AMOUNT_LOCKED_MESSAGE,
  EMPLOYER_LOCKED_MESSAGE,
  EMPLOYMENT_LOCKED_MESSAGE,
  IDENTITY_LOCKED_MESSAGE,
  normaliseName,
  STATE_LOCKED_MESSAGE,
  type DecisionInputValue,
  type DecisionInputValues,
  type PayrollLinkFacts,
} from "./application-rules";
import { DECISION_INPUTS, type DecisionInput } from "../../../lib/application/decision-inputs";

describe("decideDecisionInputChange: the decision's inputs are final once it is made", () => {
  const current: DecisionInputValues = {
    ssn: "666000001",
    given_name: "Jordan",
    middle_name: null,
    family_name: "Rivera",
    birthdate: "1988-02-03",
    employerId: "1001",
    state: "IL",
    // The database answers numbers as text ("4000.00"), ints as numbers.
    amount: "4000.00",
    salary: "52000.00",
    additionalIncome: null,
    payFrequency: "biweekly",
    payMonths: 12,
    employmentStatus: "full_time",
    startDate: "2019-08-15",
    jobTitle: "Teacher",
  };
  /** A value other than the stored one, for each input. */
  const CHANGED: Record<DecisionInput, DecisionInputValue> = {
    ssn: "666000004",
    given_name: "Alex",
    middle_name: "Q", // none before: setting one is a change too
    family_name: "Kim",
    birthdate: "1990-01-01",
    employerId: "1002",
    state: "ME",
    amount: 5000,
    salary: 62000,
    additionalIncome: 1000, // none before
    payFrequency: "monthly",
    payMonths: 10,
    employmentStatus: "part_time",
    startDate: "2018-01-01",
    jobTitle: "Principal",
  };
  /** The stored value sent again, as the door sends it. */
  const SAME: Record<DecisionInput, DecisionInputValue> = { ...current, amount: 4000, salary: 52000 } as Record<
    DecisionInput,
    DecisionInputValue
  >;

  const BEFORE = ["chooseEmployer", "loanDetails", "personalInformation", "employmentInformation", "authPrequal"];
  const AFTER = [
    "prequalApprove",
    "prequalRej",
    "consentPage",
    "fundingAccount",
    "uploadIdentity",
    "verifyMD",
    "completeUnderReview",
    "rejected",
    "Offer Sent",
    "offerDetails",
    "Paper Form Confirmation Pending",
    "activeLoan",
    "applicationBlocked-fraud",
    "some future step",
  ];

  const MESSAGES: Record<DecisionInput, string> = {
    ssn: IDENTITY_LOCKED_MESSAGE,
    given_name: IDENTITY_LOCKED_MESSAGE,
    middle_name: IDENTITY_LOCKED_MESSAGE,
    family_name: IDENTITY_LOCKED_MESSAGE,
    birthdate: IDENTITY_LOCKED_MESSAGE,
    employerId: EMPLOYER_LOCKED_MESSAGE,
    state: STATE_LOCKED_MESSAGE,
    amount: AMOUNT_LOCKED_MESSAGE,
    salary: EMPLOYMENT_LOCKED_MESSAGE,
    additionalIncome: EMPLOYMENT_LOCKED_MESSAGE,
    payFrequency: EMPLOYMENT_LOCKED_MESSAGE,
    payMonths: EMPLOYMENT_LOCKED_MESSAGE,
    employmentStatus: EMPLOYMENT_LOCKED_MESSAGE,
    startDate: EMPLOYMENT_LOCKED_MESSAGE,
    jobTitle: EMPLOYMENT_LOCKED_MESSAGE,
  };

  it("the identity message is the issue's words", () => {
    expect(IDENTITY_LOCKED_MESSAGE).toBe(
      "Your legal name, date of birth and SSN can be changed only until your rate check (the soft credit check). To correct them now, contact support.",
    );
  });

  describe.each(DECISION_INPUTS)("%s", (input) => {
    it.each(BEFORE)("may change before the decision (at %s)", (step) => {
      expect(decideDecisionInputChange(step, current, { [input]: CHANGED[input] })).toEqual({ allowed: true });
    });
    it.each(AFTER)("is refused after the decision (at %s), naming it", (step) => {
      expect(decideDecisionInputChange(step, current, { [input]: CHANGED[input] })).toEqual({
        allowed: false,
        reason: "DECISION_FACTS_LOCKED",
        field: input,
        message: MESSAGES[input],
      });
    });
    it.each(AFTER)("sent again unchanged after the decision (at %s) is no change", (step) => {
      expect(decideDecisionInputChange(step, current, { [input]: SAME[input] })).toEqual({ allowed: true });
    });
  });

  it.each<[string, DecisionInputValues, DecisionInput | null]>([
    // Nothing sent, or only inputs unchanged: allowed.
    ["Offer Sent", {}, null],
    ["activeLoan", { given_name: "Jordan", salary: 52000, payMonths: 12 }, null],
    ["prequalApprove", { additionalIncome: null, middle_name: null }, null],
    // Case is a change: a name is stored as given.
    ["activeLoan", { given_name: "jordan" }, "given_name"],
    // None after a value is a change too.
    ["fundingAccount", { payFrequency: null }, "payFrequency"],
    ["fundingAccount", { salary: 0 }, "salary"],
    // The first changed input, in DECISION_INPUTS' order.
    ["prequalApprove", { birthdate: "1990-01-01", ssn: "666000004" }, "ssn"],
    ["Offer Sent", { jobTitle: "Principal", salary: 52000, payFrequency: "monthly" }, "payFrequency"],
    ["Offer Sent", { state: "ME", employerId: "1002" }, "employerId"],
  ])("at %s, %j → refused naming %s", (step, requested, field) => {
    const decision = decideDecisionInputChange(step, current, requested);
    expect(decision.allowed ? null : decision.field).toBe(field);
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
