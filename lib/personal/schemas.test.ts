import { issuesByField as fieldErrors } from "@/lib/forms/validation";
import { issuesByField } from "@/lib/forms/validation";
import {
  accountSettingsSchema,
  identityCorrectionSchema,
  loanRequestSchema,
  personalDetailsSchema,
  stateOfResidenceSchema,
} from "./schemas";
import { homeStateError, homeStateHint, residenceChangeError, residenceChangeTo, suggestionNote } from "./states";

const loan = { amount: 4000, reason: "Rent Expense", state: "TX", other: null };

describe("loan request schema", () => {
  it.each([
    [0, false],
    [0.01, false],
    [1, false],
    [499.99, false],
    [500, true],
    [10000, true],
    [10000.01, false],
    [9999.99, true],
    [-5, false],
    [1.234, false],
    [null, false],
    ["4000", false], // the money field stores numbers
  ])("amount %p is valid: %p", (amount, ok) => {
    expect(loanRequestSchema.safeParse({ ...loan, amount }).success).toBe(ok);
  });
  it("stores numbers, upper-case states and the loan type", () => {
    expect(loanRequestSchema.parse(loan)).toEqual({ amount: 4000, reason: "Rent Expense", state: "TX", other: null });
  });
  it("Other needs a description; other reasons drop a leftover one", () => {
    const r = loanRequestSchema.safeParse({ ...loan, reason: "Other", other: "  " });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ other: "Describe what the loan is for" });
    expect(loanRequestSchema.parse({ ...loan, reason: "Other", other: " Moving " }).other).toBe("Moving");
    expect(loanRequestSchema.parse({ ...loan, other: "leftover" }).other).toBeNull();
  });
  it.each([["ZZ"], [""], ["Texas"], ["tx"]])("state %p is refused", (state) => {
    expect(loanRequestSchema.safeParse({ ...loan, state }).success).toBe(false);
  });
  it("a territory the lender does not serve is refused with the reason, not accepted and refused later", () => {
    const r = loanRequestSchema.safeParse({ ...loan, state: "PR" });
    expect(fieldErrors(r.error!)).toEqual({
      state:
        "We lend in every state and the District of Columbia, not in American Samoa, Guam, Northern Mariana Islands, Puerto Rico or Virgin Islands.",
    });
  });
  it("twelve reasons, anything else refused", () => {
    expect(loanRequestSchema.safeParse({ ...loan, reason: "Vacation" }).success).toBe(false);
  });
});

// 2026-11-23 12:00 UTC, and the same instant seen from UTC-10 late on the 22nd.
const now = () => new Date(Date.UTC(2026, 10, 23, 12));
const personal = {
  given_name: "ada",
  family_name: "lovelace",
  birthdate: "1990-12-10",
  address: "12 Oak St",
  addrCity: "Springfield",
  addrStateAbbr: "IL",
  addrPostalCode: "62701",
  ssn: "123456789",
  phone_number: "5551234567",
  salary: 52000,
  amount: 4000,
  lat: 39.78,
  lng: -89.65,
};

describe("every error of the loan request at once", () => {
  it("an empty amount and a reason of Other without a description: both reported on the first parse", () => {
    const result = loanRequestSchema.safeParse({ amount: null, reason: "Other", other: "", state: "IL" });
    expect(issuesByField(result.error!)).toEqual({
      amount: "Enter the amount you'd like to borrow",
      other: "Describe what the loan is for",
    });
  });
});

