import { LoanTermsError } from "../../../lib/lending/loan-math";
import { deductionCount } from "./payroll-deductions";

describe("paydays within the term: the pay frequency and the months paid a year", () => {
  it.each([
    // frequency, months paid, deductions in 24 months
    ["weekly", 12, 104],
    ["biweekly", 12, 52],
    ["semimonthly", 12, 48],
    ["monthly", 12, 24],
    ["weekly", 10, 86], // 52 × 10/12 × 2 = 86.7: whole paydays only
    ["biweekly", 10, 43], // 26 × 10/12 × 2 = 43.3
    ["semimonthly", 10, 40],
    ["monthly", 10, 20],
    ["biweekly", 9, 39],
    ["monthly", 1, 2],
  ] as const)("%s paid %i months a year: %i deductions over the term", (frequency, monthsPaid, count) => {
    expect(deductionCount(frequency, monthsPaid)).toBe(count);
  });

  it.each([0, 13, 2.5, Number.NaN])("refuses %p months paid", (monthsPaid) => {
    expect(() => deductionCount("biweekly", monthsPaid)).toThrow(
      new LoanTermsError("payMonths", "must be a whole number of months from 1 to 12"),
    );
  });
});
