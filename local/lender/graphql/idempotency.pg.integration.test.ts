/**
 * @jest-environment node
 *
 * Idempotency keys at the API (issue 51): a write sent twice with one key makes one row and the
 * repeat gets the first answer; another request under the key is refused; two at once make one row.
 * On PGlite and, as a *.pg suite, on PostgreSQL (the unique index under real concurrency).
 */
import { randomUUID } from "node:crypto";
import { print } from "graphql";
import { LogsDocument, ManuallyDocument, VerifiesDocument } from "../../../lib/graphql/generated/operations";
import { IDEMPOTENCY_HEADER } from "../../../lib/graphql/idempotency";
import { freshAccountNumber, signUpAt, signUpUser, sql, standInSuite, type NewUser } from "./testing/api-test-kit";

jest.setTimeout(120_000);

// The worker's shared server: every test signs up its own applicant and accounts.
const server = standInSuite();

async function manually(user: NewUser, key: string | null, account: string, name = "Checking") {
  const headers: Record<string, string> = { "content-type": "application/json", authorization: user.token };
  if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
  const res = await fetch(`${server.url}/api/local/graphql`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      query: print(ManuallyDocument),
      operationName: "manually",
      variables: { account, name, routing: "011000015", type: "checking" },
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: { manually?: { account_id: string } } | null; errors?: { errorType: string }[] },
  };
}

