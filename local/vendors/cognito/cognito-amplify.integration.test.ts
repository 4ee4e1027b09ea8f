/**
 * The whole passwordless flow, driven by aws-amplify itself against the local stand-in served
 * over HTTP (a child process; PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
 */
import { randomBytes } from "node:crypto";
import { Amplify } from "aws-amplify";
import { confirmSignIn, fetchAuthSession, fetchUserAttributes, getCurrentUser, signIn, signOut, signUp } from "aws-amplify/auth";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { PERSONAS } from "../../lender/seed/personas";
import { cognitoCall, latestCode, wrongCode } from "../../infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../infra/testing/test-database";
import { decodePayload, verifyRs256, type Jwk } from "../../infra/testing/verify-jwt";

jest.setTimeout(120_000);

const POOL = LOCAL_DEFAULTS.cognitoUserPoolId;
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;

/** Amplify's token store, kept in memory so the test can read the refresh token it holds. */
const store = new Map<string, string>();
const memoryStorage = {
  setItem: async (key: string, value: string) => void store.set(key, value),
  getItem: async (key: string) => store.get(key) ?? null,
  removeItem: async (key: string) => void store.delete(key),
  clear: async () => store.clear(),
};
const storedRefreshToken = () => [...store.entries()].find(([k]) => k.endsWith(".refreshToken"))?.[1];

let server: LocalServer;
let database: TestDatabase;
let jwks: { keys: Jwk[] };

