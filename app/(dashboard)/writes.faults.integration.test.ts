/**
 * @jest-environment node
 *
 * Every writing action whose answer comes late or never (issue 51.1): the real action, action
 * helper and GraphQL client (a short timeout), the fault proxy (local/infra/testing/fault-proxy.ts)
 * in front of the real stand-in API, and the database read after. A late answer (the write reached
 * the API and took effect, its answer held past the timeout) is reported as the success it was, by
 * the action's read-back; a never-answer (the write never reached the API) is `failed`, nothing
 * written. Each applicant is moved to a step where the lender's rules open the action (the state
 * machine's guard refuses it elsewhere). /bank's add and /employment's save: bank/actions.faults.test.ts,
 * employment/actions.faults.test.ts.
 */
import { randomInt, randomUUID } from "node:crypto";
import {
  CreateLinkTokenDocument,
  InitializeArgyleDocument,
  JustRegisteredDocument,
  ManuallyDocument,
  SetEmployerDocument,
} from "@/lib/graphql/generated/operations";
import { userClient } from "@/lib/graphql/client";
import { startFaultProxy, type FaultProxy } from "@/local/infra/testing/fault-proxy";
import { arrange, gql, freshAccountNumber, signUpUser, sql, standInSuite, type NewUser } from "@/local/lender/graphql/testing/api-test-kit";

jest.setTimeout(240_000);

/** The action's GraphQL timeout: short, so a held answer is "after the timeout"; long enough for a loaded machine's reads. */
const TIMEOUT_MS = 2_500;
const LATE = { mode: "delay", delayMs: TIMEOUT_MS + 2_000 } as const;
const NEVER = { mode: "hang" } as const;

const acting: { url: string; user: NewUser | null } = { url: "", user: null };
jest.mock("@/lib/session/signed-in-api", () => ({
  signedInApi: async () => {
    const u = acting.user;
    return (
      u && {
        client: userClient(acting.url, u.token, TIMEOUT_MS),
        username: u.username,
        session: { status: "signed-in", sub: u.sub, username: u.username },
      }
    );
  },
  publicApi: async () => {
    throw new Error("not used: these actions act for the signed-in user");
  },
}));
jest.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-writes-faults" }) }));

import { captureLogs } from "@/lib/observability/logger";
import { linkAccount, makeActive, verifyDeposits } from "./bank/actions";
import { chooseEmployerAction, finishPayrollLinkAction, requestEmployerAction } from "./employment/actions";
import {
  changeStateOfResidence,
  correctIdentity,
  saveAccountSettings,
  submitLoanRequest,
  submitPersonalDetails,
  updateLoanRequest,
} from "./personal/actions";

const server = standInSuite();
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(server.url);
  acting.url = `${proxy.url}/api/local/graphql`;
});
afterAll(() => proxy.close());

let captured: ReturnType<typeof captureLogs>;
beforeEach(() => {
  proxy.set([]);
  captured = captureLogs();
});
afterEach(() => captured.restore());

/** A new applicant with employer 1001 at `step`, acting. */
async function applicantAt(step: string, employer = true): Promise<NewUser> {
  const u = await signUpUser(server.url, "faults");
  if (employer)
    expect((await gql(server.url, u, SetEmployerDocument, { employerId: "1001" })).body.data?.setEmployer?.validationError).toBeNull();
  else expect((await gql(server.url, u, JustRegisteredDocument, { applyNowRoute: "/apply" })).body.errors).toBeUndefined();
  await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [u.sub, step]);
  acting.user = u;
  return u;
}
const application = async (u: NewUser) =>
  (
    await sql<{ step: string; amount: number | null; state: string | null; employer: string | null }>(
      server.url,
      "SELECT step, amount_applied_for::int AS amount, state_of_residence AS state, employer_id AS employer FROM applications WHERE sub = $1",
      [u.sub],
    )
  )[0]!;
const accounts = async (u: NewUser) =>
  sql<{ account_id: string; verified: boolean; active: boolean }>(
    server.url,
    "SELECT account_id, verified, active FROM funding_sources WHERE sub = $1 ORDER BY account_id",
    [u.sub],
  );
const readBackLine = (reconciled: boolean) => expect.objectContaining({ requestId: "req-writes-faults", reconciled });

