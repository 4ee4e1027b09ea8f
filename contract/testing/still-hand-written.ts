/**
 * The test files that still write by hand operations a generated document sends, with the root
 * fields they write (issue 53). contract/contract.test.ts fails on any other file or field, and on
 * an entry a file no longer needs: convert a file to the generated documents, then delete its line.
 * Entries are only ever removed.
 */
export const STILL_HAND_WRITTEN: Readonly<Record<string, readonly string[]>> = {
  "app/(dashboard)/bank/micro-deposit-cap.pg.integration.test.ts": ["manually", "verifies"],
  "app/(dashboard)/decision-facts-doors.integration.test.ts": ["applies", "setEmployer"],
  "e2e/popups.spec.ts": ["setEvolveConsent"],
  "local/lender/apps/stand-in-apps.pg.integration.test.ts": ["applies", "identifies", "setApplicationStep", "setEmployer"],
  "local/lender/graphql/errors.integration.test.ts": ["loadEmployer"],
  "local/lender/graphql/graphql-api.pg.integration.test.ts": [
    "accounts",
    "applies",
    "checkIfIslandInAlgolia",
    "identifies",
    "justRegistered",
    "loadEmployer",
    "loadFrontend",
    "logOriginTracking",
    "logs",
    "queries",
    "setApplicationStep",
    "setEmployer",
    "setEvolveConsent",
  ],
  "local/lender/graphql/local-only.integration.test.ts": ["checkIfIslandInAlgolia"],
  "local/lender/rules/compliance-api.pg.integration.test.ts": [
    "applies",
    "counters",
    "identifies",
    "initializeArgyle",
    "manually",
    "originationPaymentCalculator",
    "setEmployer",
    "successfulArgyleUpdate",
    "verifies",
  ],
  "local/lender/rules/lending-api.pg.integration.test.ts": [
    "applies",
    "identifies",
    "loadFrontend",
    "originationPaymentCalculator",
    "preQualification",
    "setApplicationStep",
    "setEmployer",
  ],
  "local/stand-ins-fuzz.pg.integration.test.ts": ["logs", "setEmployer"],
  "local/vendors/esign/esign.pg.integration.test.ts": ["counters", "loadFrontend", "queries"],
  "local/vendors/plaid/plaid-oauth.integration.test.ts": ["createLinkToken"],
};
