import { accountSettingsSchema, loanRequestSchema, personalDetailsSchema, fieldErrors } from "./schemas";

const loan = { amount: "4,000", reason: "Rent Expense", state: "tx" };

describe("loan request schema", () => {
  it.each([
    ["0", false],
    ["1", true],
    ["10000", true],
    ["10,000", true],
    ["10,000.00", true],
    ["10000.01", false],
    ["9999.99", true],
    ["-5", false],
    ["1.234", false],
    ["abc", false],
    ["", false],
  ])("amount %p is valid: %p", (amount, ok) => {
    expect(loanRequestSchema.safeParse({ ...loan, amount }).success).toBe(ok);
  });
  it("stores numbers, upper-case states and the loan type", () => {
    expect(loanRequestSchema.parse(loan)).toEqual({ amount: 4000, reason: "Rent Expense", state: "TX", type: "personal", other: undefined });
  });
  it("Other needs a description; other reasons drop a leftover one", () => {
    const r = loanRequestSchema.safeParse({ ...loan, reason: "Other", other: "  " });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ other: "Describe what the loan is for" });
    expect(loanRequestSchema.parse({ ...loan, reason: "Other", other: " Moving " }).other).toBe("Moving");
    expect(loanRequestSchema.parse({ ...loan, other: "leftover" }).other).toBeUndefined();
  });
  it.each([["ZZ"], [""], ["Texas"]])("state %p is refused", (state) => {
    expect(loanRequestSchema.safeParse({ ...loan, state }).success).toBe(false);
  });
  it("twelve reasons, anything else refused", () => {
    expect(loanRequestSchema.safeParse({ ...loan, reason: "Vacation" }).success).toBe(false);
  });
});

// 2026-11-23 12:00 UTC, and the same instant seen from UTC-10 late on the 22nd.
const now = () => new Date(Date.UTC(2026, 10, 23, 12));
const personal = {
  given_name: "ada", family_name: "lovelace", birthdate: "12/10/1990", address: "12 Oak St", addrCity: "Springfield",
  addrStateAbbr: "il", addrPostalCode: "62701", ssn: "123-45-6789", phone_number: "(555) 123-4567", salary: "52,000",
  amount: "4,000", lat: "39.78", lng: "-89.65",
};

describe("personal details schema", () => {
  const schema = personalDetailsSchema(now);
  it.each([
    ["11/23/2008", true], // 18 today (UTC)
    ["11/24/2008", false], // 18 tomorrow
    ["11/22/2008", true],
    ["11/23/2026", false], // today
    ["11/24/2026", false], // the future
    ["02/30/1990", false],
    ["1990-12-10", false],
    ["01/01/1900", false], // more than 120 years ago
  ])("birth date %p is valid: %p", (birthdate, ok) => {
    expect(schema.safeParse({ ...personal, birthdate }).success).toBe(ok);
  });
  it("uses UTC: at 23:30 on the 22nd in Honolulu it is already the 23rd", () => {
    const lateInHonolulu = personalDetailsSchema(() => new Date(Date.UTC(2026, 10, 23, 9, 30)));
    expect(lateInHonolulu.safeParse({ ...personal, birthdate: "11/23/2008" }).success).toBe(true);
  });
  it("a 29 February birthday is 18 on 1 March of a common year", () => {
    const on = (m: number, d: number) => personalDetailsSchema(() => new Date(Date.UTC(2026, m, d))).safeParse({ ...personal, birthdate: "02/29/2008" }).success;
    expect(on(1, 28)).toBe(false);
    expect(on(2, 1)).toBe(true);
  });
  it("stores digits, ISO dates, capitalised names and numbers", () => {
    expect(schema.parse(personal)).toMatchObject({
      given_name: "Ada", family_name: "Lovelace", birthdate: "1990-12-10", ssn: "123456789", phone_number: "5551234567",
      addrStateAbbr: "IL", addrCountry: "US", salary: 52000, amount: 4000, lat: 39.78, lng: -89.65,
    });
  });
  it.each([
    ["ssn", "000-00-0000"],
    ["ssn", "123-45-678"],
    ["phone_number", "(555) 123-456"],
    ["phone_number", "(155) 123-4567"],
    ["addrPostalCode", "6270"],
    ["given_name", "Ada2"],
    ["personal_email", "not-an-email"],
    ["how_you_heard", "TV"],
    ["amount", "10,000.01"],
    ["amount", "0"],
    ["lat", "91"],
  ])("%s %p is refused under its own field", (field, value) => {
    const r = schema.safeParse({ ...personal, [field]: value });
    expect(r.success).toBe(false);
    expect(Object.keys(fieldErrors(r.error!))).toEqual([field]);
  });
  it("lat and lng default to -1 (not geocoded); optional fields may be blank", () => {
    const out = schema.parse({ ...personal, lat: "", lng: undefined, middle_name: "", unit: " ", personal_email: "" });
    expect(out).toMatchObject({ lat: -1, lng: -1, middle_name: undefined, unit: undefined, personal_email: undefined });
  });
  it("lowercases and trims the alternate e-mail", () => {
    expect(schema.parse({ ...personal, personal_email: " Ada@Example.COM " }).personal_email).toBe("ada@example.com");
  });
});

describe("account settings schema", () => {
  const contact = { address: "12 Oak St", addrCity: "Springfield", addrStateAbbr: "IL", addrPostalCode: "62701", phone_number: "(555) 987-6543" };
  it("needs a cell phone; keeps only contact fields", () => {
    expect(accountSettingsSchema.safeParse({ ...contact, phone_number: "" }).success).toBe(false);
    const out = accountSettingsSchema.parse({ ...contact, given_name: "Eve", ssn: "123456789" });
    expect(out).not.toHaveProperty("given_name");
    expect(out).not.toHaveProperty("ssn");
    expect(out.phone_number).toBe("5559876543");
  });
});