const LOAN = { amount: 4000, reason: "Medical Bills", other: "", state: "IL" };

describe("/personal", () => {
  test("applies (the loan request): late → saved and the step moved, as the body would; never → failed, nothing written", async () => {
    const late = await applicantAt("loanDetails");
    proxy.set({ ...LATE, operation: "applies" });
    expect(await submitLoanRequest(LOAN, randomUUID())).toEqual({ ok: true, next: "/apply/personalInformation" });
    expect(await application(late)).toMatchObject({ step: "personalInformation", amount: 4000, state: "IL" });
    expect(captured.lines()).toContainEqual(readBackLine(true));

    const never = await applicantAt("loanDetails");
    proxy.set({ ...NEVER, operation: "applies" });
    expect(await submitLoanRequest(LOAN, randomUUID())).toEqual({ ok: false, reason: "failed" });
    expect(await application(never)).toMatchObject({ step: "loanDetails", amount: null });
  });

  test("applies (the review's change): late → saved, no step moved; never → failed, the stored request unchanged", async () => {
    const late = await applicantAt("authPrequal");
    await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [late.sub, "loanDetails"]);
    expect((await submitLoanRequest(LOAN, randomUUID())).ok).toBe(true);
    await arrange(server.url, "UPDATE applications SET step = $2 WHERE sub = $1", [late.sub, "authPrequal"]);
    proxy.set({ ...LATE, operation: "applies" });
    expect(await updateLoanRequest({ ...LOAN, amount: 5000 }, randomUUID())).toEqual({ ok: true });
    expect(await application(late)).toMatchObject({ step: "authPrequal", amount: 5000 });

    proxy.set({ ...NEVER, operation: "applies" });
    expect(await updateLoanRequest({ ...LOAN, amount: 6000 }, randomUUID())).toEqual({ ok: false, reason: "failed" });
    expect(await application(late)).toMatchObject({ step: "authPrequal", amount: 5000 });
  });

  test("identifies (the review's correction): late → saved with its identity-changed audit; never → failed, no audit of a change", async () => {
    const u = await applicantAt("authPrequal");
    const identity = { given_name: "Dana", middle_name: "", family_name: "Reyes", birthdate: "1990-01-02", ssn: "" };
    proxy.set({ ...LATE, operation: "identifies" });
    expect(await correctIdentity(identity, randomUUID())).toEqual({ ok: true });
    expect(captured.lines()).toContainEqual(readBackLine(true));
    // The change happened: its audit event is written, as after an answered save (issue 51's audit gap).
    expect(captured.lines()).toContainEqual(expect.objectContaining({ channel: "audit", event: "identity-changed", outcome: "success" }));

    captured.restore();
    captured = captureLogs();
    proxy.set({ ...NEVER, operation: "identifies" });
    expect(await correctIdentity({ ...identity, given_name: "Robin" }, randomUUID())).toEqual({ ok: false, reason: "failed" });
    expect(captured.lines()).not.toContainEqual(expect.objectContaining({ channel: "audit", event: "identity-changed" }));
    const [row] = await sql<{ given_name: string }>(server.url, "SELECT given_name FROM personal WHERE sub = $1", [u.sub]);
    expect(row?.given_name).toBe("Dana");
  });
  /** A new applicant at personalInformation with the loan request stored (the body reads it: the amount, the state). */
  async function withLoanRequest(): Promise<NewUser> {
    const u = await applicantAt("loanDetails");
    expect(await submitLoanRequest(LOAN, randomUUID())).toEqual({ ok: true, next: "/apply/personalInformation" });
    return u;
  }
  const personal = async (u: NewUser) =>
    (
      await sql<{ given_name: string | null; address: string | null; phone_number: string | null }>(
        server.url,
        "SELECT given_name, address, phone_number FROM personal WHERE sub = $1",
        [u.sub],
      )
    )[0];
  /** The audit lines of `event` this test captured. */
  const audited = (event: string) => captured.lines().filter((l) => l.channel === "audit" && l.event === event);
  const freshCapture = () => {
    captured.restore();
    captured = captureLogs();
  };
  /** An SSN no other applicant on the shared server holds (the API keeps one applicant per SSN). */
  const freshSsn = () => `6${String(randomInt(0, 1e8)).padStart(8, "0")}`;
  const ADDRESS = { address: "12 Oak St", addrCity: "Springfield", addrStateAbbr: "IL", addrPostalCode: "62701", lat: 39.78, lng: -89.65 };
  const DETAILS = {
    given_name: "Jordan",
    family_name: "Rivera",
    birthdate: "1988-02-03",
    phone_number: "5551234567",
    salary: 52000,
    amount: LOAN.amount,
    ...ADDRESS,
  };

  test("identifies (the personal details): late → saved, the step moved, its identity-changed audit; never → failed, nothing written, no audit of a change", async () => {
    const late = await withLoanRequest();
    freshCapture();
    proxy.set({ ...LATE, operation: "identifies" });
    expect(await submitPersonalDetails({ ...DETAILS, ssn: freshSsn() }, randomUUID())).toEqual({
      ok: true,
      next: "/apply/employmentInformation",
    });
    expect(await application(late)).toMatchObject({ step: "employmentInformation" });
    expect(await personal(late)).toMatchObject({ given_name: "Jordan", address: "12 Oak St" });
    expect(captured.lines()).toContainEqual(readBackLine(true));
    expect(audited("identity-changed")).toEqual([expect.objectContaining({ outcome: "success" })]);

    const never = await withLoanRequest();
    freshCapture();
    proxy.set({ ...NEVER, operation: "identifies" });
    expect(await submitPersonalDetails({ ...DETAILS, ssn: freshSsn() }, randomUUID())).toEqual({ ok: false, reason: "failed" });
    expect(await application(never)).toMatchObject({ step: "personalInformation" });
    expect((await personal(never))?.given_name ?? null).toBeNull();
    expect(captured.lines()).toContainEqual(readBackLine(false));
    expect(audited("identity-changed")).toEqual([]);
  });

  test("applies (the state fix on the personal details): late → saved, the step stays; never → failed, the state as it was", async () => {
    const late = await withLoanRequest();
    proxy.set({ ...LATE, operation: "applies" });
    expect(await changeStateOfResidence({ state: "ME" }, randomUUID())).toEqual({ ok: true });
    expect(await application(late)).toMatchObject({ step: "personalInformation", state: "ME", amount: LOAN.amount });
    expect(captured.lines()).toContainEqual(readBackLine(true));

    const never = await withLoanRequest();
    freshCapture();
    proxy.set({ ...NEVER, operation: "applies" });
    expect(await changeStateOfResidence({ state: "ME" }, randomUUID())).toEqual({ ok: false, reason: "failed" });
    expect(await application(never)).toMatchObject({ step: "personalInformation", state: "IL", amount: LOAN.amount });
    expect(captured.lines()).toContainEqual(readBackLine(false));
  });

  test("identifies (the account settings): late → saved with its contact-changed audit; never → failed, the contact as it was, no audit of a change", async () => {
    // Past the rate check, where only the contact details may change (the machine's updateContact).
    const late = await applicantAt("consentPage");
    freshCapture();
    proxy.set({ ...LATE, operation: "identifies" });
    expect(await saveAccountSettings(ADDRESS_AND_PHONE, randomUUID())).toEqual({ ok: true });
    expect(await personal(late)).toMatchObject({ address: "12 Oak St", phone_number: "5551234567" });
    expect(await application(late)).toMatchObject({ step: "consentPage" });
    expect(captured.lines()).toContainEqual(readBackLine(true));
    expect(audited("contact-changed")).toEqual([expect.objectContaining({ outcome: "success" })]);

    freshCapture();
    proxy.set({ ...NEVER, operation: "identifies" });
    expect(await saveAccountSettings({ ...ADDRESS_AND_PHONE, address: "40 Elm Ave" }, randomUUID())).toEqual({
      ok: false,
      reason: "failed",
    });
    expect(await personal(late)).toMatchObject({ address: "12 Oak St" });
    expect(captured.lines()).toContainEqual(readBackLine(false));
    expect(audited("contact-changed")).toEqual([]);
  });
  const ADDRESS_AND_PHONE = { ...ADDRESS, phone_number: "(555) 123-4567" };
});