beforeAll(async () => {
  database = await testDatabase();
  server = await startLocalServer({ ...database.env, APP_ENV: "local", LOCAL_OTP_CODE: "", LOCAL_OTP_TTL_SECONDS: "" });
  Amplify.configure({
    Auth: {
      Cognito: { userPoolId: POOL, userPoolClientId: CLIENT, userPoolEndpoint: `${server.url}/api/local/cognito` },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(memoryStorage);
  jwks = (await (await fetch(`${server.url}/api/local/cognito/${POOL}/.well-known/jwks.json`)).json()) as typeof jwks;
});

afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

const issuer = () => `${server.url}/api/local/cognito/${POOL}`;

/**
 * Each test brings its own user to the state it needs (Amplify holds one signed-in user at a time,
 * so every test starts by signing out): the tests pass in any order (`jest --randomize`).
 */
async function freshUser() {
  await signOut();
  const user = {
    username: randomBytes(3).toString("hex"),
    email: `new-${randomBytes(4).toString("hex")}@Example.com`,
  };
  const result = await signUp({
    username: user.username,
    password: randomBytes(30).toString("hex"),
    options: { userAttributes: { email: user.email } },
  });
  return { ...user, result };
}

async function signedInFreshUser() {
  const user = await freshUser();
  await signIn({ username: user.username, options: { authFlowType: "CUSTOM_WITHOUT_SRP" } });
  const done = await confirmSignIn({ challengeResponse: await latestCode(server.url, user.email) });
  expect(done.isSignedIn).toBe(true);
  const { tokens } = await fetchAuthSession();
  return { ...user, idToken: tokens!.idToken!.toString(), accessToken: tokens!.accessToken.toString() };
}

describe("passwordless sign-up and sign-in with aws-amplify", () => {
  it("signs up, auto-confirmed", async () => {
    const { result } = await freshUser();
    expect(result.isSignUpComplete).toBe(true);
    expect(result.nextStep.signUpStep).toBe("DONE");
    expect(result.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a second sign-up with the same e-mail looks like the first (no user existence errors); signing in reaches the first account", async () => {
    const { email, username } = await freshUser();
    const again = await signUp({
      username: randomBytes(3).toString("hex"),
      password: randomBytes(30).toString("hex"),
      options: { userAttributes: { email: email.toUpperCase() } },
    });
    expect(again.isSignUpComplete).toBe(true);
    expect(again.nextStep.signUpStep).toBe("DONE");
    await signOut();
    const started = await signIn({ username: email, options: { authFlowType: "CUSTOM_WITHOUT_SRP" } });
    expect(started.nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    const done = await confirmSignIn({ challengeResponse: await latestCode(server.url, email) });
    expect(done.isSignedIn).toBe(true);
    expect((await getCurrentUser()).username).toBe(username);
    await signOut();
  });

  it("signs in with a custom challenge: a wrong code asks again, the right one signs in", async () => {
    const { username, email } = await freshUser();
    const started = await signIn({ username, options: { authFlowType: "CUSTOM_WITHOUT_SRP" } });
    expect(started.isSignedIn).toBe(false);
    expect(started.nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    const code = await latestCode(server.url, email);
    expect(code).toMatch(/^\d{6}$/);
    // The server says a code went out, never which code or to whom (the outbox page shows both).
    expect(await server.waitForOutput("code sent: read it at /api/local/outbox")).toContain("code sent: read it at /api/local/outbox");
    expect(server.output()).not.toContain(code);
    expect(server.output()).not.toContain(email.toLowerCase());

    const wrong = await confirmSignIn({ challengeResponse: wrongCode(code) });
    expect(wrong.isSignedIn).toBe(false);
    expect(wrong.nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");

    const right = await confirmSignIn({ challengeResponse: code });
    expect(right).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    expect((await getCurrentUser()).username).toBe(username);
  });

  it("issues RS256 tokens with Cognito's claims, verifiable against the JWKS", async () => {
    const { username, email, idToken, accessToken } = await signedInFreshUser();
    const id = verifyRs256(idToken, jwks);
    expect(id.header.kid).toBe(jwks.keys[0]?.kid);
    expect(id.payload).toMatchObject({
      iss: issuer(),
      aud: CLIENT,
      token_use: "id",
      "cognito:username": username,
      email: email.toLowerCase(),
      email_verified: true,
    });
    const access = verifyRs256(accessToken, jwks);
    expect(access.payload).toMatchObject({
      iss: issuer(),
      client_id: CLIENT,
      token_use: "access",
      scope: "aws.cognito.signin.user.admin",
      username,
      sub: id.payload.sub,
    });
    for (const { payload } of [id, access]) {
      expect(payload.exp).toBe((payload.iat as number) + 3600);
      expect(typeof payload.jti).toBe("string");
      expect(payload.origin_jti).toBe(id.payload.origin_jti);
      expect(payload.auth_time).toBe(id.payload.auth_time);
    }
    expect(storedRefreshToken()).toBeTruthy();
  });

  it("refreshes with GetTokensFromRefreshToken: new tokens, same sign-in", async () => {
    const first = await signedInFreshUser();
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    const idToken = tokens!.idToken!.toString();
    const accessToken = tokens!.accessToken.toString();
    expect(idToken).not.toBe(first.idToken);
    expect(accessToken).not.toBe(first.accessToken);
    const before = decodePayload(first.idToken);
    const after = verifyRs256(idToken, jwks).payload;
    expect(after.jti).not.toBe(before.jti);
    expect(after.origin_jti).toBe(before.origin_jti);
    expect(after.auth_time).toBe(before.auth_time);
    expect(after.sub).toBe(before.sub);
    expect(verifyRs256(accessToken, jwks).payload.token_use).toBe("access");
  });

  it("reads the user's attributes with GetUser", async () => {
    const { email, idToken } = await signedInFreshUser();
    const attributes = await fetchUserAttributes();
    expect(attributes).toMatchObject({ email: email.toLowerCase(), email_verified: "true" });
    expect(attributes.sub).toBe(decodePayload(idToken).sub);
  });

  it("signs out: the refresh token and its access tokens are revoked", async () => {
    const { accessToken } = await signedInFreshUser();
    const refreshToken = storedRefreshToken();
    await signOut();
    expect(storedRefreshToken()).toBeUndefined();

    const refreshed = await cognitoCall(server.url, "GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: refreshToken });
    expect(refreshed.status).toBe(400);
    expect(refreshed.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid Refresh Token" });
    const user = await cognitoCall(server.url, "GetUser", { AccessToken: accessToken });
    expect(user.json).toEqual({ __type: "NotAuthorizedException", message: "Access Token has been revoked" });
  });

  it("global sign-out revokes every session of the user", async () => {
    await signedInFreshUser();
    const refreshToken = storedRefreshToken();
    expect(refreshToken).toBeTruthy();
    await signOut({ global: true });
    const refreshed = await cognitoCall(server.url, "GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: refreshToken });
    expect(refreshed.json.__type).toBe("NotAuthorizedException");
  });
});

describe("seeded personas", () => {
  it("sign in with their e-mail as the alias; the challenge names the real username", async () => {
    await signOut();
    const persona = PERSONAS.find((p) => p.email === "borrower@example.com")!;
    const started = await signIn({ username: "Borrower@Example.com", options: { authFlowType: "CUSTOM_WITHOUT_SRP" } });
    expect(started.nextStep).toMatchObject({
      signInStep: "CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE",
      additionalInfo: { USERNAME: persona.username },
    });
    const result = await confirmSignIn({ challengeResponse: await latestCode(server.url, persona.email) });
    expect(result.isSignedIn).toBe(true);
    const { tokens } = await fetchAuthSession();
    expect(verifyRs256(tokens!.idToken!.toString(), jwks).payload).toMatchObject({
      sub: persona.sub,
      "cognito:username": persona.username,
      email: persona.email,
    });
  });

  it("three wrong answers end the challenge", async () => {
    await signOut();
    await signIn({ username: "newcomer@example.com", options: { authFlowType: "CUSTOM_WITHOUT_SRP" } });
    const code = await latestCode(server.url, "newcomer@example.com");
    for (let i = 0; i < 2; i++) {
      const again = await confirmSignIn({ challengeResponse: wrongCode(code) });
      expect(again.nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    }
    await expect(confirmSignIn({ challengeResponse: wrongCode(code) })).rejects.toMatchObject({
      name: "NotAuthorizedException",
      message: "Incorrect username or password.",
    });
  });

  it("an unknown e-mail signs in like an account whose codes are all wrong (Amplify sees no difference)", async () => {
    await signOut();
    const started = await signIn({
      username: `nobody-${randomBytes(4).toString("hex")}@example.com`,
      options: { authFlowType: "CUSTOM_WITHOUT_SRP" },
    });
    expect(started.nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    for (let i = 0; i < 2; i++) {
      const again = await confirmSignIn({ challengeResponse: "123456" });
      expect(again.nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    }
    await expect(confirmSignIn({ challengeResponse: "123456" })).rejects.toMatchObject({
      name: "NotAuthorizedException",
      message: "Incorrect username or password.",
    });
  });
});
