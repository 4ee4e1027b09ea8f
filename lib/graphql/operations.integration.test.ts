/**
 * The shell's typed GraphQL operations (lib/graphql) against the local API over HTTP, with a real
 * token from the identity stand-in: what the session and routing code will call.
 */
import { randomBytes } from "node:crypto";
import { LOCAL_DEFAULTS } from "../config/env";
import { RULE_REFUSAL_ERROR_TYPE } from "../application/refusal-codes";
import { atStep, idToken, standInSuite } from "../../local/lender/graphql/testing/api-test-kit";
import { cognitoCall } from "../../local/infra/testing/cognito-client";
import { apiError, publicClient, userClient } from "./client";
import {
  checkIfIslandInAlgolia,
  contractSigned,
  justRegistered,
  loadEmployer,
  loadFrontend,
  logs,
  setApplicationStep,
  setEvolveConsent,
} from "./operations";

jest.setTimeout(120_000);

// The worker's shared server: the personas read here are ones no suite on it changes.
const server = standInSuite();
let url: string;

beforeAll(() => {
  url = `${server.url}/api/local/graphql`;
});

it("loadFrontend gives the borrower's raw facts, typed", async () => {
  const f = await loadFrontend(userClient(url, await idToken(server.url, "borrower@example.com")));
  expect(f.applicationStep).toBe("activeLoan");
  expect(f.appInfo.offer?.contractSigned).toBe(true);
  expect(f.loanInfo?.PayoutDate).toBe("2028-03-02");
  expect(f.documents[0]?.statements.length).toBeGreaterThan(0);
  expect(f.flags).toEqual({ adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false });
});

it("contractSigned reads the text flag as a boolean", async () => {
  expect(await contractSigned(userClient(url, await idToken(server.url, "signed@example.com")))).toBe(true);
  expect(await contractSigned(userClient(url, await idToken(server.url, "offer-sent@example.com")))).toBe(false);
});

it("a new user's writes: justRegistered, steps, consent, logs", async () => {
  const email = `ops-${randomBytes(4).toString("hex")}@example.com`;
  const signUp = await cognitoCall(server.url, "SignUp", {
    ClientId: LOCAL_DEFAULTS.cognitoClientId,
    Username: randomBytes(3).toString("hex"),
    Password: randomBytes(30).toString("hex"),
    UserAttributes: [{ Name: "email", Value: email }],
  });
  expect(signUp.status).toBe(200);
  const token = await idToken(server.url, email);
  const client = userClient(url, token);
  expect(await justRegistered(client, "/apply/chooseEmployer")).toBe(true);
  expect(await setApplicationStep(client, "chooseEmployer")).toEqual({ applicationStep: "chooseEmployer", history: [] });
  // Forward only by choosing the employer (no employer yet): the lender's state machine, typed with its reason.
  const early = await setApplicationStep(client, "loanDetails").catch((e: unknown) => e);
  expect(apiError(early)).toMatchObject({ errorType: RULE_REFUSAL_ERROR_TYPE, rule: "NOT_YET" });
  // Consent before the consent page is refused by the lender's rules, typed with its reason.
  const tooEarly = await setEvolveConsent(client, true).catch((e: unknown) => e);
  expect(apiError(tooEarly)).toMatchObject({ errorType: RULE_REFUSAL_ERROR_TYPE, rule: "NOT_YET" });
  expect(await logs(client, "shell test log")).toBe(true);
  expect((await loadFrontend(client)).appInfo).toMatchObject({ step: "chooseEmployer", evolveConsent: null, primary_email: email });
  await atStep(server.url, { sub: signUp.json.UserSub as string, token }, "consentPage");
  expect(await setEvolveConsent(client, true)).toBe(true);
  const f = await loadFrontend(client);
  expect(f.appInfo).toMatchObject({ step: "consentPage", evolveConsent: true, primary_email: email });

  const bad = await setApplicationStep(client, "nowhere").catch((e: unknown) => e);
  expect(apiError(bad)).toEqual({
    status: 200,
    errorType: "BadRequestException",
    message: expect.stringContaining("nowhere"),
    field: "applicationStep",
  });
});

it("public lookups with the API key", async () => {
  const client = publicClient(url, LOCAL_DEFAULTS.graphqlApiKey);
  expect(await loadEmployer(client, "1002")).toMatchObject({
    employerId: "1002",
    parentId: "1000",
    parentName: "Metro Unified School District",
  });
  expect(await loadEmployer(client, "does-not-exist")).toBeNull();
  expect(await checkIfIslandInAlgolia(client, "8000")).toBe(true);
  expect(await checkIfIslandInAlgolia(client, "2000")).toBe(false);
});

it("the API key cannot call user operations; a bad key gets 401", async () => {
  const refused = await loadFrontend(publicClient(url, LOCAL_DEFAULTS.graphqlApiKey)).catch((e: unknown) => e);
  expect(apiError(refused)).toMatchObject({ errorType: "Unauthorized", message: "Not Authorized to access loadFrontend on type Query" });
  const badKey = await loadEmployer(publicClient(url, "da2-nope"), "1002").catch((e: unknown) => e);
  expect(apiError(badKey)).toMatchObject({ status: 401, errorType: "UnauthorizedException" });
});

it("lib/graphql and lib/search stay runtime-neutral and never reach into the stand-ins", async () => {
  const { readdir, readFile } = await import("node:fs/promises");
  for (const dir of ["lib/graphql", "lib/search"]) {
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const source = await readFile(`${dir}/${file}`, "utf8");
      expect([file, /from\s+["']node:/.test(source), /from\s+["'][./@]*\/?local\//.test(source)]).toEqual([file, false, false]);
    }
  }
});
