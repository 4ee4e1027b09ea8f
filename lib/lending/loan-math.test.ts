import {
  APR_TOLERANCE_PERCENT,
  LoanTermsError,
  actuarialApr,
  amortisationSchedule,
  discloseLoan,
  disclosedAprBps,
  dollarsToCents,
  isAprAccurate,
  levelPaymentCents,
  monthlyInterestCents,
  payoffCents,
  percentToBps,
} from "./loan-math";
import { SPEC_PRINTED_EXAMPLE, workedExampleDisagreement } from "./worked-example";

const level = (cents: number, n: number, first = 1) => Array.from({ length: n }, (_, k) => ({ cents, periods: k + first }));

describe("level payment (exact, half up to the cent)", () => {
  it.each([
    // principal, rate bps, months, payment cents — each checked by hand against P·r/(1−(1+r)^−n)
    [400000, 1899, 24, 20162], // the worked example's terms: $201.615… → $201.62
    [450000, 1899, 24, 22682], // the signer persona's contract
    [500000, 1899, 24, 25202],
    [1000000, 3599, 24, 59042],
    [600000, 600, 36, 18253],
    [240000, 0, 24, 10000], // no interest: principal / n
    [100, 1899, 24, 5], // one dollar still amortises to whole cents
  ])("P=%i r=%i bps n=%i → %i", (p, r, n, expected) => {
    expect(levelPaymentCents(p, r, n)).toBe(expected);
  });

  it("refuses non-integer money and rates", () => {
    expect(() => levelPaymentCents(1000.5, 1899, 24)).toThrow(LoanTermsError);
    expect(() => levelPaymentCents(100000, 18.99, 24)).toThrow(LoanTermsError);
    expect(() => levelPaymentCents(100000, 1899, 0)).toThrow(LoanTermsError);
    expect(() => levelPaymentCents(0, 1899, 24)).toThrow(LoanTermsError);
  });

  it("rounds interest half up to the cent", () => {
    // 400000 × 1899 / 120000 = 6330.0 exactly; 1 cent × 1899 / 120000 = 0.0158 → 0
    expect(monthlyInterestCents(400000, 1899)).toBe(6330);
    expect(monthlyInterestCents(1, 1899)).toBe(0);
    // 3159 × 1899 / 120000 = 49.99… → 50
    expect(monthlyInterestCents(3159, 1899)).toBe(50);
  });
});

describe("amortisation schedule", () => {
  it.each([
    [400000, 1899],
    [450000, 1899],
    [1000000, 3000],
    [123457, 999],
  ])("P=%i at %i bps ends at exactly zero and repays the principal", (p, r) => {
    const s = amortisationSchedule(p, r, 24);
    expect(s).toHaveLength(24);
    expect(s.at(-1)!.balanceAfterCents).toBe(0);
    expect(s.reduce((t, k) => t + k.principalCents, 0)).toBe(p);
    for (const k of s) expect(k.paymentCents).toBe(k.interestCents + k.principalCents);
    // every instalment but the last is the level payment; the last differs by less than 24 cents of rounding
    const payment = levelPaymentCents(p, r, 24);
    expect(s.slice(0, -1).every((k) => k.paymentCents === payment)).toBe(true);
    expect(Math.abs(s.at(-1)!.paymentCents - payment)).toBeLessThan(24);
  });
});

describe("APR by Regulation Z Appendix J (actuarial method)", () => {
  // Published examples, independent of our code:
  it.each([
    {
      source: "Appendix J (c)(1)(i): monthly, regular first period: $5,000 advanced, 24 × $230.00",
      amount: 500000,
      payments: level(23000, 24),
      options: {},
      published: 9.69,
    },
    {
      source: "Appendix J (c)(1)(iii): semimonthly, short first period (f = 6/15): $5,000, 24 × $219.17",
      amount: 500000,
      payments: level(21917, 24, 0),
      options: { periodsPerYear: 24, firstPeriodFraction: 6 / 15 },
      published: 10.34,
    },
  ])("$source → $published%", ({ amount, payments, options, published }) => {
    const apr = actuarialApr(amount, payments, options);
    expect(disclosedAprBps(apr)).toBe(Math.round(published * 100));
  });

  it("agrees with a textbook APR-table answer within Reg Z's 1/8 point (Ed Chamski: $5,200 financed, 36 × $169, table 10.50%)", () => {
    const apr = actuarialApr(520000, level(16900, 36));
    expect(apr).toBeCloseTo(10.4948, 3);
    expect(isAprAccurate(10.5, apr)).toBe(true);
  });

  it("converges to the root: the payments discounted at the solved rate equal the amount financed", () => {
    for (const [amount, pay, n] of [
      [397500, 20162, 24],
      [100000, 9000, 12],
      [1000000, 60000, 24],
      [50000, 50000, 1],
    ] as const) {
      const i = actuarialApr(amount, level(pay, n)) / 1200;
      const pv = level(pay, n).reduce((s, p) => s + p.cents / (1 + i) ** p.periods, 0);
      expect(Math.abs(pv - amount)).toBeLessThan(1e-6);
    }
  });

  it("is 0% when the payments equal the amount financed, and refuses payments below it", () => {
    expect(actuarialApr(240000, level(10000, 24))).toBe(0);
    expect(() => actuarialApr(240000, level(9999, 24))).toThrow(LoanTermsError);
  });

  it("applies Reg Z's tolerance of exactly 1/8 of a percentage point", () => {
    expect(APR_TOLERANCE_PERCENT).toBe(0.125);
    expect(isAprAccurate(19.765, 19.64)).toBe(true);
    expect(isAprAccurate(19.766, 19.64)).toBe(false);
    expect(isAprAccurate(19.514, 19.64)).toBe(false);
  });

  it("discloses to two decimals, half up", () => {
    expect(disclosedAprBps(19.641068)).toBe(1964);
    expect(disclosedAprBps(19.645)).toBe(1965);
    expect(disclosedAprBps(19.644999)).toBe(1964);
  });
});

