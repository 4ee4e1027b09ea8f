/**
 * Funding sources over HTTP, as the shell and the Link widget reach them: the Plaid stand-in's
 * widget endpoints, then the GraphQL operations (links, manually, verifies, setActiveFSID,
 * checkItemStatus, createLinkToken, accounts). PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import {
  AccountsDocument,
  CheckItemStatusDocument,
  CreateLinkTokenDocument,
  LinksDocument,
  LoadFrontendDocument,
  ManuallyDocument,
  SetActiveFsidDocument,
  VerifiesDocument,
} from "../../../lib/graphql/generated/operations";
import {
  API_KEY,
  atStep,
  expectRefused,
  freshAccountNumber,
  gql,
  signUpUser,
  sql,
  standInSuite,
  type NewUser,
} from "../../lender/graphql/testing/api-test-kit";

jest.setTimeout(180_000);

const server = standInSuite();

type User = NewUser;

/**
 * A new applicant at `step`: by default uploadIdentity, where every funding write is open (the state
 * machine, lib/application/application-machine.ts) and none moves the step, so a test's subject is
 * the funding rule alone. fundingAccount and verifyMD are the steps a funding event moves on from.
 */
async function newUser(step: string | null = "uploadIdentity"): Promise<User> {
  const user = await signUpUser(server.url, "bank");
  if (step !== null) await atStep(server.url, user, step);
  return user;
}

const op = <TData, TVariables>(u: User, document: TypedDocumentNode<TData, TVariables>, variables?: TVariables) =>
  gql(server.url, { token: u.token }, document, variables);

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}/api/local/plaid/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

async function linkToken(u: User): Promise<string> {
  const reply = await op(u, CreateLinkTokenDocument, {});
  expect(reply.body.errors).toBeUndefined();
  return reply.body.data!.createLinkToken!.link_token!;
}

/** The widget's login at a bank: a public token and the accounts Link offers. */
async function bankLogin(u: User, username = "user_good", institution = "ins_109508") {
  const login = await post("link/login", { link_token: await linkToken(u), institution_id: institution, username, password: "pass_good" });
  expect(login.status).toBe(200);
  return login.json as { public_token: string; accounts: { id: string; subtype: string; mask: string }[] };
}

const links = (u: User, publicToken: string, metaData: unknown) =>
  op(u, LinksDocument, { publicToken, metaData: JSON.stringify(metaData) });
const verifies = (u: User, amount1: number, amount2: number, accountId: string) => op(u, VerifiesDocument, { amount1, amount2, accountId });
const accountsOf = async (u: User) => (await op(u, AccountsDocument)).body.data!.accounts!;
const step = async (u: User) => (await op(u, LoadFrontendDocument)).body.data!.loadFrontend!.applicationStep;

/** Adds a manual account; a fresh account number unless the test names one (freshAccountNumber says why). */
const manual = (u: User, account = freshAccountNumber(), routing = "011000015", type = "checking") =>
  op(u, ManuallyDocument, { account, name: "My checking", routing, type });

/** The two deposit amounts as the local outbox shows them (bank statement lines). */
async function depositsFor(u: User): Promise<number[]> {
  const res = await fetch(`${server.url}/api/local/outbox?format=json&to=${encodeURIComponent(u.email)}`);
  const { messages } = (await res.json()) as { messages: { code: string; purpose: string }[] };
  return messages
    .filter((m) => m.purpose.includes("ACCTVERIFY"))
    .slice(0, 2)
    .map((m) => Number(m.code.replace("$", "")));
}

