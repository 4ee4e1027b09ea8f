import { formatPhone, formatPhoneInput, normalizePhoneForSubmission, phoneDigits, PHONE_INPUT_MAX_LENGTH, usPhoneDigits } from "./phone";

describe("formatPhone (display)", () => {
  it.each([
    ["+15551234567", "(555) 123-4567"],
    ["+5551234567", "(555) 123-4567"],
    ["5551234567", "(555) 123-4567"],
    ["15551234567", "(555) 123-4567"],
    ["(555) 123-4567", "(555) 123-4567"],
    ["  555.123.4567 ", "(555) 123-4567"],
    [5551234567, "(555) 123-4567"],
    // Not a US number: shown as sent rather than mangled.
    ["+44 20 7946 0958", "+44 20 7946 0958"],
    ["555123456", "555123456"],
    ["25551234567", "25551234567"],
    ["not a phone", "not a phone"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe("phoneDigits (storage)", () => {
  it.each([
    ["+15551234567", "5551234567"],
    ["+5551234567", "5551234567"],
    ["(555) 123-4567", "5551234567"],
    ["15551234567", "5551234567"],
    ["abc", ""],
    [null, ""],
  ])("%p -> %p", (input, expected) => {
    expect(phoneDigits(input)).toBe(expected);
  });
});

describe("normalizePhoneForSubmission", () => {
  it.each([
    ["+15551234567", "5551234567"], // 12 characters: +1 stripped
    ["+5551234567", "5551234567"], // 11 characters: + stripped
    ["(555) 123-4567", "5551234567"],
    ["5551234567", "5551234567"],
    ["+1555123456", null], // 11 characters but only 9 national digits
    ["+155512345678", null],
    ["555-1234", null],
    ["", null],
    [undefined, null],
  ])("%p -> %p", (input, expected) => {
    expect(normalizePhoneForSubmission(input)).toBe(expected);
  });
});

describe("usPhoneDigits (the one phone rule: sign-in and the form kit)", () => {
  it.each([
    ["(555) 123-4567", "5551234567"],
    ["555.123.4567", "5551234567"],
    ["555-123-4567", "5551234567"],
    ["5551234567", "5551234567"],
    ["1 555 234 5678", "5552345678"],
    ["15551234567", "5551234567"],
    ["+1 (555) 234-5678", "5552345678"],
    ["+15551234567", "5551234567"],
    ["+5551234567", "5551234567"],
    ["  2075550123 ", "2075550123"],
    [2075550123, "2075550123"],
    ["055 234 5678", null], // area code starting 0
    ["155 234 5678", null], // area code starting 1
    ["+1555123456", null], // +1 then only nine digits
    ["555 123 45678", null],
    ["555123456", null],
    ["555-1234", null],
    ["+44 20 7946 0958", null],
    ["555-CALL-NOW", null],
    ["5551234567x", null],
    ["1+5551234567", null], // + only leads
    ["janedoe", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%p -> %p", (input, expected) => {
    expect(usPhoneDigits(input)).toBe(expected);
  });
});

describe("formatPhoneInput (as you type)", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5551", "(555) 1"],
    ["555123", "(555) 123"],
    ["5551234", "(555) 123-4"],
    ["5551234567", "(555) 123-4567"],
    ["55512345678", "(555) 123-4567"],
    ["+1 555 123 4567", "(555) 123-4567"],
    ["(555) 12", "(555) 12"],
    ["x", ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatPhoneInput(input)).toBe(expected);
  });

  it("never exceeds the input's 14-character limit", () => {
    expect(formatPhoneInput("9".repeat(40))).toHaveLength(PHONE_INPUT_MAX_LENGTH);
  });
});