describe("the home address is in the state of residence of the loan request", () => {
  it("the State field says so before anything is typed", () => {
    expect(homeStateHint("ME")).toBe("Must be Maine, the state of residence on your loan request");
  });
  it.each([
    ["IL", "IL", true],
    ["IL", "ME", false],
    ["ME", "ME", true],
    ["IL", null, true], // no loan request state known: nothing to agree with
  ])("home %s with state of residence %s is valid: %p", (home, residence, ok) => {
    expect(personalDetailsSchema(now, residence).safeParse({ ...personal, addrStateAbbr: home }).success).toBe(ok);
    expect(homeStateError(home, residence) === undefined).toBe(ok);
  });
  it("a mismatch is reported with every other error on the same parse (not in a second round), empty fields included", () => {
    const result = personalDetailsSchema(now, "ME").safeParse({
      ...personal,
      given_name: "",
      address: "",
      birthdate: null,
      salary: null,
      phone_number: "",
      addrStateAbbr: "IL",
    });
    expect(issuesByField(result.error!)).toMatchObject({
      given_name: "Enter your first name",
      address: "Enter your street address",
      addrStateAbbr:
        "Your home address must be in Maine, the state of residence on your loan request. If you live in Illinois, change your state of residence to Illinois.",
    });
  });
});

describe("the home-state conflict names the earlier answer and its fix (issue 42)", () => {
  it.each([
    [
      "IL",
      "ME",
      "Your home address must be in Maine, the state of residence on your loan request. If you live in Illinois, change your state of residence to Illinois.",
      "IL",
    ],
    [
      "PR",
      "ME",
      "Your home address must be in Maine, the state of residence on your loan request. We don't lend in Puerto Rico.",
      undefined,
    ],
    ["ME", "ME", undefined, undefined],
    ["IL", null, undefined, undefined],
    [null, "ME", undefined, undefined],
  ])("address %p, state of residence %p", (home, residence, message, fixTo) => {
    expect(homeStateError(home, residence)).toBe(message);
    expect(residenceChangeTo(home, residence)).toBe(fixTo);
  });

  it.each([
    ["IL", "IL", undefined],
    ["IL", null, undefined],
    ["IL", "ME", 'Your home address is in Maine. Change your address in "Your details" first, then your state of residence.'],
  ])("the review's change of state to %p with the address in %p", (to, home, message) => {
    expect(residenceChangeError(to, home)).toBe(message);
  });

  it("the fix's schema takes only a state the lender serves", () => {
    expect(stateOfResidenceSchema.safeParse({ state: "IL" }).success).toBe(true);
    expect(stateOfResidenceSchema.safeParse({ state: "PR" }).success).toBe(false);
  });
});

describe("personal details schema", () => {
  const schema = personalDetailsSchema(now);
  it.each([
    ["2008-11-23", true], // 18 today (UTC)
    ["2008-11-24", false], // 18 tomorrow
    ["2008-11-22", true],
    ["2026-11-23", false], // today
    ["2026-11-24", false], // the future
    ["1990-02-30", false],
    ["12/10/1990", false], // the date field stores ISO dates
    ["1900-01-01", false], // more than 120 years ago
    ["1906-11-23", true],
  ])("birth date %p is valid: %p", (birthdate, ok) => {
    expect(schema.safeParse({ ...personal, birthdate }).success).toBe(ok);
  });
  it("uses UTC: at 23:30 on the 22nd in Honolulu it is already the 23rd", () => {
    const lateInHonolulu = personalDetailsSchema(() => new Date(Date.UTC(2026, 10, 23, 9, 30)));
    expect(lateInHonolulu.safeParse({ ...personal, birthdate: "2008-11-23" }).success).toBe(true);
  });
  it("a 29 February birthday is 18 on 1 March of a common year", () => {
    const on = (m: number, d: number) =>
      personalDetailsSchema(() => new Date(Date.UTC(2026, m, d))).safeParse({ ...personal, birthdate: "2008-02-29" }).success;
    expect(on(1, 28)).toBe(false);
    expect(on(2, 1)).toBe(true);
  });
  it("stores digits, ISO dates, capitalised names and numbers", () => {
    expect(schema.parse(personal)).toMatchObject({
      given_name: "Ada",
      family_name: "Lovelace",
      birthdate: "1990-12-10",
      ssn: "123456789",
      phone_number: "5551234567",
      addrStateAbbr: "IL",
      addrCountry: "US",
      salary: 52000,
      amount: 4000,
      lat: 39.78,
      lng: -89.65,
    });
  });
  it.each([
    ["ssn", "000000000"],
    ["ssn", "12345678"],
    ["ssn", "1234567890"],
    ["phone_number", "555123456"],
    ["addrPostalCode", "6270"],
    ["addrStateAbbr", "ZZ"],
    ["given_name", "Ada2"],
    ["personal_email", "not-an-email"],
    ["how_you_heard", "TV"],
    ["amount", 10000.01],
    ["amount", 0],
    ["salary", 0],
    ["lat", 91],
    ["lng", -180.5],
  ])("%s %p is refused under its own field", (field, value) => {
    const r = schema.safeParse({ ...personal, [field]: value });
    expect(r.success).toBe(false);
    expect(Object.keys(fieldErrors(r.error!))).toEqual([field]);
  });
  it("lat and lng default to -1 (not geocoded); optional fields may be blank", () => {
    const out = schema.parse({
      ...personal,
      lat: null,
      lng: undefined,
      middle_name: "",
      unit: " ",
      personal_email: "",
      home_phone_number: "",
      additionalIncome: null,
    });
    expect(out).toMatchObject({
      lat: -1,
      lng: -1,
      middle_name: null,
      unit: null,
      personal_email: null,
      home_phone_number: null,
      additionalIncome: null,
      addrCountry: "US",
    });
  });
  it("lowercases and trims the alternate e-mail", () => {
    expect(schema.parse({ ...personal, personal_email: " Ada@Example.COM " }).personal_email).toBe("ada@example.com");
  });
});

