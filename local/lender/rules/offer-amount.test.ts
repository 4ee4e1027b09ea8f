import { OFFER_LIMITS, incomeLimitDollars, incomeLimitNotice, offerShortfall, offeredAmount, type OfferLimit } from "./offer-amount";

describe("offeredAmount: the smallest of the amount asked, 25% of income (down to $100) and, on a thin file, $1,500", () => {
  it.each<[string, { askedDollars: number; annualIncome: number; thinFile: boolean }, number, OfferLimit]>([
    ["the amount asked when income allows it", { askedDollars: 4000, annualIncome: 60_000, thinFile: false }, 4000, "asked"],
    ["25% of income", { askedDollars: 10_000, annualIncome: 16_000, thinFile: false }, 4000, "income"],
    ["down to the whole $100", { askedDollars: 9000, annualIncome: 15_450, thinFile: false }, 3800, "income"],
    ["exactly the income limit is the amount asked", { askedDollars: 4000, annualIncome: 16_000, thinFile: false }, 4000, "asked"],
    ["a thin file's $1,500", { askedDollars: 5000, annualIncome: 60_000, thinFile: true }, 1500, "thinFile"],
    ["a thin file asking less keeps its amount", { askedDollars: 1000, annualIncome: 60_000, thinFile: true }, 1000, "asked"],
  ])("%s", (_, facts, dollars, limit) => {
    expect(offeredAmount(facts)).toEqual({ dollars, limit });
  });

  it("the limits are SPEC's lending rule", () => {
    expect(OFFER_LIMITS).toEqual({ incomeShare: 0.25, incomeStepDollars: 100, thinFileMaxDollars: 1500 });
    expect(incomeLimitDollars(15_399)).toBe(3800);
  });
});

describe("offerShortfall: each reason's message names the earlier answer", () => {
  it.each<[string, { askedDollars: number; offeredDollars: number; annualIncome: number }, ReturnType<typeof offerShortfall>]>([
    [
      "income",
      { askedDollars: 10_000, offeredDollars: 4000, annualIncome: 16_000 },
      {
        limit: "income",
        message: "You asked for $10,000. We can offer $4,000: loans are up to 25% of the yearly income you gave ($16,000).",
        fix: "Your income can't be changed after the rate check. If the income you gave was wrong, contact support before you continue.",
      },
    ],
    [
      "thin file",
      { askedDollars: 5000, offeredDollars: 1500, annualIncome: 60_000 },
      {
        limit: "thinFile",
        message: "You asked for $5,000. We can offer $1,500: with a short credit history, a first loan is up to $1,500.",
        fix: null,
      },
    ],
    ["nothing lower: no message", { askedDollars: 4000, offeredDollars: 4000, annualIncome: 60_000 }, null],
  ])("%s", (_, facts, expected) => {
    expect(offerShortfall(facts)).toEqual(expected);
  });
});

describe("incomeLimitNotice: before the rate check, while the income can still be corrected", () => {
  it("names the amount asked and the income given, and the most that can be offered", () => {
    expect(incomeLimitNotice({ askedDollars: 10_000, annualIncome: 16_000 })).toBe(
      "You asked for $10,000. Loans are up to 25% of the yearly income you gave ($16,000), so the most we can offer is $4,000. " +
        "If your yearly income is more, correct it now: it can't be changed after the rate check.",
    );
  });

  it.each([
    [4000, 16_000],
    [3000, 16_000],
  ])("says nothing when $%i is within 25% of $%i", (askedDollars, annualIncome) => {
    expect(incomeLimitNotice({ askedDollars, annualIncome })).toBeNull();
  });
});
