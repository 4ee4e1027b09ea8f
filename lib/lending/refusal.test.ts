import { REAPPLY_AFTER_DAYS, describeRefusal, reapplyDate, refusalCategory, type RefusalCategory } from "./refusal";

describe("refusal category, for every reason the lender stores", () => {
  // Each reason text the stand-in's prequalification writes (local/lender/rules/rules.ts; its own test
  // checks these are still the texts it writes), the seeded rejection and older free text.
  it.each<[string | null, RefusalCategory | null]>([
    ["No employer on the application", "employer"],
    ["No amount on the application", "amount"],
    ["The smallest loan is $500: enter $500 to $10,000", "amount"],
    ["The largest loan is $10,000: enter $500 to $10,000", "amount"],
    ["Use at most two decimals (cents)", "amount"],
    ["Enter an amount in dollars", "amount"],
    ["The terms would exceed the loan caps", "amount"],
    ["No state of residence on the application", "state"],
    ["Loans are not offered in PR", "state"],
    ['Employment status "retired" is not eligible (full or part time only)', "employment"],
    ["No employment start date on the application", "tenure"],
    ["Less than 6 months with the employer (full time)", "tenure"],
    ["Less than 12 months with the employer (part time)", "tenure"],
    ["Annual income below $15,000", "income"],
    ["Insufficient income for the requested amount", "income"],
    ["Debt-to-income ratio too high", "debtToIncome"],
    ["No SSN on the application for the credit check", "identity"],
    ["Credit check: Serious delinquency reported in the last 12 months", "credit"],
    ["Credit check: score below the minimum", "credit"],
    ["Application denied", null],
    ["", null],
    [null, null],
  ])("%p → %p", (reason, category) => {
    expect(refusalCategory(reason)).toBe(category);
  });
});

describe("re-apply date: the decision's UTC day plus the waiting period", () => {
  it.each<[string | null, string | null]>([
    ["2026-11-28T09:30:00.000Z", "Dec 28, 2026"],
    // Late in the UTC day still counts from that day, not from the viewer's.
    ["2026-01-31T23:59:59Z", "Mar 02, 2026"],
    ["2026-11-28", "Dec 28, 2026"],
    [null, null],
    ["not a date", null],
  ])("%p → %p", (decidedAt, expected) => {
    expect(REAPPLY_AFTER_DAYS).toBe(30);
    expect(reapplyDate(decidedAt)).toBe(expected);
  });
});

describe("describeRefusal", () => {
  it("prefers the prequalification's failure reason, shows words and date, never the stored text", () => {
    const r = describeRefusal({
      rejectionReason: "Credit check: Serious delinquency reported in the last 12 months",
      failureReason: "Credit check: Serious delinquency reported in the last 12 months",
      creditDenialReason: "Serious delinquency reported in the last 12 months",
      decidedAt: "2026-11-28T09:30:00.000Z",
    });
    expect(r).toEqual({ category: "credit", words: "the result of the credit check", reapplyOn: "Dec 28, 2026" });
  });

  it("falls back to the rejection reason, then to a stored credit denial", () => {
    expect(describeRefusal({ rejectionReason: "Loans are not offered in GU" }).category).toBe("state");
    expect(describeRefusal({ rejectionReason: "Application denied", creditDenialReason: "Too many inquiries" }).category).toBe("credit");
  });

  it("knows nothing when nothing is stored (older rows, other refusals)", () => {
    expect(describeRefusal({ rejectionReason: "Application denied" })).toEqual({ category: null, words: null, reapplyOn: null });
    expect(describeRefusal({})).toEqual({ category: null, words: null, reapplyOn: null });
  });
});
