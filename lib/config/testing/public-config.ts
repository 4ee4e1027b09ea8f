import type { PublicConfig } from "../env";

/**
 * A local PublicConfig for component tests. Type-only import: tests that mock "@/lib/config/env"
 * can still use it. Tests assert the dashboard host and the GraphQL URL; the rest is filler.
 */
export const TEST_PUBLIC_CONFIG: PublicConfig = {
  appEnv: "local",
  hosts: { dashboard: "https://app.lender.example", lending: "l", marketing: "m" },
  signInInApp: true,
  cognito: { region: "us-east-1", userPoolId: "us-east-1_localpool", clientId: "c" },
  graphql: { url: "http://api.test/graphql", apiKey: "k" },
  companyEmailDomains: [],
  widgets: { argyleScriptUrl: "a", mapsStandInScript: null, plaidStandInScript: null, outboxUrl: null },
};
