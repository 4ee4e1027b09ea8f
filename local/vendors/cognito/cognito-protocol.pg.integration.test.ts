/**
 * The Cognito JSON 1.1 protocol of the local stand-in, request by request: errors in Cognito's
 * shapes, the challenge rules, tokens, JWKS, CORS, the outbox and the hosted-app stand-in pages.
 */
import { randomBytes } from "node:crypto";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { PERSONAS } from "../../lender/seed/personas";
import { cognitoCall, latestCode, wrongCode } from "../../infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../infra/testing/test-database";
import { decodePayload } from "../../infra/testing/verify-jwt";

jest.setTimeout(120_000);

const POOL = LOCAL_DEFAULTS.cognitoUserPoolId;
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;

let server: LocalServer;
let database: TestDatabase;

beforeAll(async () => {
  database = await testDatabase();
  // One proxy hop in front, as behind a load balancer: each test's calls come from an address of its own.
  server = await startLocalServer({
    ...database.env,
    APP_ENV: "local",
    LOCAL_OTP_CODE: "",
    LOCAL_OTP_TTL_SECONDS: "",
    LOCAL_TRUSTED_PROXY_HOPS: "1",
  });
});

/** The client address the proxy in front reports for this test's calls (a fresh one per test). */
let source = "";
const newSource = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
beforeEach(() => {
  source = newSource();
});

afterAll(async () => {
  await server?.stop();
  await database?.cleanup();
});

const call = (op: string, body: unknown, init?: Parameters<typeof cognitoCall>[3]) =>
  cognitoCall(server.url, op, body, { ...init, headers: { "x-forwarded-for": source, ...init?.headers } });

async function newUser(attributes: { Name: string; Value: string }[] = []) {
  const username = randomBytes(3).toString("hex");
  const email = `u-${randomBytes(5).toString("hex")}@example.com`;
  const res = await call("SignUp", {
    ClientId: CLIENT,
    Username: username,
    Password: randomBytes(30).toString("hex"),
    UserAttributes: [{ Name: "email", Value: email }, ...attributes],
  });
  expect(res.status).toBe(200);
  return { username, email, sub: res.json.UserSub as string };
}

async function startChallenge(id: string) {
  const res = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: id } });
  expect(res.status).toBe(200);
  return res.json as { ChallengeName: string; Session: string; ChallengeParameters: Record<string, string> };
}

const answer = (username: string, session: string, code: string) =>
  call("RespondToAuthChallenge", {
    ClientId: CLIENT,
    ChallengeName: "CUSTOM_CHALLENGE",
    Session: session,
    ChallengeResponses: { USERNAME: username, ANSWER: code },
  });

async function signedIn() {
  const user = await newUser();
  const started = await startChallenge(user.username);
  const res = await answer(user.username, started.Session, await latestCode(server.url, user.email));
  expect(res.status).toBe(200);
  return { ...user, result: res.json.AuthenticationResult as Record<string, string | number> };
}

