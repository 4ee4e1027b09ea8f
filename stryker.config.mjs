import { BASELINE_DIR, REPORT_DIR, SCORE_BREAK, mutationRun } from "./scripts/mutation/runs.ts";

// Mutation testing of the pure core (issue 16). `npm run test:mutation` runs scripts/mutation.sh: one
// run per argument, MUTATION_PARTS naming it (a part, `routing,lending`, or the test command's `ci`);
// the parts and runs are scripts/mutation/runs.ts. A run's HTML report is reports/mutation/<run>.html
// (surviving mutants listed there). Without MUTATION_PARTS (`npx stryker run`) the whole core is one
// run: reports/mutation/mutation.html.
const run = mutationRun();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  jest: { projectType: "custom", configFile: "jest.mutation.config.mjs", enableFindRelatedTests: false },
  coverageAnalysis: "perTest",
  mutate: run.mutate,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `${REPORT_DIR}/${run.name}.html` },
  jsonReporter: { fileName: `${REPORT_DIR}/${run.name}.json` },
  // Static mutants (module-level data such as the route table, run against every test of the run:
  // lib/routing's 548 take ~3/4 of its time) are skipped in the `ci` run and with
  // MUTATION_IGNORE_STATIC=1; they count as ignored.
  ignoreStatic: run.ignoreStatic,
  // A re-run tests only the mutants whose code or covering tests changed, against the last run's
  // results. The `ci` run's file is committed (mutation-baseline/), as Stryker suggests for CI: a fresh
  // clone re-tests what changed since the last refresh, not everything (MUTATION_FORCE=1 re-tests all);
  // scripts/mutation/baseline-check.ts fails when it no longer matches the files mutated.
  incremental: true,
  // MUTATION_INCREMENTAL_DIR: where the run reads and writes them instead (the test command points it
  // at a copy, so `npm test` leaves the committed baseline as it was).
  incrementalFile: `${process.env.MUTATION_INCREMENTAL_DIR || BASELINE_DIR}/${run.name}.incremental.json`,
  // Each part of a run is held to the same gate by scripts/mutation/scores.ts.
  thresholds: { high: 90, low: SCORE_BREAK, break: SCORE_BREAK },
  concurrency: 2,
  timeoutMS: 20_000,
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["data", ".next", "test-results", "playwright-report", "reports", "e2e-artifacts", "mutation-baseline"],
};
