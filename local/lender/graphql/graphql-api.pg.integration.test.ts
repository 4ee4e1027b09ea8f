/**
 * The local GraphQL API over HTTP, as the shell and AppSync clients see it: real tokens from the
 * identity stand-in, the database behind it checked directly (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { Kind, visit, type DocumentNode } from "graphql";
import {
  AppliesLoanRequestDocument,
  IdentifiesStoredDocument,
  IslandBesideLogsDocument,
  RecordTrackingDocument,
  type AppliesLoanRequestMutationVariables,
  type IdentifiesStoredMutationVariables,
} from "../../../contract/generated/test-operations";
import {
  AccountsDocument,
  AppliesDocument,
  CheckIfIslandInAlgoliaDocument,
  IdentifiesDocument,
  JustRegisteredDocument,
  LoadEmployerDocument,
  LoadFrontendDocument,
  LogOriginTrackingDocument,
  LogsDocument,
  OriginationPaymentCalculatorDocument,
  PreQualificationDocument,
  QueriesDocument,
  SetApplicationStepDocument,
  SetEmployerDocument,
  SetEvolveConsentDocument,
} from "../../../lib/graphql/generated/operations";
import { cognitoCall } from "../../infra/testing/cognito-client";
import {
  API_KEY,
  CLIENT,
  OTP,
  atStep,
  expectRefused,
  gql,
  persona,
  signUpUser,
  sql,
  standInSuite,
  type GqlReply,
} from "./testing/api-test-kit";

jest.setTimeout(120_000);

// A server of its own: it reads every seeded persona as seeded and lists every lead.
const server = standInSuite({}, { ownServer: true });
const tokenFor = (email: string) => server.tokenFor(email);

/** A brand-new pool user with no application yet: writes to it are easy to see (or not see). */
const newUser = () => signUpUser(server.url, "gql");

const rowCount = async (table: string, sub: string) =>
  (await sql<{ n: number }>(server.url, `SELECT count(*)::int AS n FROM ${table} WHERE sub = $1`, [sub]))[0]!.n;

/** The user's rows in a table, whole: equal before and after a refused call proves it wrote nothing. */
const rowsOf = (table: string, sub: string) => sql(server.url, `SELECT * FROM ${table} WHERE sub = $1`, [sub]);

/**
 * Every user-token operation with a valid input, used for the good path and the wrong-auth path:
 * the shell's document where it sends the field, else (gets, rating, qualifies, addData,
 * gtmEcommerceId: fields only the hosted apps call) the operation written out.
 */
type Operation = { document: TypedDocumentNode<any, any> | string; variables?: Record<string, unknown> };
const USER_OPERATIONS: Record<string, Operation & { type: "Query" | "Mutation" }> = {
  loadFrontend: { type: "Query", document: LoadFrontendDocument },
  accounts: { type: "Query", document: AccountsDocument },
  gets: { type: "Query", document: "query { gets { amount } }" },
  queries: { type: "Query", document: QueriesDocument },
  rating: { type: "Query", document: "query { rating { rating comment } }" },
  qualifies: { type: "Query", document: "query { qualifies { apr } }" },
  setApplicationStep: { type: "Mutation", document: SetApplicationStepDocument, variables: { applicationStep: "loanDetails" } },
  setEmployer: { type: "Mutation", document: SetEmployerDocument, variables: { employerId: "1001" } },
  applies: {
    type: "Mutation",
    document: AppliesDocument,
    variables: { amount: 2500, reason: "Rent Expense", state: "TX", type: "personal" },
  },
  identifies: { type: "Mutation", document: IdentifiesDocument, variables: { accountSettings: true, given_name: "Ada" } },
  addData: {
    type: "Mutation",
    document: "mutation ($u: String!, $d: String!) { addData(username: $u, reapplicationData: $d) }",
  },
  setEvolveConsent: { type: "Mutation", document: SetEvolveConsentDocument, variables: { consent: true } },
  justRegistered: { type: "Mutation", document: JustRegisteredDocument, variables: { applyNowRoute: "/apply/chooseEmployer" } },
  logOriginTracking: { type: "Mutation", document: LogOriginTrackingDocument, variables: { originId: "partner-42" } },
  gtmEcommerceId: { type: "Mutation", document: 'mutation ($u: String!) { gtmEcommerceId(username: $u, type: "purchase", id: "T-1") }' },
  logs: { type: "Mutation", document: LogsDocument, variables: { message: "hello from a test" } },
};

/** The lending operations the hosted apps call, each for a username that is not the caller's. */
const LENDING: Record<string, Operation> = {
  preQualification: { document: PreQualificationDocument, variables: { username: "x" } },
  originationPaymentCalculator: { document: OriginationPaymentCalculatorDocument, variables: { username: "x" } },
  setApplyExtraPaymentFlag: { document: 'mutation { setApplyExtraPaymentFlag(username: "x", flag: true) }' },
};

