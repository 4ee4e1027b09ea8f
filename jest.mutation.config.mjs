import nextJest from "next/jest.js";
import { mutationRun } from "./scripts/mutation/runs.ts";

// The Jest run Stryker uses: only the pure core's own tests (fast, no servers), in an environment
// that reports per-test coverage so each mutant runs only the tests that reach it.
process.env.TZ = process.env.JEST_TZ ?? "America/Los_Angeles";

// Only the tests of the parts being mutated (MUTATION_PARTS, scripts/mutation/runs.ts): a static
// mutant (a module-level constant) runs every test, and the session tests' key generation takes seconds.
const { tests } = mutationRun();
// Jest crawls only the tests' folders: each glob up to its first wildcard segment, or its folder.
const roots = [...new Set(tests.map((glob) => glob.replace(/\/[^/]*[*{?].*$|\/[^/]*$/, "")))];

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  testEnvironment: "@stryker-mutator/jest-runner/jest-env/node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  roots: roots.map((dir) => `<rootDir>/${dir}`),
  testMatch: tests.map((glob) => `<rootDir>/${glob}`),
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/.stryker-tmp/"],
  // Key generation in the session tests takes seconds on a busy 2-core machine.
  testTimeout: 30_000,
});
