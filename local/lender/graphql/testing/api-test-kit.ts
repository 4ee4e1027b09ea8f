import { randomBytes, randomInt } from "node:crypto";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";
import { LOCAL_DEFAULTS } from "../../../../lib/config/env";
import { RULE_REFUSAL_ERROR_TYPE, type RefusalCode } from "../../../../lib/application/refusal-codes";
import { JustRegisteredDocument } from "../../../../lib/graphql/generated/operations";
import { PERSONAS, type Persona } from "../../seed/personas";
import { cognitoCall } from "../../../infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../../infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../../infra/testing/test-database";
import { workerServer } from "../../../infra/testing/worker-server";

export const OTP = "246810";
export const CLIENT = LOCAL_DEFAULTS.cognitoClientId;
export const API_KEY = LOCAL_DEFAULTS.graphqlApiKey;

export function persona(email: string): Persona {
  const p = PERSONAS.find((x) => x.email === email);
  if (!p) throw new Error(`no persona ${email}`);
  return p;
}

/** Signs a user in through the identity stand-in (fixed OTP) and returns their ID token. */
export async function idToken(baseUrl: string, signInId: string): Promise<string> {
  const start = await cognitoCall(baseUrl, "InitiateAuth", {
    ClientId: CLIENT,
    AuthFlow: "CUSTOM_AUTH",
    AuthParameters: { USERNAME: signInId },
  });
  if (start.status !== 200) throw new Error(`InitiateAuth ${start.status} ${JSON.stringify(start.json)}`);
  const done = await cognitoCall(baseUrl, "RespondToAuthChallenge", {
    ClientId: CLIENT,
    ChallengeName: "CUSTOM_CHALLENGE",
    Session: start.json.Session,
    ChallengeResponses: { USERNAME: start.json.ChallengeParameters.USERNAME, ANSWER: OTP },
  });
  const token = done.json.AuthenticationResult?.IdToken as string | undefined;
  if (!token) throw new Error(`no token: ${JSON.stringify(done.json)}`);
  return token;
}

/** A brand-new pool user, signed up through the identity stand-in and signed in: no application yet. */
export interface NewUser {
  sub: string;
  username: string;
  email: string;
  token: string;
}

/** Signs a fresh user up (a random username, `<prefix>-…@example.com`) and signs them in; the sign-up must answer 200. */
export async function signUpUser(baseUrl: string, emailPrefix: string): Promise<NewUser> {
  const username = randomBytes(3).toString("hex");
  const email = `${emailPrefix}-${randomBytes(5).toString("hex")}@example.com`;
  const res = await cognitoCall(baseUrl, "SignUp", {
    ClientId: CLIENT,
    Username: username,
    Password: randomBytes(30).toString("hex"),
    UserAttributes: [{ Name: "email", Value: email }],
  });
  expect(res.status).toBe(200);
  return { sub: res.json.UserSub as string, username, email, token: await idToken(baseUrl, email) };
}

/**
 * A bank account number no other test uses: the micro-deposit caps count an account's lockouts
 * across applicants, so a number shared between tests makes one depend on another.
 */
export function freshAccountNumber(): string {
  return `4${String(randomInt(0, 1e11)).padStart(11, "0")}`;
}

export interface GqlReply<TData = Record<string, any>> {
  status: number;
  body: {
    data?: TData | null;
    errors?: {
      message: string;
      errorType: string;
      errorInfo?: { field?: string; reason?: string; action?: string } | null;
      path?: string[];
    }[];
  };
}

/**
 * One GraphQL call over HTTP. Pass a generated document (lib/graphql/generated/operations.ts) where
 * the shell has one, so the call is the shell's own, typed; a query string only for what the shell
 * never sends (another auth mode, a malformed request).
 */
export async function gql<TData = Record<string, any>, TVariables = Record<string, unknown>>(
  baseUrl: string,
  auth: { token?: string; apiKey?: string },
  query: string | TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): Promise<GqlReply<TData>> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth.token !== undefined) headers.authorization = auth.token;
  if (auth.apiKey !== undefined) headers["x-api-key"] = auth.apiKey;
  const text = typeof query === "string" ? query : print(query);
  const res = await fetch(`${baseUrl}/api/local/graphql`, { method: "POST", headers, body: JSON.stringify({ query: text, variables }) });
  return { status: res.status, body: (await res.json()) as GqlReply<TData>["body"] };
}