describe("/employment", () => {
  test("setEmployer: late → chosen, the API's route; never → failed, no employer", async () => {
    const late = await applicantAt("chooseEmployer", false);
    proxy.set({ ...LATE, operation: "setEmployer" });
    expect(await chooseEmployerAction("1001", randomUUID())).toEqual({ ok: true, nextRoute: "/apply/loanDetails" });
    expect(await application(late)).toMatchObject({ employer: "1001", step: "loanDetails" });

    const never = await applicantAt("chooseEmployer", false);
    proxy.set({ ...NEVER, operation: "setEmployer" });
    expect(await chooseEmployerAction("1001", randomUUID())).toEqual({ ok: false, reason: "failed" });
    expect(await application(never)).toMatchObject({ employer: null, step: "chooseEmployer" });
  });
  test("requestEmployer: late → recorded, its employer-requested audit a success; never → failed, nothing recorded", async () => {
    const requested = (u: NewUser) => sql<{ name: string }>(server.url, "SELECT name FROM employer_requests WHERE sub = $1", [u.sub]);
    const form = { name: "Late Harbor Schools", city: "Fresno", state: "CA" };

    const late = await applicantAt("chooseEmployer", false);
    proxy.set({ ...LATE, operation: "requestEmployer" });
    expect(await requestEmployerAction(form)).toEqual({ ok: true, request: expect.objectContaining({ name: form.name }) });
    expect(await requested(late)).toEqual([{ name: form.name }]);
    expect(captured.lines()).toContainEqual(readBackLine(true));
    expect(captured.lines()).toContainEqual(expect.objectContaining({ channel: "audit", event: "employer-requested", outcome: "success" }));

    captured.restore();
    captured = captureLogs();
    const never = await applicantAt("chooseEmployer", false);
    proxy.set({ ...NEVER, operation: "requestEmployer" });
    expect(await requestEmployerAction(form)).toEqual({ ok: false, reason: "failed" });
    expect(await requested(never)).toEqual([]);
    expect(captured.lines()).toContainEqual(readBackLine(false));
    expect(captured.lines()).not.toContainEqual(
      expect.objectContaining({ channel: "audit", event: "employer-requested", outcome: "success" }),
    );
  });
  test("successfulArgyleUpdate: late → recorded, direct deposit confirmed; never → failed, nothing recorded", async () => {
    const linked = (u: NewUser) =>
      sql<{ linked: boolean; confirmed: boolean }>(
        server.url,
        `SELECT EXISTS (SELECT 1 FROM argyle_users u JOIN argyle_accounts ac ON ac.argyle_user_id = u.argyle_user_id
                         WHERE u.sub = a.sub AND ac.recorded_at IS NOT NULL) AS linked, a.direct_deposit_confirmed AS confirmed
           FROM applications a WHERE a.sub = $1`,
        [u.sub],
      );
    for (const [rule, recorded] of [
      [LATE, true],
      [NEVER, false],
    ] as const) {
      const u = await applicantAt("employmentInformation");
      const argyleUserId = await argyleConnected(u);
      proxy.set({ ...rule, operation: "successfulArgyleUpdate" });
      expect(await finishPayrollLinkAction(argyleUserId, randomUUID())).toEqual(recorded ? { ok: true } : { ok: false, reason: "failed" });
      expect(await linked(u)).toEqual([{ linked: recorded, confirmed: recorded }]);
      expect(captured.lines()).toContainEqual(readBackLine(recorded));
    }
  });
});

