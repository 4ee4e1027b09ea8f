/**
 * The compliance rules of local/lender/rules/application-rules.ts as the stand-in API applies them, over
 * HTTP against its database: identity after the credit check, payroll linking, signing, and the
 * micro-deposit cap (the issue-25 findings, each refused here).
 */
import { randomInt } from "node:crypto";
import { AppliesStateOfResidenceDocument } from "../../../contract/generated/test-operations";
import {
  CountersDocument,
  IdentifiesDocument,
  InitializeArgyleDocument,
  ManuallyDocument,
  OriginationPaymentCalculatorDocument,
  SetEmployerDocument,
  SuccessfulArgyleUpdateDocument,
  VerifiesDocument,
} from "../../../lib/graphql/generated/operations";
import { WRONG_TRIES_TEXT } from "../../../lib/bank/funding-rules";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import {
  DIRECT_DEPOSIT_NOT_CONFIRMED_MESSAGE,
  EMPLOYER_LOCKED_MESSAGE,
  STATE_LOCKED_MESSAGE,
  IDENTITY_LOCKED_MESSAGE,
  MICRO_DEPOSIT_CAP_MESSAGE,
  PAYROLL_NOT_OWN_EMPLOYER_MESSAGE,
  SIGNER_NAME_MESSAGE,
} from "./application-rules";
import { arrange, atStep, expectRefused, gql, signUpUser, sql, standInSuite, type GqlReply } from "../graphql/testing/api-test-kit";

jest.setTimeout(180_000);

// A server of its own: it signs a seeded persona's contract.
const server = standInSuite({}, { ownServer: true });
const newUser = () => signUpUser(server.url, "rules");
/** A new applicant who chose employer 1001 and stands at `step`, where the action under test is open (the state machine). */
const chosenAt = async (step: string) => {
  const u = await newUser();
  expect((await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "1001" })).body.errors).toBeUndefined();
  await atStep(server.url, u, step);
  return u;
};
const as = async (email: string) => ({ token: await server.tokenFor(email) });

const firstError = (reply: GqlReply) => reply.body.errors?.[0];

describe("identity (SSN, legal name, birth date) after personalInformation", () => {
  /** Only the identity fields the test names: the others stay out of the call. */
  const identifies = async (auth: { token: string }, identity: { ssn?: string; given?: string; birth?: string }) =>
    gql(server.url, auth, IdentifiesDocument, {
      accountSettings: true,
      ssn: identity.ssn,
      given_name: identity.given,
      birthdate: identity.birth,
    });
  const identityOf = async (email: string) =>
    (
      await sql(
        server.url,
        `SELECT p.ssn, p.given_name, p.family_name, p.birthdate::text AS birthdate FROM personal p JOIN applications a ON a.sub = p.sub WHERE a.primary_email = $1`,
        [email],
      )
    )[0];

  it.each([
    ["prequal-approved@example.com", { ssn: "666000004" }, "ssn"],
    ["prequal-approved@example.com", { given: "Mallory" }, "given_name"],
    ["offer-dd@example.com", { birth: "1990-01-01" }, "birthdate"],
    ["borrower@example.com", { ssn: "666000004", given: "Mallory" }, "ssn"],
  ])("%s: a change of %j is refused with the rule's message and writes nothing", async (email, variables, field) => {
    const before = await identityOf(email);
    const reply = await identifies(await as(email), variables);
    expect(reply.body.data?.identifies ?? null).toBeNull();
    expect(firstError(reply)).toMatchObject({
      errorType: "FailedPrecondition",
      errorInfo: { reason: "DECISION_FACTS_LOCKED", field },
      message: `${field}: ${IDENTITY_LOCKED_MESSAGE}`,
    });
    expect(await identityOf(email)).toEqual(before);
  });

  it("sending the stored values again is no change", async () => {
    const email = "prequal-approved@example.com";
    const stored = (await identityOf(email))!;
    const reply = await identifies(await as(email), { ssn: stored.ssn, given: stored.given_name, birth: stored.birthdate });
    expect(reply.body.errors).toBeUndefined();
  });

  it("at personalInformation the applicant may still correct them", async () => {
    const u = await newUser();
    await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "1002" });
    await arrange(server.url, "UPDATE applications SET step = 'personalInformation' WHERE sub = $1", [u.sub]);
    for (const ssn of ["666000001", "666000004"]) {
      const reply = await identifies({ token: u.token }, { ssn, given: "Ada", birth: "1985-04-12" });
      expect(reply.body.errors).toBeUndefined();
    }
    expect((await sql(server.url, "SELECT ssn FROM personal WHERE sub = $1", [u.sub]))[0]).toEqual({ ssn: "666000004" });
  });
});