describe("instant linking through the Link stand-in", () => {
  it("the link token carries products auth and assets, US, the webhook and checking/savings only", async () => {
    const u = await newUser();
    const token = await linkToken(u);
    expect(token).toMatch(/^link-local-[0-9a-f]{32}$/);
    const [row] = await sql<{ config: any }>(server.url, "SELECT config FROM plaid_link_tokens WHERE sub = $1", [u.sub]);
    expect(row!.config).toMatchObject({
      products: ["auth", "assets"],
      country_codes: ["US"],
      webhook: expect.stringMatching(/\/api\/local\/plaid\/webhook$/),
      account_filters: { depository: { account_subtypes: ["checking", "savings"] } },
    });
  });

  it("offers only checking and savings, links verified and active, and a second exchange adds nothing", async () => {
    const u = await newUser("fundingAccount");
    const login = await bankLogin(u);
    expect(login.accounts.map((a) => a.subtype).sort()).toEqual(["checking", "savings"]);
    const checking = login.accounts.find((a) => a.subtype === "checking")!;
    const meta = {
      institution: { name: "First Platypus Bank", institution_id: "ins_109508" },
      accounts: [checking],
      link_session_id: "s",
    };
    expect((await links(u, login.public_token, meta)).body).toEqual({ data: { links: 200 } });
    expect((await links(u, login.public_token, meta)).body).toEqual({ data: { links: 200 } });
    const accounts = await accountsOf(u);
    expect(accounts).toEqual([
      expect.objectContaining({
        name: "Plaid Checking",
        mask: "0000",
        subtype: "checking",
        link_type: "plaid_getAuth",
        verified: true,
        active: true,
        institutionName: "First Platypus Bank",
      }),
    ]);
    // At fundingAccount the first usable account moves the application on, once.
    expect(await step(u)).toBe("uploadIdentity");
  });

  it("a savings account is accepted; a credit card, another bank login's account or someone else's token is not", async () => {
    const u = await newUser();
    const login = await bankLogin(u);
    const savings = login.accounts.find((a) => a.subtype === "savings")!;
    expect((await links(u, login.public_token, { accounts: [savings] })).body.data!.links).toBe(200);

    const again = await bankLogin(u);
    const itemId = again.accounts[0]!.id.replace(/-[a-z]+$/, "");
    const tampered = await links(u, again.public_token, { accounts: [{ id: `${itemId}-cc` }] });
    expect(tampered.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "metaData" } });
    const otherItem = await links(u, again.public_token, { accounts: [savings] });
    expect(otherItem.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "metaData" } });

    const stranger = await newUser();
    const stolen = await links(stranger, again.public_token, { accounts: [again.accounts[0]] });
    expect(stolen.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "publicToken" } });
    expect(await accountsOf(stranger)).toEqual([]);
    expect(await accountsOf(u)).toHaveLength(1);
  });

  it("wrong credentials can be retried; a bank that is down exits; a bad link token is refused", async () => {
    const u = await newUser();
    const token = await linkToken(u);
    const wrong = await post("link/login", { link_token: token, institution_id: "ins_109508", username: "user_good", password: "nope" });
    expect(wrong).toMatchObject({ status: 400, json: { retry: true, error: { error_code: "INVALID_CREDENTIALS" } } });
    const down = await post("link/login", {
      link_token: token,
      institution_id: "ins_109508",
      username: "user_good",
      password: "error_INSTITUTION_DOWN",
    });
    expect(down).toMatchObject({
      status: 400,
      json: { retry: false, error: { error_type: "INSTITUTION_ERROR", error_code: "INSTITUTION_DOWN" } },
    });
    const forged = await post("link/login", {
      link_token: "link-local-forged",
      institution_id: "ins_109508",
      username: "user_good",
      password: "pass_good",
    });
    expect(forged).toMatchObject({ status: 400, json: { error: { error_code: "INVALID_LINK_TOKEN" } } });
    expect((await post("link/token/get", { link_token: token })).json).toEqual({ update: false, institution: null });
    expect((await sql(server.url, "SELECT 1 FROM plaid_items WHERE sub = $1", [u.sub])).length).toBe(0);
  });

  it("expired credentials: checkItemStatus answers an update-mode token until the same login repairs the item", async () => {
    const u = await newUser();
    const login = await bankLogin(u, "user_expiring", "ins_109509");
    expect((await links(u, login.public_token, { accounts: [login.accounts[0]] })).body.data!.links).toBe(200);
    const id = (await accountsOf(u))[0]!.account_id;
    const check = (caller: User, username: string) => op(caller, CheckItemStatusDocument, { username, id });
    const refresh = (await check(u, u.username)).body.data!.checkItemStatus!;
    expect(refresh).toMatch(/^link-local-/);
    expect((await post("link/token/get", { link_token: refresh })).json).toEqual({
      update: true,
      institution: { name: "First Gingham Credit Union", institution_id: "ins_109509" },
    });
    const repaired = await post("link/login", {
      link_token: refresh,
      institution_id: "ins_109509",
      username: "user_expiring",
      password: "pass_good",
    });
    expect(repaired).toMatchObject({ status: 200, json: { update: true, accounts: [] } });
    expect((await check(u, u.username)).body.data!.checkItemStatus).toBe("SUCCESS");

    const notMine = await check(u, "someone");
    expect(notMine.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "username" } });
    const stranger = await newUser();
    const other = await check(stranger, stranger.username);
    expect(other.body.errors?.[0]).toMatchObject({ errorType: "ResourceNotFoundException", errorInfo: { field: "bankAccountId" } });
  });
});

