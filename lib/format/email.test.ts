import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it.each([
    ["  Jane.Doe@Example.COM ", "jane.doe@example.com"],
    ["a@b.co", "a@b.co"],
    ["\tMIXED@Case.org\n", "mixed@case.org"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%p -> %p", (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe("isValidEmail (the one e-mail rule: sign-in, register, the form kit)", () => {
  it.each([
    ["jane.doe@example.com", true],
    ["a+b@sub.example.org", true],
    ["a@b.co", true],
    ["jane@", false],
    ["@example.com", false],
    ["jane@example", false],
    ["jane doe@example.com", false],
    ["jane@@example.com", false],
    ["jane@example.c", false], // a top-level domain has two or more characters
    ["jane@example.com.", false],
    ["", false],
  ])("%p -> %p", (input, expected) => {
    expect(isValidEmail(input)).toBe(expected);
  });

  it("allows 254 characters and no more", () => {
    const at254 = `${"a".repeat(254 - "@example.com".length)}@example.com`;
    expect(at254).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });
});
