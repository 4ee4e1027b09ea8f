import {
  LoanTermsError,
  actuarialApr,
  amortisationSchedule,
  centsToDollars,
  discloseLoan,
  disclosedAprBps,
  dollarsToCents,
  levelPaymentCents,
  percentToBps,
} from "./loan-math";
import { SPEC_PRINTED_EXAMPLE, workedExampleDisagreement } from "./worked-example";

/** What a refusal says: the field, and a message that tells the caller what a good value is. */
function refusal(run: () => unknown): { name: string; field: string; message: string } {
  try {
    run();
  } catch (e) {
    if (!(e instanceof LoanTermsError)) throw e;
    return { name: e.name, field: e.field, message: e.message };
  }
  throw new Error("accepted");
}

const terms = (over: Partial<Parameters<typeof discloseLoan>[0]>) => ({
  principalCents: 400000,
  feeCents: 2500,
  rateBps: 1899,
  termMonths: 24,
  ...over,
});

describe("every refusal names the field and says what is allowed", () => {
  it.each([
    ["no principal", () => levelPaymentCents(0, 1899, 24), "principal", "principal: must be a whole number of cents ≥ 1"],
    ["a negative rate", () => levelPaymentCents(100000, -1, 24), "rate", "rate: must be whole basis points ≥ 0"],
    ["a fractional rate", () => levelPaymentCents(100000, 18.99, 24), "rate", "rate: must be whole basis points ≥ 0"],
    ["no term", () => levelPaymentCents(100000, 1899, 0), "term", "term: must be a whole number of months ≥ 1"],
    [
      "a loan of no principal",
      () => discloseLoan(terms({ principalCents: 0 })),
      "principal",
      "principal: must be a whole number of cents ≥ 1",
    ],
    ["a negative fee", () => discloseLoan(terms({ feeCents: -1 })), "fee", "fee: must be a whole number of cents ≥ 0"],
    ["a 36-month term", () => discloseLoan(terms({ termMonths: 36 })), "term", "term: must be 24 months"],
    ["a fee as large as the principal", () => discloseLoan(terms({ principalCents: 2500 })), "fee", "fee: must be less than the principal"],
    [
      "$10,000.01 financed",
      () => discloseLoan(terms({ principalCents: 1_002_501 })),
      "amountFinanced",
      "amountFinanced: must be at most $10,000.00",
    ],
    [
      "an APR above 35.99% with the fee",
      () => discloseLoan(terms({ principalCents: 100000, rateBps: 3400 })),
      "apr",
      "apr: must be at most 35.99% including fees",
    ],
    ["nothing financed", () => actuarialApr(0, [{ cents: 100, periods: 1 }]), "amountFinanced", "amountFinanced: must be positive"],
    [
      "less paid back than financed",
      () => actuarialApr(10000, [{ cents: 9999, periods: 1 }]),
      "apr",
      "apr: payments are less than the amount financed",
    ],
    // One cent financed, $10 billion paid back after a month: no rate up to 100,000% a period discounts it.
    ["a rate beyond any bracket", () => actuarialApr(1, [{ cents: 1e12, periods: 1 }]), "apr", "apr: does not converge"],
    ["dollars with a part of a cent", () => dollarsToCents(1.005), "principal", "principal: must be whole cents"],
    ["a percent with a part of a basis point", () => percentToBps(18.995), "rate", "rate: must be whole basis points"],
  ])("%s", (_label, run, field, message) => {
    expect(refusal(run)).toEqual({ name: "LoanTermsError", field, message });
  });
});

describe("the smallest values each rule allows are accepted", () => {
  it.each([
    // principal, rate bps, months → level payment cents
    [1, 1899, 24, 0], // one cent: the payment rounds to nothing, the last instalment clears it
    [100000, 0, 24, 4167], // 0% is a rate
    [10000, 1200, 1, 10100], // one month at 1% a month
  ])("P=%i at %i bps over %i months → %i", (p, r, n, payment) => {
    expect(levelPaymentCents(p, r, n)).toBe(payment);
  });

  it("a loan with no fee: amount financed = principal", () => {
    const d = discloseLoan(terms({ feeCents: 0 }));
    expect(d.amountFinancedCents).toBe(400000);
    expect(d.aprBps).toBe(1899);
  });
});