describe("envelope", () => {
  it("answers Cognito's error shape with x-amzn-errortype", async () => {
    const res = await call("InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "nobody0", PASSWORD: "x" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/x-amz-json-1.1");
    expect(res.headers.get("x-amzn-errortype")).toBe("InvalidParameterException");
    expect(res.headers.get("x-amzn-requestid")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json).toEqual({ __type: "InvalidParameterException", message: "USER_PASSWORD_AUTH flow not enabled for this client" });
  });

  it("rejects an unknown or missing target", async () => {
    expect((await call("AdminDeleteUser", {})).json.__type).toBe("UnknownOperationException");
    const none = await cognitoCall(server.url, "x", {}, { headers: { "x-amz-target": "" } });
    expect(none.status).toBe(400);
    expect(none.json.__type).toBe("UnknownOperationException");
  });

  it("rejects malformed JSON, a non-object body and a wrong content type", async () => {
    const malformed = await call("SignUp", null, { rawBody: "{not json" });
    expect(malformed).toMatchObject({ status: 400, json: { __type: "SerializationException" } });
    const array = await call("SignUp", null, { rawBody: "[]" });
    expect(array.json.__type).toBe("SerializationException");
    const wrongType = await call("SignUp", {}, { headers: { "content-type": "text/plain" } });
    expect(wrongType.json.__type).toBe("SerializationException");
  });

  it("answers a NUL byte or a lone surrogate with InvalidParameterException naming the field (never a 500)", async () => {
    const signUp = await call("SignUp", {
      Username: "nul0001",
      Password: "Aa1!aaaaaaaa",
      UserAttributes: [{ Name: "email", Value: "a\u0000b@example.com" }],
    });
    expect(signUp).toMatchObject({
      status: 400,
      json: { __type: "InvalidParameterException", message: "Invalid characters in UserAttributes[0].Value" },
    });
    const initiate = await call("InitiateAuth", { AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: "x\uD800" } });
    expect(initiate).toMatchObject({
      status: 400,
      json: { __type: "InvalidParameterException", message: "Invalid characters in AuthParameters.USERNAME" },
    });
  });

  it("rejects a wrong client id on every client operation", async () => {
    for (const [op, body] of [
      ["SignUp", { Username: "abc999", UserAttributes: [{ Name: "email", Value: "w@example.com" }] }],
      ["InitiateAuth", { AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: "a10001" } }],
      [
        "RespondToAuthChallenge",
        { ChallengeName: "CUSTOM_CHALLENGE", Session: "x", ChallengeResponses: { USERNAME: "a10001", ANSWER: "1" } },
      ],
      ["GetTokensFromRefreshToken", { RefreshToken: "x" }],
      ["RevokeToken", { Token: "x" }],
    ] as const) {
      const res = await call(op, { ClientId: "someotherclient", ...body });
      expect([op, res.status, res.json]).toEqual([
        op,
        400,
        { __type: "ResourceNotFoundException", message: "User pool client someotherclient does not exist." },
      ]);
    }
  });

  it("names the field of bad input", async () => {
    const missing = await call("SignUp", { Username: "abc123" });
    expect(missing.json.__type).toBe("InvalidParameterException");
    expect(missing.json.message).toBe(
      "1 validation error detected: Value at 'ClientId' failed to satisfy constraint: Member must not be null",
    );
    const wrongType = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: 5 } });
    expect(wrongType.json.message).toContain("'AuthParameters.USERNAME' failed to satisfy constraint: Member must be of type string");
    const badFlow = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "MAGIC" });
    expect(badFlow.json.message).toContain("'AuthFlow' failed to satisfy constraint: Member must satisfy enum value set: [USER_SRP_AUTH,");
    const noUser = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: {} });
    expect(noUser.json).toEqual({ __type: "InvalidParameterException", message: "Missing required parameter USERNAME" });
  });

  it("answers OPTIONS for the shell's origin only", async () => {
    const ok = await fetch(`${server.url}/api/local/cognito`, {
      method: "OPTIONS",
      headers: { origin: server.url, "access-control-request-method": "POST" },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe(server.url);
    expect(ok.headers.get("access-control-allow-headers")).toContain("x-amz-target");
    const evil = await fetch(`${server.url}/api/local/cognito`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses GET on the operations endpoint", async () => {
    expect((await fetch(`${server.url}/api/local/cognito`)).status).toBe(405);
  });
});

describe("SignUp", () => {
  it("lowercases usernames and e-mails; usernames are unique case-insensitively", async () => {
    const name = `Ab${randomBytes(2).toString("hex")}`;
    const email = `Mixed.${randomBytes(3).toString("hex")}@Example.COM`;
    const first = await call("SignUp", { ClientId: CLIENT, Username: name, UserAttributes: [{ Name: "email", Value: email }] });
    expect(first.json).toEqual({ UserConfirmed: true, UserSub: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = await call("SignUp", {
      ClientId: CLIENT,
      Username: name.toUpperCase(),
      UserAttributes: [{ Name: "email", Value: `other-${randomBytes(3).toString("hex")}@example.com` }],
    });
    expect(again.json).toEqual({ __type: "UsernameExistsException", message: "User already exists" });
    const started = await startChallenge(email.toUpperCase());
    expect(started.ChallengeParameters.USERNAME).toBe(name.toLowerCase());
  });

  it("answers a taken e-mail exactly as a new one (prevent user existence errors), and creates nothing", async () => {
    const signUp = (email: string) =>
      call("SignUp", {
        ClientId: CLIENT,
        Username: randomBytes(3).toString("hex"),
        Password: randomBytes(30).toString("hex"),
        UserAttributes: [{ Name: "email", Value: email }],
      });
    const taken = await signUp("NEWCOMER@example.com");
    const fresh = await signUp(`fresh-${randomBytes(4).toString("hex")}@example.com`);
    expect([taken.status, Object.keys(taken.json).sort()]).toEqual([fresh.status, Object.keys(fresh.json).sort()]);
    expect(taken.json).toEqual({ UserConfirmed: true, UserSub: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The persona's account is untouched and the answer's sub belongs to no one.
    const started = await startChallenge("newcomer@example.com");
    expect(started.ChallengeParameters.USERNAME).toBe(PERSONAS.find((p) => p.email === "newcomer@example.com")!.username);
    const owner = await call("InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "CUSTOM_AUTH",
      AuthParameters: { USERNAME: taken.json.UserSub },
    });
    expect(owner.json.ChallengeParameters?.USERNAME).not.toBe(started.ChallengeParameters.USERNAME);
  });

  it.each([
    [{ UserAttributes: [] }, "email: The attribute is required"],
    [{ UserAttributes: [{ Name: "email", Value: "not-an-email" }] }, "Invalid email address format."],
    [{ Username: "me@example.com" }, "Username cannot be of email format"],
    [{ Username: "has space" }, "Username contains invalid characters."],
    [
      {
        UserAttributes: [
          { Name: "email", Value: "p@example.com" },
          { Name: "phone_number", Value: "555-1234" },
        ],
      },
      "Invalid phone number format.",
    ],
    [
      {
        UserAttributes: [
          { Name: "email", Value: "q@example.com" },
          { Name: "email_verified", Value: "true" },
        ],
      },
      "{email_verified} could not be determined",
    ],
  ])("refuses bad input %j", async (override, message) => {
    const res = await call("SignUp", {
      ClientId: CLIENT,
      Username: "valid1",
      UserAttributes: [{ Name: "email", Value: "valid1@example.com" }],
      ...override,
    });
    expect(res.json.__type).toBe("InvalidParameterException");
    expect(res.json.message).toContain(message);
  });

  it("refuses a short password with InvalidPasswordException", async () => {
    const res = await call("SignUp", {
      ClientId: CLIENT,
      Username: "short1",
      Password: "abc",
      UserAttributes: [{ Name: "email", Value: "s1@example.com" }],
    });
    expect(res.json.__type).toBe("InvalidPasswordException");
  });

  it("answers a taken phone number exactly as a free one; at verification the number stays with its owner", async () => {
    const owner = await newUser([{ Name: "phone_number", Value: "+15555550177" }]);
    const signUp = (phone: string) =>
      call("SignUp", {
        ClientId: CLIENT,
        Username: randomBytes(3).toString("hex"),
        Password: randomBytes(30).toString("hex"),
        UserAttributes: [
          { Name: "email", Value: `sq-${randomBytes(4).toString("hex")}@example.com` },
          { Name: "phone_number", Value: phone },
        ],
      });
    const shape = (r: Awaited<ReturnType<typeof call>>) => [r.status, Object.keys(r.json).sort(), r.json.UserConfirmed];
    const squat = await signUp("+15555550177");
    const free = await signUp("+15555550178");
    expect(shape(squat)).toEqual(shape(free));
    expect(shape(squat)).toEqual([200, ["UserConfirmed", "UserSub"], true]);
    // The number still signs its owner in.
    const byPhone = await startChallenge("+15555550177");
    expect(byPhone.ChallengeParameters.USERNAME).toBe(owner.username);
  });

  it("a phone number held back at sign-up becomes the alias at verification if it is free by then, and is dropped if not", async () => {
    const phone = `+1555555${String(randomBytes(2).readUInt16BE() % 10_000).padStart(4, "0")}`;
    const owner = await newUser([{ Name: "phone_number", Value: phone }]);
    const late = await newUser([{ Name: "phone_number", Value: phone }]);
    // Verified while the owner holds it: signed in, no phone number.
    let started = await startChallenge(late.username);
    let res = await answer(late.username, started.Session, await latestCode(server.url, late.email));
    expect(res.status).toBe(200);
    expect(decodePayload(res.json.AuthenticationResult.IdToken).phone_number).toBeUndefined();
    expect((await startChallenge(phone)).ChallengeParameters.USERNAME).toBe(owner.username);
    // Answered the same way when the number had no account: it is the alias from then on.
    const fresh = `+1555444${String(randomBytes(2).readUInt16BE() % 10_000).padStart(4, "0")}`;
    const first = await newUser([{ Name: "phone_number", Value: fresh }]);
    started = await startChallenge(first.username);
    res = await answer(first.username, started.Session, await latestCode(server.url, first.email));
    expect(decodePayload(res.json.AuthenticationResult.IdToken).phone_number).toBe(fresh);
  });

  it("keeps a phone number, shown in GetUser and the ID token, and usable as a sign-in alias", async () => {
    const user = await newUser([{ Name: "phone_number", Value: "+15555550100" }]);
    const started = await startChallenge("+15555550100");
    expect(started.ChallengeParameters.USERNAME).toBe(user.username);
    const res = await answer(user.username, started.Session, await latestCode(server.url, user.email));
    const tokens = res.json.AuthenticationResult;
    expect(decodePayload(tokens.IdToken)).toMatchObject({ phone_number: "+15555550100", email_verified: true });
    const got = await call("GetUser", { AccessToken: tokens.AccessToken });
    expect(got.json.Username).toBe(user.username);
    expect(got.json.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: "sub", Value: user.sub },
        { Name: "email", Value: user.email },
        { Name: "phone_number", Value: "+15555550100" },
        { Name: "email_verified", Value: "true" },
      ]),
    );
  });
});

describe("InitiateAuth and RespondToAuthChallenge", () => {
  it("supports only the custom flow (and refresh)", async () => {
    const res = await call("InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: "a10001", PASSWORD: "x" },
    });
    expect(res.json).toEqual({ __type: "InvalidParameterException", message: "USER_PASSWORD_AUTH flow not enabled for this client" });
  });

  it("sends a fresh 6-digit code per challenge, to the outbox", async () => {
    const persona = PERSONAS[1]!;
    // Other tests of this file send this persona codes too, in any order: count only what this test sends.
    const outboxOf = async (): Promise<{ id: number; code: string }[]> =>
      (
        (await (await fetch(`${server.url}/api/local/outbox?format=json&to=${persona.email}`)).json()) as {
          messages: { id: number; code: string }[];
        }
      ).messages;
    const before = Math.max(0, ...(await outboxOf()).map((m) => m.id));
    const a = await startChallenge(persona.username);
    const codeA = await latestCode(server.url, persona.email);
    const b = await startChallenge(persona.email);
    expect(b.Session).not.toBe(a.Session);
    expect(a.ChallengeName).toBe("CUSTOM_CHALLENGE");
    expect(a.ChallengeParameters).toEqual({ USERNAME: persona.username, deliveryMedium: "EMAIL", destination: "l***@e***" });
    const sent = (await outboxOf()).filter((m) => m.id > before);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.code).toBe(codeA);
    expect(sent[0]!.code).toMatch(/^\d{6}$/);
  });

  it("a wrong answer gives a new session for the same code; the old session is dead", async () => {
    const user = await newUser();
    const started = await startChallenge(user.username);
    const code = await latestCode(server.url, user.email);
    const wrong = await answer(user.username, started.Session, wrongCode(code));
    expect(wrong.status).toBe(200);
    expect(wrong.json).toMatchObject({ ChallengeName: "CUSTOM_CHALLENGE", ChallengeParameters: { USERNAME: user.username } });
    expect(wrong.json.Session).not.toBe(started.Session);
    const replay = await answer(user.username, started.Session, code);
    expect(replay.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user." });
    const right = await answer(user.username, wrong.json.Session, code);
    expect(right.json.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: "Bearer" });
    // One-time: the answered session cannot be used again.
    const again = await answer(user.username, wrong.json.Session, code);
    expect(again.json.__type).toBe("NotAuthorizedException");
  });

  it("after the third wrong answer even the right code is refused", async () => {
    const user = await newUser();
    let session = (await startChallenge(user.username)).Session;
    const code = await latestCode(server.url, user.email);
    for (let i = 1; i <= 2; i++) {
      const res = await answer(user.username, session, wrongCode(code));
      expect(res.json.ChallengeName).toBe("CUSTOM_CHALLENGE");
      session = res.json.Session;
    }
    const third = await answer(user.username, session, "not-a-code");
    expect(third.json).toEqual({ __type: "NotAuthorizedException", message: "Incorrect username or password." });
    const right = await answer(user.username, session, code);
    expect(right.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user." });
  });

  it("limits one user's codes across challenges: 10 wrong codes in 15 minutes, then even the right code is refused", async () => {
    const user = await newUser();
    let wrong = 0;
    // Three challenges of three wrong codes, then a fourth with one: 10 in all.
    for (let c = 0; c < 4; c++) {
      let session = (await startChallenge(user.username)).Session;
      const code = await latestCode(server.url, user.email);
      for (let i = 0; i < (c < 3 ? 3 : 1); i++, wrong++) {
        const res = await answer(user.username, session, wrongCode(code));
        session = res.json.Session ?? session;
      }
      if (c === 3) {
        const right = await answer(user.username, session, code);
        expect(right.json).toEqual({ __type: "LimitExceededException", message: "Attempt limit exceeded, please try after some time." });
      }
    }
    expect(wrong).toBe(10);
    const again = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: user.username } });
    expect(again.json.__type).toBe("LimitExceededException");
  });

  it("a stranger's wrong codes lock out only the stranger's address: the owner, elsewhere, still signs in", async () => {
    const user = await newUser();
    for (let c = 0; c < 4; c++) {
      let session = (await startChallenge(user.username)).Session;
      const code = await latestCode(server.url, user.email);
      for (let i = 0; i < 3; i++) session = (await answer(user.username, session, wrongCode(code))).json.Session ?? session;
    }
    expect(
      (await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: user.email } })).json.__type,
    ).toBe("LimitExceededException");
    source = newSource(); // the owner, at home
    const started = await startChallenge(user.email);
    expect((await answer(user.username, started.Session, await latestCode(server.url, user.email))).status).toBe(200);
  });

  it("challenges a stranger starts and leaves never lock the account: the owner, elsewhere, still signs in", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) await startChallenge(user.email);
    expect(
      (await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: user.email } })).json.__type,
    ).toBe("LimitExceededException");
    source = newSource();
    const started = await startChallenge(user.email);
    expect((await answer(user.username, started.Session, await latestCode(server.url, user.email))).status).toBe(200);
  });

  it("a guessing campaign (21 wrong codes from 7 addresses) slows each guessing address, never locks the owner out", async () => {
    const user = await newUser();
    // The owner signed in from home before.
    const home = newSource();
    source = home;
    const first = await startChallenge(user.username);
    expect((await answer(user.username, first.Session, await latestCode(server.url, user.email))).status).toBe(200);
    // 21 wrong codes from 7 addresses, 3 each: under every per-address limit.
    const guessers: string[] = [];
    for (let s = 0; s < 7; s++) {
      source = newSource();
      guessers.push(source);
      let session = (await startChallenge(user.username)).Session;
      const code = await latestCode(server.url, user.email);
      for (let i = 0; i < 3; i++) session = (await answer(user.username, session, wrongCode(code))).json.Session ?? session;
    }
    // A guessing address waits out the window…
    source = guessers[0]!;
    const again = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: user.username } });
    expect(again.json).toEqual({ __type: "LimitExceededException", message: "Attempt limit exceeded, please try after some time." });
    // …while the owner gets a fresh challenge, from home or from an address new to everyone, and signs in with the inbox's code.
    for (const owner of [home, newSource()]) {
      source = owner;
      const started = await startChallenge(user.email);
      expect((await answer(user.username, started.Session, await latestCode(server.url, user.email))).status).toBe(200);
    }
    // The owner's home address keeps working even after the owner mistypes a challenge's worth there.
    source = home;
    let session = (await startChallenge(user.email)).Session;
    const code = await latestCode(server.url, user.email);
    for (let i = 0; i < 3; i++) session = (await answer(user.username, session, wrongCode(code))).json.Session ?? session;
    const retry = await startChallenge(user.email);
    expect((await answer(user.username, retry.Session, await latestCode(server.url, user.email))).status).toBe(200);
  });

  it.each([
    ["challenges left unanswered", 40, async () => startChallenge(`nobody-${randomBytes(4).toString("hex")}@example.com`)],
    [
      "wrong codes",
      10,
      async () => {
        const fake = await startChallenge(`nobody-${randomBytes(4).toString("hex")}@example.com`);
        let session = fake.Session;
        for (let i = 0; i < 3; i++) {
          const res = await answer(fake.ChallengeParameters.USERNAME!, session, "000000");
          session = res.json.Session ?? session;
        }
      },
    ],
  ])(
    "throttles one source by its %s, across every identifier (TooManyRequestsException), and no other source",
    async (_, rounds, round) => {
      for (let i = 0; i < rounds; i++) await round();
      const next = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: "a10001" } });
      expect(next.json).toEqual({ __type: "TooManyRequestsException", message: "Too many requests" });
      const stranger = source;
      source = newSource();
      expect(
        (await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: "a10001" } })).status,
      ).toBe(200);
      // The source is the address the trusted hop reports: an address the client writes further left is not read.
      const spoofed = await call(
        "InitiateAuth",
        { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: "a10001" } },
        { headers: { "x-forwarded-for": `203.0.113.9, ${stranger}` } },
      );
      expect(spoofed.json.__type).toBe("TooManyRequestsException");
    },
  );

  it("limits challenges left unanswered to 5 per user in 15 minutes; answered sign-ins do not count", async () => {
    const user = await newUser();
    for (let i = 0; i < 2; i++) {
      const started = await startChallenge(user.username);
      expect((await answer(user.username, started.Session, await latestCode(server.url, user.email))).status).toBe(200);
    }
    for (let i = 0; i < 5; i++) await startChallenge(user.username);
    const sixth = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: user.username } });
    expect(sixth.json.__type).toBe("LimitExceededException");
  });

  it("a session belongs to its user", async () => {
    const user = await newUser();
    const started = await startChallenge(user.username);
    const res = await answer("a10001", started.Session, await latestCode(server.url, user.email));
    expect(res.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user." });
  });

  it("rejects a forged session, another challenge name and a missing answer", async () => {
    expect((await answer("a10001", "forged", "123456")).json.message).toBe("Invalid session for the user.");
    const other = await call("RespondToAuthChallenge", {
      ClientId: CLIENT,
      ChallengeName: "SMS_MFA",
      Session: "x",
      ChallengeResponses: { USERNAME: "a10001" },
    });
    expect(other.json.__type).toBe("InvalidParameterException");
    const noAnswer = await call("RespondToAuthChallenge", {
      ClientId: CLIENT,
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: "x",
      ChallengeResponses: { USERNAME: "a10001" },
    });
    expect(noAnswer.json).toEqual({ __type: "InvalidParameterException", message: "Missing required parameter ANSWER" });
  });
});

