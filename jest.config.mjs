import nextJest from "next/jest.js";

// Every test runs west of UTC unless told otherwise: date code must show UTC whatever the zone.
// Workers inherit this; a zone cannot be changed inside a running worker.
process.env.TZ = process.env.JEST_TZ ?? "America/Los_Angeles";

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  testEnvironment: "node",
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next/", "/bench/bare-", "<rootDir>/.stryker-tmp/"],
  modulePathIgnorePatterns: ["<rootDir>/.stryker-tmp/"],
});
