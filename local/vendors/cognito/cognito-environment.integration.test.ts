/**
 * What the environment changes: code expiry (LOCAL_OTP_TTL_SECONDS), fixed codes (LOCAL_OTP_CODE),
 * keys and sessions surviving a restart, and the stand-ins vanishing outside APP_ENV=local.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { cognitoCall, latestCode } from "../../infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../infra/testing/test-database";
import { decodePayload } from "../../infra/testing/verify-jwt";

jest.setTimeout(180_000);

const POOL = LOCAL_DEFAULTS.cognitoUserPoolId;
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const started: LocalServer[] = [];
const databases: TestDatabase[] = [];
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "identity-test-"));
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await Promise.all(databases.map((d) => d.cleanup()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>, database?: TestDatabase) {
  const db = database ?? (await testDatabase());
  if (!database) databases.push(db);
  const server = await startLocalServer({ LOCAL_OTP_CODE: "", LOCAL_OTP_TTL_SECONDS: "", ...db.env, ...env });
  started.push(server);
  return server;
}

const initiate = (url: string, username: string) =>
  cognitoCall(url, "InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: username } });
const respond = (url: string, username: string, session: string, code: string) =>
  cognitoCall(url, "RespondToAuthChallenge", {
    ClientId: CLIENT,
    ChallengeName: "CUSTOM_CHALLENGE",
    Session: session,
    ChallengeResponses: { USERNAME: username, ANSWER: code },
  });

it("an expired code ends the challenge with Cognito's expired-session error", async () => {
  const server = await start({ APP_ENV: "local", LOCAL_OTP_TTL_SECONDS: "1" });
  const challenge = await initiate(server.url, "a10001");
  const code = await latestCode(server.url, "newcomer@example.com");
  await sleep(1500);
  const res = await respond(server.url, "a10001", challenge.json.Session, code);
  expect(res.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user, session is expired." });

  // Within the TTL the same kind of answer works, so it is the clock that refused it above.
  const fresh = await initiate(server.url, "a10001");
  const ok = await respond(server.url, "a10001", fresh.json.Session, await latestCode(server.url, "newcomer@example.com"));
  expect(ok.json.AuthenticationResult).toBeDefined();
});

it("with LOCAL_OTP_CODE every code is that value", async () => {
  const server = await start({ APP_ENV: "local", LOCAL_OTP_CODE: "424242" });
  for (const user of ["a10002", "admin@lender.example"]) {
    const challenge = await initiate(server.url, user);
    const res = await respond(server.url, user, challenge.json.Session, "424242");
    expect(res.json.AuthenticationResult.AccessToken).toBeTruthy();
  }
  expect(await latestCode(server.url, "admin@lender.example")).toBe("424242");
});

it("fails closed on a malformed LOCAL_OTP_CODE", async () => {
  const server = await start({ APP_ENV: "local", LOCAL_OTP_CODE: "12ab" });
  const res = await initiate(server.url, "a10001");
  expect(res.status).toBe(500);
  expect(res.json.__type).toBe("InternalErrorException");
  expect(await server.waitForOutput("LOCAL_OTP_CODE: must be 6 digits")).toContain("LOCAL_OTP_CODE: must be 6 digits");
});

it("keeps the signing key and sessions across a restart", async () => {
  const database = await testDatabase({ dir: path.join(dir, "pglite") });
  databases.push(database);
  const first = await start({ APP_ENV: "local", LOCAL_OTP_CODE: "111111", LOCAL_SERVER_PORT: "0" }, database);
  const challenge = await initiate(first.url, "a10004");
  const tokens = (await respond(first.url, "a10004", challenge.json.Session, "111111")).json.AuthenticationResult;
  const kid = (await (await fetch(`${first.url}/api/local/cognito/${POOL}/.well-known/jwks.json`)).json()).keys[0].kid;
  await first.stop();

  const second = await start({ APP_ENV: "local", LOCAL_OTP_CODE: "111111" }, database);
  const again = (await (await fetch(`${second.url}/api/local/cognito/${POOL}/.well-known/jwks.json`)).json()).keys[0].kid;
  expect(again).toBe(kid);
  const refreshed = await cognitoCall(second.url, "GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: tokens.RefreshToken });
  expect(refreshed.status).toBe(200);
  expect(JSON.parse(Buffer.from(refreshed.json.AuthenticationResult.IdToken.split(".")[0], "base64url").toString()).kid).toBe(kid);
  expect(decodePayload(refreshed.json.AuthenticationResult.IdToken)["cognito:username"]).toBe("a10004");
});

it("answers 404 on every local endpoint outside the local environment", async () => {
  const server = await start({
    APP_ENV: "production",
    COGNITO_USER_POOL_ID: POOL,
    COGNITO_CLIENT_ID: CLIENT,
    SESSION_SECRET: "x".repeat(40),
    GRAPHQL_API_KEY: "key",
    GRAPHQL_URL: "https://api.example.com/graphql",
  });
  const cognito = await initiate(server.url, "a10001");
  expect(cognito.status).toBe(404);
  const options = await fetch(`${server.url}/api/local/cognito`, { method: "OPTIONS" });
  expect(options.status).toBe(404);
  for (const p of [`/api/local/cognito/${POOL}/.well-known/jwks.json`, "/api/local/outbox?format=json", "/api/local/apps/dashboard/x"]) {
    expect([p, (await fetch(`${server.url}${p}`)).status]).toEqual([p, 404]);
  }
});
