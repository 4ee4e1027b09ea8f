import { normalizeEmail } from "./email";

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