describe("/bank", () => {
  /** An unverified by-hand account and its two deposits (the local outbox). */
  async function waitingAccount(u: NewUser): Promise<{ id: string; amounts: [number, number] }> {
    const added = await gql(server.url, u, ManuallyDocument, {
      account: freshAccountNumber(),
      name: "My checking",
      routing: "011000015",
      type: "checking",
    });
    const id = added.body.data!.manually!.account_id;
    const res = await fetch(`${server.url}/api/local/outbox?format=json&to=${encodeURIComponent(u.email)}`);
    const { messages } = (await res.json()) as { messages: { code: string; purpose: string }[] };
    const [a, b] = messages.filter((m) => m.purpose.includes("ACCTVERIFY")).map((m) => Number(m.code.replace("$", "")));
    return { id, amounts: [a!, b!] };
  }

  test("verifies: late → verified; never → failed, still unverified", async () => {
    const late = await applicantAt("uploadIdentity");
    const first = await waitingAccount(late);
    proxy.set({ ...LATE, operation: "verifies" });
    expect(await verifyDeposits(first.id, { amount1: first.amounts[0], amount2: first.amounts[1] }, randomUUID())).toEqual({ ok: true });
    expect(await accounts(late)).toEqual([expect.objectContaining({ account_id: first.id, verified: true })]);

    const never = await applicantAt("uploadIdentity");
    const second = await waitingAccount(never);
    proxy.set({ ...NEVER, operation: "verifies" });
    expect(await verifyDeposits(second.id, { amount1: second.amounts[0], amount2: second.amounts[1] }, randomUUID())).toEqual({
      ok: false,
      reason: "failed",
    });
    expect(await accounts(never)).toEqual([expect.objectContaining({ account_id: second.id, verified: false })]);
  });

  test("links: late → linked; never → failed, no account", async () => {
    for (const [rule, linked] of [
      [LATE, true],
      [NEVER, false],
    ] as const) {
      const u = await applicantAt("uploadIdentity");
      const login = await plaidLogin(u);
      const checking = login.accounts.find((a) => a.subtype === "checking")!;
      const meta = {
        institution: { name: "First Platypus Bank", institution_id: "ins_109508" },
        accounts: [{ id: checking.id, name: "Plaid Checking", mask: checking.mask, type: "depository", subtype: "checking" }],
        link_session_id: "s",
      };
      proxy.set({ ...rule, operation: "links" });
      expect(await linkAccount(login.public_token, meta, randomUUID())).toEqual(linked ? { ok: true } : { ok: false, reason: "failed" });
      expect((await accounts(u)).filter((a) => a.verified)).toHaveLength(linked ? 1 : 0);
    }
  });

  test("setActiveFSID: late → made active; never → failed, the other stays active", async () => {
    for (const [rule, moved] of [
      [LATE, true],
      [NEVER, false],
    ] as const) {
      const u = await applicantAt("uploadIdentity");
      const { id, amounts } = await waitingAccount(u);
      expect(await verifyDeposits(id, { amount1: amounts[0], amount2: amounts[1] }, randomUUID())).toEqual({ ok: true });
      const second = await waitingAccount(u);
      expect(await verifyDeposits(second.id, { amount1: second.amounts[0], amount2: second.amounts[1] }, randomUUID())).toEqual({
        ok: true,
      });
      const before = (await accounts(u)).find((a) => a.active)!;
      const other = (await accounts(u)).find((a) => !a.active)!;
      proxy.set({ ...rule, operation: "setActiveFSID" });
      expect(await makeActive(other.account_id, randomUUID())).toEqual(moved ? { ok: true } : { ok: false, reason: "failed" });
      expect((await accounts(u)).find((a) => a.active)?.account_id).toBe(moved ? other.account_id : before.account_id);
    }
  });
});

/** The widget's login at a bank through the Link stand-in: a public token and the accounts it offers. */
async function plaidLogin(u: NewUser): Promise<{ public_token: string; accounts: { id: string; subtype: string; mask: string }[] }> {
  const reply = await gql(server.url, u, CreateLinkTokenDocument, {});
  const linkToken = reply.body.data!.createLinkToken!.link_token!;
  const res = await fetch(`${server.url}/api/local/plaid/link/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ link_token: linkToken, institution_id: "ins_109508", username: "user_good", password: "pass_good" }),
  });
  return (await res.json()) as { public_token: string; accounts: { id: string; subtype: string; mask: string }[] };
}

/** The Argyle widget's connection through its stand-in (initializeArgyle for direct deposit, then an account connected): the Argyle user id. */
async function argyleConnected(u: NewUser): Promise<string> {
  const started = (await gql(server.url, u, InitializeArgyleDocument, { username: u.username, employerId: "1001", directDeposit: true }))
    .body.data!.initializeArgyle!;
  const res = await fetch(`${server.url}/api/local/argyle/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userToken: started.userToken, itemId: started.argyleEmployerId }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { userId: string }).userId;
}
