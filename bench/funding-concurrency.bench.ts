/**
 * Funding sources under contention, end to end over HTTP on 127.0.0.1: for each of R users, 20
 * parallel `manually` calls, then 20 parallel wrong `verifies`, then (for a second account) 20
 * parallel right ones. Prints latency per burst and checks the database's rules held every time:
 * exactly one unverified source, exactly 3 counted tries and a lock, exactly one verification.
 *
 *   npx tsx bench/funding-concurrency.bench.ts                  (embedded PGlite in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/funding-concurrency.bench.ts   (PostgreSQL)
 *
 * BENCH_ROUNDS (default 5). Exits 1 when a rule was broken. Bounded to 120 s.
 */
import { randomBytes } from "node:crypto";
import { CLIENT, OTP, gql, idToken } from "../local/lender/graphql/testing/api-test-kit";
import { cognitoCall } from "../local/infra/testing/cognito-client";
import { startLocalServer } from "../local/infra/testing/spawn-local-server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARALLEL = 20;
const TIME_LIMIT_MS = 120_000;

const MANUALLY = 'mutation ($a: String!) { manually(account: $a, name: "Bench", routing: "011000015", type: "checking") { account_id } }';
const VERIFIES = "mutation ($a: Float!, $b: Float!, $id: String!) { verifies(amount1: $a, amount2: $b, account_id: $id) }";

const database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATABASE_URL: "", LOCAL_DATA_DIR: "memory://" };
const server = await startLocalServer({ APP_ENV: "local", LOCAL_OTP_CODE: OTP, NODE_ENV: "production", ...database });
const deadline = Date.now() + TIME_LIMIT_MS;
const broken: string[] = [];
const timings: Record<string, number[]> = { manually: [], "verifies (wrong)": [], "verifies (right)": [] };

async function newUser() {
  const email = `bench-${randomBytes(5).toString("hex")}@example.com`;
  await cognitoCall(server.url, "SignUp", {
    ClientId: CLIENT,
    Username: randomBytes(3).toString("hex"),
    Password: randomBytes(30).toString("hex"),
    UserAttributes: [{ Name: "email", Value: email }],
  });
  return { email, token: await idToken(server.url, email) };
}

async function deposits(email: string): Promise<number[]> {
  const res = await fetch(`${server.url}/api/local/outbox?format=json&to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { code: string; purpose: string }[] };
  return messages
    .filter((m) => m.purpose.includes("ACCTVERIFY"))
    .slice(0, 2)
    .map((m) => Number(m.code.slice(1)));
}

async function burst<T>(label: string, fn: () => Promise<T>): Promise<T[]> {
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: PARALLEL }, fn));
  timings[label]!.push(performance.now() - started);
  return results;
}

try {
  for (let round = 0; round < ROUNDS && Date.now() < deadline; round++) {
    const u = await newUser();
    const made = await burst("manually", () => gql(server.url, u, MANUALLY, { a: `0009${randomBytes(4).readUInt32BE() % 100_000_000}` }));
    const ok = made.filter((r) => r.body.data?.manually);
    if (ok.length !== 1) broken.push(`round ${round}: ${ok.length} manual accounts created, not 1`);
    const id = ok[0]?.body.data!.manually.account_id as string;
    const [a, b] = await deposits(u.email);
    const off = (x: number) => (x === 0.5 ? 0.51 : 0.5);
    const wrong = await burst("verifies (wrong)", () => gql(server.url, u, VERIFIES, { a: off(a!), b: off(b!), id }));
    const counted = wrong.filter((r) => r.body.errors?.[0]?.errorType === "BadRequestException").length;
    const locked = wrong.filter((r) => r.body.errors?.[0]?.errorType === "ConflictException").length;
    if (counted !== 2 || locked !== 18)
      broken.push(`round ${round}: wrong tries answered ${counted} "do not match" and ${locked} "locked", not 2 and 18`);

    const v = await newUser();
    const vid = (await gql(server.url, v, MANUALLY, { a: "000123456789" })).body.data!.manually.account_id as string;
    const [c, d] = await deposits(v.email);
    const right = await burst("verifies (right)", () => gql(server.url, v, VERIFIES, { a: c!, b: d!, id: vid }));
    const verified = right.filter((r) => r.body.data?.verifies === "mdVerified").length;
    if (verified !== 1) broken.push(`round ${round}: ${verified} verifications succeeded, not 1`);
  }
  console.log(`funding sources, ${PARALLEL} parallel calls per burst, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
  for (const [label, samples] of Object.entries(timings)) {
    if (samples.length === 0) continue;
    const s = [...samples].sort((x, y) => x - y);
    console.log(
      `  ${label.padEnd(18)} bursts=${s.length}  median=${s[Math.floor(s.length / 2)]!.toFixed(1)} ms  max=${s.at(-1)!.toFixed(1)} ms  per call≈${(s[Math.floor(s.length / 2)]! / PARALLEL).toFixed(1)} ms`,
    );
  }
  if (broken.length) {
    console.error(broken.join("\n"));
    process.exitCode = 1;
  } else console.log("  rules held in every round: one unverified source, 3 counted tries then locked, one verification");
} finally {
  await server.stop();
}