function expectFieldError(reply: GqlReply, op: string, field: string) {
  expect(reply.status).toBe(200);
  expect(reply.body.data?.[op] ?? null).toBeNull();
  const error = reply.body.errors?.[0];
  expect(error).toBeDefined();
  expect(error!.message).toContain(field);
  if (error!.errorType === "BadRequestException") expect(error!.errorInfo?.field).toBe(field);
  else expect(error!.errorType).toBe("ValidationError"); // graphql-js type coercion, which names the argument
}

it("runs on the database the environment chose (PGlite, or PostgreSQL with TEST_DATABASE_URL)", async () => {
  const [{ version }] = (await sql<{ version: string }>(server.url, "SELECT version() AS version")) as [{ version: string }];
  if (server.databaseKind === "postgres") expect(version).not.toContain("PGlite");
  else expect(version).toContain("PGlite");
});

describe("auth, as AppSync does it", () => {
  const query = LoadFrontendDocument;

  it("answers 401 UnauthorizedException without credentials or with a wrong API key", async () => {
    for (const auth of [{}, { apiKey: "da2-wrong" }, { apiKey: "" }]) {
      const reply = await gql(server.url, auth, query);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({
        errors: [{ errorType: "UnauthorizedException", message: "You are not authorized to make this call." }],
      });
    }
  });

  it("refuses a malformed token, a Bearer-prefixed token and a token signed by another key", async () => {
    const good = await tokenFor("newcomer@example.com");
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const [h, p] = good.split(".") as [string, string];
    const forged = `${h}.${p}.${sign("RSA-SHA256", Buffer.from(`${h}.${p}`), privateKey).toString("base64url")}`;
    for (const token of ["not-a-jwt", `Bearer ${good}`, forged]) {
      const reply = await gql(server.url, { token }, query);
      expect(reply.status).toBe(401);
      expect(reply.body.errors?.[0]?.errorType).toBe("UnauthorizedException");
    }
  });

  it("refuses an API key on every user operation, per field, in AppSync's words", async () => {
    const user = persona("newcomer@example.com");
    for (const [name, op] of Object.entries(USER_OPERATIONS)) {
      const variables = op.variables ?? { u: user.username, d: Buffer.from("{}").toString("base64") };
      const reply = await gql(server.url, { apiKey: API_KEY }, op.document, variables);
      expect([name, reply.status]).toEqual([name, 200]);
      expect(reply.body.data?.[name]).toBeNull();
      expect(reply.body.errors).toEqual([
        expect.objectContaining({
          errorType: "Unauthorized",
          message: `Not Authorized to access ${name} on type ${op.type}`,
          path: [name],
        }),
      ]);
    }
    for (const [field, op] of Object.entries(LENDING)) {
      const reply = await gql(server.url, { apiKey: API_KEY }, op.document, op.variables);
      expect(reply.body.errors?.[0]?.message).toBe(`Not Authorized to access ${field} on type Mutation`);
    }
  });

  it("answers the allowed sibling and refuses the other in one request with an API key", async () => {
    const reply = await gql(server.url, { apiKey: API_KEY }, IslandBesideLogsDocument, { employerId: "8000", message: "x" });
    expect(reply.body.data).toEqual({ checkIfIslandInAlgolia: true, logs: null });
    expect(reply.body.errors).toHaveLength(1);
  });

  it("lets a user token call the public operations too", async () => {
    const reply = await gql(server.url, { token: await tokenFor("newcomer@example.com") }, LoadEmployerDocument, { employerId: "1001" });
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data?.loadEmployer?.name).toBe("Lincoln Elementary School");
  });

  it("reports unknown fields and malformed bodies", async () => {
    const token = await tokenFor("newcomer@example.com");
    const unknown = await gql(server.url, { token }, "query { nope }");
    expect(unknown.body.errors?.[0]).toMatchObject({ errorType: "ValidationError", message: expect.stringContaining("nope") });
    const res = await fetch(`${server.url}/api/local/graphql`, { method: "POST", headers: { authorization: token }, body: "{" });
    expect(res.status).toBe(400);
  });

  it("refuses every token of a session once its refresh token is revoked at sign-out (origin_jti)", async () => {
    const start = await cognitoCall(server.url, "InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "CUSTOM_AUTH",
      AuthParameters: { USERNAME: "borrower@example.com" },
    });
    const done = await cognitoCall(server.url, "RespondToAuthChallenge", {
      ClientId: CLIENT,
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: start.json.Session,
      ChallengeResponses: { USERNAME: start.json.ChallengeParameters.USERNAME, ANSWER: OTP },
    });
    const { IdToken, AccessToken, RefreshToken } = done.json.AuthenticationResult as Record<string, string>;
    const other = await tokenFor("borrower@example.com");
    expect((await gql(server.url, { token: IdToken }, query)).status).toBe(200);
    expect((await cognitoCall(server.url, "RevokeToken", { ClientId: CLIENT, Token: RefreshToken })).status).toBe(200);
    for (const token of [IdToken, AccessToken]) {
      const refused = await gql(server.url, { token }, query);
      expect(refused.status).toBe(401);
      expect(refused.body.errors?.[0]).toMatchObject({ errorType: "UnauthorizedException", message: "Token has been revoked." });
    }
    expect((await cognitoCall(server.url, "GetTokensFromRefreshToken", { ClientId: CLIENT, RefreshToken })).json.__type).toBe(
      "NotAuthorizedException",
    );
    // Another sign-in of the same user is a session of its own.
    expect((await gql(server.url, { token: other }, query)).status).toBe(200);
  });

  it("refuses documents over the depth, field and alias limits before running them", async () => {
    const aliases = Array.from({ length: 5000 }, (_, i) => `a${i}: loadEmployer(employerId: "1001") { name }`).join(" ");
    await gql(server.url, { apiKey: API_KEY }, "query { __typename }"); // warm: the first request of a fresh server compiles
    const started = Date.now();
    const many = await gql(server.url, { apiKey: API_KEY }, `mutation { ${aliases} }`);
    // Running 5,000 aliases stalled the server for ~20 s; refused before running is far below that,
    // and the bound leaves room for a busy runner.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(many.body.data).toBeNull();
    expect(many.body.errors?.map((e) => e.message).join(" ")).toMatch(/maximum of (300 fields|20 aliases)|more that 10000 tokens/);
    const fields = Array.from({ length: 301 }, () => "__typename").join(" ");
    expect((await gql(server.url, { apiKey: API_KEY }, `query { ${fields} }`)).body.errors?.[0]?.message).toBe(
      "Query selects more than the maximum of 300 fields.",
    );
    const few = Array.from({ length: 21 }, (_, i) => `a${i}: loadEmployer(employerId: "1001") { name }`).join(" ");
    expect((await gql(server.url, { apiKey: API_KEY }, `mutation { ${few} }`)).body.errors?.[0]?.message).toBe(
      "Query has more than the maximum of 20 aliases.",
    );
    const nested = `query { ${"__schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }"} }`;
    expect((await gql(server.url, { apiKey: API_KEY }, nested)).body.errors?.[0]?.message).toBe("Query depth exceeds the maximum of 10.");
  });

  it("answers a NUL byte in a string argument or variable with a BadRequestException naming it", async () => {
    // The shell's loadEmployer with the id written into the document (a generated document keeps a
    // \u escape as written, so it cannot carry the byte itself).
    const written: DocumentNode = visit(LoadEmployerDocument, {
      VariableDefinition: () => null,
      Variable: () => ({ kind: Kind.STRING, value: "10\u00001" }),
    });
    const literal = await gql(server.url, { apiKey: API_KEY }, written);
    expect(literal.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "employerId" } });
    const variable = await gql(server.url, { apiKey: API_KEY }, LoadEmployerDocument, { employerId: "10\u00001" });
    expect(variable.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "$employerId" } });
  });

  it("refuses an oversized body while reading it", async () => {
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
        for (let i = 0; i < 40; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await fetch(`${server.url}/api/local/graphql`, {
      method: "POST",
      headers: { "x-api-key": API_KEY, "content-type": "application/json" },
      body: big,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe("loadFrontend: the raw facts per persona", () => {
  const load = async (email: string) => {
    const reply = await gql(server.url, { token: await tokenFor(email) }, LoadFrontendDocument);
    expect(reply.body.errors).toBeUndefined();
    return reply.body.data!.loadFrontend!;
  };

  it("newcomer: chooseEmployer, nothing else", async () => {
    const f = await load("newcomer@example.com");
    expect(f.applicationStep).toBe("chooseEmployer");
    expect(f.flags).toEqual({ adminPortalUser: false, collectionsUser: false, verificationsPortalUser: false });
    expect(f.appInfo).toMatchObject({ amountAppliedFor: null, offer: null, prequalification: null, history: [], username: "a10001" });
    expect(f.documents).toEqual([]);
    expect(f.loanInfo).toBeNull();
  });

  it("application steps and amounts as described", async () => {
    for (const p of ["loan-details", "employment", "prequal-approved", "under-review", "offer-sent", "paper-form", "rejected", "blocked"]) {
      const described = persona(`${p}@example.com`);
      const f = await load(described.email);
      expect([p, f.applicationStep, f.appInfo.amountAppliedFor]).toEqual([
        p,
        described.applicationStep,
        described.amountAppliedFor ?? null,
      ]);
    }
  });

  it("prequalified, offer, direct deposit, contract signed", async () => {
    expect((await load("prequal-approved@example.com")).appInfo.prequalification).toMatchObject({
      preQualificationStatus: true,
      preQualificationFailureReason: null,
      preQualifiedAmount: 5000,
    });
    const sent = await load("offer-sent@example.com");
    expect(sent.appInfo.directDepositConfirmed).toBe(false);
    // Amount financed = $4,000 principal − $25 prepaid finance charge; the APR is that of the 52
    // biweekly paydays collected (local/lender/rules/repayment-schedule), not the monthly note's 19.64%.
    expect(sent.appInfo.offer).toMatchObject({ contractSigned: false, offerAmountFinanced: 3975, offerOriginalAPR: 19.65 });
    expect((await load("offer-dd@example.com")).appInfo.directDepositConfirmed).toBe(true);
    const signed = await load("signed@example.com");
    expect(signed.appInfo.offer!.contractSigned).toBe(true);
    expect(signed.applicationStep).toBe("Offer Sent");
    expect(signed.loanInfo).toBeNull();
  });

  it("paper form: the children's hospital employer with its extra fields", async () => {
    const f = await load("paper-form@example.com");
    expect(f.appInfo.employerParentId).toBe("7000");
    expect(f.appInfo.employment!.choaCostCenter).toBe("CC-2210");
    expect(f.appInfo.employment!.paperFormSentTimestamp).toBe("2026-11-18T15:30:00.000Z");
  });

  it("rejected: reason and failed prequalification", async () => {
    const f = await load("rejected@example.com");
    expect(f.appInfo.rejectionReason).toBeTruthy();
    expect(f.appInfo.prequalification!.preQualificationStatus).toBe(false);
  });

  it("borrower: active loan with payments, a scheduled payroll payment, statements, future payout date", async () => {
    const f = await load("borrower@example.com");
    expect(f.applicationStep).toBe("activeLoan");
    expect(f.loanInfo).toMatchObject({ status: "active", PayoutDate: "2028-03-02" });
    expect(f.loanInfo!.balance).toBeGreaterThan(0);
    expect(f.loanInfo!.balance).toBeLessThan(4000);
    expect(f.loanInfo!.payments.length).toBeGreaterThan(0);
    expect(f.loanInfo!.payments[0]).toMatchObject({ sts: "Processed", amount: expect.any(Number) });
    expect(JSON.parse(f.loanInfo!.payments[0]!.metaData!)).toHaveProperty("transactionId");
    expect(f.loanInfo!.scheduledPayments).toEqual([expect.objectContaining({ accountMask: "Payroll", frequency: "directDeposit" })]);
    expect(f.documents).toHaveLength(1);
    // Paid every two weeks (the collected schedule), a statement a month: about 26 payments to 12 statements.
    expect(f.documents[0]!.statements.length).toBeGreaterThan(0);
    expect(f.loanInfo!.payments.length).toBeGreaterThanOrEqual(2 * f.documents[0]!.statements.length);
    expect(f.appInfo.personal!.ssn).toMatch(/^\*{5}\d{4}$/);
  });

  it("paid off: payout date in the past, zero balance", async () => {
    const f = await load("paid-off@example.com");
    expect(f.applicationStep).toBe("activeLoan");
    expect(f.loanInfo).toMatchObject({ status: "paidOff", balance: 0, PayoutDate: "2024-06-02" });
    expect(f.loanInfo!.payments).toHaveLength(52); // biweekly payroll payments over the 24 months
  });

  it("staff flags", async () => {
    expect((await load("admin@lender.example")).flags).toEqual({
      adminPortalUser: true,
      collectionsUser: false,
      verificationsPortalUser: false,
    });
    expect((await load("collections@lender.example")).flags.collectionsUser).toBe(true);
    expect((await load("verifications@lender.example")).flags.verificationsPortalUser).toBe(true);
  });

  it("a new user reads a chooseEmployer application without anything being written", async () => {
    const u = await newUser();
    const reply = await gql(server.url, { token: u.token }, LoadFrontendDocument);
    expect(reply.body.data?.loadFrontend).toMatchObject({
      applicationStep: "chooseEmployer",
      appInfo: { username: u.username, primary_email: u.email },
    });
    expect(await rowCount("applications", u.sub)).toBe(0);
  });
});

describe("user mutations: good input writes, bad input names the field and writes nothing", () => {
  it("setApplicationStep pushes and pops the history", async () => {
    const u = await newUser();
    const set = (step: string) => gql(server.url, { token: u.token }, SetApplicationStepDocument, { applicationStep: step });
    for (const bad of ["nonsense", "", "LOANDETAILS"]) expectFieldError(await set(bad), "setApplicationStep", "applicationStep");
    expect(await rowCount("applications", u.sub)).toBe(0);

    // Forward from chooseEmployer only by choosing the employer (setEmployer moves on itself): the state machine refuses the move.
    expect((await set("loanDetails")).body.errors?.[0]).toMatchObject({
      errorType: "FailedPrecondition",
      errorInfo: { reason: "NOT_YET" },
    });
    expect(await rowCount("applications", u.sub)).toBe(0);
    await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "1001" });
    await gql(server.url, { token: u.token }, AppliesDocument, { amount: 2500, reason: "Rent Expense", state: "TX", type: "personal" });
    expect((await set("personalInformation")).body.data?.setApplicationStep?.history).toEqual(["chooseEmployer", "loanDetails"]);
    expect((await set("loanDetails")).body.data?.setApplicationStep).toEqual({
      applicationStep: "loanDetails",
      history: ["chooseEmployer"],
    });
    // The lender's states are never a user's move (local/lender/rules/lending-api.pg.integration.test.ts tries them all).
    for (const other of ["Offer Sent", "offerDetails", "Paper Form Confirmation Pending", "activeLoan", "applicationBlocked-employment"]) {
      expectFieldError(await set(other), "setApplicationStep", "applicationStep");
    }
    const [row] = await sql(server.url, "SELECT step FROM applications WHERE sub = $1", [u.sub]);
    expect(row).toEqual({ step: "loanDetails" });
  });

  it("setEmployer: next route and the employer, or a validationError naming employerId", async () => {
    const u = await newUser();
    const bad = await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "999999" });
    expect(bad.body.data?.setEmployer).toEqual({
      nextRoute: null,
      validationError: expect.stringContaining("employerId"),
      serverError: null,
      data: null,
    });
    expect(await rowCount("applications", u.sub)).toBe(0);

    const good = await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "7002" });
    expect(good.body.data?.setEmployer).toMatchObject({ nextRoute: "/apply/loanDetails", validationError: null });
    expect(JSON.parse(good.body.data!.setEmployer!.data!)).toMatchObject({ employerId: "7002", parentId: "7000" });
    const [row] = await sql(server.url, "SELECT employer_id, step, history FROM applications WHERE sub = $1", [u.sub]);
    expect(row).toEqual({ employer_id: "7002", step: "loanDetails", history: ["chooseEmployer"] });

    // A later change of employer records it and leaves the step alone: no route to follow.
    const again = await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "8000" });
    expect(again.body.data?.setEmployer).toMatchObject({ nextRoute: null, validationError: null });
    const [after] = await sql(server.url, "SELECT employer_id, step FROM applications WHERE sub = $1", [u.sub]);
    expect(after).toEqual({ employer_id: "8000", step: "loanDetails" });
  });

  it("applies", async () => {
    const u = await newUser();
    // Before an employer is chosen the loan request is not open yet: refused by the rules, nothing written.
    expectRefused(
      await gql(server.url, { token: u.token }, AppliesDocument, { amount: 4000, reason: "Medical Bills", state: "GA", type: "personal" }),
      "applies",
      "NOT_YET",
    );
    expect(await rowCount("applications", u.sub)).toBe(0);
    // The subject is the input's validation: the user at loanDetails, where the request is open.
    await atStep(server.url, u, "loanDetails");
    const before = await rowsOf("applications", u.sub);
    // Some probes send a variable of the wrong type or none at all: the server's coercion is under test.
    const applies = (v: Record<string, unknown>) =>
      gql(server.url, { token: u.token }, AppliesLoanRequestDocument, {
        amount: 4000,
        reason: "Medical Bills",
        state: "GA",
        type: "personal",
        ...v,
      } as AppliesLoanRequestMutationVariables);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, "amount"],
      [{ amount: -5 }, "amount"],
      [{ amount: 50 }, "amount"], // below the smallest loan: refused here, never left for prequalification to reject
      [{ amount: 499.99 }, "amount"],
      [{ amount: 10000.01 }, "amount"],
      [{ amount: 12.345 }, "amount"],
      [{ amount: "4000" }, "amount"],
      [{ reason: "Vacation" }, "reason"],
      [{ reason: "Other" }, "other"],
      [{ state: "ZZ" }, "state"],
      [{ state: "Georgia" }, "state"],
      [{ state: "PR" }, "state"], // a territory the lender does not serve (lib/lending/service-area)
      [{ type: "" }, "type"],
      [{ type: undefined }, "type"],
    ];
    for (const [v, field] of cases) expectFieldError(await applies(v), "applies", field);
    expect(await rowsOf("applications", u.sub)).toEqual(before);

    const ok = await applies({ amount: 10000, reason: "Other", other: "Moving costs", state: "il" });
    expect(ok.body.data?.applies).toEqual({
      amountAppliedFor: 10000,
      loanReason: "Other",
      otherDescription: "Moving costs",
      stateOfResidence: "IL",
      loanType: "personal",
    });
    const [row] = await sql(
      server.url,
      "SELECT amount_applied_for::float8 AS amount, state_of_residence FROM applications WHERE sub = $1",
      [u.sub],
    );
    expect(row).toEqual({ amount: 10000, state_of_residence: "IL" });

    // The copy kept with the personal details follows a later change of the loan request (the review's "Change your loan").
    const kept = await gql(server.url, { token: u.token }, IdentifiesStoredDocument, { accountSettings: true, amount: 4000 });
    expect(kept.body.data?.identifies?.amount).toBe(4000);
    await applies({ amount: 2500, reason: "Other", other: "Moving costs", state: "IL" });
    const [personal] = await sql(server.url, "SELECT amount::float8 AS amount FROM personal WHERE sub = $1", [u.sub]);
    expect(personal).toEqual({ amount: 2500 });
  });

  it("identifies: personal fields only with accountSettings true, contact fields without it, nothing half-written", async () => {
    const u = await newUser();
    // Identity before the loan request is not open yet (contact fields are, at every step): refused, nothing written.
    expectRefused(
      await gql(server.url, { token: u.token }, IdentifiesStoredDocument, { accountSettings: true, given_name: "Ada" }),
      "identifies",
      "NOT_YET",
    );
    expect(await rowCount("applications", u.sub)).toBe(0);
    // The subject is the input's validation: the user at personalInformation, where identity is open.
    await atStep(server.url, u, "personalInformation");
    const before = await rowsOf("applications", u.sub);
    const identifies = (variables: IdentifiesStoredMutationVariables) =>
      gql(server.url, { token: u.token }, IdentifiesStoredDocument, variables);
    const cases: [IdentifiesStoredMutationVariables, string][] = [
      [{ accountSettings: true, given_name: "Ada", phone_number: "555-123" }, "phone_number"],
      [{ accountSettings: true, ssn: "123-45-6789" }, "ssn"],
      [{ accountSettings: true, ssn: "000000000" }, "ssn"],
      [{ personal_email: "not-an-email" }, "personal_email"],
      [{ accountSettings: true, birthdate: "2020-01-01" }, "birthdate"],
      [{ accountSettings: true, birthdate: "1990-02-30" }, "birthdate"],
      [{ addrPostalCode: "1234" }, "addrPostalCode"],
      [{ addrStateAbbr: "XX" }, "addrStateAbbr"],
      [{ accountSettings: true, how_you_heard: "TV" }, "how_you_heard"],
      [{ accountSettings: true, given_name: "<script>" }, "given_name"],
      [{ lat: 123 }, "lat"],
      [{ lng: -180.5 }, "lng"],
      // Without the flag (or with it false) a personal field is refused, not dropped.
      [{ address: "1 Elm St", given_name: "Eve" }, "given_name"],
      [{ accountSettings: false, phone_number: "5551234567", ssn: "123456789" }, "ssn"],
      [{ accountSettings: true }, "identifies"],
    ];
    for (const [variables, field] of cases) expectFieldError(await identifies(variables), "identifies", field);
    expect(await rowsOf("applications", u.sub)).toEqual(before);
    expect(await rowCount("personal", u.sub)).toBe(0);

    const ok = await identifies({
      accountSettings: true,
      given_name: "Ada",
      family_name: "Lovelace",
      phone_number: "5551234567",
      ssn: "123456789",
      personal_email: " Ada@Example.COM ",
      addrStateAbbr: "ny",
    });
    expect(ok.body.data?.identifies).toMatchObject({
      given_name: "Ada",
      family_name: "Lovelace",
      phone_number: "5551234567",
      ssn: "*****6789",
      personal_email: "ada@example.com",
      addrStateAbbr: "NY",
    });
    const contact = await identifies({ accountSettings: false, phone_number: "5559876543", unit: "Apt 2", lat: -1, lng: -1 });
    expect(contact.body.data?.identifies).toMatchObject({ given_name: "Ada", phone_number: "5559876543" });
    const [row] = await sql(server.url, "SELECT ssn, unit FROM personal WHERE sub = $1", [u.sub]);
    expect(row).toEqual({ ssn: "123456789", unit: "Apt 2" });
  });

  it("addData: base64 of a JSON object, for the signed-in user only", async () => {
    const u = await newUser();
    const add = (username: string, data: string) =>
      gql(server.url, { token: u.token }, "mutation ($u: String!, $d: String!) { addData(username: $u, reapplicationData: $d) }", {
        u: username,
        d: data,
      });
    const b64 = (s: string) => Buffer.from(s).toString("base64");
    const cases: [string, string, string][] = [
      ["a10001", b64('{"a":1}'), "username"],
      [u.username, "not base64!", "reapplicationData"],
      [u.username, b64("{not json"), "reapplicationData"],
      [u.username, b64("[1,2]"), "reapplicationData"],
      [u.username, "", "reapplicationData"],
    ];
    for (const [name, data, field] of cases) expectFieldError(await add(name, data), "addData", field);
    expect(await rowCount("applications", u.sub)).toBe(0);
    expect((await add(u.username, b64('{"employer":"1001","amount":3000}'))).body.data?.addData).toBe(true);
    const [row] = await sql(server.url, "SELECT reapplication_data FROM applications WHERE sub = $1", [u.sub]);
    expect(row).toEqual({ reapplication_data: { employer: "1001", amount: 3000 } });
  });

  it("setEvolveConsent", async () => {
    const u = await newUser();
    // The bad values are of the wrong type: graphql-js's coercion of the variable is under test.
    const set = (consent: unknown) => gql(server.url, { token: u.token }, SetEvolveConsentDocument, { consent: consent as boolean });
    for (const bad of ["yes", null, 1]) expectFieldError(await set(bad), "setEvolveConsent", "$consent");
    expect(await rowCount("applications", u.sub)).toBe(0);
    // Consent is given on the consent page (after the rate check), not before: refused, nothing written.
    expectRefused(await set(true), "setEvolveConsent", "NOT_YET");
    expect(await rowCount("applications", u.sub)).toBe(0);
    await atStep(server.url, u, "consentPage");
    expect((await set(true)).body.data?.setEvolveConsent).toBe(true);
    const [row] = await sql(server.url, "SELECT evolve_consent, evolve_consent_at IS NOT NULL AS at FROM applications WHERE sub = $1", [
      u.sub,
    ]);
    expect(row).toEqual({ evolve_consent: true, at: true });
  });

  it("justRegistered: a same-site path only", async () => {
    const u = await newUser();
    const reg = (route: string) => gql(server.url, { token: u.token }, JustRegisteredDocument, { applyNowRoute: route });
    for (const bad of ["https://evil.example/x", "//evil.example", "apply", "", "/\\evil.example"])
      expectFieldError(await reg(bad), "justRegistered", "applyNowRoute");
    expect(await rowCount("applications", u.sub)).toBe(0);
    expect((await reg("/apply/loanDetails?x=1")).body.data?.justRegistered).toBe(true);
    const [row] = await sql(
      server.url,
      "SELECT apply_now_route, registered_at IS NOT NULL AS registered FROM applications WHERE sub = $1",
      [u.sub],
    );
    expect(row).toEqual({ apply_now_route: "/apply/loanDetails?x=1", registered: true });
  });

  it("logOriginTracking, gtmEcommerceId and logs record rows; bad input records none", async () => {
    const u = await newUser();
    const t = { token: u.token };
    expectFieldError(await gql(server.url, t, LogOriginTrackingDocument, { originId: "has space" }), "logOriginTracking", "originId");
    expectFieldError(
      await gql(server.url, t, 'mutation { gtmEcommerceId(username: "a10001", type: "purchase", id: "T-1") }'),
      "gtmEcommerceId",
      "username",
    );
    expectFieldError(
      await gql(server.url, t, `mutation { gtmEcommerceId(username: "${u.username}", type: "", id: "T-1") }`),
      "gtmEcommerceId",
      "type",
    );
    expectFieldError(await gql(server.url, t, LogsDocument, { message: "   " }), "logs", "message");
    expectFieldError(await gql(server.url, t, LogsDocument, { message: "x".repeat(10_001) }), "logs", "message");
    for (const table of ["origin_tracking", "gtm_ecommerce", "logs"]) expect(await rowCount(table, u.sub)).toBe(0);

    const ok = await gql(server.url, t, RecordTrackingDocument, {
      originId: "partner-42",
      username: u.username,
      type: "purchase",
      id: "T-1",
      message: "client error: x",
    });
    expect(ok.body).toEqual({ data: { logOriginTracking: true, gtmEcommerceId: true, logs: true } });
    for (const table of ["origin_tracking", "gtm_ecommerce", "logs"]) expect(await rowCount(table, u.sub)).toBe(1);
  });

  it("the lending operations are implemented (none answers NotImplemented): a wrong username is a BadRequest that writes nothing", async () => {
    // Each where the rules open it: the rate check at authPrequal, the contract's figures once signing
    // is open (offer-dd: accepted, direct deposit confirmed; a refused call changes nothing of it), the
    // extra-payment flag on an active loan.
    const atAuthPrequal = await newUser();
    await atStep(server.url, atAuthPrequal, "authPrequal");
    const withLoan = await newUser();
    await atStep(server.url, withLoan, "activeLoan");
    const readyToSign = persona("offer-dd@example.com");
    const callers: Record<string, { sub: string; token: string }> = {
      preQualification: atAuthPrequal,
      originationPaymentCalculator: { sub: readyToSign.sub, token: await tokenFor(readyToSign.email) },
      setApplyExtraPaymentFlag: withLoan,
    };
    for (const [field, op] of Object.entries(LENDING)) {
      const caller = callers[field]!;
      const rows = () => Promise.all(["applications", "prequalifications", "offers", "loans"].map((t) => rowsOf(t, caller.sub)));
      const before = await rows();
      const reply = await gql(server.url, { token: caller.token }, op.document, op.variables);
      expect(reply.body.data?.[field]).toBeNull();
      expect(reply.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "username" } });
      expect(await rows()).toEqual(before);
    }
    // Where the rules do not open them (a new application), each is refused for its reason and writes nothing.
    const u = await newUser();
    for (const [field, op] of Object.entries(LENDING)) {
      expectRefused(await gql(server.url, { token: u.token }, op.document, op.variables), field, "NOT_YET");
    }
    expect(await rowCount("applications", u.sub)).toBe(0);
  });
});

