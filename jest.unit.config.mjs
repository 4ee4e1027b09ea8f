import config from "./jest.config.mjs";

// `npm run check`'s Jest: every suite but the integration suites, those that start the stand-ins'
// server or a database, known by name: `*.integration.test.ts` (`*.pg.integration.test.ts` are also
// run on PostgreSQL). local/infra/testing/integration-names.test.ts fails when a suite that imports
// a server or database kit is not so named, so none slips into this run. `npm test` runs them all.
export const INTEGRATION_SUITE = /\.integration\.test\.tsx?$/;

export default async () => {
  const base = await config();
  return { ...base, testPathIgnorePatterns: [...base.testPathIgnorePatterns, INTEGRATION_SUITE.source] };
};
