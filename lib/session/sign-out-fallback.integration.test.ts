/**
 * Sign-out always ends the sign-in (issue 43 item 2, 44 item 5): endSignIn against the identity
 * stand-in, for every cookie a browser may send. Afterwards the sign-in's access token and refresh
 * token are refused, whatever the refresh cookie was.
 */
import { randomBytes } from "node:crypto";
import { LOCAL_DEFAULTS } from "@/lib/config/env";
import { cognitoCall, latestCode } from "../../local/infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../local/infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../local/infra/testing/test-database";
import { endSignIn } from "./revoke";

jest.setTimeout(120_000);

const CLIENT = LOCAL_DEFAULTS.cognitoClientId;
let server: LocalServer;
let database: TestDatabase;

beforeAll(async () => {
  database = await testDatabase();
  server = await startLocalServer({ ...database.env, APP_ENV: "local", LOCAL_OTP_CODE: "", LOCAL_OTP_TTL_SECONDS: "" });
});

afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

const call = (op: string, body: unknown) => cognitoCall(server.url, op, body);

async function newUser() {
  const username = randomBytes(3).toString("hex");
  const email = `u-${randomBytes(5).toString("hex")}@example.com`;
  const res = await call("SignUp", {
    ClientId: CLIENT,
    Username: username,
    Password: randomBytes(30).toString("hex"),
    UserAttributes: [{ Name: "email", Value: email }],
  });
  expect(res.status).toBe(200);
  return { username, email };
}

async function signIn(user: { username: string; email: string }): Promise<Record<string, string>> {
  const started = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: user.username } });
  const res = await call("RespondToAuthChallenge", {
    ClientId: CLIENT,
    ChallengeName: "CUSTOM_CHALLENGE",
    Session: started.json.Session,
    ChallengeResponses: { USERNAME: user.username, ANSWER: await latestCode(server.url, user.email) },
  });
  expect(res.status).toBe(200);
  return res.json.AuthenticationResult as Record<string, string>;
}

const failRevoke: typeof fetch = async (input, init) => {
  if (new Headers(init?.headers).get("x-amz-target")?.endsWith(".RevokeToken")) throw new TypeError("fetch failed");
  return fetch(input, init);
};

describe("endSignIn against the identity stand-in", () => {
  it.each<[string, (own: string, stale: string) => string | undefined, typeof fetch | undefined, string]>([
    ["its own refresh cookie", (own) => own, undefined, "revoked"],
    ["no refresh cookie", () => undefined, undefined, "signed-out-everywhere"],
    ["a junk refresh cookie", () => "junk-refresh-cookie", undefined, "signed-out-everywhere"],
    ["a stale refresh cookie (an earlier, revoked sign-in)", (_own, stale) => stale, undefined, "signed-out-everywhere"],
    ["RevokeToken failing (retried once)", (own) => own, failRevoke, "signed-out-everywhere"],
  ])("with %s, every token of the sign-in is dead afterwards", async (_name, refreshCookie, fetchImpl, outcome) => {
    const user = await newUser();
    const stale = await signIn(user);
    expect((await call("RevokeToken", { ClientId: CLIENT, Token: stale.RefreshToken })).status).toBe(200);
    const own = await signIn(user);
    const calls: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      calls.push(new Headers(init?.headers).get("x-amz-target")!.replace(/^.*\./, ""));
      return (fetchImpl ?? fetch)(input, init);
    };
    const result = await endSignIn({
      endpoint: `${server.url}/api/local/cognito`,
      region: "us-east-1",
      clientId: CLIENT,
      refreshToken: refreshCookie(own.RefreshToken!, stale.RefreshToken!),
      accessToken: own.AccessToken,
      fetchImpl: counting,
      timeoutMs: 5000,
    });
    expect(result).toEqual({ outcome });
    if (fetchImpl === failRevoke) expect(calls.slice(0, 2)).toEqual(["RevokeToken", "RevokeToken"]);
    expect((await call("GetUser", { AccessToken: own.AccessToken })).json.__type).toBe("NotAuthorizedException");
    const refreshed = await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: own.RefreshToken });
    expect(refreshed.json.__type).toBe("NotAuthorizedException");
  });

  it("reports a failure, naming the call, when Cognito answers nothing", async () => {
    const down: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const result = await endSignIn({
      endpoint: `${server.url}/api/local/cognito`,
      region: "us-east-1",
      clientId: CLIENT,
      refreshToken: "rt",
      accessToken: "at",
      fetchImpl: down,
    });
    expect(result).toEqual({ outcome: "failed", failedStep: "GlobalSignOut" });
  });
});
