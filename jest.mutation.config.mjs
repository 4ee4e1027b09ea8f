import nextJest from "next/jest.js";

// The Jest run Stryker uses: only the pure core's own tests (fast, no servers), in an environment
// that reports per-test coverage so each mutant runs only the tests that reach it.
process.env.TZ = process.env.JEST_TZ ?? "America/Los_Angeles";

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  testEnvironment: "@stryker-mutator/jest-runner/jest-env/node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  roots: ["<rootDir>/lib"],
  testMatch: ["<rootDir>/lib/{routing,session,application,format,lending}/**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.stryker-tmp/"],
  // Key generation in the session tests takes seconds on a busy 2-core machine.
  testTimeout: 30_000,
});
