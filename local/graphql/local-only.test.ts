/** Outside APP_ENV=local the GraphQL and search stand-ins do not exist: 404, never an answer. */
import { LOCAL_DEFAULTS } from "../../lib/config/env";
import { testDatabase, type TestDatabase } from "../testing/test-database";
import { startLocalServer, type LocalServer } from "../testing/spawn-local-server";

jest.setTimeout(120_000);

let server: LocalServer;
let database: TestDatabase;

beforeAll(async () => {
  database = await testDatabase();
  server = await startLocalServer({
    ...database.env,
    APP_ENV: "production",
    COGNITO_USER_POOL_ID: LOCAL_DEFAULTS.cognitoUserPoolId,
    COGNITO_CLIENT_ID: LOCAL_DEFAULTS.cognitoClientId,
    SESSION_SECRET: "x".repeat(40),
    GRAPHQL_API_KEY: LOCAL_DEFAULTS.graphqlApiKey,
    GRAPHQL_URL: "https://api.example.com/graphql",
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

it("answers 404 for the GraphQL API and the employer index in production", async () => {
  const graphql = await fetch(`${server.url}/api/local/graphql`, {
    method: "POST",
    headers: { "x-api-key": LOCAL_DEFAULTS.graphqlApiKey, "content-type": "application/json" },
    body: JSON.stringify({ query: 'mutation { checkIfIslandInAlgolia(employerId: "8000") }' }),
  });
  expect(graphql.status).toBe(404);
  const search = await fetch(`${server.url}/api/local/algolia/1/indexes/*/queries`, {
    method: "POST",
    body: JSON.stringify({ requests: [{ indexName: "production_employers", query: "a" }] }),
  });
  expect(search.status).toBe(404);
});