/** `logs` writes a row per call: a write that nothing but the key makes once. */
async function log(user: NewUser, key: string | null, message: string) {
  const headers: Record<string, string> = { "content-type": "application/json", authorization: user.token };
  if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
  const res = await fetch(`${server.url}/api/local/graphql`, {
    method: "POST",
    headers,
    body: JSON.stringify({ query: print(LogsDocument), operationName: "logs", variables: { message } }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
const logRows = async (user: NewUser) => (await sql(server.url, "SELECT 1 FROM logs WHERE sub = $1", [user.sub])).length;

test("a write made twice with one key is made once (and twice without one): one row, the first answer again", async () => {
  const user = await signUpUser(server.url, "idem-log");
  const key = randomUUID();
  const first = await log(user, key, "bank: Exited");
  expect(await log(user, key, "bank: Exited")).toEqual(first);
  expect(await logRows(user)).toBe(1);
  await log(user, null, "bank: Exited");
  await log(user, null, "bank: Exited");
  expect(await logRows(user)).toBe(3);
  const [a, b] = await Promise.all([log(user, randomUUID().replace(/.$/, "0"), "x"), log(user, key, "bank: Exited")]);
  expect(a.status).toBe(200);
  expect(b).toEqual(first);
  expect(await logRows(user)).toBe(4);
});

test("two requests with one key at once: one row", async () => {
  const user = await signUpUser(server.url, "idem-log-race");
  const key = randomUUID();
  const answers = await Promise.all([1, 2, 3].map(() => log(user, key, "twice at once")));
  expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  expect(await logRows(user)).toBe(1);
});

const rows = async (user: NewUser) => (await sql(server.url, "SELECT account_id FROM funding_sources WHERE sub = $1", [user.sub])).length;
const outbox = async (user: NewUser) =>
  (await sql(server.url, "SELECT 1 FROM local_outbox WHERE recipient = $1 AND purpose LIKE 'Bank statement:%'", [user.email])).length;

test("the same key twice: one account, two deposits, and the repeat answered the first answer", async () => {
  const user = await signUpAt(server.url, "idem-twice", "uploadIdentity");
  const key = randomUUID();
  const account = freshAccountNumber();
  const first = await manually(user, key, account);
  const again = await manually(user, key, account);
  expect(first.body.errors).toBeUndefined();
  expect(again).toEqual(first);
  expect(await rows(user)).toBe(1);
  expect(await outbox(user)).toBe(2);
});

test("another request under a used key is refused and writes nothing", async () => {
  const user = await signUpAt(server.url, "idem-other", "uploadIdentity");
  const key = randomUUID();
  const first = await manually(user, key, freshAccountNumber());
  expect(first.body.errors).toBeUndefined();
  const other = await manually(user, key, freshAccountNumber(), "Savings");
  expect(other.status).toBe(200);
  expect(other.body).toMatchObject({ data: null, errors: [{ errorType: "IdempotencyKeyReusedException" }] });
  expect(await rows(user)).toBe(1);
});

test("two requests with one key at once (a double press, a balancer's retry): one account, one answer", async () => {
  const user = await signUpAt(server.url, "idem-race", "uploadIdentity");
  const key = randomUUID();
  const account = freshAccountNumber();
  const [a, b] = await Promise.all([manually(user, key, account), manually(user, key, account)]);
  expect(a.body.errors).toBeUndefined();
  expect(b).toEqual(a);
  expect(await rows(user)).toBe(1);
});

test("a key is the caller's own: another applicant's same key runs their own write", async () => {
  const [one, two] = await Promise.all([
    signUpAt(server.url, "idem-one", "uploadIdentity"),
    signUpAt(server.url, "idem-two", "uploadIdentity"),
  ]);
  const key = randomUUID();
  const first = await manually(one, key, freshAccountNumber());
  const second = await manually(two, key, freshAccountNumber());
  expect(first.body.errors).toBeUndefined();
  expect(second.body.errors).toBeUndefined();
  expect(second.body.data?.manually?.account_id).not.toBe(first.body.data?.manually?.account_id);
  expect([await rows(one), await rows(two)]).toEqual([1, 1]);
});

test("without a key every request runs (the contract's keys are optional); a malformed key is a 400, nothing written", async () => {
  const user = await signUpAt(server.url, "idem-none", "uploadIdentity");
  const bad = await manually(user, "short", freshAccountNumber());
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual([expect.objectContaining({ errorType: "BadRequestException" })]);
  expect(await rows(user)).toBe(0);
  const account = freshAccountNumber();
  await manually(user, null, account);
  // The same account again while it waits is the first add's source (the API's own rule), not a second row.
  await manually(user, null, account);
  expect(await rows(user)).toBe(1);
});

test("a refusal after a committed write (a wrong guess counted) is kept: the same key again counts no second try; a refusal that wrote nothing frees the key", async () => {
  const user = await signUpAt(server.url, "idem-guess", "uploadIdentity");
  const added = await manually(user, null, freshAccountNumber());
  const accountId = added.body.data!.manually!.account_id;
  const [deposits] = await sql<{ a: number; b: number }>(
    server.url,
    "SELECT md_amount1_cents AS a, md_amount2_cents AS b FROM funding_sources WHERE account_id = $1",
    [accountId],
  );
  // Both a cent off: a guess that is judged wrong whichever way round.
  const wrong = { amount1: (deposits!.a + 1) / 100, amount2: (deposits!.b + 1) / 100, accountId };
  const verify = async (key: string | null, variables: Record<string, unknown>) => {
    const headers: Record<string, string> = { "content-type": "application/json", authorization: user.token };
    if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
    const res = await fetch(`${server.url}/api/local/graphql`, {
      method: "POST",
      headers,
      body: JSON.stringify({ query: print(VerifiesDocument), operationName: "verifies", variables }),
    });
    return (await res.json()) as { errors?: { errorType: string; message: string }[] };
  };
  const tries = async () =>
    (await sql<{ n: number }>(server.url, "SELECT md_attempts AS n FROM funding_sources WHERE account_id = $1", [accountId]))[0]!.n;

  const key = randomUUID();
  const first = await verify(key, wrong);
  expect(first.errors).toEqual([expect.objectContaining({ errorType: "BadRequestException" })]);
  expect(await verify(key, wrong)).toEqual(first);
  expect(await tries()).toBe(1);
  // Without a key the same guess is judged again: the count the key saved.
  await verify(null, wrong);
  expect(await tries()).toBe(2);

  // Refused before any write (no such account): nothing kept, so the key runs again once that changes nothing either.
  const none = randomUUID();
  const missing = { ...wrong, accountId: "no-such-account" };
  expect((await verify(none, missing)).errors).toEqual([expect.objectContaining({ errorType: "ResourceNotFoundException" })]);
  expect(await sql(server.url, "SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1", [none])).toHaveLength(0);
  expect(await sql(server.url, "SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1", [key])).toHaveLength(1);
});
