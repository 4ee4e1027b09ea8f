import { formatAmountInput, formatUsd, parseAmount } from "./money";

describe("parseAmount (storage)", () => {
  it.each([
    ["45,000", 45000],
    ["$4,906.80", 4906.8],
    [" 10000 ", 10000],
    ["0", 0],
    [".5", 0.5],
    ["-12", -12],
    [204.45, 204.45],
    ["", null],
    ["abc", null],
    ["1e5", null],
    ["Infinity", null],
    ["1.2.3", null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
    [undefined, null],
  ])("%p -> %p", (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });
});

describe("formatUsd (display)", () => {
  it.each([
    [4906.8, "$4,906.80"],
    ["204.45", "$204.45"],
    [0, "$0.00"],
    [1000000, "$1,000,000.00"],
    [-25, "-$25.00"],
    ["junk", ""],
    [null, ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });

  it("can drop the cents", () => {
    expect(formatUsd(10000, { cents: false })).toBe("$10,000");
  });
});

describe("formatAmountInput (as you type)", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["999", "999"],
    ["1000", "1,000"],
    ["45000", "45,000"],
    ["1234567", "1,234,567"],
    ["45000.5", "45,000.5"],
    ["45000.567", "45,000.56"],
    ["45000.", "45,000."],
    [".5", "0.5"],
    ["1.2.3", "1.23"],
    ["007", "7"],
    ["$4,906.80", "4,906.80"],
    ["abc", ""],
    [null, ""],
  ])("%p -> %p", (input, expected) => {
    expect(formatAmountInput(input)).toBe(expected);
  });

  it("round-trips through parseAmount", () => {
    expect(parseAmount(formatAmountInput("1234567.89"))).toBe(1234567.89);
  });
});
