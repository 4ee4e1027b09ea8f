import { LoanTermsError } from "../../../lib/lending/loan-math";
import { collectedLoan } from "./repayment-schedule";
import {
  DEFAULT_CREDIT_SCORE,
  ORIGINATION_FEE_CENTS,
  RATE_TIERS,
  decidePrequalification,
  loanWithinCaps,
  monthsPaid,
  offerFigures,
  payFrequency,
  reviewMissing,
  softCreditCheck,
  type PrequalFacts,
} from "./rules";
import { PREQUALIFIABLE } from "./testing/prequal-facts";

const GOOD: PrequalFacts = PREQUALIFIABLE;

describe("soft credit check (test SSNs)", () => {
  it.each([
    ["666000001", { kind: "scored", score: 760 }],
    ["666000002", { kind: "denied", score: 540, creditDenialReason: "Serious delinquency reported in the last 12 months" }],
    ["666000003", { kind: "thinFile" }],
    ["666000004", { kind: "scored", score: 660 }],
    ["123456789", { kind: "scored", score: DEFAULT_CREDIT_SCORE }],
  ])("%s", (ssn, expected) => {
    expect(softCreditCheck(ssn)).toEqual(expected);
  });
});

describe("prequalification, rule by rule (the first failing rule decides)", () => {
  it.each<[string, Partial<PrequalFacts>, string, RegExp]>([
    ["no employer", { employerId: null }, "employer", /No employer/],
    ["amount missing", { amountAppliedFor: null }, "amount", /No amount/],
    ["amount below $500", { amountAppliedFor: 499.99 }, "amount", /smallest loan is \$500: enter \$500 to \$10,000/],
    ["amount above $10,000", { amountAppliedFor: 10000.01 }, "amount", /largest loan is \$10,000/],
    ["no state", { stateOfResidence: null }, "state", /No state/],
    ["unserved territory", { stateOfResidence: "PR" }, "state", /not offered in PR/],
    ["retired", { employmentStatus: "retired" }, "employmentStatus", /not eligible/],
    ["no start date", { startDate: null }, "tenure", /start date/],
    ["full time, 5 months", { startDate: "2026-06-24" }, "tenure", /Less than 6 months/],
    ["part time, 11 months", { employmentStatus: "part", startDate: "2025-12-24" }, "tenure", /Less than 12 months/],
    ["income below $15,000", { salary: 14000, additionalIncome: 999 }, "income", /below \$15,000/],
    ["no SSN", { ssn: null }, "ssn", /No SSN/],
    ["credit denial", { ssn: "666000002" }, "credit", /^Credit check: Serious delinquency/],
  ])("%s", (_label, change, rule, reason) => {
    const d = decidePrequalification({ ...GOOD, ...change });
    expect(d.rule).toBe(rule);
    if (!d.status) expect(d.reason).toMatch(reason);
  });

  it("stores the credit denial reason separately", () => {
    const d = decidePrequalification({ ...GOOD, ssn: "666000002" });
    expect(d).toMatchObject({ status: false, creditDenialReason: "Serious delinquency reported in the last 12 months" });
  });

  it("tenure counts whole months: exactly 6 months passes", () => {
    expect(decidePrequalification({ ...GOOD, startDate: "2026-05-23" }).status).toBe(true);
    expect(decidePrequalification({ ...GOOD, startDate: "2026-05-24" }).status).toBe(false);
  });

  it("prequalifies a clean file for the amount asked, prime rate, 24 months, $25 fee, with the loan math's figures", () => {
    const d = decidePrequalification(GOOD);
    expect(d).toMatchObject({ status: true, principalCents: 400000, rateBps: RATE_TIERS.prime, termMonths: 24, feeCents: 2500 });
    if (d.status) expect(d.disclosure).toMatchObject({ paymentCents: 20162, aprBps: 1964, amountFinancedCents: 397500 });
  });

  it("decides on the schedule that will be collected: biweekly paydays' APR, and a fee the APR cap allows", () => {
    const biweekly = decidePrequalification({ ...GOOD, repayment: { method: "payroll", frequency: "biweekly", monthsPaid: 12 } });
    if (biweekly.status) expect(biweekly.disclosure).toMatchObject({ paymentCents: 9273, aprBps: 1965, amountFinancedCents: 397500 });
    else throw new Error("expected a prequalification");
    // A thin file's $1,000 over five months' paydays a year: the flat $25 would pass 35.99%.
    const short = decidePrequalification({
      ...GOOD,
      amountAppliedFor: 1000,
      ssn: "666000003",
      repayment: { method: "payroll", frequency: "biweekly", monthsPaid: 5 },
    });
    expect(short).toMatchObject({ status: true, principalCents: 100_000 });
    if (short.status) {
      expect(short.feeCents).toBeLessThan(ORIGINATION_FEE_CENTS);
      expect(short.disclosure.aprExact).toBeLessThanOrEqual(35.99);
    }
  });

  it.each([
    ["score 660: standard tier", { ssn: "666000004" }, 400000, RATE_TIERS.standard],
    ["thin file: capped at $1,500, thin-file rate", { ssn: "666000003" }, 150000, RATE_TIERS.thinFile],
    [
      "income caps the amount at 25% of income, down to $100",
      { salary: 15000, additionalIncome: 450, amountAppliedFor: 9000 },
      380000,
      RATE_TIERS.prime,
    ],
    ["additional income counts", { salary: 10000, additionalIncome: 10000 }, 400000, RATE_TIERS.prime],
    ["part time after 12 months", { employmentStatus: "Part-time", startDate: "2025-11-23" }, 400000, RATE_TIERS.prime],
  ])("%s", (_label, change, principalCents, rateBps) => {
    expect(decidePrequalification({ ...GOOD, ...change })).toMatchObject({ status: true, principalCents, rateBps });
  });

  it("keeps even the smallest, dearest loan under the 35.99% APR cap", () => {
    const d = decidePrequalification({ ...GOOD, ssn: "666000003", amountAppliedFor: 500 });
    expect(d.status).toBe(true);
    if (d.status) expect(d.disclosure.aprExact).toBeLessThanOrEqual(35.99);
  });

  it("is deterministic", () => {
    expect(decidePrequalification(GOOD)).toEqual(decidePrequalification({ ...GOOD }));
  });
});

