import nextJest from "next/jest.js";

// The Jest run Stryker uses: only the pure core's own tests (fast, no servers), in an environment
// that reports per-test coverage so each mutant runs only the tests that reach it.
process.env.TZ = process.env.JEST_TZ ?? "America/Los_Angeles";

// MUTATION_PARTS (scripts/mutation.sh) narrows the run to the parts being mutated: a static mutant
// (a module-level constant) runs every test, and the session tests' key generation takes seconds.
const CORE = ["routing", "session", "application", "format", "lending"];
const parts = (process.env.MUTATION_PARTS ?? "").split(",").filter((p) => CORE.includes(p));
const dirs = parts.length > 0 ? parts : CORE;

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  testEnvironment: "@stryker-mutator/jest-runner/jest-env/node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  roots: ["<rootDir>/lib"],
  testMatch: [`<rootDir>/lib/${dirs.length > 1 ? `{${dirs.join(",")}}` : dirs[0]}/**/*.test.ts`],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.stryker-tmp/"],
  // Key generation in the session tests takes seconds on a busy 2-core machine.
  testTimeout: 30_000,
});
