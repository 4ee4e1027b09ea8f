/**
 * The lending decisions over the local GraphQL API, as the shell calls them: preQualification,
 * qualifies, originationPaymentCalculator, setApplyExtraPaymentFlag, and setApplicationStep's rule
 * that only the lender moves the lender's states.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { PreQualificationFiguresDocument } from "../../../contract/generated/test-operations";
import {
  AppliesDocument,
  IdentifiesDocument,
  LoadFrontendDocument,
  OriginationPaymentCalculatorDocument,
  RestrictedRefusalDecidedAtDocument,
  SetApplicationStepDocument,
  SetEmployerDocument,
} from "../../../lib/graphql/generated/operations";
import { PERSONAS } from "../seed/personas";
import {
  API_KEY,
  arrange,
  expectRefused,
  gql,
  persona,
  signUpUser,
  sql,
  standInSuite,
  type GqlReply,
} from "../graphql/testing/api-test-kit";

jest.setTimeout(180_000);

// A server of its own: it writes to seeded personas (an offer, the extra-payment flag) and reads every one as seeded.
const server = standInSuite({}, { ownServer: true });

const newUser = () => signUpUser(server.url, "lend");

async function ok<TData = Record<string, any>, TVariables = Record<string, unknown>>(
  token: string,
  query: string | TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): Promise<TData> {
  const reply = await gql(server.url, { token }, query, variables);
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!;
}

function expectBadRequest(reply: GqlReply, op: string, field: string) {
  expect(reply.body.data?.[op] ?? null).toBeNull();
  expect(reply.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field } });
}

const stepOf = async (sub: string) =>
  (await sql<{ step: string; history: string[] }>(server.url, "SELECT step, history FROM applications WHERE sub = $1", [sub]))[0];

/** A brand-new applicant walked to authPrequal through the API (employment rows written directly: issue 8 owns that step). */
async function applicantAtAuthPrequal(ssn: string, employment: { status?: string; start?: string; salary?: number } = {}) {
  const u = await newUser();
  await ok(u.token, SetEmployerDocument, { employerId: "1002" });
  await ok(u.token, AppliesDocument, { amount: 4000, reason: "Debt Consolidation", state: "IL", type: "personal" });
  await ok(u.token, SetApplicationStepDocument, { applicationStep: "personalInformation" });
  await ok(u.token, IdentifiesDocument, {
    given_name: "Ada",
    family_name: "Lovelace",
    birthdate: "1985-04-12",
    address: "12 Main St, Springfield, IL 62701",
    ssn,
    accountSettings: true,
  });
  await ok(u.token, SetApplicationStepDocument, { applicationStep: "employmentInformation" });
  await arrange(
    server.url,
    `INSERT INTO employment (sub, job_title, employment_status, start_date, salary, pay_months, pay_frequency, dd_accounts, active_military)
     VALUES ($1, 'Teacher', $2, $3, $4, 12, 'biweekly', 1, false)`,
    [u.sub, employment.status ?? "full", employment.start ?? "2019-08-15", employment.salary ?? 52000],
  );
  await ok(u.token, SetApplicationStepDocument, { applicationStep: "authPrequal" });
  return u;
}

