/**
 * The local lending app and dashboard stand-in pages over HTTP: who may see and post, what a form
 * does to the rows (and what a refused one does not). The whole journey in a browser is
 * e2e/lending-journey.spec.ts.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { LOCAL_DEFAULTS } from "../../../lib/config/env";
import { REFUSAL_WORDS } from "../../../lib/application/refusal-words";
import {
  AppliesDocument,
  IdentifiesDocument,
  SetApplicationStepDocument,
  SetEmployerDocument,
} from "../../../lib/graphql/generated/operations";
import { OTP, arrange, gql, persona, signUpUser, sql, standInSuite } from "../graphql/testing/api-test-kit";
import { cognitoCall } from "../../infra/testing/cognito-client";
import { statementItem } from "./dashboard-app";
import { DIRECT_DEPOSIT_CONFIRMED_BY } from "./lending-app";

jest.setTimeout(120_000);

// A server of its own: it originates and completes seeded personas' loans and reviews.
const server = standInSuite({}, { ownServer: true });
const CLIENT = LOCAL_DEFAULTS.cognitoClientId;

async function cookieFor(email: string): Promise<string> {
  const p = persona(email);
  const token = await server.tokenFor(email);
  return `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${p.username}; CognitoIdentityServiceProvider.${CLIENT}.${p.username}.idToken=${token}`;
}

const get = async (path: string, cookie?: string) =>
  fetch(`${server.url}/api/local/apps/${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

const post = async (path: string, cookie: string, fields: Record<string, string>, origin = server.url) =>
  fetch(`${server.url}/api/local/apps/${path}`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const stepOf = async (email: string) =>
  (await sql<{ step: string }>(server.url, "SELECT step FROM applications WHERE sub = $1", [persona(email).sub]))[0]!.step;

describe("the lending app stand-in", () => {
  it("asks a visitor without a session to sign in", async () => {
    const res = await get("lending/apply");
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Sign in to continue");
    // A forged token is no session either.
    const forged = await get(
      "lending/apply",
      `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=a10001; CognitoIdentityServiceProvider.${CLIENT}.a10001.idToken=x.y.z`,
    );
    expect(forged.status).toBe(401);
  });

  it("forwards a step served by a shell page straight to it (no page in between)", async () => {
    for (const [email, path, shell] of [
      ["newcomer@example.com", "lending/apply?partner=perkSpot", "/employment"],
      ["newcomer@example.com", "lending/apply/chooseEmployer", "/employment"],
    ] as const) {
      const res = await get(path, await cookieFor(email));
      expect([email, path, res.status, res.headers.get("location")]).toEqual([email, path, 303, shell]);
    }
  });

  it("refuses a form from another origin, and an action of another step, writing nothing", async () => {
    const cookie = await cookieFor("under-review@example.com");
    const cross = await post("lending/apply/completeUnderReview", cookie, { action: "complete-review" }, "https://evil.example");
    expect(cross.status).toBe(403);
    const wrong = await post("lending/apply/completeUnderReview", cookie, { action: "accept" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("This page cannot do that");
    expect(await stepOf("under-review@example.com")).toBe("completeUnderReview");
  });

  it("the review (local ops action) refuses an incomplete application and says what is missing", async () => {
    const res = await post("lending/apply/completeUnderReview", await cookieFor("under-review@example.com"), { action: "complete-review" });
    // The seeded persona has no identity upload: the review says what is missing and stays.
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("missing an identity document");
    expect(await stepOf("under-review@example.com")).toBe("completeUnderReview");
  });

  it("issue 49: after payroll linking confirmed direct deposit, the direct-deposit page says so and asks for no tick", async () => {
    const res = await get("lending/direct-deposit", await cookieFor("offer-dd@example.com"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(DIRECT_DEPOSIT_CONFIRMED_BY.payroll);
    expect(html).not.toContain('name="dd"');
    expect(html).not.toContain("I have asked my payroll office");
    expect(html).toContain('href="/offer/contract"');
  });

  it("direct deposit needs the offer accepted first; accepting then confirming works", async () => {
    const cookie = await cookieFor("offer-sent@example.com");
    const nextLink = async () => (await (await get("dashboard/", cookie)).text()).match(/href="([^"]+)" data-testid="next-link"/)?.[1];
    expect(await nextLink()).toBe("/apply/offerDetails");
    // The page asks for the tick only while the rules take it; a forced post is refused by the rules, in their words.
    const page = async () => (await get("lending/direct-deposit", cookie)).text();
    const before = await page();
    expect(before).toContain('data-testid="direct-deposit-not-yet"');
    expect(before).not.toContain('name="dd"');
    const early = await post("lending/direct-deposit", cookie, { action: "confirm-direct-deposit", dd: "yes" });
    expect(early.status).toBe(400);
    expect(await early.text()).toContain(REFUSAL_WORDS.OFFER_NOT_ACCEPTED);
    const [refused] = await sql(server.url, "SELECT direct_deposit_confirmed AS dd FROM applications WHERE sub = $1", [
      persona("offer-sent@example.com").sub,
    ]);
    expect(refused).toEqual({ dd: false });
    const accepted = await post("lending/apply/offerDetails", cookie, { action: "accept" });
    expect([accepted.status, accepted.headers.get("location")]).toEqual([303, "/offer/directDeposit"]);
    const done = await post("lending/direct-deposit", cookie, { action: "confirm-direct-deposit", dd: "yes" });
    expect([done.status, done.headers.get("location")]).toEqual([303, "/offer/contract"]);
    const [row] = await sql(server.url, "SELECT direct_deposit_confirmed AS dd FROM applications WHERE sub = $1", [
      persona("offer-sent@example.com").sub,
    ]);
    expect(row).toEqual({ dd: true });
    // Issue 49: the page now says who confirmed it (the applicant) and asks for nothing again.
    const after = await (await get("lending/direct-deposit", cookie)).text();
    expect(after).toContain(DIRECT_DEPOSIT_CONFIRMED_BY.applicant);
    expect(after).toContain('data-testid="to-contract"');
    expect(after).not.toContain('name="dd"');
    // The dashboard now sends this applicant to sign (checked here, not by a later test: tests run in any order).
    expect(await nextLink()).toBe("/offer/contract");
  });

  it("the amount vs the offer: before the rate check the income limit leads back to the income; after it, why the offer is lower", async () => {
    // $10,000 asked on $16,000 a year: the most 25% of it allows is $4,000 (local/lender/rules/offer-amount).
    const u = await signUpUser(server.url, "amount");
    const call = async <TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables) =>
      expect((await gql(server.url, { token: u.token }, document, variables)).body.errors).toBeUndefined();
    await call(SetEmployerDocument, { employerId: "1002" });
    await call(AppliesDocument, { amount: 10000, reason: "Debt Consolidation", state: "IL", type: "personal" });
    await call(SetApplicationStepDocument, { applicationStep: "personalInformation" });
    await call(IdentifiesDocument, {
      given_name: "Ada",
      family_name: "Lovelace",
      birthdate: "1985-04-12",
      address: "12 Main St, Springfield, IL 62701",
      ssn: "900004321",
      accountSettings: true,
    });
    await call(SetApplicationStepDocument, { applicationStep: "employmentInformation" });
    await arrange(
      server.url,
      `INSERT INTO employment (sub, job_title, employment_status, start_date, salary, pay_months, pay_frequency, dd_accounts, active_military)
       VALUES ($1, 'Teacher', 'full', '2019-08-15', 16000, 12, 'biweekly', 1, false)`,
      [u.sub],
    );
    await call(SetApplicationStepDocument, { applicationStep: "authPrequal" });
    const cookie = `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${u.username}; CognitoIdentityServiceProvider.${CLIENT}.${u.username}.idToken=${u.token}`;

    const check = await (await get("lending/apply/authPrequal", cookie)).text();
    expect(check).toContain(
      "You asked for $10,000. Loans are up to 25% of the yearly income you gave ($16,000), so the most we can offer is $4,000.",
    );
    expect(check).toContain('<a class="button" href="/employment">Correct your income</a>');

    expect((await post("lending/apply/authPrequal", cookie, { action: "prequalify" })).status).toBe(303);
    const quote = await (await get("lending/apply/prequalApprove", cookie)).text();
    expect(quote).toContain('data-testid="offer-shortfall" data-limit="income"');
    expect(quote).toContain("You asked for $10,000. We can offer $4,000: loans are up to 25% of the yearly income you gave ($16,000).");
    expect(quote).toContain('<button type="submit">Continue with $4,000</button>');
  });

  it("says nothing of limits when the amount asked is offered", async () => {
    const quote = await (await get("lending/apply/prequalApprove", await cookieFor("prequal-approved@example.com"))).text();
    expect(quote).toContain('data-testid="quote"');
    expect(quote).not.toContain("offer-shortfall");
    expect(quote).toContain('<button type="submit">Continue</button>');
  });
});

describe("the dashboard stand-in", () => {
  it("shows people words, never step ids or state names", async () => {
    for (const email of ["newcomer@example.com", "borrower@example.com", "rejected@example.com", "prequal-approved@example.com"]) {
      const html = await (await get("dashboard/", await cookieFor(email))).text();
      // The text people read: everything outside tags, without the data-* hooks tests use.
      const text = html.replace(/<[^>]*>/g, " ");
      expect([email, text]).toEqual([
        email,
        expect.not.stringMatching(/chooseEmployer|prequalRej|prequalApprove|activeLoan|Loan state|originated|\brejected\b/),
      ]);
    }
  });

  it("shows a borrower's loan, next payment, payments and statements", async () => {
    const res = await get("dashboard/", await cookieFor("borrower@example.com"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="loan-state" data-state="originated">Loan funded<');
    expect(html).toContain('data-testid="payments"');
    expect(html).toContain('data-testid="statements"');
    // The seeded monthly statements have no file behind them: listed, never a dead link.
    expect(html).not.toMatch(/<a [^>]*href="\/api\/local\/statements/);
    expect(html).toMatch(/data-testid="next-payment">\$\d/);
  });

  it("links a statement whose file the stand-ins serve (a filed document), and only those", () => {
    const filed = {
      fileName: "signed-contract-7.pdf",
      sortDate: "2026-11-20",
      signedUrl: "/api/local/documents/7/signed-contract-7.pdf?expires=1&signature=x",
    };
    expect(statementItem(filed)).toContain(
      '<a href="/api/local/documents/7/signed-contract-7.pdf?expires=1&amp;signature=x" download>signed-contract-7.pdf',
    );
    expect(statementItem({ ...filed, signedUrl: "/api/local/statements/7/statement-2026-11.pdf" })).not.toContain("<a ");
    expect(statementItem({ ...filed, signedUrl: "javascript:alert(1)" })).not.toContain("<a ");
  });

  it("tells each persona what comes next", async () => {
    for (const [email, href] of [
      ["newcomer@example.com", "/apply/chooseEmployer"],
      ["offer-dd@example.com", "/offer/contract"],
      ["prequal-approved@example.com", "/apply/prequalApprove"],
    ] as const) {
      expect([email, await (await get("dashboard/", await cookieFor(email))).text()]).toEqual([
        email,
        expect.stringContaining(`href="${href}" data-testid="next-link"`),
      ]);
    }
    const rejected = await (await get("dashboard/", await cookieFor("rejected@example.com"))).text();
    expect(rejected).toContain('data-testid="loan-state" data-state="rejected">Not approved<');
    expect(rejected).not.toContain("next-link");
  });

  it("the contract page offers the signature link; origination (local ops) needs a signed contract", async () => {
    const dd = await (await get("dashboard/contract", await cookieFor("offer-dd@example.com"))).text();
    expect(dd).toContain('href="/dashboard?counters=sig-dd-a10007"');
    const unsigned = await post("dashboard/contract", await cookieFor("offer-dd@example.com"), { action: "originate" });
    expect(unsigned.status).toBe(400);
    expect(await stepOf("offer-dd@example.com")).toBe("Offer Sent");

    // Issue 49: signed, not funded: the signed copy is on the dashboard already (home, contract page, documents), linked.
    const signedCookie = await cookieFor("signed@example.com");
    const copyLink =
      /<a [^>]*href="\/api\/local\/documents\/[^"]+\/signed-contract-sig-dd-a10009\.pdf\?expires=\d+&amp;signature=[0-9a-f]{64}"[^>]*download/;
    for (const path of ["dashboard/", "dashboard/contract", "dashboard/documents"]) {
      const page = await get(path, signedCookie);
      expect([path, page.status, await page.text()]).toEqual([path, 200, expect.stringMatching(copyLink)]);
    }
    expect(await (await get("dashboard/contract", signedCookie)).text()).toContain('data-testid="signed-copy"');
    // Nothing filed yet (offer-dd has not signed): the home has no documents section, the documents page says so.
    expect(await (await get("dashboard/", await cookieFor("offer-dd@example.com"))).text()).not.toContain('data-testid="statements"');
    expect(await (await get("dashboard/documents", await cookieFor("offer-dd@example.com"))).text()).toContain("No documents yet.");

    const signed = await post("dashboard/contract", await cookieFor("signed@example.com"), { action: "originate" });
    expect([signed.status, signed.headers.get("location")]).toEqual([303, "/dashboard"]);
    expect(await stepOf("signed@example.com")).toBe("activeLoan");
    const [loan] = await sql(
      server.url,
      `SELECT amount::float8 AS amount, apr::float8 AS apr, (SELECT count(*)::int FROM scheduled_payments s WHERE s.loan_id = l.loan_id) AS n,
              payout_date = maturity_date AS payout FROM loans l WHERE sub = $1`,
      [persona("signed@example.com").sub],
    );
    expect(loan).toEqual({ amount: 4000, apr: 19.65, n: 52, payout: true }); // the collected schedule: 52 biweekly paydays, their APR
    // Funded: the copy stays in the documents and on the contract page.
    for (const path of ["dashboard/", "dashboard/contract", "dashboard/documents"]) {
      expect([path, await (await get(path, signedCookie)).text()]).toEqual([path, expect.stringMatching(copyLink)]);
    }
    // Once: a second origination is refused.
    expect((await post("dashboard/contract", await cookieFor("signed@example.com"), { action: "originate" })).status).toBe(400);
  });
});

describe("a session that has ended", () => {
  it("is refused by both apps, as the API refuses it: a revoked sign-in cannot originate a loan", async () => {
    const start = await cognitoCall(server.url, "InitiateAuth", {
      ClientId: CLIENT,
      AuthFlow: "CUSTOM_AUTH",
      AuthParameters: { USERNAME: "signed@example.com" },
    });
    const done = await cognitoCall(server.url, "RespondToAuthChallenge", {
      ClientId: CLIENT,
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: start.json.Session,
      ChallengeResponses: { USERNAME: start.json.ChallengeParameters.USERNAME, ANSWER: OTP },
    });
    const { IdToken, RefreshToken } = done.json.AuthenticationResult as Record<string, string>;
    const p = persona("signed@example.com");
    const cookie = `CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser=${p.username}; CognitoIdentityServiceProvider.${CLIENT}.${p.username}.idToken=${IdToken}`;
    expect((await get("dashboard/", cookie)).status).toBe(200);
    expect((await cognitoCall(server.url, "RevokeToken", { ClientId: CLIENT, Token: RefreshToken })).status).toBe(200);
    for (const path of ["dashboard/", "dashboard/contract", "lending/apply"])
      expect([path, (await get(path, cookie)).status]).toEqual([path, 401]);
    const step = await stepOf("signed@example.com");
    expect((await post("dashboard/contract", cookie, { action: "originate" })).status).toBe(401);
    expect(await stepOf("signed@example.com")).toBe(step);
  });
});