describe("employer and state of residence after prequalification (issue 43), at the API every door calls", () => {
  const applies = (auth: { token: string }, state: string) =>
    gql(server.url, auth, AppliesStateOfResidenceDocument, { amount: 4000, reason: "Medical Bills", state, type: "personal" });
  const facts = async (sub: string) =>
    (await sql(server.url, "SELECT step, employer_id, state_of_residence FROM applications WHERE sub = $1", [sub]))[0];
  const userAt = async (step: string) => {
    const u = await newUser();
    const auth = { token: u.token };
    expect((await gql(server.url, auth, SetEmployerDocument, { employerId: "1001" })).body.data?.setEmployer?.validationError).toBeNull();
    expect((await applies(auth, "IL")).body.errors).toBeUndefined();
    await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
    return { ...u, auth };
  };

  it.each(["fundingAccount", "Offer Sent", "prequalApprove"])(
    "at %s: another employer and another state are refused and nothing changes",
    async (step) => {
      const u = await userAt(step);
      const before = await facts(u.sub);
      // The lender's refusal, not a fault of the input: FailedPrecondition with its reason code.
      const employer = await gql(server.url, u.auth, SetEmployerDocument, { employerId: "1002" });
      expect(employer.body.data?.setEmployer ?? null).toBeNull();
      expect(firstError(employer)).toMatchObject({
        errorType: "FailedPrecondition",
        errorInfo: { reason: "DECISION_FACTS_LOCKED", field: "employerId" },
        message: `employerId: ${EMPLOYER_LOCKED_MESSAGE}`,
      });
      const state = await applies(u.auth, "ME");
      expect(firstError(state)).toMatchObject({
        errorType: "FailedPrecondition",
        errorInfo: { reason: "DECISION_FACTS_LOCKED", field: "state" },
        message: `state: ${STATE_LOCKED_MESSAGE}`,
      });
      expect(await facts(u.sub)).toEqual(before);
      // The same facts again are no change.
      expect((await applies(u.auth, "IL")).body.data?.applies).toEqual({ stateOfResidence: "IL" });
      expect(
        (await gql(server.url, u.auth, SetEmployerDocument, { employerId: "1001" })).body.data?.setEmployer?.validationError,
      ).toBeNull();
    },
  );

  it("before the rate check both may still change", async () => {
    const u = await userAt("authPrequal");
    expect((await gql(server.url, u.auth, SetEmployerDocument, { employerId: "1002" })).body.data?.setEmployer?.validationError).toBeNull();
    expect((await applies(u.auth, "ME")).body.data?.applies).toEqual({ stateOfResidence: "ME" });
    expect(await facts(u.sub)).toMatchObject({ employer_id: "1002", state_of_residence: "ME" });
  });
});

