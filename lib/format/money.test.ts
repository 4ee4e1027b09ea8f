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

describe("formatUsd is Intl's en-US currency text, without an Intl formatter", () => {
  const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const intlWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  const edges = [
    0, -0, 0.004, 0.005, 0.015, 0.045, 1.005, 1.015, 2.675, 8.345, 10.5, 0.5, 1.5, 2.5, -0.5, -0.004, -1.005, 999.995, 999999.995,
    1234.5678, 1e-7, 5e-7, 123456789.125, 9007199254740991, 1e21, 1.5e22, -1e21, 4906.8, 204.45,
  ];
  // A fixed pseudo-random sample (no flaky seed): cents, half-cents and long fractions at every magnitude.
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const sample = Array.from({ length: 3000 }, (_, i) => {
    const magnitude = 10 ** (i % 9);
    const value = random() * magnitude;
    const kinds = [Math.round(value * 1000) / 1000, -Math.round(value * 100) / 100, value];
    return kinds[i % 3]!;
  });

  it.each(edges)("%p", (value) => {
    expect(formatUsd(value)).toBe(intl.format(value));
    expect(formatUsd(value, { cents: false })).toBe(intlWhole.format(value));
  });

  it("agrees on 3,000 amounts of every size", () => {
    const differ = sample.filter((v) => formatUsd(v) !== intl.format(v) || formatUsd(v, { cents: false }) !== intlWhole.format(v));
    expect(differ).toEqual([]);
  });
});