describe("user queries", () => {
  const ask = async <TData = Record<string, any>>(email: string, query: string | TypedDocumentNode<TData, Record<string, never>>) => {
    const reply = await gql(server.url, { token: await tokenFor(email) }, query);
    expect(reply.body.errors).toBeUndefined();
    return reply.body.data!;
  };

  it("queries: the contract-signed flag as text", async () => {
    expect((await ask("signed@example.com", QueriesDocument)).queries).toBe("true");
    expect((await ask("offer-sent@example.com", QueriesDocument)).queries).toBe("false");
    expect((await ask("newcomer@example.com", QueriesDocument)).queries).toBe("false");
  });

  it("gets: the loan record, else the offer, else null", async () => {
    expect(
      (await ask("borrower@example.com", "{ gets { amount apr APRRequested Balance term interval maturityDate } }")).gets,
    ).toMatchObject({
      amount: 4000,
      term: 24,
      interval: "biweekly", // how often it is repaid: the seeded employment's paydays
      maturityDate: "2028-03-02",
    });
    expect((await ask("offer-sent@example.com", "{ gets { amount Balance } }")).gets).toEqual({ amount: 3975, Balance: null });
    expect((await ask("newcomer@example.com", "{ gets { amount } }")).gets).toBeNull();
  });

  it("accounts: funding sources", async () => {
    const { accounts } = await ask("borrower@example.com", AccountsDocument);
    expect(accounts!.map(({ link_type, verified, name }) => ({ link_type, verified, name }))).toEqual([
      { link_type: "plaid_getAuth", verified: true, name: "Plaid Checking" },
    ]);
    expect((await ask("newcomer@example.com", AccountsDocument)).accounts).toEqual([]);
  });

  it("rating: missing reads as 0", async () => {
    const p = persona("borrower@example.com");
    expect(await rowCount("ratings", p.sub)).toBe(0);
    expect((await ask(p.email, "{ rating { rating comment } }")).rating).toEqual({ rating: 0, comment: null });
  });

  it("qualifies: the prequalified quote with its APR, else null", async () => {
    const q = (await ask("prequal-approved@example.com", "{ qualifies { amount apr fee interval term } }")).qualifies;
    expect(q).toMatchObject({ amount: 5000, fee: 25, interval: "biweekly", term: 24 }); // the paydays that will be collected
    expect(q.apr).toBeGreaterThan(18.99);
    expect(q.apr).toBeLessThan(20);
    expect((await ask("newcomer@example.com", "{ qualifies { apr } }")).qualifies).toBeNull();
  });
});