describe("the schedule never takes more than what is owed", () => {
  it("a level payment larger than the balance left takes only the balance and its interest, before the last month", () => {
    // 413 cents at 35.99% over 29 months: the rounded-up level payment (22) clears the loan in month 28.
    const s = amortisationSchedule(413, 3599, 29);
    expect(s.slice(-3)).toEqual([
      { number: 27, paymentCents: 22, interestCents: 1, principalCents: 21, balanceAfterCents: 20 },
      { number: 28, paymentCents: 21, interestCents: 1, principalCents: 20, balanceAfterCents: 0 },
      { number: 29, paymentCents: 0, interestCents: 0, principalCents: 0, balanceAfterCents: 0 },
    ]);
  });
});

describe("the APR solver", () => {
  it("finds the root when Newton's first step leaves the bracket (one payment far in the future)", () => {
    // $100.00 financed, $101.00 back after 100 months: (1 + i)^100 = 1.01, i = 1.01^(1/100) − 1.
    const apr = actuarialApr(10000, [{ cents: 10100, periods: 100 }]);
    expect(apr).toBeCloseTo((1.01 ** (1 / 100) - 1) * 1200, 9);
    expect(disclosedAprBps(apr)).toBe(12); // 0.12%
  });

  it("with a short first period (Appendix J (c)(1)(iii)): the payments discounted at the solved rate equal the amount financed", () => {
    const f = 6 / 15;
    const payments = Array.from({ length: 24 }, (_, k) => ({ cents: 21917, periods: k }));
    const i = actuarialApr(500000, payments, { periodsPerYear: 24, firstPeriodFraction: f }) / 2400;
    const pv = payments.reduce((s, p) => s + p.cents / ((1 + f * i) * (1 + i) ** p.periods), 0);
    expect(Math.abs(pv - 500000)).toBeLessThan(1e-6);
  });
});

describe("cents and dollars", () => {
  it.each([
    [20162, 201.62],
    [1, 0.01],
    [0, 0],
    [1_000_000, 10000],
  ])("%i cents is $%d", (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe("the worked-example comparison reports both directions and agreement", () => {
  it("says a figure agrees, with +0, when the stated value is what the formulas give", () => {
    const { figures, report } = workedExampleDisagreement({
      ...SPEC_PRINTED_EXAMPLE,
      aprBps: 1964,
      paymentCents: 20162,
      totalCents: 483872,
    });
    expect(figures).toEqual([
      {
        figure: "APR",
        stated: "19.64%",
        computed: "19.64%",
        difference: "+0.00 percentage points",
        agrees: true,
        withinRegZTolerance: true,
      },
      { figure: "monthly payment", stated: "$201.62", computed: "$201.62", difference: "+$0.00", agrees: true },
      { figure: "total of payments", stated: "$4,838.72", computed: "$4,838.72", difference: "+$0.00", agrees: true },
    ]);
    expect(report).toBe(
      [
        "SPEC 1 worked example vs the loan math ($4,000 principal, $25 prepaid finance charge, 18.99%, 24 months):",
        "  APR: stated 19.64%, formulas 19.64% (stated +0.00 percentage points), within Reg Z's 1/8 point",
        "  monthly payment: stated $201.62, formulas $201.62 (stated +$0.00)",
        "  total of payments: stated $4,838.72, formulas $4,838.72 (stated +$0.00)",
      ].join("\n"),
    );
  });

  it("signs a stated figure above the formulas +, below −, and an APR off by more than 1/8 point as outside", () => {
    const { figures, report } = workedExampleDisagreement({
      ...SPEC_PRINTED_EXAMPLE,
      aprBps: 1990,
      paymentCents: 20000,
      totalCents: 480000,
    });
    expect(figures.map((f) => [f.difference, f.agrees, f.withinRegZTolerance])).toEqual([
      ["+0.26 percentage points", false, false],
      ["-$1.62", false, undefined],
      ["-$38.72", false, undefined],
    ]);
    expect(report.split("\n")[1]).toBe("  APR: stated 19.90%, formulas 19.64% (stated +0.26 percentage points), outside Reg Z's 1/8 point");
  });

  it("prints the SPEC example's report line by line", () => {
    expect(workedExampleDisagreement().report).toBe(
      [
        "SPEC 1 worked example vs the loan math ($4,000 principal, $25 prepaid finance charge, 18.99%, 24 months):",
        "  APR: stated 19.60%, formulas 19.64% (stated -0.04 percentage points), within Reg Z's 1/8 point",
        "  monthly payment: stated $204.45, formulas $201.62 (stated +$2.83)",
        "  total of payments: stated $4,906.80, formulas $4,838.72 (stated +$68.08)",
      ].join("\n"),
    );
  });
});
