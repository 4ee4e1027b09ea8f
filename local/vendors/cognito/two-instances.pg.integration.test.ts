/**
 * Two instances of the stand-ins on one PostgreSQL database, as behind a round-robin balancer: a
 * sign-in started on one and finished on the other answers exactly as on one instance, for an
 * account and for an identifier with no account (whose made-up challenge derives from a secret
 * both must share), and a clock moved on one is moved on both. PGlite is one process's database:
 * these run on PostgreSQL only (TEST_DATABASE_URL, as CI sets it).
 */
import { randomBytes } from "node:crypto";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { PERSONAS } from "../../lender/seed/personas";
import { cognitoCall, latestCode, wrongCode } from "../../infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../infra/testing/test-database";

jest.setTimeout(180_000);

const CLIENT = LOCAL_DEFAULTS.cognitoClientId;
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres("two stand-in instances on one database", () => {
  let database: TestDatabase;
  let a: LocalServer;
  let b: LocalServer;

  beforeAll(async () => {
    database = await testDatabase();
    const env = { ...database.env, APP_ENV: "local", LOCAL_OTP_CODE: "", LOCAL_OTP_TTL_SECONDS: "", LOCAL_CLOCK_CONTROL: "1" };
    // Started together on the empty schema: migrations and seeding take turns (local/infra/db).
    [a, b] = await Promise.all([startLocalServer(env), startLocalServer(env)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.cleanup();
  });

  async function start(server: LocalServer, id: string) {
    const res = await cognitoCall(server.url, "InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "CUSTOM_AUTH",
      AuthParameters: { USERNAME: id },
    });
    expect(res.status).toBe(200);
    return res.json as { ChallengeName: string; Session: string; ChallengeParameters: Record<string, string> };
  }
  const answer = (server: LocalServer, username: string, session: string, code: string) =>
    cognitoCall(server.url, "RespondToAuthChallenge", {
      ClientId: CLIENT,
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: session,
      ChallengeResponses: { USERNAME: username, ANSWER: code },
    });
  const shape = (res: Awaited<ReturnType<typeof answer>>) => [res.status, Object.keys(res.json).sort(), res.json.__type, res.json.message];

  it("an account's sign-in started on one instance is finished on the other with the code it sent", async () => {
    const persona = PERSONAS[1]!;
    const started = await start(a, persona.email);
    const code = await latestCode(b.url, persona.email);
    const finished = await answer(b, started.ChallengeParameters.USERNAME!, started.Session, code);
    expect(finished.status).toBe(200);
    expect(finished.json.AuthenticationResult).toMatchObject({ IdToken: expect.any(String), RefreshToken: expect.any(String) });
  });

  it("an unknown e-mail gets the same made-up challenge from both, and fails on the other exactly as a wrong code", async () => {
    const email = `nobody-${randomBytes(4).toString("hex")}@example.com`;
    const onA = await start(a, email);
    const onB = await start(b, email);
    expect(onB.ChallengeParameters).toEqual(onA.ChallengeParameters);
    expect(onA.ChallengeParameters).toEqual({
      USERNAME: expect.stringMatching(/^[0-9a-f]{6}$/),
      deliveryMedium: "EMAIL",
      destination: "n***@e***",
    });

    // An account answering wrong codes, on one instance: what the unknown e-mail must look like, across two.
    const persona = PERSONAS[2]!;
    const real = await start(a, persona.email);
    const code = await latestCode(a.url, persona.email);
    let realSession = real.Session;
    let fakeSession = onA.Session;
    for (let i = 1; i <= 3; i++) {
      const expected = await answer(a, real.ChallengeParameters.USERNAME!, realSession, wrongCode(code));
      const across = await answer(i % 2 ? b : a, onA.ChallengeParameters.USERNAME!, fakeSession, code);
      expect(shape(across)).toEqual(shape(expected));
      if (i < 3) expect(across.json.ChallengeParameters).toEqual(onA.ChallengeParameters);
      realSession = expected.json.Session ?? realSession;
      fakeSession = across.json.Session ?? fakeSession;
    }
  });

  it("keeps one clock: moved on one instance, the other tells the same time", async () => {
    const moved = await fetch(`${a.url}/api/local/clock`, { method: "POST", body: JSON.stringify({ advanceSeconds: 3600 }) });
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    const onB = (await (await fetch(`${b.url}/api/local/clock`)).json()) as { now: string };
    expect(onB.now).toBe(now);
  });
});
