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
import { decodeJwt } from "jose";
import { gql } from "../../local/lender/graphql/testing/api-test-kit";
import { endIdleSignIn } from "./edge-activity";
import { endSignIn } from "./revoke";
import { sessionCookieJar } from "./session-cookies";

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

/** The sign-in an identity token names (the middleware verifies it; here the stand-in minted it). */
const signInOf = (idToken: string) => {
  const claims = decodeJwt(idToken);
  return { sub: claims.sub as string, originJti: claims.origin_jti as string };
};
const endpoint = () => `${server.url}/api/local/cognito`;
const apiAccepts = async (token: string) => (await gql(server.url, { token }, "query { __typename }")).status === 200;

describe("endSignIn against the identity stand-in", () => {
  it.each<[string, (own: string, stale: string) => string | undefined, "own" | "none" | "junk", typeof fetch | undefined, string]>([
    ["its own refresh cookie", (own) => own, "own", undefined, "revoked"],
    ["no refresh cookie", () => undefined, "own", undefined, "signed-out-everywhere"],
    ["a junk refresh cookie", () => "junk-refresh-cookie", "own", undefined, "signed-out-everywhere"],
    ["a stale refresh cookie (an earlier, revoked sign-in)", (_own, stale) => stale, "own", undefined, "signed-out-everywhere"],
    ["RevokeToken failing (retried once)", (own) => own, "own", failRevoke, "signed-out-everywhere"],
    // Nothing Cognito says here is about this sign-in: the audit must not claim it ended.
    ["a junk refresh cookie and no access token", () => "junk-refresh-cookie", "none", undefined, "unconfirmed"],
    ["a stale refresh cookie and no access token", (_own, stale) => stale, "none", undefined, "unconfirmed"],
    ["a junk refresh cookie and a junk access token", () => "junk-refresh-cookie", "junk", undefined, "unconfirmed"],
  ])("with %s", async (_name, refreshCookie, accessCookie, fetchImpl, outcome) => {
    const user = await newUser();
    const stale = await signIn(user);
    expect((await call("RevokeToken", { ClientId: CLIENT, Token: stale.RefreshToken })).status).toBe(200);
    const own = await signIn(user);
    const calls: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      calls.push(new Headers(init?.headers).get("x-amz-target")!.replace(/^.*\./, ""));
      return (fetchImpl ?? fetch)(input, init);
    };
    const identity = signInOf(own.IdToken!);
    const result = await endSignIn({
      endpoint: endpoint(),
      region: "us-east-1",
      clientId: CLIENT,
      refreshToken: refreshCookie(own.RefreshToken!, stale.RefreshToken!),
      accessToken: { own: own.AccessToken, none: undefined, junk: "junk.access.token" }[accessCookie],
      identity,
      fetchImpl: counting,
      timeoutMs: 5000,
    });
    expect(result).toEqual(outcome === "unconfirmed" ? { outcome } : { outcome, sub: identity.sub });
    if (fetchImpl === failRevoke) expect(calls.filter((c) => c === "RevokeToken")).toEqual(["RevokeToken", "RevokeToken"]);
    const dead = (await call("GetUser", { AccessToken: own.AccessToken })).json.__type === "NotAuthorizedException";
    // Every confirmed outcome is true: every token of the sign-in is dead; an unconfirmed one may not be.
    if (outcome !== "unconfirmed") {
      expect(dead).toBe(true);
      const refreshed = await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: own.RefreshToken });
      expect(refreshed.json.__type).toBe("NotAuthorizedException");
    } else {
      expect(dead).toBe(false);
    }
  });

  it("reports a failure, naming the call, when Cognito answers nothing", async () => {
    const down: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const access =
      ["{}", JSON.stringify({ token_use: "access", sub: "s" })].map((p) => Buffer.from(p).toString("base64url")).join(".") + ".x";
    const result = await endSignIn({
      endpoint: endpoint(),
      region: "us-east-1",
      clientId: CLIENT,
      refreshToken: "rt",
      accessToken: access,
      fetchImpl: down,
    });
    expect(result).toEqual({ outcome: "failed", failedStep: "GlobalSignOut" });
  });
});

describe("the idle limit ends the sign-in at Cognito (issue 51 item 5)", () => {
  it("at the first request after the window, with the tokens it carries: nothing minted after the window works anywhere", async () => {
    const user = await newUser();
    const first = await signIn(user);
    // Past the window the browser refreshes: tokens minted after the idle limit.
    const minted = (await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: first.RefreshToken })).json
      .AuthenticationResult as Record<string, string>;
    expect(await apiAccepts(minted.IdToken!)).toBe(true);
    const prefix = `CognitoIdentityServiceProvider.${CLIENT}.${user.username}`;
    const jar = sessionCookieJar(
      [
        `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${user.username}`,
        `${prefix}.idToken=${minted.IdToken}`,
        `${prefix}.accessToken=${minted.AccessToken}`,
        `${prefix}.refreshToken=${first.RefreshToken}`,
      ].join("; "),
    );
    // What the edge calls once its stamp says idle (middleware.ts, lib/session/edge-activity.ts).
    const result = await endIdleSignIn(jar, signInOf(minted.IdToken!), {
      endpoint: endpoint(),
      region: "us-east-1",
      clientId: CLIENT,
      timeoutMs: 5000,
    });
    expect(result.outcome).toBe("revoked");
    // The stand-in API refuses every token of the sign-in, those minted after the window included…
    for (const token of [first.IdToken!, minted.IdToken!, minted.AccessToken!]) expect(await apiAccepts(token)).toBe(false);
    // …and the refresh token mints nothing more.
    const again = await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: first.RefreshToken });
    expect(again.json.__type).toBe("NotAuthorizedException");
  });
});
