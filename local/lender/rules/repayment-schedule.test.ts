import { LoanTermsError, PAY_PERIODS_PER_YEAR, discloseLoan, isAprAccurate, type PayFrequency } from "../../../lib/lending/loan-math";
import { MONTHS_PAID_RANGE, deductionCount } from "./payroll-deductions";
import {
  collectedLoan,
  paymentDueDate,
  repaymentMethod,
  scheduleDisclosure,
  scheduleHeadline,
  scheduleOfOffer,
  type RepaymentMethod,
  type RepaymentSchedule,
} from "./repayment-schedule";

const offerOf = (s: RepaymentSchedule) => ({
  offerPaymentAmount: s.regularCents / 100,
  offerDeductionAmount: s.method === "payroll" ? s.regularCents / 100 : 0,
  expectedPayments: s.count,
  offerTotalCost: s.totalCents / 100,
});

/** The worked example's loan (SPEC 1), monthly: $4,000, $25 fee, 18.99%: 23 × $201.62 + $201.46 = $4,838.72. */
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

/** The terms of the product's loans: the smallest, the worked example, a thin file's largest, the largest at the top rate. */
const LOANS = [
  { principalCents: 50_000, feeCents: 2500, rateBps: 1899 },
  { principalCents: 400_000, feeCents: 2500, rateBps: 1899 },
  { principalCents: 150_000, feeCents: 2500, rateBps: 2999 },
  { principalCents: 1_000_000, feeCents: 2500, rateBps: 2999 },
];
const FREQUENCIES = Object.keys(PAY_PERIODS_PER_YEAR) as PayFrequency[];
const MONTHS = Array.from({ length: MONTHS_PAID_RANGE.max }, (_, i) => i + 1);

/**
 * The actual APR of a schedule as an offer stores it (regular payment, count, last, total), solved
 * here by plain bisection on Appendix J's equation, independently of the loan math's solver.
 */
function actualAprOf(amountFinancedCents: number, s: RepaymentSchedule): number {
  const pv = (i: number) => {
    let sum = 0;
    for (let k = 1; k <= s.count; k++) sum += (k === s.count ? s.lastCents : s.regularCents) / (1 + i) ** k;
    return sum;
  };
  let lo = 0;
  let hi = 1;
  for (let n = 0; n < 200; n++) {
    const mid = (lo + hi) / 2;
    if (pv(mid) > amountFinancedCents) lo = mid;
    else hi = mid;
  }
  return lo * PAY_PERIODS_PER_YEAR[s.frequency] * 100;
}

describe("collectedLoan: every pay frequency × months paid, the disclosure is the schedule collected", () => {
  const rows = FREQUENCIES.flatMap((frequency) =>
    MONTHS.flatMap((monthsPaid) => LOANS.map((terms) => [frequency, monthsPaid, terms] as const)),
  );

  it.each(rows)("payroll %s, paid %i months a year, %o", (frequency, monthsPaid, terms) => {
    let loan;
    try {
      loan = collectedLoan(terms, { method: "payroll", frequency, monthsPaid });
    } catch (e) {
      // A short schedule's fee can take the APR over the cap: refused here, the stand-in lowers the fee.
      expect(e).toEqual(new LoanTermsError("apr", "must be at most 35.99% including fees"));
      return;
    }
    const { disclosure: d, schedule: s } = loan;
    expect(s).toMatchObject({ method: "payroll", frequency, count: deductionCount(frequency, monthsPaid) });
    // The payments sum to the total of payments; every one but the last is the regular payment.
    expect(d.schedule.reduce((sum, k) => sum + k.paymentCents, 0)).toBe(d.totalOfPaymentsCents);
    expect(s.regularCents * (s.count - 1) + s.lastCents).toBe(s.totalCents);
    expect(d.schedule.slice(0, -1).every((k) => k.paymentCents === s.regularCents)).toBe(true);
    // The last payment absorbs the rounding of the others: under a cent each, and the balance ends at 0.
    expect(Math.abs(s.lastCents - s.regularCents)).toBeLessThanOrEqual(s.count);
    expect(d.schedule.at(-1)!.balanceAfterCents).toBe(0);
    expect(d.financeChargeCents).toBe(d.totalOfPaymentsCents - d.amountFinancedCents);
    // The disclosed APR is accurate (§1026.22) for the schedule as collected and as an offer stores it.
    const actual = actualAprOf(d.amountFinancedCents, scheduleOfOffer(offerOf(s), frequency));
    expect(isAprAccurate(d.aprBps / 100, actual)).toBe(true);
    expect(Math.abs(d.aprBps / 100 - actual)).toBeLessThanOrEqual(0.005 + 1e-6);
    expect(scheduleDisclosure(terms, s)).toEqual({
      amountFinancedCents: d.amountFinancedCents,
      totalOfPaymentsCents: d.totalOfPaymentsCents,
      financeChargeCents: d.financeChargeCents,
      aprBps: d.aprBps,
      aprExact: expect.closeTo(d.aprExact, 9),
    });
  });

  it.each(FREQUENCIES)("paying directly is the note's 24 monthly instalments, whatever the pay frequency (%s)", (frequency) => {
    const { disclosure, schedule } = collectedLoan(LOANS[1]!, { method: "direct", frequency, monthsPaid: 10 });
    expect(disclosure).toEqual(EXAMPLE);
    expect(schedule).toEqual({
      method: "direct",
      frequency: "monthly",
      count: 24,
      regularCents: 20162,
      lastCents: 20146,
      totalCents: 483_872,
    });
  });

  it("SPEC 1's worked example (monthly) is unchanged: 23 × $201.62 and $201.46, $4,838.72, 19.64%", () => {
    for (const method of ["payroll", "direct"] as const) {
      const { disclosure, schedule } = collectedLoan(LOANS[1]!, { method, frequency: "monthly", monthsPaid: 12 });
      expect([schedule.count, schedule.regularCents, schedule.lastCents, disclosure.totalOfPaymentsCents, disclosure.aprBps]).toEqual([
        24, 20162, 20146, 483_872, 1964,
      ]);
    }
  });

  it.each<[PayFrequency, number, number, number, number, number, number]>([
    // frequency, months paid, count, regular, last, total of payments, APR bps: the worked example's loan on paydays
    ["weekly", 12, 104, 4630, 4579, 481_469, 1966],
    ["biweekly", 12, 52, 9273, 9273, 482_196, 1965],
    ["semimonthly", 12, 48, 10048, 10067, 482_323, 1965],
    ["biweekly", 10, 43, 10873, 10878, 467_544, 1978],
  ])(
    "the worked example's loan, payroll %s paid %i months: %i × %i cents, the last %i, total %i, APR %i bps",
    (frequency, monthsPaid, count, regular, last, total, apr) => {
      const { disclosure, schedule } = collectedLoan(LOANS[1]!, { method: "payroll", frequency, monthsPaid });
      expect([schedule.count, schedule.regularCents, schedule.lastCents, schedule.totalCents, disclosure.aprBps]).toEqual([
        count,
        regular,
        last,
        total,
        apr,
      ]);
    },
  );

  it("why: the monthly note's APR (19.64%) is outside the 1/8-point tolerance of the equal-split biweekly deductions it once stood for", () => {
    // The old schedule: $4,838.72 in 51 × $93.06 + $92.66 every two weeks.
    const old = {
      method: "payroll" as const,
      frequency: "biweekly" as const,
      count: 52,
      regularCents: 9306,
      lastCents: 9266,
      totalCents: 483_872,
    };
    const actual = actualAprOf(EXAMPLE.amountFinancedCents, old);
    expect(actual).toBeCloseTo(20.02, 2);
    expect(isAprAccurate(EXAMPLE.aprBps / 100, actual)).toBe(false);
  });
});

