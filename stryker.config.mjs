// Mutation testing of the pure core (issue 16): `npm run test:mutation` (all of it) or
// `npm run test:mutation -- --mutate 'lib/routing/**/*.ts'` for one part. HTML report in
// reports/mutation/mutation.html; surviving mutants are listed there.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "jest",
  jest: { projectType: "custom", configFile: "jest.mutation.config.mjs", enableFindRelatedTests: false },
  coverageAnalysis: "perTest",
  mutate: [
    "lib/routing/**/*.ts",
    "lib/session/**/*.ts",
    "lib/application/**/*.ts",
    "lib/format/**/*.ts",
    "lib/lending/**/*.ts",
    "!**/*.test.ts",
    "!**/testing/**",
    "!**/index.ts",
    // Server-only glue (cookies(), fetch) is exercised by integration tests, not unit tests.
    "!lib/session/server-session.ts",
    "!lib/routing/route-table-markdown.ts",
  ],
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: 85 },
  concurrency: 2,
  timeoutMS: 20_000,
  tempDirName: ".stryker-tmp",
  ignorePatterns: ["data", ".next", "test-results", "playwright-report", "reports", "e2e-artifacts"],
};
