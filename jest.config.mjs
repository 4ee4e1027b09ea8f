import nextJest from "next/jest.js";

// Every test runs west of UTC unless told otherwise: date code must show UTC whatever the zone.
// Workers inherit this; a zone cannot be changed inside a running worker.
process.env.TZ = process.env.JEST_TZ ?? "America/Los_Angeles";

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  testEnvironment: "node",
  // Two workers on the 2-core machines the suite runs on (Jest's own default there is one). Every
  // test makes its own data, so any worker count and order passes.
  maxWorkers: 2,
  // Each worker's shared stand-in server, for the integration suites that only need fresh users
  // (local/infra/testing/worker-server.ts): recorded in a directory per run, stopped at the end.
  globalSetup: "<rootDir>/local/infra/testing/jest-global-setup.ts",
  globalTeardown: "<rootDir>/local/infra/testing/jest-global-teardown.ts",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next/", "/bench/bare-", "<rootDir>/.stryker-tmp/"],
  modulePathIgnorePatterns: ["<rootDir>/.stryker-tmp/"],
});