describe("scheduleOfOffer: the schedule back from what an offer stores", () => {
  it.each<[string, RepaymentMethod, PayFrequency, number]>([
    ["payroll biweekly", "payroll", "biweekly", 12],
    ["payroll weekly, 10 months", "payroll", "weekly", 10],
    ["payroll semimonthly", "payroll", "semimonthly", 12],
    ["payroll monthly", "payroll", "monthly", 12],
    ["direct", "direct", "biweekly", 12],
  ])("%s: round-trips through offerPaymentAmount, offerDeductionAmount, expectedPayments", (_, method, frequency, monthsPaid) => {
    const { schedule: s } = collectedLoan(LOANS[1]!, { method, frequency, monthsPaid });
    expect(scheduleOfOffer(offerOf(s), frequency)).toEqual(s);
  });

  it.each([
    ["no payments", { expectedPayments: 0 }],
    ["a fractional count", { expectedPayments: 51.5 }],
    ["payments over the total", { offerPaymentAmount: 100 }],
    ["a last payment more than a cent a payment above the others", { offerPaymentAmount: 92.7 }],
    ["a last payment more than a cent a payment below the others", { offerTotalCost: 4821.43 }],
  ])("refuses figures that do not add up: %s", (_, change) => {
    const offer = { offerPaymentAmount: 92.73, offerDeductionAmount: 92.73, expectedPayments: 52, offerTotalCost: 4821.96, ...change };
    expect(() => scheduleOfOffer(offer, "biweekly")).toThrow(LoanTermsError);
  });

  it.each([
    ["equal to the others", 300, 10000],
    ["a cent a payment above", 300.03, 10003],
    ["a cent a payment below", 299.97, 9997],
  ])("takes a last payment %s", (_, totalDollars, last) => {
    const offer = { offerPaymentAmount: 100, offerDeductionAmount: 100, expectedPayments: 3, offerTotalCost: totalDollars };
    expect(scheduleOfOffer(offer, "monthly")).toMatchObject({ count: 3, regularCents: 10000, lastCents: last });
  });
});

describe("scheduleHeadline", () => {
  it.each<[RepaymentMethod, PayFrequency, number, string]>([
    ["payroll", "biweekly", 12, "$92.73 every two weeks from your paycheck (52 payments)"],
    ["payroll", "weekly", 12, "$46.30 every week from your paycheck (104 payments, the last $45.79)"],
    ["payroll", "semimonthly", 12, "$100.48 twice a month from your paycheck (48 payments, the last $100.67)"],
    ["payroll", "monthly", 12, "$201.62 every month from your paycheck (24 payments, the last $201.46)"],
    ["direct", "biweekly", 12, "$201.62 every month, paid by you (24 payments, the last $201.46)"],
  ])("%s %s", (method, frequency, monthsPaid, text) => {
    expect(scheduleHeadline(collectedLoan(LOANS[1]!, { method, frequency, monthsPaid }).schedule)).toBe(text);
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
