import { LoanTermsError, discloseLoan, type PayFrequency } from "./loan-math";
import { payrollDeductionSchedule } from "./payroll-deductions";
import {
  paymentDueDate,
  repaymentMethod,
  repaymentSchedule,
  scheduleHeadline,
  scheduleOfOffer,
  type RepaymentMethod,
} from "./repayment-schedule";

/** The worked example's loan (SPEC 1): $4,000, $25 fee, 18.99%: 23 × $201.62 + $201.46 = $4,838.72. */
const EXAMPLE = discloseLoan({ principalCents: 400_000, feeCents: 2500, rateBps: 1899, termMonths: 24 });

describe("repaymentMethod: the employer's payment type (SPEC 3) decides paydays or paying directly", () => {
  it.each<[string | null | undefined, RepaymentMethod]>([
    ["directDeposit", "payroll"],
    ["payrollDeduction", "payroll"],
    ["ach", "direct"],
    ["", "direct"],
    [null, "direct"],
    [undefined, "direct"],
    ["DirectDeposit", "direct"], // the stored values are exact
  ])("%p → %s", (type, method) => {
    expect(repaymentMethod(type)).toBe(method);
  });
});

describe("repaymentSchedule: what will be collected", () => {
  it.each<[PayFrequency, number, number, number, number]>([
    // frequency, months paid, count, regular cents, last cents
    ["weekly", 12, 104, 4653, 4613],
    ["biweekly", 12, 52, 9306, 9266],
    ["semimonthly", 12, 48, 10081, 10065],
    ["monthly", 12, 24, 20162, 20146],
    ["biweekly", 10, 43, 11253, 11246],
  ])("payroll, %s paid %i months: %i payments of %i cents, the last %i", (frequency, monthsPaid, count, regular, last) => {
    const s = repaymentSchedule(EXAMPLE, { method: "payroll", frequency, monthsPaid });
    expect(s).toEqual({ method: "payroll", frequency, count, regularCents: regular, lastCents: last, totalCents: 483_872 });
    expect(s.regularCents * (s.count - 1) + s.lastCents).toBe(EXAMPLE.totalOfPaymentsCents);
    const d = payrollDeductionSchedule(EXAMPLE.totalOfPaymentsCents, frequency, monthsPaid);
    expect([s.count, s.regularCents, s.lastCents]).toEqual([d.count, d.regularCents, d.lastCents]);
  });

  it.each<PayFrequency>(["weekly", "biweekly", "semimonthly", "monthly"])(
    "paying directly is the note's 24 monthly instalments, whatever the pay frequency (%s)",
    (frequency) => {
      expect(repaymentSchedule(EXAMPLE, { method: "direct", frequency, monthsPaid: 10 })).toEqual({
        method: "direct",
        frequency: "monthly",
        count: 24,
        regularCents: 20162,
        lastCents: 20146,
        totalCents: 483_872,
      });
    },
  );
});

describe("scheduleOfOffer: the schedule back from what an offer stores", () => {
  it.each<[string, RepaymentMethod, PayFrequency, number]>([
    ["payroll biweekly", "payroll", "biweekly", 12],
    ["payroll weekly, 10 months", "payroll", "weekly", 10],
    ["payroll semimonthly", "payroll", "semimonthly", 12],
    ["payroll monthly", "payroll", "monthly", 12],
    ["direct", "direct", "biweekly", 12],
  ])("%s: round-trips through offerPaymentAmount, offerDeductionAmount, expectedPayments", (_, method, frequency, monthsPaid) => {
    const s = repaymentSchedule(EXAMPLE, { method, frequency, monthsPaid });
    const offer = {
      offerPaymentAmount: s.regularCents / 100,
      offerDeductionAmount: method === "payroll" ? s.regularCents / 100 : 0,
      expectedPayments: s.count,
      offerTotalCost: s.totalCents / 100,
    };
    expect(scheduleOfOffer(offer, frequency)).toEqual(s);
  });

  it.each([
    ["no payments", { expectedPayments: 0 }],
    ["a fractional count", { expectedPayments: 51.5 }],
    ["payments over the total", { offerPaymentAmount: 100 }],
    ["a last payment larger than the others", { offerPaymentAmount: 90 }],
  ])("refuses figures that do not add up: %s", (_, change) => {
    const offer = { offerPaymentAmount: 93.06, offerDeductionAmount: 93.06, expectedPayments: 52, offerTotalCost: 4838.72, ...change };
    expect(() => scheduleOfOffer(offer, "biweekly")).toThrow(LoanTermsError);
  });

  it("takes a last payment equal to the others", () => {
    const offer = { offerPaymentAmount: 100, offerDeductionAmount: 100, expectedPayments: 3, offerTotalCost: 300 };
    expect(scheduleOfOffer(offer, "monthly")).toMatchObject({ count: 3, regularCents: 10000, lastCents: 10000 });
  });
});

describe("scheduleHeadline", () => {
  it.each<[RepaymentMethod, PayFrequency, number, string]>([
    ["payroll", "biweekly", 12, "$93.06 every two weeks from your paycheck (52 payments, the last $92.66)"],
    ["payroll", "weekly", 12, "$46.53 every week from your paycheck (104 payments, the last $46.13)"],
    ["payroll", "semimonthly", 12, "$100.81 twice a month from your paycheck (48 payments, the last $100.65)"],
    ["payroll", "monthly", 12, "$201.62 every month from your paycheck (24 payments, the last $201.46)"],
    ["direct", "biweekly", 12, "$201.62 every month, paid by you (24 payments, the last $201.46)"],
  ])("%s %s", (method, frequency, monthsPaid, text) => {
    expect(scheduleHeadline(repaymentSchedule(EXAMPLE, { method, frequency, monthsPaid }))).toBe(text);
  });

  it("says nothing of a last payment equal to the others", () => {
    const s = {
      method: "payroll" as const,
      frequency: "monthly" as const,
      count: 3,
      regularCents: 10000,
      lastCents: 10000,
      totalCents: 30000,
    };
    expect(scheduleHeadline(s)).toBe("$100.00 every month from your paycheck (3 payments)");
  });
});

describe("paymentDueDate", () => {
  it.each<[PayFrequency, number, string]>([
    ["weekly", 1, "2026-03-09"],
    ["weekly", 2, "2026-03-16"],
    ["biweekly", 1, "2026-03-16"],
    ["biweekly", 52, "2028-02-28"],
    ["semimonthly", 1, "2026-03-17"],
    ["semimonthly", 2, "2026-04-02"],
    ["semimonthly", 3, "2026-04-17"],
    ["monthly", 1, "2026-04-02"],
    ["monthly", 24, "2028-03-02"],
  ])("%s payment %i from 2026-03-02 is due %s", (frequency, n, date) => {
    expect(paymentDueDate("2026-03-02", { frequency }, n)).toBe(date);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses payment number %p", (n) => {
    expect(() => paymentDueDate("2026-03-02", { frequency: "monthly" }, n)).toThrow(
      new LoanTermsError("term", "a payment number is a whole number ≥ 1"),
    );
  });
});