describe("public operations with the API key", () => {
  const pub = <TData = Record<string, any>, TVariables = Record<string, unknown>>(
    query: string | TypedDocumentNode<TData, TVariables>,
    variables?: TVariables,
  ) => gql(server.url, { apiKey: API_KEY }, query, variables);

  it("loadEmployer: the employer fields, null when unknown, an error for a blank id", async () => {
    const e = await pub(LoadEmployerDocument, { employerId: "7001" });
    expect(e.body.data?.loadEmployer).toMatchObject({
      employerId: "7001",
      parentId: "7000",
      parentName: "Peachtree Children's Healthcare",
      acceptedDomains: ["peachtreechildrens.example"],
    });
    expect((await pub(LoadEmployerDocument, { employerId: "nope" })).body.data?.loadEmployer).toBeNull();
    expectFieldError(await pub(LoadEmployerDocument, { employerId: " " }), "loadEmployer", "employerId");
  });

  it("checkIfIslandInAlgolia: true only for a top-level employer without sub-employers", async () => {
    const island = async (id: string) => (await pub(CheckIfIslandInAlgoliaDocument, { employerId: id })).body.data?.checkIfIslandInAlgolia;
    expect(await island("8000")).toBe(true);
    expect(await island("1000")).toBe(false);
    expect(await island("1001")).toBe(false);
    expectFieldError(await pub(CheckIfIslandInAlgoliaDocument, { employerId: "nope" }), "checkIfIslandInAlgolia", "employerId");
  });

  it("leadsModel: by the lead's unguessable id only; a sequential or guessed id finds nothing", async () => {
    const [{ lead_id: id } = { lead_id: "" }] = await sql<{ lead_id: string }>(
      server.url,
      "SELECT lead_id FROM leads WHERE email = 'jordan.rivera@example.com'",
    );
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(
      (
        await pub("query ($id: ID!) { leadsModel(leadId: $id) { leadId firstName employerName requestedLoanAmount interestRate term } }", {
          id,
        })
      ).body.data?.leadsModel,
    ).toEqual({
      leadId: id,
      firstName: "Jordan",
      employerName: "Metro Unified School District",
      requestedLoanAmount: 4000,
      interestRate: 18.99,
      term: 24,
    });
    for (const guess of ["lead-0001", "lead-0002", "1", "2", "0".repeat(32)]) {
      expect((await pub("query ($id: ID!) { leadsModel(leadId: $id) { firstName } }", { id: guess })).body.data?.leadsModel).toBeNull();
    }
    // The database itself refuses a guessable id, whoever writes the row (and takes a random one).
    const insert = async (leadId: string) => {
      const res = await fetch(`${server.url}/__test/arrange`, {
        method: "POST",
        body: JSON.stringify({
          sql: "INSERT INTO leads (lead_id, first_name, email) VALUES ($1, 'Mallory', $2)",
          params: [leadId, `m-${leadId}@example.net`],
        }),
      });
      return [res.status, await res.json()];
    };
    for (const guess of ["lead-0003", "3", "00000000-0000-4000-8000-000000000003", "A".repeat(32), `${"a".repeat(32)}0`]) {
      expect(await insert(guess)).toEqual([409, { code: "23514", constraint: "leads_id_unguessable" }]);
    }
    expect(await insert(randomBytes(16).toString("hex"))).toEqual([200, []]);
    // Both seeded leads have their own random id.
    const ids = await sql<{ lead_id: string }>(server.url, "SELECT lead_id FROM leads WHERE email LIKE '%@example.com' ORDER BY email");
    expect(ids).toHaveLength(2);
    for (const row of ids) expect(row.lead_id).toMatch(/^[0-9a-f]{32}$/);
    expectFieldError(await pub('{ leadsModel(leadId: "bad id") { firstName } }'), "leadsModel", "leadId");
  });
});