export async function sql<T = Record<string, any>>(baseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${baseUrl}/__test/sql`, { method: "POST", body: JSON.stringify({ sql: text, params }) });
  if (!res.ok) throw new Error(`sql probe ${res.status}: ${await res.text()}`);
  return (await res.json()) as T[];
}

/** Test server only: one INSERT into employment or funding_sources, or UPDATE applications SET step (see local-server.ts). */
export async function arrange(baseUrl: string, text: string, params: unknown[] = []): Promise<void> {
  const res = await fetch(`${baseUrl}/__test/arrange`, { method: "POST", body: JSON.stringify({ sql: text, params }) });
  if (!res.ok) throw new Error(`arrange ${res.status}: ${await res.text()}`);
}

/**
 * Test only: the user's application (created by justRegistered, which every state allows) put at
 * `step`, for a test whose subject is an action open there (input validation, behaviour within the
 * state). A user cannot jump steps through the API (only the flow's own moves, issue 11), and the
 * state machine refuses an action outside its states (lib/application/application-machine.ts).
 */
export async function atStep(baseUrl: string, user: { sub: string; token: string }, step: string): Promise<void> {
  const registered = await gql(baseUrl, { token: user.token }, JustRegisteredDocument, { applyNowRoute: "/apply" });
  if (registered.body.errors) throw new Error(`justRegistered: ${JSON.stringify(registered.body.errors)}`);
  await arrange(baseUrl, "UPDATE applications SET step = $2 WHERE sub = $1", [user.sub, step]);
}

/**
 * A fresh user signed up and put at `step` (atStep): uploadIdentity for the bank writes, which are
 * open there and move no step (fundingAccount and verifyMD are the steps a funding event moves on from).
 */
export async function signUpAt(baseUrl: string, emailPrefix: string, step: string): Promise<NewUser> {
  const user = await signUpUser(baseUrl, emailPrefix);
  await atStep(baseUrl, user, step);
  return user;
}

/**
 * A refusal by the lender's rules (the state machine): AppSync's FailedPrecondition naming the
 * reason code and the action, no data for the field.
 */
export function expectRefused(reply: GqlReply, field: string, reason: RefusalCode): void {
  expect(reply.status).toBe(200);
  expect(reply.body.data?.[field] ?? null).toBeNull();
  expect(reply.body.errors).toEqual([
    expect.objectContaining({ errorType: RULE_REFUSAL_ERROR_TYPE, errorInfo: expect.objectContaining({ reason }), path: [field] }),
  ]);
}

/** The environment of the stand-in servers this kit starts; a suite's own server adds its `env`. */
const SUITE_SERVER_ENV = { APP_ENV: "local", LOCAL_OTP_CODE: OTP, API_SERVER_SQL_PROBE: "1" };

/**
 * The stand-in server a test file runs against. `standInSuite()`: the Jest worker's shared server
 * (local/infra/testing/worker-server.ts), for a suite that makes its own users, accounts and
 * employers and reads no seeded persona another suite could change, moves no clock and counts no
 * table beyond its own rows. `standInSuite(env, { ownServer: true })` or any `env`: a server of the
 * suite's own (its own database: PGlite, or a schema on TEST_DATABASE_URL), started before its tests
 * and stopped after, for a suite that changes seeded personas, moves the clock or needs other
 * settings. Personas' tokens are minted once each.
 */
export function standInSuite(env: Record<string, string> = {}, options: { ownServer?: boolean } = {}) {
  let server: LocalServer | undefined;
  let database: TestDatabase | undefined;
  let shared: { url: string; kind: TestDatabase["kind"] } | undefined;
  const tokens = new Map<string, string>();
  const own = options.ownServer === true || Object.keys(env).length > 0;
  beforeAll(async () => {
    if (!own) shared = await workerServer(SUITE_SERVER_ENV);
    if (shared) return;
    database = await testDatabase();
    server = await startLocalServer({ ...database.env, ...SUITE_SERVER_ENV, ...env });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });
  return {
    get url(): string {
      const url = shared?.url ?? server?.url;
      if (!url) throw new Error("the stand-in server is not running");
      return url;
    },
    get databaseKind(): TestDatabase["kind"] | undefined {
      return shared?.kind ?? database?.kind;
    },
    async tokenFor(email: string): Promise<string> {
      let token = tokens.get(email);
      if (!token) {
        token = await idToken(this.url, email);
        tokens.set(email, token);
      }
      return token;
    },
  };
}