describe("prevent user existence errors: an unknown identifier answers like an account", () => {
  const unknownEmail = () => `nobody-${randomBytes(4).toString("hex")}@example.com`;

  it("InitiateAuth gives a challenge of the same shape, and sends no code", async () => {
    const persona = PERSONAS[1]!;
    const real = await startChallenge(persona.email);
    const email = unknownEmail();
    const fake = await startChallenge(email);
    expect(Object.keys(fake).sort()).toEqual(Object.keys(real).sort());
    expect(fake.ChallengeName).toBe("CUSTOM_CHALLENGE");
    expect(fake.Session).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(fake.ChallengeParameters).toEqual({
      USERNAME: expect.stringMatching(/^[0-9a-f]{6}$/),
      deliveryMedium: "EMAIL",
      destination: "n***@e***",
    });
    // The same identifier is answered the same way each time, as an account's would be.
    expect((await startChallenge(email.toUpperCase())).ChallengeParameters).toEqual(fake.ChallengeParameters);
    const outbox = await (await fetch(`${server.url}/api/local/outbox?format=json&to=${email}`)).json();
    expect(outbox.messages).toEqual([]);
    // A phone number gets a masked e-mail destination too, as an account's phone sign-in does.
    const byPhone = await startChallenge("+15555550999");
    expect(byPhone.ChallengeParameters).toEqual({
      USERNAME: expect.stringMatching(/^[0-9a-f]{6}$/),
      deliveryMedium: "EMAIL",
      destination: expect.stringMatching(/^[a-z]\*\*\*@[a-z]\*\*\*$/),
    });
  });

  it("every answer fails exactly as a wrong code does: two more rounds, then Incorrect username or password", async () => {
    const user = await newUser();
    const realStart = await startChallenge(user.email);
    const code = await latestCode(server.url, user.email);
    const fakeStart = await startChallenge(unknownEmail());
    let realSession = realStart.Session;
    let fakeSession = fakeStart.Session;
    for (let i = 1; i <= 3; i++) {
      const real = await answer(realStart.ChallengeParameters.USERNAME!, realSession, wrongCode(code));
      const fake = await answer(fakeStart.ChallengeParameters.USERNAME!, fakeSession, code);
      expect([fake.status, Object.keys(fake.json).sort(), fake.json.__type, fake.json.message]).toEqual([
        real.status,
        Object.keys(real.json).sort(),
        real.json.__type,
        real.json.message,
      ]);
      if (i < 3) expect(fake.json.ChallengeName).toBe("CUSTOM_CHALLENGE");
      else expect(fake.json).toEqual({ __type: "NotAuthorizedException", message: "Incorrect username or password." });
      realSession = real.json.Session ?? realSession;
      fakeSession = fake.json.Session ?? fakeSession;
    }
  });

  it("a fixed local code never opens an unknown identifier", async () => {
    const fake = await startChallenge(unknownEmail());
    for (const guess of ["000000", "123456", "999999"]) {
      const res = await answer(fake.ChallengeParameters.USERNAME!, fake.Session, guess);
      expect(res.json.AuthenticationResult).toBeUndefined();
      if (res.json.Session) fake.Session = res.json.Session;
    }
  });

  it("limits an unknown identifier's challenges as an account's: the sixth unanswered is LimitExceededException", async () => {
    const email = unknownEmail();
    for (let i = 0; i < 5; i++) await startChallenge(email);
    const sixth = await call("InitiateAuth", { ClientId: CLIENT, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: email } });
    expect(sixth.json).toEqual({ __type: "LimitExceededException", message: "Attempt limit exceeded, please try after some time." });
  });

  it("a simulated session belongs to its identifier's name only", async () => {
    const fake = await startChallenge(unknownEmail());
    const res = await answer("a10001", fake.Session, "123456");
    expect(res.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user." });
  });
});

