// Mutation testing of the pure core (issue 16). `npm run test:mutation` runs scripts/mutation.sh:
// one run per part (MUTATION_PARTS=routing, …), each mutating lib/<part> against lib/<part>'s own
// tests, with its HTML report in reports/mutation/<part>.html (surviving mutants listed there).
// Without MUTATION_PARTS (`npx stryker run`) the whole core is one run: reports/mutation/mutation.html.
const CORE = ["routing", "session", "application", "format", "lending"];
const parts = (process.env.MUTATION_PARTS ?? "").split(",").filter((p) => CORE.includes(p));
const name = parts.length > 0 ? parts.join("-") : "mutation";

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  jest: { projectType: "custom", configFile: "jest.mutation.config.mjs", enableFindRelatedTests: false },
  coverageAnalysis: "perTest",
  mutate: [
    ...(parts.length > 0 ? parts : CORE).map((p) => `lib/${p}/**/*.ts`),
    "!**/*.test.ts",
    "!**/testing/**",
    "!**/index.ts",
    // Server-only glue (cookies(), fetch) is exercised by integration tests, not unit tests.
    "!lib/session/server-session.ts",
    "!lib/session/signed-in-api.ts",
    "!lib/routing/route-table-markdown.ts",
  ],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // MUTATION_IGNORE_STATIC=1 skips static mutants (module-level data such as the route table, run
  // against every test of the part: lib/routing's 548 take ~3/4 of its time); they count as ignored.
  ignoreStatic: process.env.MUTATION_IGNORE_STATIC === "1",
  // A re-run tests only the mutants whose code or covering tests changed, against the last run's
  // results. The file is committed (mutation-baseline/), as Stryker suggests for CI: a fresh clone
  // re-tests what changed since the last full run, not everything (MUTATION_FORCE=1 re-tests all).
  incremental: true,
  // MUTATION_INCREMENTAL_DIR: where the run reads and writes them instead (the test command points it
  // at a copy, so `npm test` leaves the committed baseline as it was).
  incrementalFile: `${process.env.MUTATION_INCREMENTAL_DIR || "mutation-baseline"}/${name}.incremental.json`,
  thresholds: { high: 90, low: 85, break: 85 },
  concurrency: 2,
  timeoutMS: 20_000,
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["data", ".next", "test-results", "playwright-report", "reports", "e2e-artifacts", "mutation-baseline"],
};
