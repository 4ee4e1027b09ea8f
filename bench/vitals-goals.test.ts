import { bestAndMedian, goalMisses, median, signed, throttlingMethod, type Sample } from "./vitals-goals";

const KiB = 1024;
const BARE: Sample = { performance: 99, lcpMs: 700, tbtMs: 120, cls: 0, jsBytes: 134 * KiB, totalBytes: 136 * KiB };
const GOOD: Sample = { performance: 98, lcpMs: 900, tbtMs: 160, cls: 0, jsBytes: 170 * KiB, totalBytes: 200 * KiB };

describe("goalMisses", () => {
  it.each<[string, string, Partial<Sample>, string[]]>([
    ["a page within every goal", "/personal", {}, []],
    ["performance at 95 (the goal itself)", "/personal", { performance: 95 }, []],
    ["performance at 94", "/personal", { performance: 94 }, ["performance 94 < 95"]],
    ["CLS at 0.02", "/personal", { cls: 0.02 }, []],
    ["CLS at 0.021", "/personal", { cls: 0.021 }, ["CLS 0.021 > 0.02"]],
    ["TBT exactly bare + 50 ms", "/personal", { tbtMs: 170 }, []],
    ["TBT bare + 51 ms", "/personal", { tbtMs: 171 }, ["TBT 51 ms over bare > 50"]],
    ["dashboard-sign 3 points below the bare page", "/dashboard-sign?counters=x", { performance: 96 }, []],
    ["dashboard-sign 4 points below the bare page", "/dashboard-sign?counters=x", { performance: 95 }, ["performance 4 below bare > 3"]],
    ["a notice 4 points below the bare page", "/_restricted", { performance: 95 }, ["performance 4 below bare > 3"]],
    ["under-construction 3 points below", "/under-construction", { performance: 96 }, []],
    ["another page 4 points below the bare page (only the 95 applies)", "/personal", { performance: 95 }, []],
    ["TBT below the bare page's", "/personal", { tbtMs: 90 }, []],
    ["LCP at 1.5 s", "/personal", { lcpMs: 1500 }, []],
    ["LCP at 1.51 s", "/personal", { lcpMs: 1510 }, ["LCP 1.51 s > 1.50 s"]],
    ["JS bare + 61 KiB on /login", "/login", { jsBytes: 195 * KiB }, ["JS 61 KiB over bare > 60 KiB"]],
    ["JS bare + 60 KiB on /register", "/register", { jsBytes: 194 * KiB }, []],
    ["JS bare + 61 KiB on /login with a query", "/login?redirect=%2Fpersonal", { jsBytes: 195 * KiB }, ["JS 61 KiB over bare > 60 KiB"]],
    ["JS bare + 109 KiB where only the other goals apply", "/employment", { jsBytes: 243 * KiB }, []],
    [
      "every miss at once, in order",
      "/login",
      { performance: 90, cls: 0.1, tbtMs: 400, lcpMs: 2000, jsBytes: 300 * KiB },
      ["performance 90 < 95", "CLS 0.100 > 0.02", "TBT 280 ms over bare > 50", "LCP 2.00 s > 1.50 s", "JS 166 KiB over bare > 60 KiB"],
    ],
  ])("%s", (_name, path, change, expected) => {
    expect(goalMisses({ path, median: { ...GOOD, ...change } }, BARE)).toEqual(expected);
  });
});

describe("bestAndMedian", () => {
  const runs = (tbts: number[], scores: number[]): Sample[] => tbts.map((tbtMs, i) => ({ ...GOOD, tbtMs, performance: scores[i]! }));

  it("takes the middle of an odd number of runs, whatever their order", () => {
    const { median: m } = bestAndMedian(runs([356, 327, 206, 161, 120], [95, 96, 98, 99, 99]));
    expect(m.tbtMs).toBe(206);
    expect(m.performance).toBe(98);
  });

  it("averages the two middle runs of an even number", () => {
    expect(bestAndMedian(runs([100, 300, 200, 400], [97, 98, 99, 96])).median.tbtMs).toBe(250);
  });

  it("best is the highest score and the lowest time", () => {
    const { best } = bestAndMedian(runs([356, 120, 206], [95, 99, 98]));
    expect(best.performance).toBe(99);
    expect(best.tbtMs).toBe(120);
  });

  it("refuses to summarise no runs", () => {
    expect(() => bestAndMedian([])).toThrow("no runs");
  });
});

it("median of one value is that value", () => {
  expect(median([7])).toBe(7);
});

it.each([
  [12, "", "+12"],
  [0, "", "+0"],
  [-6, " KiB", "−6 KiB"],
])("signed(%d, %j) reads %s", (n, unit, expected) => {
  expect(signed(n, unit)).toBe(expected);
});

describe("throttlingMethod", () => {
  it("is devtools unless told otherwise", () => {
    expect(throttlingMethod(undefined)).toBe("devtools");
    expect(throttlingMethod("simulate")).toBe("simulate");
  });

  it("refuses any other method rather than measure something unnamed", () => {
    expect(() => throttlingMethod("provided")).toThrow('not "provided"');
  });
});