describe("manual accounts and micro-deposits", () => {
  it("refuses bad input with the field named and writes nothing", async () => {
    const u = await newUser();
    for (const [account, routing, type, field] of [
      [freshAccountNumber(), "011000016", "checking", "routing"],
      [freshAccountNumber(), "01100001", "checking", "routing"],
      ["123", "011000015", "checking", "account"],
      ["123456789012345678", "011000015", "checking", "account"],
      ["12-3456", "011000015", "checking", "account"],
      [freshAccountNumber(), "011000015", "credit", "type"],
    ] as const) {
      const reply = await manual(u, account, routing, type);
      expect(reply.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field } });
    }
    expect((await sql(server.url, "SELECT 1 FROM funding_sources WHERE sub = $1", [u.sub])).length).toBe(0);
    expect(await depositsFor(u)).toEqual([]);
  });

  it("creates one unverified account, keeps only the last four and a fingerprint, and refuses a second with SPEC's message", async () => {
    const u = await newUser("fundingAccount");
    const account = freshAccountNumber();
    const created = await manual(u, account);
    expect(created.body.data!.manually).toMatchObject({ mask: account.slice(-4), verified: false, verifyTriesLeft: 3, locked: false });
    const deposits = await depositsFor(u);
    expect(deposits).toHaveLength(2);
    for (const d of deposits) {
      expect(d).toBeGreaterThan(0);
      expect(d).toBeLessThan(1);
    }

    const rows = await sql<Record<string, unknown>>(server.url, "SELECT * FROM funding_sources WHERE sub = $1", [u.sub]);
    expect(JSON.stringify(rows)).not.toContain(account);
    expect(rows[0]!.account_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Nine digits: more than the mask the outbox may show.
    expect(JSON.stringify(await sql(server.url, "SELECT * FROM local_outbox WHERE recipient = $1", [u.email]))).not.toContain(
      account.slice(-9),
    );
    expect(JSON.stringify((await op(u, AccountsDocument)).body)).not.toContain(account);

    const second = await manual(u);
    expect(second.body.errors?.[0]).toMatchObject({ errorType: "ConflictException", message: "Unverified fundingSource already exists" });
    expect(await step(u)).toBe("uploadIdentity");
  });

  it("one wrong try, then the right amounts (either order) verify; verifying again finds no unverified account", async () => {
    const u = await newUser("verifyMD");
    const id = (await manual(u)).body.data!.manually!.account_id;
    const [a, b] = await depositsFor(u);
    const wrong = await verifies(u, 0.01 === a ? 0.02 : 0.01, b!, id);
    expect(wrong.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", message: expect.stringContaining("2 tries left") });
    expect((await accountsOf(u))[0]).toMatchObject({ verifyTriesLeft: 2, verified: false, active: false });
    expect((await verifies(u, b!, a!, id)).body).toEqual({ data: { verifies: "mdVerified" } });
    expect((await accountsOf(u))[0]).toMatchObject({ verified: true, active: true, verifyTriesLeft: null });
    expect(await step(u)).toBe("completeUnderReview");
    const none = await verifies(u, a!, b!, id);
    expect(none.body.errors?.[0]).toMatchObject({ errorType: "ResourceNotFoundException", message: "No Unverified Account Found" });
  });

  it("three wrong tries lock the account; adding it again replaces it with new deposits", async () => {
    const u = await newUser();
    const account = freshAccountNumber();
    const id = (await manual(u, account)).body.data!.manually!.account_id;
    const [a, b] = await depositsFor(u);
    const off = (x: number) => (x === 0.5 ? 0.51 : 0.5);
    for (const left of ["2 tries left", "1 try left"]) {
      expect((await verifies(u, off(a!), off(b!), id)).body.errors?.[0]?.message).toContain(left);
    }
    const third = await verifies(u, off(a!), off(b!), id);
    expect(third.body.errors?.[0]).toMatchObject({ errorType: "ConflictException", message: expect.stringContaining("locked") });
    const right = await verifies(u, a!, b!, id);
    expect(right.body.errors?.[0]).toMatchObject({ errorType: "ConflictException" });
    expect(await accountsOf(u)).toEqual([expect.objectContaining({ locked: true, verified: false, verifyTriesLeft: 0 })]);

    const again = await manual(u, account);
    expect(again.body.errors).toBeUndefined();
    const accounts = await accountsOf(u);
    expect(accounts).toEqual([
      expect.objectContaining({ account_id: again.body.data!.manually!.account_id, locked: false, verifyTriesLeft: 3 }),
    ]);
  });

  it("someone else's account id is never read, verified or activated", async () => {
    const owner = await newUser();
    const id = (await manual(owner)).body.data!.manually!.account_id;
    const [a, b] = await depositsFor(owner);
    const stranger = await newUser();
    expect((await verifies(stranger, a!, b!, id)).body.errors?.[0]).toMatchObject({ message: "No Unverified Account Found" });
    const act = await op(stranger, SetActiveFsidDocument, { id });
    expect(act.body.errors?.[0]).toMatchObject({ errorType: "ResourceNotFoundException" });
    expect((await accountsOf(owner))[0]).toMatchObject({ verified: false, verifyTriesLeft: 3 });
  });
});

