import { TEST_PHONE_DEFAULT, codeDigits, normalizeCode, normalizeUsPhone, parseEmail, parseIdentifier, testPhoneFor } from "./identifier";

describe("parseIdentifier", () => {
  it.each([
    ["Jane.Doe@Example.COM", "jane.doe@example.com"],
    ["  borrower@example.com  ", "borrower@example.com"],
    ["a+b@sub.example.org", "a+b@sub.example.org"],
  ])("%s is the e-mail %s, lowercased and trimmed", (raw, value) => {
    expect(parseIdentifier(raw)).toEqual({ kind: "email", value });
  });

  it.each([
    ["(555) 234-5678", "+15552345678"],
    ["555.234.5678", "+15552345678"],
    ["5552345678", "+15552345678"],
    ["1 555 234 5678", "+15552345678"],
    ["+1 (555) 234-5678", "+15552345678"],
    ["+15552345678", "+15552345678"],
  ])("%s is the phone %s", (raw, value) => {
    expect(parseIdentifier(raw)).toEqual({ kind: "phone", value });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["jane@", "email"],
    ["@example.com", "email"],
    ["jane@example", "email"],
    ["jane doe@example.com", "email"],
    ["jane@@example.com", "email"],
    ["555-1234", "phone"],
    ["janedoe", "phone"],
    ["+44 20 7946 0958", "phone"],
    ["055 234 5678", "phone"],
    ["555 123 45678", "phone"],
  ])("%j is invalid (%s)", (raw, reason) => {
    expect(parseIdentifier(raw)).toEqual({ kind: "invalid", reason });
  });
});

describe("parseEmail (register asks for an e-mail only)", () => {
  it("refuses a phone number as an e-mail", () => {
    expect(parseEmail("5552345678")).toEqual({ kind: "invalid", reason: "email" });
    expect(parseEmail("")).toEqual({ kind: "invalid", reason: "empty" });
    expect(parseEmail(" New@Example.com")).toEqual({ kind: "email", value: "new@example.com" });
  });
  it("refuses addresses longer than 254 characters", () => {
    expect(parseEmail(`${"a".repeat(250)}@example.com`)).toEqual({ kind: "invalid", reason: "email" });
  });
});

describe("normalizeUsPhone", () => {
  it("rejects letters mixed in", () => expect(normalizeUsPhone("555-CALL-NOW")).toBeUndefined());
});

describe("test addresses get a phone attribute", () => {
  it("+test gives the fictional default number", () => expect(testPhoneFor("qa+test@lender.example")).toBe(TEST_PHONE_DEFAULT));
  it("+test and ten digits gives that number", () => expect(testPhoneFor("qa+test5552345678@example.com")).toBe("+15552345678"));
  it("+test with an impossible number falls back to the default", () =>
    expect(testPhoneFor("qa+test0000000000@example.com")).toBe(TEST_PHONE_DEFAULT));
  it.each(["jane@example.com", "jane+testing@example.com", "test@example.com", "jane+news@example.com", "no-at-sign"])(
    "%s is not a test address",
    (email) => {
      expect(testPhoneFor(email)).toBeUndefined();
    },
  );
});

describe("normalizeCode", () => {
  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["123-456", "123456"],
  ])("%j → %s", (raw, code) => expect(normalizeCode(raw)).toBe(code));
  it.each(["", "12345", "1234567", "12a456"])("%j is not a code", (raw) => expect(normalizeCode(raw)).toBeUndefined());
});

describe("codeDigits: what the code field keeps", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    ["123-456", "123456"],
    ["12ab34", "1234"],
    ["abc", ""],
    ["1234567", "123456"],
    ["Your code is 654321.", "654321"],
  ])("%j → %j", (raw, kept) => expect(codeDigits(raw)).toBe(kept));
});
