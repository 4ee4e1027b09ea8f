import { scorePercent, scoresByPart, type MutationReport } from "./report.ts";

const report = (files: Record<string, string[]>): MutationReport => ({
  files: Object.fromEntries(Object.entries(files).map(([f, statuses]) => [f, { mutants: statuses.map((status) => ({ status })) }])),
});

describe("scoresByPart: each part of a run scored on its own", () => {
  it.each<[string, Record<string, string[]>, { part: string; killed: number; valid: number }[]]>([
    [
      "killed and timed out count as killed; survived and not covered as not; ignored, static and errors not at all",
      { "lib/routing/decide.ts": ["Killed", "Timeout", "Survived", "NoCoverage", "Ignored", "RuntimeError", "CompileError"] },
      [
        { part: "routing", killed: 2, valid: 4 },
        { part: "lending", killed: 0, valid: 0 },
      ],
    ],
    [
      "the lender's loan rules count for lending",
      {
        "lib/routing/match.ts": ["Killed"],
        "lib/lending/loan-math.ts": ["Killed", "Survived"],
        "local/lender/rules/offer-amount.ts": ["Survived"],
      },
      [
        { part: "routing", killed: 1, valid: 1 },
        { part: "lending", killed: 1, valid: 3 },
      ],
    ],
  ])("%s", (_, files, expected) => {
    expect(scoresByPart(report(files), ["routing", "lending"])).toEqual(expected);
  });

  it("refuses a file that belongs to none of the run's parts, rather than leave it unscored", () => {
    expect(() => scoresByPart(report({ "lib/session/session.ts": ["Survived"] }), ["routing", "lending"])).toThrow(
      "lib/session/session.ts",
    );
  });
});

describe("scorePercent", () => {
  it.each<[number, number, number]>([
    [0, 0, 100],
    [17, 20, 85],
    [84, 100, 84],
    [466, 466, 100],
  ])("%i of %i killed is %d%%", (killed, valid, percent) => {
    expect(scorePercent({ part: "p", killed, valid })).toBe(percent);
  });
});
