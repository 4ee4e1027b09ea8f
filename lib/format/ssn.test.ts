import { formatSsn, isCompleteSsn, ssnDigits } from "./ssn";

describe("formatSsn", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["123", "123"],
    ["1234", "123-4"],
    ["12345", "123-45"],
    ["123456", "123-45-6"],
    ["123456789", "123-45-6789"],
    ["123-45-6789", "123-45-6789"],
    ["1234567890", "123-45-6789"],
    [123456789, "123-45-6789"],
    ["abc", ""],
    [null, ""],
    [undefined, ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatSsn(input)).toBe(expected);
  });
});

describe("ssnDigits and isCompleteSsn", () => {
  it.each([
    ["123-45-6789", "123456789", true],
    ["123 45 6789", "123456789", true],
    ["12345678", "12345678", false],
    ["xx", "", false],
    [null, "", false],
  ])("%p -> %p complete=%p", (input, digits, complete) => {
    expect(ssnDigits(input)).toBe(digits);
    expect(isCompleteSsn(input)).toBe(complete);
  });
});