describe("account settings schema", () => {
  const contact = {
    address: "12 Oak St",
    addrCity: "Springfield",
    addrStateAbbr: "IL",
    addrPostalCode: "62701",
    phone_number: "5559876543",
  };
  it("needs a cell phone; keeps only contact fields", () => {
    expect(accountSettingsSchema.safeParse({ ...contact, phone_number: "" }).success).toBe(false);
    const out = accountSettingsSchema.parse({ ...contact, given_name: "Eve", ssn: "123456789" });
    expect(out).not.toHaveProperty("given_name");
    expect(out).not.toHaveProperty("ssn");
    expect(out.phone_number).toBe("5559876543");
  });
});

describe("the address suggestions mark places the rules refuse (issue 42)", () => {
  it.each([
    ["Springfield, IL, USA", "IL", undefined],
    ["Springfield, IL, USA", null, undefined],
    ["Springfield, IL, USA", "ME", "Not in Maine, your state of residence: choosing it offers to change that"],
    ["San Juan, PR, USA", "ME", "We don't lend in Puerto Rico"],
    ["San Juan, PR 00901, USA", null, "We don't lend in Puerto Rico"],
    ["Somewhere", "ME", undefined],
  ])("%p with state of residence %p", (secondary, residence, note) => expect(suggestionNote(secondary, residence)).toBe(note));
});

describe("identityCorrectionSchema: the review's correction", () => {
  const schema = identityCorrectionSchema(now);
  const base = { given_name: "Jordan", middle_name: "", family_name: "Rivera", birthdate: "1988-02-03", ssn: "" };
  it("an empty SSN keeps the saved one (null, not sent)", () => {
    expect(schema.parse(base)).toMatchObject({ ssn: null, middle_name: null });
  });
  it.each([
    [{ ssn: "666000004" }, undefined],
    [{ ssn: "12345" }, "ssn"],
    [{ ssn: "000000000" }, "ssn"],
    [{ given_name: "" }, "given_name"],
    [{ birthdate: null }, "birthdate"],
  ])("%j -> error on %p", (change, field) => {
    const result = schema.safeParse({ ...base, ...change });
    expect(result.success ? undefined : Object.keys(issuesByField(result.error))[0]).toBe(field);
  });
});