describe("tokens", () => {
  it("refresh works through GetTokensFromRefreshToken and InitiateAuth REFRESH_TOKEN_AUTH", async () => {
    const { result } = await signedIn();
    const viaOp = await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: result.RefreshToken });
    expect(viaOp.json.AuthenticationResult).toMatchObject({ ExpiresIn: 3600, TokenType: "Bearer" });
    expect(viaOp.json.AuthenticationResult.RefreshToken).toBeUndefined();
    const viaFlow = await call("InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "REFRESH_TOKEN_AUTH",
      AuthParameters: { REFRESH_TOKEN: result.RefreshToken },
    });
    expect(decodePayload(viaFlow.json.AuthenticationResult.AccessToken).origin_jti).toBe(
      decodePayload(String(result.AccessToken)).origin_jti,
    );
    const bogus = await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: "bogus" });
    expect(bogus.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid Refresh Token" });
  });

  it("GetUser refuses a tampered, an ID or a garbage token", async () => {
    const { result } = await signedIn();
    const [h, p, s] = String(result.AccessToken).split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: PERSONAS[0]!.sub })).toString("base64url")}.${s}`;
    for (const token of [forged, String(result.IdToken), "garbage"]) {
      const res = await call("GetUser", { AccessToken: token });
      expect(res.json).toEqual({ __type: "NotAuthorizedException", message: "Invalid Access Token" });
    }
  });

  it("RevokeToken revokes only that sign-in; GlobalSignOut revokes all", async () => {
    const user = await newUser();
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const started = await startChallenge(user.username);
      const res = await answer(user.username, started.Session, await latestCode(server.url, user.email));
      sessions.push(res.json.AuthenticationResult);
    }
    const [one, two, three] = sessions;
    expect((await call("RevokeToken", { ClientId: CLIENT, Token: one.RefreshToken })).json).toEqual({});
    expect((await call("GetUser", { AccessToken: one.AccessToken })).json.message).toBe("Access Token has been revoked");
    expect((await call("GetUser", { AccessToken: two.AccessToken })).status).toBe(200);
    expect((await call("RevokeToken", { ClientId: CLIENT, Token: two.AccessToken })).json.__type).toBe("UnsupportedTokenTypeException");

    expect((await call("GlobalSignOut", { AccessToken: two.AccessToken })).json).toEqual({});
    for (const s of [two, three]) {
      expect((await call("GetUser", { AccessToken: s.AccessToken })).json.__type).toBe("NotAuthorizedException");
      expect((await call("GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken: s.RefreshToken })).json.__type).toBe(
        "NotAuthorizedException",
      );
    }
    expect((await call("GlobalSignOut", { AccessToken: three.AccessToken })).json.message).toBe("Access Token has been revoked");
  });
});

describe("RevokeToken for a token it does not know", () => {
  // 200 with an empty body, as Cognito does (RFC 7009): a sign-out cannot take that 200 as proof
  // (lib/session/revoke.ts endSignIn falls back to GlobalSignOut; lib/session/sign-out-fallback.integration.test.ts).
  it.each(["not-a-token", "eyJ.unknown.refresh.token.here"])("answers %s with 200 and an empty body", async (token) => {
    expect(await call("RevokeToken", { ClientId: CLIENT, Token: token })).toMatchObject({ status: 200, json: {} });
  });
});

describe("JWKS", () => {
  it("serves the public key of the configured pool only", async () => {
    const res = await fetch(`${server.url}/api/local/cognito/${POOL}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = await res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", e: "AQAB" });
    expect(keys[0].d).toBeUndefined();
    expect(keys[0].p).toBeUndefined();
    expect((await fetch(`${server.url}/api/local/cognito/us-east-1_otherpool/.well-known/jwks.json`)).status).toBe(404);
  });
});