describe("offer figures from the loan math", () => {
  it("the signer persona's $4,500 at 18.99%, repaid from a biweekly paycheck: $4,475.00 financed, amortised on 52 paydays, 19.58% APR", () => {
    expect(offerFigures({ principalCents: 450000, feeCents: 2500, rateBps: 1899 }, "biweekly")).toEqual({
      offerAmountFinanced: 4475,
      // Appendix J on the 52 biweekly payments collected (the monthly note's would be 19.57%).
      offerOriginalAPR: 19.58,
      offerTotalCost: 5424.74,
      offerTerm: 24,
      // The note rate per biweekly period, level payment over 52 paydays.
      offerPaymentAmount: 104.32,
      offerDeductionAmount: 104.32,
      expectedPayments: 52,
    });
  });

  it("follows the months paid a year: paid 10 months, 43 biweekly paydays, each larger, less interest in all", () => {
    const f = offerFigures({ principalCents: 450000, feeCents: 2500, rateBps: 1899 }, "biweekly", 10);
    expect([f.offerTotalCost, f.offerPaymentAmount, f.offerDeductionAmount, f.expectedPayments, f.offerOriginalAPR]).toEqual([
      5259.87, 122.32, 122.32, 43, 19.69,
    ]);
  });

  it("a short payday schedule whose flat fee would break the APR cap gets the largest whole-dollar fee within it", () => {
    const how = { method: "payroll" as const, frequency: "biweekly" as const, monthsPaid: 5 };
    const loan = loanWithinCaps({ principalCents: 100_000, rateBps: 2999 }, how);
    expect(loan.disclosure.terms.feeCents).toBeLessThan(ORIGINATION_FEE_CENTS);
    expect(loan.disclosure.terms.feeCents % 100).toBe(0);
    expect(loan.disclosure.aprExact).toBeLessThanOrEqual(35.99);
    // A dollar more and it would not fit.
    expect(() => collectedLoan({ principalCents: 100_000, rateBps: 2999, feeCents: loan.disclosure.terms.feeCents + 100 }, how)).toThrow(
      LoanTermsError,
    );
    // Within the cap the flat fee stands.
    expect(loanWithinCaps({ principalCents: 400_000, rateBps: 1899 }, how).disclosure.terms.feeCents).toBe(ORIGINATION_FEE_CENTS);
  });

  it("paying directly: the 24 monthly instalments of $226.82, and no payroll deduction", () => {
    const f = offerFigures({ principalCents: 450000, feeCents: 2500, rateBps: 1899 }, "biweekly", 10, "direct");
    expect([f.offerTotalCost, f.offerPaymentAmount, f.offerDeductionAmount, f.expectedPayments]).toEqual([5443.6, 226.82, 0, 24]);
  });

  it.each([
    [10, 10],
    [12, 12],
    [null, 12],
    [0, 12],
    [13, 12],
  ])("months paid %p → %i", (input, expected) => {
    expect(monthsPaid(input)).toBe(expected);
  });

  it.each([
    ["weekly", "weekly"],
    ["Bi-Weekly", "biweekly"],
    ["semi-monthly", "semimonthly"],
    ["monthly", "monthly"],
    [null, "biweekly"],
  ] as const)("pay frequency %p → %s", (input, expected) => {
    expect(payFrequency(input)).toBe(expected);
  });
});

describe("review", () => {
  const complete = {
    step: "verifyMD",
    prequalified: true,
    evolveConsent: true,
    verifiedFundingSource: true,
    identityUploaded: true,
    paystubsUploaded: false,
    requirePaystubs: false,
  };
  it("sends the offer only when nothing is missing", () => {
    expect(reviewMissing(complete)).toEqual([]);
    expect(reviewMissing({ ...complete, evolveConsent: false, verifiedFundingSource: false })).toEqual([
      "consent to the terms",
      "a verified bank account",
    ]);
    expect(reviewMissing({ ...complete, requirePaystubs: true })).toEqual(["pay stubs"]);
    expect(reviewMissing({ ...complete, identityUploaded: false, prequalified: false })).toEqual([
      "a prequalification",
      "an identity document",
    ]);
  });
});