describe("the state machine at the funding doors", () => {
  it("before the funding step every funding write is refused as not yet, and nothing is written", async () => {
    const u = await newUser(null);
    const refused = [
      ["createLinkToken", await op(u, CreateLinkTokenDocument, {})],
      ["links", await links(u, "public-local-x", { accounts: [] })],
      ["manually", await manual(u)],
      ["verifies", await verifies(u, 0.01, 0.02, "x")],
      ["setActiveFSID", await op(u, SetActiveFsidDocument, { id: "x" })],
      ["checkItemStatus", await op(u, CheckItemStatusDocument, { username: u.username, id: "x" })],
    ] as const;
    for (const [field, reply] of refused) expectRefused(reply, field, "NOT_YET");
    for (const table of ["applications", "funding_sources", "plaid_link_tokens"]) {
      expect(await sql(server.url, `SELECT 1 FROM ${table} WHERE sub = $1`, [u.sub])).toEqual([]);
    }
    expect(await depositsFor(u)).toEqual([]);
  });
});

describe("the active funding source", () => {
  it("setActiveFSID moves the one active flag to a verified account and refuses an unverified one", async () => {
    const u = await newUser();
    const login = await bankLogin(u);
    expect((await links(u, login.public_token, { accounts: login.accounts })).body.data!.links).toBe(200);
    const manualId = (await manual(u)).body.data!.manually!.account_id;
    const activate = (id: string) => op(u, SetActiveFsidDocument, { id, re: false });
    const refused = await activate(manualId);
    expect(refused.body.errors?.[0]).toMatchObject({ errorType: "BadRequestException", errorInfo: { field: "fs_account_id" } });
    const linked = (await accountsOf(u)).filter((a) => a.link_type === "plaid_getAuth");
    expect(linked.filter((a) => a.active)).toHaveLength(1);
    const inactive = linked.find((a) => !a.active)!;
    expect((await activate(inactive.account_id)).body).toEqual({ data: { setActiveFSID: true } });
    const after = await accountsOf(u);
    expect(after.filter((a) => a.active).map((a) => a.account_id)).toEqual([inactive.account_id]);
  });

  it("the API key may not call any funding operation", async () => {
    const key = { apiKey: API_KEY };
    for (const [field, call] of [
      ["accounts", () => gql(server.url, key, AccountsDocument)],
      ["createLinkToken", () => gql(server.url, key, CreateLinkTokenDocument, {})],
      ["links", () => gql(server.url, key, LinksDocument, { publicToken: "public-local-x" })],
      [
        "manually",
        () => gql(server.url, key, ManuallyDocument, { account: freshAccountNumber(), name: "C", routing: "011000015", type: "checking" }),
      ],
      ["verifies", () => gql(server.url, key, VerifiesDocument, { amount1: 0.01, amount2: 0.02, accountId: "x" })],
      ["setActiveFSID", () => gql(server.url, key, SetActiveFsidDocument, { id: "x" })],
      ["checkItemStatus", () => gql(server.url, key, CheckItemStatusDocument, { username: "x", id: "x" })],
    ] as const) {
      const reply = await call();
      expect((reply.body.data as Record<string, unknown> | null | undefined)?.[field] ?? null).toBeNull();
      expect(reply.body.errors?.[0]).toMatchObject({ errorType: "Unauthorized" });
    }
  });
});