describe("outbox page", () => {
  it("lists codes newest first, as accessible HTML", async () => {
    await startChallenge("a10003");
    const res = await fetch(`${server.url}/api/local/outbox?to=employment@example.com`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Local outbox</title>");
    expect(html).toMatch(/<th scope="col">E-mail<\/th><th scope="col">Code<\/th>/);
    expect(html).toContain("employment@example.com");
    expect(html).toContain(await latestCode(server.url, "employment@example.com"));
    expect(html).not.toContain("newcomer@example.com");
  });

  it("escapes what it shows", async () => {
    const res = await fetch(`${server.url}/api/local/outbox?to=${encodeURIComponent('"><script>x</script>')}`);
    const html = await res.text();
    expect(html).not.toContain("<script>x</script>");
    expect(html).toContain("&lt;script&gt;");
  });
});

describe("hosted-app stand-in pages", () => {
  it("says plainly which app and path a link would open", async () => {
    const res = await fetch(`${server.url}/api/local/apps/dashboard/payments?x=1&y=a%20b`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Dashboard app /payments?x=1&amp;y=a%20b — local stand-in</title>");
    expect(html).toContain("Dashboard app — not hosted locally");
    expect(html).toContain(
      'In production this link opens the dashboard app at <code data-testid="target">/payments?x=1&amp;y=a%20b</code>',
    );
    expect(html).toContain('<a href="/">');
    expect(html).toContain('<a href="/login">');
  });

  it("covers lending and marketing, and 404s an unknown app", async () => {
    // The local lending app serves its steps (local/lender/apps tests them); without a session it asks to sign in.
    const lending = await (await fetch(`${server.url}/api/local/apps/lending/apply/loanDetails`)).text();
    expect(lending).toContain("<title>Sign in — Lending app (local stand-in)</title>");
    const marketing = await (await fetch(`${server.url}/api/local/apps/marketing/for/bad-credit`)).text();
    expect(marketing).toContain("Marketing site — not hosted locally");
    expect((await fetch(`${server.url}/api/local/apps/evil/x`)).status).toBe(404);
  });

  it("escapes the path and query", async () => {
    const html = await (await fetch(`${server.url}/api/local/apps/dashboard/%3Cb%3E?q=%3Ci%3E`)).text();
    expect(html).not.toMatch(/<b>|<i>/);
  });
});