describe("preQualification", () => {
  it("prequalifies a clean file: four figures stored, step prequalApprove, qualifies quotes the loan math", async () => {
    const u = await applicantAtAuthPrequal("900001234");
    expect((await ok(u.token, PreQualificationFiguresDocument, { username: u.username })).preQualification).toEqual({
      preQualificationStatus: true,
      preQualificationFailureReason: null,
      preQualifiedAmount: 4000,
      preQualifiedInterestRate: 18.99,
      preQualifiedTerm: 24,
      preQualifiedOriginationFee: 25,
    });
    expect((await stepOf(u.sub))!.step).toBe("prequalApprove");
    expect((await ok(u.token, "{ qualifies { amount apr fee interval term } }")).qualifies).toEqual({
      amount: 4000,
      apr: 19.65, // the APR of the 52 biweekly paydays that will be collected
      fee: 25,
      interval: "biweekly",
      term: 24,
    });
    // Once decided, it does not run again: the state machine refuses it as done, and the decision stays.
    const decided = await sql(server.url, "SELECT * FROM prequalifications WHERE sub = $1", [u.sub]);
    expectRefused(
      await gql(server.url, { token: u.token }, PreQualificationFiguresDocument, { username: u.username }),
      "preQualification",
      "ALREADY_DONE",
    );
    expect(await sql(server.url, "SELECT * FROM prequalifications WHERE sub = $1", [u.sub])).toEqual(decided);
    expect((await stepOf(u.sub))!.step).toBe("prequalApprove");
  });

  it("refuses on a credit denial: reason stored as the rejection reason, creditDenialReason kept, step prequalRej", async () => {
    const u = await applicantAtAuthPrequal("666000002");
    const before = Date.now();
    const r = (await ok(u.token, PreQualificationFiguresDocument, { username: u.username })).preQualification!;
    expect(r).toMatchObject({ preQualificationStatus: false, preQualifiedAmount: null });
    expect(r.preQualificationFailureReason).toMatch(/^Credit check: /);
    const f = (await ok(u.token, LoadFrontendDocument, {})).loadFrontend!;
    // The decision's time, stored where it is made: the restricted notice counts the re-apply date from it.
    const decidedAt = (await ok(u.token, RestrictedRefusalDecidedAtDocument, {})).loadFrontend!.appInfo!.prequalification!
      .preQualificationDecidedAt!;
    expect(decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(decidedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(decidedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(f.applicationStep).toBe("prequalRej");
    expect(f.appInfo!.rejectionReason).toBe(r.preQualificationFailureReason);
    expect(f.appInfo!.prequalification!.creditDenialReason).toBe("Serious delinquency reported in the last 12 months");
    expect((await ok(u.token, "{ qualifies { apr } }")).qualifies).toBeNull();
  });

  it("a thin file prequalifies for at most $1,500 at the thin-file rate", async () => {
    const u = await applicantAtAuthPrequal("666000003");
    expect((await ok(u.token, PreQualificationFiguresDocument, { username: u.username })).preQualification).toMatchObject({
      preQualificationStatus: true,
      preQualifiedAmount: 1500,
      preQualifiedInterestRate: 29.99,
    });
  });

  it("refuses by the tenure rule with its reason", async () => {
    const u = await applicantAtAuthPrequal("900001234", { start: new Date().toISOString().slice(0, 10) });
    expect((await ok(u.token, PreQualificationFiguresDocument, { username: u.username })).preQualification).toMatchObject({
      preQualificationStatus: false,
      preQualificationFailureReason: "Less than 6 months with the employer (full time)",
    });
  });

  it("bad input, the wrong user and the wrong step write nothing", async () => {
    const u = await applicantAtAuthPrequal("900001234");
    const other = persona("newcomer@example.com");
    expectBadRequest(
      await gql(server.url, { token: u.token }, PreQualificationFiguresDocument, { username: other.username }),
      "preQualification",
      "username",
    );
    expectBadRequest(
      await gql(server.url, { token: u.token }, PreQualificationFiguresDocument, { username: "" }),
      "preQualification",
      "username",
    );
    expect((await sql(server.url, "SELECT count(*)::int AS n FROM prequalifications WHERE sub = $1", [u.sub]))[0]).toEqual({ n: 0 });
    expect((await stepOf(u.sub))!.step).toBe("authPrequal");
    // The wrong step: before authPrequal the rate check is not open yet (the state machine), nothing written.
    const newcomer = await server.tokenFor(other.email);
    expectRefused(
      await gql(server.url, { token: newcomer }, PreQualificationFiguresDocument, { username: other.username }),
      "preQualification",
      "NOT_YET",
    );
    expect((await sql(server.url, "SELECT count(*)::int AS n FROM prequalifications WHERE sub = $1", [other.sub]))[0]).toEqual({ n: 0 });
    expect((await stepOf(other.sub))!.step).toBe("chooseEmployer");
    const key = await gql(server.url, { apiKey: API_KEY }, PreQualificationFiguresDocument, { username: u.username });
    expect(key.body.errors?.[0]).toMatchObject({ errorType: "Unauthorized" });
  });
});

describe("originationPaymentCalculator", () => {
  it("answers the contract's signature id with the offer recomputed by the loan math", async () => {
    // Once signing is open: offer-dd has accepted its offer and confirmed direct deposit.
    const p = persona("offer-dd@example.com");
    const token = await server.tokenFor(p.email);
    expect((await ok(token, OriginationPaymentCalculatorDocument, { username: p.username })).originationPaymentCalculator).toBe(
      `sig-dd-${p.username}`,
    );
    const [offer] = await sql(
      server.url,
      "SELECT amount_financed::float8 AS af, original_apr::float8 AS apr, payment_amount::float8 AS pay, deduction_amount::float8 AS deduction, expected_payments AS n FROM offers WHERE sub = $1",
      [p.sub],
    );
    // The worked example's loan amortised on a biweekly paycheck: 52 payments of $92.73, 19.65% APR.
    expect(offer).toEqual({ af: 3975, apr: 19.65, pay: 92.73, deduction: 92.73, n: 52 });
    // Idempotent: the same id again.
    expect((await ok(token, OriginationPaymentCalculatorDocument, { username: p.username })).originationPaymentCalculator).toBe(
      `sig-dd-${p.username}`,
    );
  });

  it("refused before the offer is accepted, and without an offer; the wrong user is an input error", async () => {
    // Signing needs an accepted offer (the state machine): without one, or before acceptance, no
    // signature id and nothing written. (The resolver's "FAILURE" for a missing offer is no longer
    // reachable through the API: an accepted offer is an offer.)
    const offerRows = (sub: string) => sql(server.url, "SELECT * FROM offers WHERE sub = $1", [sub]);
    for (const [email, reason] of [
      ["newcomer@example.com", "NOT_YET"],
      ["offer-sent@example.com", "OFFER_NOT_ACCEPTED"],
    ] as const) {
      const p = persona(email);
      const before = await offerRows(p.sub);
      expectRefused(
        await gql(server.url, { token: await server.tokenFor(email) }, OriginationPaymentCalculatorDocument, { username: p.username }),
        "originationPaymentCalculator",
        reason,
      );
      expect(await offerRows(p.sub)).toEqual(before);
    }
    expectBadRequest(
      await gql(server.url, { token: await server.tokenFor("offer-dd@example.com") }, OriginationPaymentCalculatorDocument, {
        username: "a10006",
      }),
      "originationPaymentCalculator",
      "username",
    );
  });
});

describe("setApplyExtraPaymentFlag", () => {
  const SET = "mutation ($u: String!, $f: Boolean!) { setApplyExtraPaymentFlag(username: $u, flag: $f) }";

  it("sets the flag on a borrower's application", async () => {
    const p = persona("borrower@example.com");
    const token = await server.tokenFor(p.email);
    expect((await ok(token, SET, { u: p.username, f: true })).setApplyExtraPaymentFlag).toBe(true);
    expect((await sql(server.url, "SELECT apply_extra_payment FROM applications WHERE sub = $1", [p.sub]))[0]).toEqual({
      apply_extra_payment: true,
    });
    expect((await ok(token, SET, { u: p.username, f: false })).setApplyExtraPaymentFlag).toBe(false);
  });

  it("refuses without an active loan, for another user, and a non-boolean flag", async () => {
    const flags = () => sql(server.url, "SELECT sub, apply_extra_payment FROM applications ORDER BY sub");
    const before = await flags();
    // Without an active loan the state machine refuses it (not yet), whoever is named.
    const n = persona("newcomer@example.com");
    const token = await server.tokenFor(n.email);
    expectRefused(await gql(server.url, { token }, SET, { u: n.username, f: true }), "setApplyExtraPaymentFlag", "NOT_YET");
    expectRefused(await gql(server.url, { token }, SET, { u: "a1000a", f: true }), "setApplyExtraPaymentFlag", "NOT_YET");
    // With an active loan, another user's name is an input error.
    const borrower = await server.tokenFor("paid-off@example.com");
    expectBadRequest(await gql(server.url, { token: borrower }, SET, { u: "a1000a", f: true }), "setApplyExtraPaymentFlag", "username");
    const bad = await gql(server.url, { token }, 'mutation { setApplyExtraPaymentFlag(username: "a10001", flag: "yes") }');
    expect(bad.body.errors?.[0]?.errorType).toBe("ValidationError");
    expect(await flags()).toEqual(before);
  });
});

describe("only the lender moves the lender's states", () => {
  const TARGETS = [
    "chooseEmployer",
    "loanDetails",
    "personalInformation",
    "employmentInformation",
    "authPrequal",
    "prequalApprove",
    "prequalRej",
    "consentPage",
    "fundingAccount",
    "uploadIdentity",
    "uploadPaystubs",
    "uploadTenure",
    "verifyMD",
    "completeUnderReview",
    "rejected",
    "Offer Sent",
    "offerDetails",
    "activeLoan",
    "Paper Form Confirmation Pending",
    "applicationBlocked-identity",
    "applicationBlocked-employment",
  ];
  /** Written by hand from the flow (SPEC 4 and docs/lending.md), not from the code under test. */
  const ALLOWED: Record<string, string[]> = {
    "newcomer@example.com": ["chooseEmployer"],
    "loan-details@example.com": ["loanDetails", "chooseEmployer", "personalInformation"],
    "employment@example.com": ["employmentInformation", "personalInformation"],
    "prequal-approved@example.com": ["prequalApprove", "consentPage"],
    "under-review@example.com": ["completeUnderReview"],
    "offer-sent@example.com": ["Offer Sent"],
    "offer-dd@example.com": ["Offer Sent"],
    "paper-form@example.com": ["Paper Form Confirmation Pending"],
    "signed@example.com": ["Offer Sent"],
    "borrower@example.com": ["activeLoan"],
    "paid-off@example.com": ["activeLoan"],
    "rejected@example.com": ["rejected"],
    "blocked@example.com": ["applicationBlocked-identity"],
    "admin@lender.example": ["chooseEmployer"],
    "collections@lender.example": ["chooseEmployer"],
    "verifications@lender.example": ["chooseEmployer"],
    "signer@example.com": ["Offer Sent"],
    // Seeded at personalInformation with no personal details yet: back only.
    "personal@example.com": ["personalInformation", "loanDetails"],
    "personal-manual@example.com": ["personalInformation", "loanDetails"],
    // Seeded at fundingAccount with no bank account yet: nothing to move on with; back to the consent.
    "funding@example.com": ["fundingAccount", "consentPage"],
  };

  it("covers every persona", () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(PERSONAS.map((p) => p.email).sort());
  });

  it.each(PERSONAS.map((p) => p.email))("%s: every other move is refused and nothing changes", async (email) => {
    const p = persona(email);
    const token = await server.tokenFor(email);
    const before = await stepOf(p.sub);
    for (const target of TARGETS.filter((t) => !ALLOWED[email]!.includes(t))) {
      const reply = await gql(server.url, { token }, SetApplicationStepDocument, { applicationStep: target });
      // Refused by the state machine (the move is not open here) or by the flow's own rule (not that step, not complete).
      expect([target, ["BadRequestException", "FailedPrecondition"].includes(reply.body.errors?.[0]?.errorType ?? "")]).toEqual([
        target,
        true,
      ]);
    }
    expect(await stepOf(p.sub)).toEqual(before);
  });
});