describe("payroll linking", () => {
  it("refuses another Argyle employer than the application's", async () => {
    const u = await chosenAt("employmentInformation");
    const reply = await gql(server.url, { token: u.token }, InitializeArgyleDocument, {
      username: u.username,
      employerId: "3001",
      directDeposit: true,
    });
    expect(firstError(reply)).toMatchObject({
      errorInfo: { field: "employerId" },
      message: `employerId: ${PAYROLL_NOT_OWN_EMPLOYER_MESSAGE}`,
    });
    expect(await sql(server.url, "SELECT 1 FROM argyle_users WHERE sub = $1", [u.sub])).toEqual([]);
  });

  it("refuses once the application is closed", async () => {
    // The state machine refuses it first (its reason code); application-rules' own closed-linking rule is its unit test's.
    const u = await chosenAt("activeLoan");
    const reply = await gql(server.url, { token: u.token }, InitializeArgyleDocument, {
      username: u.username,
      employerId: "1001",
      directDeposit: true,
    });
    expectRefused(reply, "initializeArgyle", "APPLICATION_CLOSED");
    expect(await sql(server.url, "SELECT 1 FROM argyle_users WHERE sub = $1", [u.sub])).toEqual([]);
  });

  it("a link made before the employer changed confirms nothing", async () => {
    // At employmentInformation: linking is open and the employer may still change (before the rate check).
    const u = await chosenAt("employmentInformation");
    const init = (
      await gql(server.url, { token: u.token }, InitializeArgyleDocument, { username: u.username, employerId: "1001", directDeposit: true })
    ).body.data!.initializeArgyle!;
    const { userId } = JSON.parse(init.payload!);
    const connected = await fetch(`${server.url}/api/local/argyle/accounts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userToken: init.userToken, itemId: "item_local_1001" }),
    });
    expect(connected.status).toBe(200);
    await gql(server.url, { token: u.token }, SetEmployerDocument, { employerId: "3001" });
    const reply = await gql(server.url, { token: u.token }, SuccessfulArgyleUpdateDocument, { username: u.username, argyleUserId: userId });
    expect(firstError(reply)).toMatchObject({ errorInfo: { field: "argyleUserId" } });
    expect((await sql(server.url, "SELECT direct_deposit_confirmed FROM applications WHERE sub = $1", [u.sub]))[0]).toEqual({
      direct_deposit_confirmed: false,
    });
  });
});

describe("signing", () => {
  it("refuses a signing link before the offer is accepted", async () => {
    // Signing is one action of the state machine (its figures, the link, the signature): refused as a whole before acceptance.
    const email = "offer-sent@example.com";
    const [{ username, sub }] = (await sql(server.url, "SELECT username, sub FROM applications WHERE primary_email = $1", [email])) as [
      { username: string; sub: string },
    ];
    const offerBefore = await sql(server.url, "SELECT * FROM offers WHERE sub = $1", [sub]);
    expectRefused(
      await gql(server.url, await as(email), OriginationPaymentCalculatorDocument, { username }),
      "originationPaymentCalculator",
      "OFFER_NOT_ACCEPTED",
    );
    expectRefused(
      await gql(server.url, await as(email), CountersDocument, { signature_id: `sig-dd-${username}` }),
      "counters",
      "OFFER_NOT_ACCEPTED",
    );
    expect(await sql(server.url, "SELECT * FROM offers WHERE sub = $1", [sub])).toEqual(offerBefore);
    expect(DIRECT_DEPOSIT_NOT_CONFIRMED_MESSAGE).toMatch(/direct deposit/); // the next refusal in line (pure tables)
  });

  it("refuses another signer's name, keeps the link usable, then signs with the applicant's", async () => {
    const reply = await gql(server.url, await as("offer-dd@example.com"), CountersDocument, { signature_id: "sig-dd-a10007" });
    expect(reply.body.errors).toBeUndefined();
    const url = new URL(reply.body.data!.counters!);
    const token = url.searchParams.get("token");
    url.searchParams.set("client_id", LOCAL_DEFAULTS.hellosignClientId);
    url.searchParams.set("skip_domain_verification", "1");
    url.searchParams.set("parent_url", `${server.url}/dashboard-sign?counters=sig-dd-a10007`);
    expect((await fetch(url)).status).toBe(200);
    const sign = (name: string) =>
      fetch(`${server.url}/api/local/esign/sign`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token, signature_id: "sig-dd-a10007", name, consent: true }),
      });
    const wrong = await sign("Mallory Smith");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: "name", message: `name: ${SIGNER_NAME_MESSAGE}`, retryable: true });
    const right = await sign("offer TESTER");
    expect(right.status).toBe(200);
  });
});

describe("micro-deposits", () => {
  /** At uploadIdentity the bank writes are open and none moves the step. */
  const bankStepUser = async () => {
    const u = await newUser();
    await atStep(server.url, u, "uploadIdentity");
    return u;
  };
  const manually = (token: string, account: string) =>
    gql(server.url, { token }, ManuallyDocument, { account, name: "Checking", routing: "011000015", type: "checking" });

  /** Adds the account and spends its three tries on wrong amounts; answers the last try's error. */
  async function lockOnce(token: string, account: string) {
    const added = await manually(token, account);
    expect(added.body.errors).toBeUndefined();
    const id = added.body.data!.manually!.account_id;
    const [row] = (await sql(server.url, "SELECT md_amount1_cents AS a FROM funding_sources WHERE account_id = $1", [id])) as [
      { a: number },
    ];
    const wrong = (row.a % 99) + 1; // never the first amount: every try is wrong
    let last: GqlReply | undefined;
    for (let i = 0; i < 3; i++)
      last = await gql(server.url, { token }, VerifiesDocument, { amount1: wrong / 100, amount2: wrong / 100, accountId: id });
    return firstError(last!);
  }

  it("after three lockouts the account goes to manual review, for this applicant and any other", async () => {
    const account = `9${randomInt(10_000_000, 99_999_999)}`;
    const u = await bankStepUser();
    expect(await lockOnce(u.token, account)).toMatchObject({ message: expect.stringContaining(`locked after ${WRONG_TRIES_TEXT}`) });
    expect(await lockOnce(u.token, account)).toMatchObject({ message: expect.stringContaining(`locked after ${WRONG_TRIES_TEXT}`) });
    expect(await lockOnce(u.token, account)).toMatchObject({ errorType: "ConflictException", message: MICRO_DEPOSIT_CAP_MESSAGE });
    expect(await sql(server.url, "SELECT reason FROM manual_reviews WHERE sub = $1", [u.sub])).toEqual([{ reason: "micro_deposit_cap" }]);

    const again = await manually(u.token, account);
    expect(firstError(again)).toMatchObject({
      errorType: "ConflictException",
      errorInfo: { field: "account" },
      message: MICRO_DEPOSIT_CAP_MESSAGE,
    });
    const other = await bankStepUser();
    const elsewhere = await manually(other.token, account);
    expect(firstError(elsewhere)).toMatchObject({ message: MICRO_DEPOSIT_CAP_MESSAGE });
    expect(await sql(server.url, "SELECT 1 FROM funding_sources WHERE sub = $1", [other.sub])).toEqual([]);
  });

  it("an applicant who locked three different accounts adds no fourth", async () => {
    const u = await bankStepUser();
    for (let i = 0; i < 3; i++) await lockOnce(u.token, `8${randomInt(10_000_000, 99_999_999)}`);
    const fourth = await manually(u.token, `7${randomInt(10_000_000, 99_999_999)}`);
    expect(firstError(fourth)).toMatchObject({ message: MICRO_DEPOSIT_CAP_MESSAGE });
  });
});
