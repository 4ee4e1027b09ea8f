/**
 * dashboard-sign's operation against the local API over HTTP, with real tokens from the identity
 * stand-in (moved here from lib/graphql/operations.test.ts with the operation).
 */
import { apiError, userClient } from "@/lib/graphql/client";
import { startLocalServer, type LocalServer } from "@/local/infra/testing/spawn-local-server";
import { OTP, idToken } from "@/local/lender/graphql/testing/api-test-kit";
import { testDatabase, type TestDatabase } from "@/local/infra/testing/test-database";
import { counters } from "./operations";

jest.setTimeout(120_000);

let server: LocalServer;
let database: TestDatabase;
let url: string;

beforeAll(async () => {
  database = await testDatabase();
  server = await startLocalServer({ ...database.env, APP_ENV: "local", LOCAL_OTP_CODE: OTP });
  url = `${server.url}/api/local/graphql`;
});

afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

it("counters answers the embedded signing URL of the caller's own contract, and a clear error otherwise", async () => {
  const signer = userClient(url, await idToken(server.url, "offer-dd@example.com"));
  const signingUrl = new URL(await counters(signer, "sig-dd-a10007"));
  expect(signingUrl.pathname).toBe("/api/local/esign/editor/embeddedSign");
  expect(signingUrl.searchParams.get("signature_id")).toBe("sig-dd-a10007");
  const foreign = await counters(userClient(url, await idToken(server.url, "admin@lender.example")), "sig-dd-a10007").catch(
    (e: unknown) => e,
  );
  expect(apiError(foreign)).toMatchObject({ errorType: "ResourceNotFoundException", field: "signature_id" });
});
