import { LoanTermsError, PAY_PERIODS_PER_YEAR, discloseLoan, type PayFrequency } from "./loan-math";
import { MONTHS_PAID_RANGE, deductionCount, payrollDeductionSchedule } from "./payroll-deductions";

const FREQUENCIES = Object.keys(PAY_PERIODS_PER_YEAR) as PayFrequency[];
const MONTHS = Array.from({ length: MONTHS_PAID_RANGE.max }, (_, i) => i + 1);
/** Totals of payments from the loan math: the smallest loan, the worked example, the largest, and odd cents. */
const TOTALS = [
  discloseLoan({ principalCents: 50_000, feeCents: 2500, rateBps: 2999, termMonths: 24 }).totalOfPaymentsCents,
  discloseLoan({ principalCents: 400_000, feeCents: 2500, rateBps: 1899, termMonths: 24 }).totalOfPaymentsCents,
  discloseLoan({ principalCents: 1_002_500, feeCents: 2500, rateBps: 3570, termMonths: 24 }).totalOfPaymentsCents,
  123_457,
];

describe("payroll deductions follow the pay frequency and the months paid, and add up to the total of payments", () => {
  const rows = FREQUENCIES.flatMap((f) => MONTHS.flatMap((m) => TOTALS.map((t) => [f, m, t] as const)));

  it.each(rows)("%s, paid %i months a year, total %i cents", (frequency, monthsPaid, total) => {
    const s = payrollDeductionSchedule(total, frequency, monthsPaid);
    expect(s.count).toBe(deductionCount(frequency, monthsPaid));
    expect(s.regularCents * (s.count - 1) + s.lastCents).toBe(total);
    expect(s.totalCents).toBe(total);
    expect(s.lastCents).toBeGreaterThan(0);
    expect(s.lastCents).toBeLessThanOrEqual(s.regularCents);
    // Rounding is absorbed by the last deduction alone: the others are within a cent of an even split.
    expect(s.regularCents - total / s.count).toBeGreaterThanOrEqual(0);
    expect(s.regularCents - total / s.count).toBeLessThan(1);
  });

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

  it("the worked example, biweekly all year: 51 deductions of $93.06 and a last one of $92.66, $4,838.72 in all", () => {
    expect(payrollDeductionSchedule(483_872, "biweekly", 12)).toEqual({
      frequency: "biweekly",
      monthsPaid: 12,
      count: 52,
      regularCents: 9306,
      lastCents: 9266,
      totalCents: 483_872,
    });
  });

  it("paid 10 months a year, each deduction is larger: fewer paydays carry the same total", () => {
    const all = payrollDeductionSchedule(483_872, "biweekly", 12);
    const ten = payrollDeductionSchedule(483_872, "biweekly", 10);
    expect(ten.count).toBeLessThan(all.count);
    expect(ten.regularCents).toBe(11_253); // 483,872 / 43 = 11,252.8…
    expect(ten.lastCents).toBe(483_872 - 42 * 11_253);
  });

  it.each([0, 13, 2.5, Number.NaN])("refuses %p months paid", (monthsPaid) => {
    expect(() => payrollDeductionSchedule(483_872, "biweekly", monthsPaid)).toThrow(
      new LoanTermsError("payMonths", "must be a whole number of months from 1 to 12"),
    );
  });

  // Paid monthly for one month of a one-year term: a single payday, so nothing but the total's own
  // rule can refuse these (the last deduction would be the whole total).
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])("refuses a total of %p cents", (total) => {
    expect(() => payrollDeductionSchedule(total, "monthly", 1, 12)).toThrow(
      new LoanTermsError("amountFinanced", "the total of payments must be a whole number of cents ≥ 1"),
    );
  });

  it("takes a total of one cent over a single payday", () => {
    expect(payrollDeductionSchedule(1, "monthly", 1, 12)).toMatchObject({ count: 1, regularCents: 1, lastCents: 1, totalCents: 1 });
  });

  it("refuses a total too small to spread over the paydays", () => {
    expect(() => payrollDeductionSchedule(105, "weekly", 12)).toThrow(
      new LoanTermsError("amountFinanced", "too small to spread over this many paydays"),
    );
  });
});
