import { existsSync, globSync } from "node:fs";
import path from "node:path";
import { baselineProblems, filesToMutate, type BaselineListing } from "./baseline.ts";
import { CI_RUN, PARTS, mutationRun, type RunEnv } from "./runs.ts";

const FRESH: BaselineListing = { files: ["lib/a.ts", "lib/b.ts"], testFiles: ["lib/a.test.ts", ""] };
const ON_DISK = new Set(["lib/a.ts", "lib/b.ts", "lib/c.ts", "lib/a.test.ts", "lib/types.ts"]);

describe("baselineProblems: a baseline is stale when it lacks a file with mutants or lists a file that is gone", () => {
  it.each<[string, BaselineListing, string[], string[]]>([
    ["fresh: lists exactly the files with mutants", FRESH, ["lib/a.ts", "lib/b.ts"], []],
    ["a new file with mutants", FRESH, ["lib/a.ts", "lib/b.ts", "lib/c.ts"], ["lacks lib/c.ts, which has mutants"]],
    [
      "a mutated file moved away",
      { ...FRESH, files: [...FRESH.files, "lib/moved.ts"] },
      ["lib/a.ts", "lib/b.ts"],
      ["lists lib/moved.ts, which no longer exists"],
    ],
    ["a file still there that the run no longer mutates", FRESH, ["lib/a.ts"], ["lists lib/b.ts, which the run no longer mutates"]],
    [
      "a test file that is gone",
      { ...FRESH, testFiles: [...FRESH.testFiles, "lib/gone.test.ts"] },
      ["lib/a.ts", "lib/b.ts"],
      ["lists the test file lib/gone.test.ts, which no longer exists"],
    ],
    [
      "every problem at once, missing files first",
      { files: ["lib/a.ts", "lib/gone.ts"], testFiles: ["lib/gone.test.ts"] },
      ["lib/a.ts", "lib/c.ts"],
      [
        "lacks lib/c.ts, which has mutants",
        "lists lib/gone.ts, which no longer exists",
        "lists the test file lib/gone.test.ts, which no longer exists",
      ],
    ],
    ["no baseline entries at all", { files: [], testFiles: [] }, ["lib/a.ts"], ["lacks lib/a.ts, which has mutants"]],
  ])("%s", (_, baseline, mutantFiles, expected) => {
    expect(baselineProblems(baseline, mutantFiles, (f) => ON_DISK.has(f))).toEqual(expected);
  });
});

describe("filesToMutate: Stryker's globs in order", () => {
  const TREE = ["lib/x/a.ts", "lib/x/a.test.ts", "lib/x/index.ts", "lib/x/testing/kit.ts", "lib/y/b.ts", "local/r/c.ts"];
  const glob = (pattern: string) => TREE.filter((f) => path.posix.matchesGlob(f, pattern));
  it.each<[string, string[], string[]]>([
    ["a glob adds what it matches", ["lib/x/**/*.ts"], ["lib/x/a.test.ts", "lib/x/a.ts", "lib/x/index.ts", "lib/x/testing/kit.ts"]],
    ["a !glob removes it", ["lib/x/**/*.ts", "!**/*.test.ts", "!**/testing/**", "!**/index.ts"], ["lib/x/a.ts"]],
    ["a !glob removes only what came before it", ["!lib/y/b.ts", "lib/y/*.ts"], ["lib/y/b.ts"]],
    ["files matched twice are listed once, sorted", ["local/r/c.ts", "lib/**/b.ts", "local/**/*.ts"], ["lib/y/b.ts", "local/r/c.ts"]],
  ])("%s", (_, globs, expected) => {
    expect(filesToMutate(globs, glob)).toEqual(expected);
  });
});

describe("mutationRun: what MUTATION_PARTS names", () => {
  it.each<[string, RunEnv, { name: string; parts: string[]; ignoreStatic: boolean }]>([
    ["the test command's run", { MUTATION_PARTS: CI_RUN }, { name: "ci", parts: ["routing", "lending"], ignoreStatic: true }],
    [
      "parts joined, in one order",
      { MUTATION_PARTS: "lending,routing" },
      { name: "routing-lending", parts: ["routing", "lending"], ignoreStatic: false },
    ],
    [
      "one part, static mutants skipped on request",
      { MUTATION_PARTS: "session", MUTATION_IGNORE_STATIC: "1" },
      { name: "session", parts: ["session"], ignoreStatic: true },
    ],
    ["nothing named: every part", {}, { name: "mutation", parts: Object.keys(PARTS), ignoreStatic: false }],
  ])("%s", (_, env, expected) => {
    expect(mutationRun(env)).toMatchObject(expected);
  });

  it("lists every exclusion after every inclusion, so that no part's glob adds back what another excludes", () => {
    const { mutate } = mutationRun({});
    const firstExclusion = mutate.findIndex((g) => g.startsWith("!"));
    expect(mutate.slice(firstExclusion).every((g) => g.startsWith("!"))).toBe(true);
  });

  // Checked against the tree: a mutant can only be killed by a test the run runs.
  it("runs, in the test command's run, the own tests of every file it mutates (the lender's loan rules included)", () => {
    const root = path.resolve(__dirname, "../..");
    const run = mutationRun({ MUTATION_PARTS: CI_RUN });
    const mutated = filesToMutate(run.mutate, (g) => globSync(g, { cwd: root }).map((f) => f.split(path.sep).join("/")));
    expect(mutated).toEqual(
      expect.arrayContaining([
        "local/lender/rules/repayment-schedule.ts",
        "local/lender/rules/offer-amount.ts",
        "local/lender/rules/payroll-deductions.ts",
      ]),
    );
    const ownTests = mutated.map((f) => f.replace(/\.ts$/, ".test.ts")).filter((t) => existsSync(path.join(root, t)));
    expect(ownTests.length).toBeGreaterThan(10);
    expect(ownTests.filter((t) => !run.tests.some((g) => path.posix.matchesGlob(t, g)))).toEqual([]);
  });
});
