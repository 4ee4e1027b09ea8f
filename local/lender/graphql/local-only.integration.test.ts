/** Outside APP_ENV=local the GraphQL, search and e-signature stand-ins do not exist: 404, never an answer. */
import { print } from "graphql";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { CheckIfIslandInAlgoliaDocument } from "../../../lib/graphql/generated/operations";
import { standInSuite } from "./testing/api-test-kit";

jest.setTimeout(120_000);

const server = standInSuite({
  APP_ENV: "production",
  COGNITO_USER_POOL_ID: LOCAL_DEFAULTS.cognitoUserPoolId,
  COGNITO_CLIENT_ID: LOCAL_DEFAULTS.cognitoClientId,
  SESSION_SECRET: "x".repeat(40),
  GRAPHQL_API_KEY: LOCAL_DEFAULTS.graphqlApiKey,
  GRAPHQL_URL: "https://api.example.com/graphql",
});

it("answers 404 for the GraphQL API and the employer index in production", async () => {
  const graphql = await fetch(`${server.url}/api/local/graphql`, {
    method: "POST",
    headers: { "x-api-key": LOCAL_DEFAULTS.graphqlApiKey, "content-type": "application/json" },
    body: JSON.stringify({ query: print(CheckIfIslandInAlgoliaDocument), variables: { employerId: "8000" } }),
  });
  expect(graphql.status).toBe(404);
  const search = await fetch(`${server.url}/api/local/algolia/1/indexes/*/queries`, {
    method: "POST",
    body: JSON.stringify({ requests: [{ indexName: "production_employers", query: "a" }] }),
  });
  expect(search.status).toBe(404);
});

it("answers 404 for the e-signature stand-in in production", async () => {
  expect((await fetch(`${server.url}/api/local/esign/editor/embeddedSign?signature_id=x&token=y`)).status).toBe(404);
  const res = await fetch(`${server.url}/api/local/esign/sign`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(res.status).toBe(404);
});