describe("discloseLoan: the Truth in Lending figures and the caps", () => {
  it("pins what the formulas give for the worked example's terms", () => {
    const d = discloseLoan({ principalCents: 400000, feeCents: 2500, rateBps: 1899, termMonths: 24 });
    expect(d.amountFinancedCents).toBe(397500);
    expect(d.paymentCents).toBe(20162);
    expect(d.schedule.at(-1)!.paymentCents).toBe(20146);
    expect(d.totalOfPaymentsCents).toBe(483872);
    expect(d.financeChargeCents).toBe(86372);
    expect(d.aprBps).toBe(1964);
  });

  it.each([
    ["amount financed above $10,000", { principalCents: 1_002_501, feeCents: 2500, rateBps: 1899, termMonths: 24 }, "amountFinanced"],
    ["term other than 24 months", { principalCents: 400000, feeCents: 2500, rateBps: 1899, termMonths: 36 }, "term"],
    ["APR above 35.99% once the fee counts", { principalCents: 100000, feeCents: 2500, rateBps: 3400, termMonths: 24 }, "apr"],
    ["fee not below the principal", { principalCents: 2500, feeCents: 2500, rateBps: 1899, termMonths: 24 }, "fee"],
    ["negative fee", { principalCents: 400000, feeCents: -1, rateBps: 1899, termMonths: 24 }, "fee"],
  ] as const)("refuses %s", (_label, terms, field) => {
    try {
      discloseLoan(terms);
      throw new Error("accepted");
    } catch (e) {
      expect(e).toBeInstanceOf(LoanTermsError);
      expect((e as LoanTermsError).field).toBe(field);
    }
  });

  it("accepts the caps themselves: $10,000.00 financed, an APR just under 35.99%", () => {
    expect(discloseLoan({ principalCents: 1_002_500, feeCents: 2500, rateBps: 1899, termMonths: 24 }).amountFinancedCents).toBe(1_000_000);
    const d = discloseLoan({ principalCents: 1_002_500, feeCents: 2500, rateBps: 3570, termMonths: 24 });
    expect(d.aprExact).toBeLessThanOrEqual(35.99);
  });

  it("has no prepayment penalty: paying off costs the remaining principal only", () => {
    const d = discloseLoan({ principalCents: 400000, feeCents: 2500, rateBps: 1899, termMonths: 24 });
    expect(payoffCents(d, 0)).toBe(400000);
    expect(payoffCents(d, 1)).toBe(400000 - (20162 - 6330));
    expect(payoffCents(d, 24)).toBe(0);
  });

  it("converts dollars and percents without losing a cent or a basis point", () => {
    expect(dollarsToCents(4906.8)).toBe(490680);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(percentToBps(18.99)).toBe(1899);
    expect(() => dollarsToCents(1.005)).toThrow(LoanTermsError);
  });
});

describe("SPEC 1's printed example against the formulas (the disclosures print the formulas' figures)", () => {
  const d = workedExampleDisagreement();

  it("reports which figures disagree and by how much", () => {
    // Printed so that a reader of the test output sees the agreed disagreement.
    console.info(d.report);
    expect(d.figures).toEqual([
      {
        figure: "APR",
        stated: "19.60%",
        computed: "19.64%",
        difference: "-0.04 percentage points",
        agrees: false,
        withinRegZTolerance: true,
      },
      { figure: "monthly payment", stated: "$204.45", computed: "$201.62", difference: "+$2.83", agrees: false },
      { figure: "total of payments", stated: "$4,906.80", computed: "$4,838.72", difference: "+$68.08", agrees: false },
    ]);
  });

  it("is internally inconsistent too: 24 × $204.45 on $3,975.00 financed is 21.10%, not 19.60%", () => {
    expect(SPEC_PRINTED_EXAMPLE.totalCents).toBe(24 * SPEC_PRINTED_EXAMPLE.paymentCents);
    expect(disclosedAprBps(actuarialApr(397500, level(SPEC_PRINTED_EXAMPLE.paymentCents, 24)))).toBe(2110);
  });
});
