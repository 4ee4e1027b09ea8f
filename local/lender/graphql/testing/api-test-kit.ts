import { randomBytes } from "node:crypto";
import { LOCAL_DEFAULTS } from "../../../../lib/config/env";
import { PERSONAS, type Persona } from "../../seed/personas";
import { cognitoCall } from "../../../infra/testing/cognito-client";
import { startLocalServer, type LocalServer } from "../../../infra/testing/spawn-local-server";
import { testDatabase, type TestDatabase } from "../../../infra/testing/test-database";

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

export interface GqlReply {
  status: number;
  body: {
    data?: Record<string, any> | null;
    errors?: { message: string; errorType: string; errorInfo?: { field?: string } | null; path?: string[] }[];
  };
}

export async function gql(
  baseUrl: string,
  auth: { token?: string; apiKey?: string },
  query: string,
  variables?: Record<string, unknown>,
): Promise<GqlReply> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth.token !== undefined) headers.authorization = auth.token;
  if (auth.apiKey !== undefined) headers["x-api-key"] = auth.apiKey;
  const res = await fetch(`${baseUrl}/api/local/graphql`, { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as GqlReply["body"] };
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
 * One stand-in server for a test file (its own database: PGlite, or a schema on TEST_DATABASE_URL),
 * started before its tests and stopped after, with the personas' tokens minted once each.
 */
export function standInSuite(env: Record<string, string> = {}) {
  let server: LocalServer | undefined;
  let database: TestDatabase | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    database = await testDatabase();
    server = await startLocalServer({ ...database.env, APP_ENV: "local", LOCAL_OTP_CODE: OTP, API_SERVER_SQL_PROBE: "1", ...env });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });
  return {
    get url(): string {
      if (!server) throw new Error("the stand-in server is not running");
      return server.url;
    },
    get databaseKind(): TestDatabase["kind"] | undefined {
      return database?.kind;
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