describe("concurrency (the database holds the rules)", () => {
  it("20 parallel manually calls leave exactly one unverified source", async () => {
    const u = await newUser();
    const replies = await Promise.all(Array.from({ length: 20 }, () => manual(u)));
    const ok = replies.filter((r) => r.body.data?.manually);
    const refused = replies.filter((r) => r.body.errors?.[0]?.message === "Unverified fundingSource already exists");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    const [row] = await sql<{ n: number }>(server.url, "SELECT count(*)::int AS n FROM funding_sources WHERE sub = $1 AND NOT verified", [
      u.sub,
    ]);
    expect(row!.n).toBe(1);
    expect(await depositsFor(u)).toHaveLength(2);
  });

  it("20 parallel wrong verifies count exactly three tries and lock; 20 parallel right ones verify once", async () => {
    const u = await newUser();
    const id = (await manual(u)).body.data!.manually!.account_id;
    const [a, b] = await depositsFor(u);
    const off = (x: number) => (x === 0.5 ? 0.51 : 0.5);
    const wrong = await Promise.all(Array.from({ length: 20 }, () => verifies(u, off(a!), off(b!), id)));
    expect(wrong.filter((r) => r.body.errors?.[0]?.errorType === "BadRequestException")).toHaveLength(2);
    expect(wrong.filter((r) => r.body.errors?.[0]?.errorType === "ConflictException")).toHaveLength(18);
    const [row] = await sql<{ md_attempts: number; md_locked: boolean }>(
      server.url,
      "SELECT md_attempts, md_locked FROM funding_sources WHERE account_id = $1",
      [id],
    );
    expect(row).toEqual({ md_attempts: 3, md_locked: true });

    const v = await newUser();
    const vid = (await manual(v)).body.data!.manually!.account_id;
    const [c, d] = await depositsFor(v);
    const right = await Promise.all(Array.from({ length: 20 }, () => verifies(v, c!, d!, vid)));
    expect(right.filter((r) => r.body.data?.verifies === "mdVerified")).toHaveLength(1);
    expect(right.filter((r) => r.body.errors?.[0]?.message === "No Unverified Account Found")).toHaveLength(19);
    const active = await sql<{ n: number }>(server.url, "SELECT count(*)::int AS n FROM funding_sources WHERE sub = $1 AND active", [
      v.sub,
    ]);
    expect(active[0]!.n).toBe(1);
  });
});
