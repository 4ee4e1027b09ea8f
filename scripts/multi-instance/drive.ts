/**
 * The multi-instance run's driver (scripts/multi-instance/run.sh starts PostgreSQL and nginx, then
 * this). It owns the two instances, so it can restart them, and checks, printing each figure:
 *  1. both start together on the empty database (migrations and seeding take turns under the
 *     advisory lock; each migration applied once);
 *  2. a sign-in started on one instance and finished on the other answers exactly as on one, for a
 *     seeded account and for an unknown e-mail;
 *  3. the route check through the balancer is all green (and with MULTI_E2E=1 the whole-journey e2e);
 *  4. one write per idempotency key through the balancer's retry (issue 51): a signed-in applicant's
 *     loan request (the real server action, POSTed through nginx) reaches the API, the instance that
 *     sent it is SIGKILLed the moment the API's answer is back (held by a fault proxy), nginx retries
 *     the same POST on the other instance, and the applicant gets the success while the database holds
 *     one execution of the write and one key row; the retry is seen in nginx's log and the other
 *     instance's access line (no retry seen fails). A control shows the count would catch a second
 *     execution: the same write sent straight to the API under a fresh key counts one more;
 *  5. a rolling restart (SIGTERM one, start it again, then the other) under steady load through the
 *     balancer loses no request: 0 answers outside 2xx/3xx, 0 errors, 0 timeouts; and a POST sent
 *     straight to the instance, in flight when SIGTERM arrives, is answered before it exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import autocannon from "autocannon";
import { print } from "graphql";
import pg from "pg";
import { NEXT_ROUTE } from "../../app/(dashboard)/personal/page-mode";
import { CLAIMS_ENDPOINT } from "../../lib/auth/refresh-claims";
import { idTokenCookie, lastAuthUserCookie } from "../../lib/cognito/amplify-cookies";
import { LOCAL_DEFAULTS } from "../../lib/config/env";
import { LOCAL_PATHS } from "../../lib/config/local-paths";
import { AppliesDocument, type AppliesMutationVariables } from "../../lib/graphql/generated/operations";
import { IDEMPOTENCY_HEADER } from "../../lib/graphql/idempotency";
import { LOAN_AMOUNT } from "../../lib/lending/loan-amount";
import { REQUEST_ID_HEADER } from "../../lib/observability/request-id";
import { LOAN_REASONS, LOAN_TYPE } from "../../lib/personal/reference-lists";
import { loanRequestSchema } from "../../lib/personal/schemas";
import { SERVED_STATES } from "../../lib/personal/states";
import { IN_APP_ROWS } from "../../lib/routing/in-app-paths";
import { CLAIMS_COOKIE } from "../../lib/session/claims";
import { PERSONAS } from "../../local/lender/seed/personas";
import { cognitoCall, latestCode, wrongCode } from "../../local/infra/testing/cognito-client";
import { startFaultProxy, type FaultProxy } from "../../local/infra/testing/fault-proxy";
import { startStandIns, type StandIns } from "../stand-ins-process.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required (scripts/multi-instance/run.sh sets it)`);
  return value;
};
/** The image's files (run.sh lays them out): every instance runs the image's entry from there. */
const APP_DIR = env("MULTI_APP_DIR");
const LB = env("MULTI_LB_URL");
const PORTS = env("MULTI_PORTS").split(",").map(Number);
const DATABASE_URL = env("MULTI_DATABASE_URL");
const OUT = path.resolve(ROOT, env("MULTI_OUT"));
/** A non-default app client and pool: the route check must learn them from the server (issue 22, item 6). */
const CLIENT_ID = "multiinstanceclient0000001";
const POOL_ID = "us-east-1_multipool";
/** The public island check (API key, read-only): a cheap POST through the app's GraphQL stand-in. */
const ISLAND_CHECK = JSON.stringify({
  query: "mutation checkIfIslandInAlgolia($employerId: ID!) { checkIfIslandInAlgolia(employerId: $employerId) }",
  variables: { employerId: "1002" },
});
const LOAD_CONNECTIONS = Number(process.env.MULTI_LOAD_CONNECTIONS ?? 4);
const LOAD_RATE = Number(process.env.MULTI_LOAD_RATE ?? 40);

const log = (line: string) => process.stdout.write(`[multi-instance] ${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Instance {
  private child?: ChildProcess;
  private exited?: Promise<number | null>;
  private standIns?: StandIns;
  constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The instance's environment: the database and the public origin (the balancer's) are the other's too. */
  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(this.port),
      HOSTNAME: "127.0.0.1",
      APP_ENV: "local",
      DATABASE_URL,
      APP_URL: LB,
      COGNITO_CLIENT_ID: CLIENT_ID,
      COGNITO_USER_POOL_ID: POOL_ID,
      LOCAL_OTP_CODE: "",
      // nginx appends the client's address to X-Forwarded-For: one trusted hop, as behind any balancer.
      LOCAL_TRUSTED_PROXY_HOPS: "1",
    };
  }

  /**
   * The instance's stand-ins, their own process (the image has none), from the repository with the
   * instance's environment; they outlive the instance's restarts, as a database outlives an app's.
   * Resolves with how long they took to migrate, seed and listen.
   */
  async startStandIns(): Promise<number> {
    const started = Date.now();
    const out = createWriteStream(path.join(OUT, `stand-ins-${this.name}.log`), { flags: "a" });
    this.standIns = await startStandIns(ROOT, this.env(), out);
    return Date.now() - started;
  }

  stopStandIns(): void {
    this.standIns?.stop();
  }

  /**
   * Starts the production server, sharing the database and the public origin (the balancer's) with
   * the other; `extra` adds to its environment for this start only.
   */
  start(extra: Record<string, string> = {}): void {
    const out = createWriteStream(path.join(OUT, `instance-${this.name}.log`), { flags: "a" });
    // The image's CMD (node scripts/start.mjs), on loopback: local mode refuses the image's 0.0.0.0.
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: APP_DIR,
      env: { ...this.env(), LOCAL_STAND_INS_URL: this.standIns?.url, ...extra },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.pipe(out, { end: false });
    child.stderr!.pipe(out, { end: false });
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  }

  /** Ready: the readiness endpoint says so, or (a server without one) the sign-in page answers. */
  async ready(timeoutMs = 180_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (this.child?.exitCode !== null)
        throw new Error(`instance ${this.name} exited with ${this.child?.exitCode} (see instance-${this.name}.log)`);
      const ready = await fetch(`${this.url}/api/ready`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (ready?.status === 200) return Date.now() - started;
      if (ready?.status === 404) {
        const page = await fetch(`${this.url}/login`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
        if (page?.status === 200) return Date.now() - started;
      }
      await sleep(250);
    }
    throw new Error(`instance ${this.name} not ready within ${timeoutMs} ms`);
  }

  /** SIGTERM, as an orchestrator stops a task: how long it took to exit, and with what code. */
  async stop(timeoutMs = 60_000): Promise<{ ms: number; code: number | null }> {
    const started = Date.now();
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return { ms: 0, code: this.child?.exitCode ?? null };
    this.child.kill("SIGTERM");
    const code = await Promise.race([this.exited!, sleep(timeoutMs).then(() => "timeout" as const)]);
    if (code === "timeout") {
      this.child.kill("SIGKILL");
      throw new Error(`instance ${this.name} did not exit within ${timeoutMs} ms of SIGTERM`);
    }
    return { ms: Date.now() - started, code };
  }

  /** SIGKILL, as a crash or an OOM kill ends a task: resolves once it has exited. */
  async kill(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGKILL");
      await this.exited;
    }
  }
}

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

async function startTogether(instances: Instance[]) {
  const started = Date.now();
  // Each instance's stand-ins, together on the empty database: migrations and seeding take turns.
  const standInsMs = await Promise.all(instances.map((i) => i.startStandIns()));
  log(`both instances' stand-ins ready on the empty database: ${standInsMs.map((ms, i) => `${instances[i]!.name} ${ms} ms`).join(", ")}`);
  for (const instance of instances) instance.start();
  const readyMs = await Promise.all(instances.map((i) => i.ready()));
  log(
    `both instances ready on the empty database: ${readyMs.map((ms, i) => `${instances[i]!.name} ${ms} ms`).join(", ")} (${Date.now() - started} ms)`,
  );
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const files = (await readdir(path.join(ROOT, "local/infra/db/migrations"))).filter((f) => f.endsWith(".sql"));
    const applied = await db.query<{ name: string }>("SELECT name FROM schema_migrations");
    check(applied.rowCount === files.length, `every migration applied once (${applied.rowCount} of ${files.length})`);
    const users = await db.query<{ n: string }>("SELECT count(*) AS n FROM identity_users");
    check(Number(users.rows[0]!.n) >= PERSONAS.length, `the personas seeded once each (${users.rows[0]!.n} users)`);
  } finally {
    await db.end();
  }
}

type Answer = Awaited<ReturnType<typeof cognitoCall>>;
/** What a visitor can observe of an answer: status, which fields, the error's type and wording, the challenge shown. */
const observable = (res: Answer) => ({
  status: res.status,
  fields: Object.keys(res.json).sort(),
  type: res.json.__type as string | undefined,
  message: res.json.message as string | undefined,
  challenge: res.json.ChallengeParameters as Record<string, string> | undefined,
});

async function signInAcross([a, b]: Instance[]) {
  const start = (on: Instance, id: string) =>
    cognitoCall(on.url, "InitiateAuth", { ClientId: CLIENT_ID, AuthFlow: "CUSTOM_AUTH", AuthParameters: { USERNAME: id } });
  const answer = (on: Instance, username: string, session: string, code: string) =>
    cognitoCall(on.url, "RespondToAuthChallenge", {
      ClientId: CLIENT_ID,
      ChallengeName: "CUSTOM_CHALLENGE",
      Session: session,
      ChallengeResponses: { USERNAME: username, ANSWER: code },
    });

  // A seeded account: the code the first instance sent, entered on the second.
  const persona = PERSONAS.find((p) => p.email === "borrower@example.com")!;
  const one = await start(a!, persona.email);
  const oneCode = await latestCode(a!.url, persona.email);
  const onOne = await answer(a!, one.json.ChallengeParameters.USERNAME, one.json.Session, oneCode);
  const across = await start(a!, persona.email);
  const acrossCode = await latestCode(b!.url, persona.email);
  const onOther = await answer(b!, across.json.ChallengeParameters.USERNAME, across.json.Session, acrossCode);
  check(
    onOther.status === 200 && typeof onOther.json.AuthenticationResult?.IdToken === "string",
    `known e-mail: started on ${a!.name}, finished on ${b!.name}: signed in (${onOther.status})`,
  );
  check(
    JSON.stringify(Object.keys(onOther.json).sort()) === JSON.stringify(Object.keys(onOne.json).sort()) && onOne.status === onOther.status,
    "known e-mail: the same answer as on one instance",
  );

  // An unknown e-mail: the same made-up challenge from both, and every answer fails on the other as
  // an account's wrong code fails on one instance.
  const unknown = `nobody-${Date.now().toString(36)}@example.com`;
  const [fakeA, fakeB] = [await start(a!, unknown), await start(b!, unknown)];
  check(
    JSON.stringify(fakeA.json.ChallengeParameters) === JSON.stringify(fakeB.json.ChallengeParameters),
    `unknown e-mail: both instances show the same challenge ${JSON.stringify(fakeA.json.ChallengeParameters)}`,
  );
  const other = PERSONAS.find((p) => p.email !== persona.email)!;
  const real = await start(a!, other.email);
  const realCode = await latestCode(a!.url, other.email);
  let realSession = real.json.Session as string;
  let fakeSession = fakeA.json.Session as string;
  const rounds: string[] = [];
  let same = true;
  for (let i = 1; i <= 3; i++) {
    const wrong = await answer(a!, real.json.ChallengeParameters.USERNAME, realSession, wrongCode(realCode));
    const got = await answer(i % 2 ? b! : a!, fakeA.json.ChallengeParameters.USERNAME, fakeSession, realCode);
    const [expected, seen] = [observable(wrong), observable(got)];
    const alike =
      seen.status === expected.status &&
      JSON.stringify(seen.fields) === JSON.stringify(expected.fields) &&
      seen.type === expected.type &&
      seen.message === expected.message &&
      (i === 3 || JSON.stringify(seen.challenge) === JSON.stringify(fakeA.json.ChallengeParameters));
    same &&= alike;
    rounds.push(`${i % 2 ? b!.name : a!.name}: ${seen.status} ${seen.type ?? "CUSTOM_CHALLENGE"}`);
    realSession = (wrong.json.Session as string | undefined) ?? realSession;
    fakeSession = (got.json.Session as string | undefined) ?? fakeSession;
  }
  check(same, `unknown e-mail: answers across instances as a wrong code on one (${rounds.join(", ")})`);
}

async function run(
  command: string,
  args: string[],
  extraEnv: Record<string, string>,
  logName: string,
): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  const out = createWriteStream(path.join(OUT, logName));
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  out.end();
  return { code, ms: Date.now() - started };
}

interface RouteCell {
  persona: string;
  case: string;
  outcome: "pass" | "fail" | "error";
  expected?: { status: number; decision?: string }[];
  actual?: { status: number; decision?: string }[];
}

/**
 * The malformed-path case (/apply/%E0%A4%A, an escape cut short) never reaches an instance here: nginx
 * refuses an invalid percent-escape itself, with the same 400, before proxying, so only the edge's
 * x-route-decision header is missing. Any other difference counts.
 */
const refusedByBalancer = (cell: RouteCell) =>
  cell.case === "(malformed)" &&
  cell.actual?.length === 1 &&
  cell.expected?.length === 1 &&
  cell.actual[0]!.status === 400 &&
  cell.expected[0]!.status === 400 &&
  cell.actual[0]!.decision === undefined;

async function routeCheck() {
  const out = path.join(OUT, "route-check");
  const { code, ms } = await run(
    "npx",
    ["tsx", "tools/check-routes/cli.ts", "--base-url", LB, "--concurrency", "4", "--out", out],
    {},
    "route-check.log",
  );
  const report = JSON.parse(await readFile(path.join(out, "report.json"), "utf8")) as { cells: RouteCell[]; personas: unknown[] };
  const passed = report.cells.filter((c) => c.outcome === "pass").length;
  const atBalancer = report.cells.filter((c) => c.outcome !== "pass" && refusedByBalancer(c)).length;
  const other = report.cells.length - passed - atBalancer;
  check(
    code !== 2 && report.cells.length > 0 && other === 0,
    `npm run check:routes through the balancer: ${report.personas.length} personas, ${passed} of ${report.cells.length} cells green, ` +
      `${atBalancer} malformed-path cells answered 400 by nginx itself, ${other} other differences (${ms} ms; route-check.log)`,
  );
}

async function journey() {
  const port = new URL(LB).port;
  // BASE_URL: no webServer of its own; E2E_PORT_BASE: the spec's own origin is the balancer.
  const { code, ms } = await run(
    "npx",
    ["playwright", "test", "e2e/lending-journey.spec.ts", "--project=chromium", "--reporter=line", "--output", path.join(OUT, "e2e")],
    { BASE_URL: LB, E2E_PORT_BASE: port },
    "e2e.log",
  );
  check(code === 0, `whole-journey e2e through the balancer: ${code === 0 ? "passed" : `exit ${code}`} (${ms} ms; e2e.log)`);
}

/**
 * A signed-in visitor of the balancer's app, as the /login form leaves them (the bench's way,
 * bench/routing.bench.ts): the custom challenge with the code from the outbox, Amplify's identity
 * cookies, then the claims route's cookies. Returns the Cookie header and the identity token.
 */
async function signedIn(email: string): Promise<{ cookie: string; idToken: string }> {
  const started = await cognitoCall(LB, "InitiateAuth", {
    ClientId: CLIENT_ID,
    AuthFlow: "CUSTOM_AUTH",
    AuthParameters: { USERNAME: email },
  });
  const username = String(started.json.ChallengeParameters?.USERNAME);
  const answered = await cognitoCall(LB, "RespondToAuthChallenge", {
    ClientId: CLIENT_ID,
    ChallengeName: "CUSTOM_CHALLENGE",
    Session: started.json.Session,
    ChallengeResponses: { USERNAME: username, ANSWER: await latestCode(LB, email) },
  });
  const idToken = answered.json.AuthenticationResult?.IdToken as string | undefined;
  if (!idToken) throw new Error(`no sign-in for ${email}: ${answered.status}`);
  const identity = `${lastAuthUserCookie(CLIENT_ID)}=${username}; ${idTokenCookie(CLIENT_ID, username)}=${idToken}`;
  const claims = await fetch(`${LB}${CLAIMS_ENDPOINT}`, { method: "POST", headers: { cookie: identity, origin: LB } });
  const set = claims.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (!claims.ok || !set.some((c) => c.startsWith(`${CLAIMS_COOKIE}=`))) throw new Error(`no claims cookie for ${email}: ${claims.status}`);
  return { cookie: [identity, ...set].join("; "), idToken };
}

/** A server action's id in the build's manifest (the image's own), by its file and export. */
async function actionId(file: string, exported: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(APP_DIR, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, e]) => e.filename === file && e.exportedName === exported);
  if (!found) throw new Error(`no server action ${exported} of ${file} in the build's manifest`);
  return found[0];
}

/** A server action's return value in its answer (React's flight lines, `<id>:<json>`): the line holding an ActionResult. */
function actionResult(body: string): { ok?: unknown; next?: unknown; reason?: unknown } | undefined {
  for (const line of body.split("\n")) {
    const json = /^[0-9a-f]+:(\{.*\})$/.exec(line)?.[1];
    if (!json) continue;
    try {
      const value = JSON.parse(json) as Record<string, unknown>;
      if (typeof value.ok === "boolean") return value;
    } catch {
      // another kind of line
    }
  }
  return undefined;
}

/**
 * Counts every execution of the loan request's write in the run's database: a trigger on the
 * applications row, fired by each UPDATE that sets the amount (only `applies` does), whether or not
 * the value changes — a second run of the same request counts, as a second write would. Test
 * instrumentation of the throwaway database, never a migration.
 */
const LOAN_WRITES = "multi_instance_loan_writes";
async function countLoanWrites(db: pg.Client): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS ${LOAN_WRITES} (sub text NOT NULL, amount numeric, at timestamptz NOT NULL DEFAULT clock_timestamp())`,
  );
  await db.query(
    `CREATE OR REPLACE FUNCTION ${LOAN_WRITES}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO ${LOAN_WRITES} (sub, amount) VALUES (NEW.sub, NEW.amount_applied_for); RETURN NEW; END $$`,
  );
  await db.query(
    `CREATE OR REPLACE TRIGGER ${LOAN_WRITES} AFTER UPDATE OF amount_applied_for ON applications FOR EACH ROW EXECUTE FUNCTION ${LOAN_WRITES}()`,
  );
}
const loanWrites = async (db: pg.Client, sub: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${LOAN_WRITES} WHERE sub = $1`, [sub])).rows[0]!.n);

/** Waits until `found` answers something, polling every 5 ms; undefined after `timeoutMs`. */
async function waitFor<T>(found: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = found();
    if (value !== undefined || Date.now() > until) return value;
    await sleep(5);
  }
}

/** The access lines of the app (JSON, request-scope.ts) for this request id and path, in an instance's log. */
async function accessLines(instance: Instance, requestId: string, page: string): Promise<{ method?: string; status?: number }[]> {
  const text = await readFile(path.join(OUT, `instance-${instance.name}.log`), "utf8");
  return text
    .split("\n")
    .filter((line) => line.includes(requestId))
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; requestId?: string; method?: string; path?: string; status?: number };
      } catch {
        return {};
      }
    })
    .filter((line) => line.requestId === requestId && line.path === page && (line.msg === "request" || line.msg === "request failed"));
}

/**
 * Check 4 (issue 51): a balancer's retry of a write whose first instance died after the write
 * reached the API writes once. nginx resends the browser's POST byte for byte on the other instance
 * (proxy_next_upstream non_idempotent), so the retried server action carries the same idempotency
 * key, and the API answers its write with the first answer instead of running it again.
 *
 * Which instance runs the action is nginx's choice, and its calls to the API go through the balancer
 * again (GRAPHQL_URL defaults to the app's own origin), so a proxy in front of an instance's
 * stand-ins would see the door's requests, not the sender's. For this check each instance is
 * restarted with its own fault proxy as its API address (pass-through to the balancer's, as before):
 * the proxy that sees the write names the instance that sent it, and holds the API's answer while
 * that instance is killed. Both are started again without the proxies afterwards.
 */
async function retriedWrite(instances: Instance[], db: pg.Client) {
  const began = Date.now();
  const persona = PERSONAS.find((p) => p.applicationStep === "loanDetails" && p.amountAppliedFor !== undefined)!;
  const proxies: FaultProxy[] = await Promise.all(instances.map(() => startFaultProxy(LB)));
  const restartAll = async (env: (i: number) => Record<string, string>) => {
    await Promise.all(instances.map((i) => i.stop()));
    instances.forEach((instance, i) => instance.start(env(i)));
    await Promise.all(instances.map((i) => i.ready()));
  };
  try {
    await countLoanWrites(db);
    await restartAll((i) => ({ GRAPHQL_URL: `${proxies[i]!.url}${LOCAL_PATHS.graphql}` }));
    const { cookie, idToken } = await signedIn(persona.email);
    // What the /personal form sends: its schema's output (the browser parses before it submits), and a fresh key.
    const input = loanRequestSchema.parse({
      amount: Math.min(LOAN_AMOUNT.max, persona.amountAppliedFor! + 250),
      reason: LOAN_REASONS[0],
      other: "",
      state: SERVED_STATES[0]!.abbreviation,
    });
    const key = randomUUID();
    const requestId = `multi-retry-${randomUUID()}`;
    const before = await loanWrites(db, persona.sub);

    // The write is forwarded to the API and its answer held on whichever instance sends it.
    const write = "applies";
    for (const proxy of proxies) proxy.set({ mode: "delay", delayMs: 20_000, operation: write, times: 1 });
    const page = IN_APP_ROWS.personal.pattern;
    const sent = fetch(`${LB}${page}`, {
      method: "POST",
      headers: {
        cookie,
        origin: LB,
        "next-action": await actionId("app/(dashboard)/personal/actions.ts", "submitLoanRequest"),
        accept: "text/x-component",
        "content-type": "text/plain;charset=UTF-8",
        [REQUEST_ID_HEADER]: requestId,
      },
      body: JSON.stringify([input, key]),
      signal: AbortSignal.timeout(30_000),
    }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const landed = await waitFor(() => {
      const i = proxies.findIndex((p) => p.seen().some((s) => s.operation === write && s.answered !== undefined));
      return i >= 0 ? i : undefined;
    }, 15_000);
    if (landed === undefined) {
      check(
        false,
        `balancer retry: the write ${write} never reached the API (${JSON.stringify(await Promise.race([sent, sleep(1).then(() => "pending")]))})`,
      );
      return;
    }
    const [victim, other] = [instances[landed]!, instances[1 - landed]!];
    // The other instance's retry must pass; then the sender dies with the API's answer on its way.
    proxies[1 - landed]!.set([]);
    await victim.kill();
    const atKill = (await loanWrites(db, persona.sub)) - before;
    const answer = await sent;
    const result = actionResult(answer.body);
    const after = (await loanWrites(db, persona.sub)) - before;
    const keys = (
      await db.query<{ operation: string; answered: boolean }>(
        "SELECT operation, answer IS NOT NULL AS answered FROM idempotency_keys WHERE idempotency_key = $1 ORDER BY operation",
        [key],
      )
    ).rows;
    const step = (
      await db.query<{ step: string; amount: string }>("SELECT step, amount_applied_for AS amount FROM applications WHERE sub = $1", [
        persona.sub,
      ])
    ).rows[0];

    // The retry, where it happened: nginx's line for the action's POST lists both instances, the killed
    // one first (the instances' own API calls carry the request id too: not these lines). Access lines
    // are written as an answer ends: a moment after the client has it.
    const nginxLines = async () =>
      (await readFile(path.join(OUT, "nginx-access.log"), "utf8"))
        .split("\n")
        .filter((l) => l.includes(`"POST ${page} HTTP/1.1"`) && l.includes(`rid=${requestId} `));
    const waitedFrom = Date.now();
    while (
      Date.now() - waitedFrom < 3_000 &&
      ((await nginxLines()).length === 0 || (await accessLines(other, requestId, page)).length === 0)
    )
      await sleep(50);
    const nginx = await nginxLines();
    const upstreams = nginx.map((l) => /upstream=(.*) upstream_status=(.*)$/.exec(l)).filter((m) => m !== null);
    const retried =
      nginx.length === 1 &&
      upstreams[0]?.[1] === `127.0.0.1:${victim.port}, 127.0.0.1:${other.port}` &&
      /, 200$/.test(upstreams[0]?.[2] ?? "");
    const onOther = await accessLines(other, requestId, page);
    const onVictim = await accessLines(victim, requestId, page);
    const retriedWriteSeen = proxies[1 - landed]!.seen().filter((s) => s.operation === write);

    check(
      answer.status === 200 && result?.ok === true && result.next === NEXT_ROUTE.loanRequest.route,
      `balancer retry: the applicant is answered the success (${answer.status} ${JSON.stringify(result ?? answer.body.slice(0, 200))})`,
    );
    check(atKill === 1, `balancer retry: the write had reached the database when ${victim.name} was SIGKILLed (${atKill} execution)`);
    check(
      retried && onOther.some((l) => l.method === "POST" && l.status === 200) && onVictim.length === 0 && retriedWriteSeen.length === 1,
      `balancer retry: nginx retried the POST on ${other.name} after ${victim.name} died (${upstreams[0]?.[1] ?? "no line"} → ${upstreams[0]?.[2] ?? "-"}; ` +
        `${other.name}'s access line ${onOther.map((l) => l.status).join(",") || "none"}, ${victim.name}'s ${onVictim.length || "none"}; ${other.name} sent ${write} ${retriedWriteSeen.length}×)`,
    );
    check(
      after === 1 &&
        keys.filter((k) => k.operation === write).length === 1 &&
        keys.every((k) => k.answered) &&
        step?.step === NEXT_ROUTE.loanRequest.step &&
        Number(step?.amount) === input.amount,
      `balancer retry: one write per key: ${after} execution of ${write}, key rows ${JSON.stringify(keys)}, step ${step?.step}, amount ${step?.amount}`,
    );

    // The control: the same write sent straight to the API (as the retried action sends it) runs again
    // under a fresh key and not under a used one — so a retry that ran it again would have counted 2 above.
    const direct = (k: string) =>
      fetch(`${LB}${LOCAL_PATHS.graphql}`, {
        method: "POST",
        headers: { authorization: idToken, "content-type": "application/json", [IDEMPOTENCY_HEADER]: k },
        body: JSON.stringify({
          query: print(AppliesDocument),
          operationName: write,
          variables: { ...input, type: LOAN_TYPE } satisfies AppliesMutationVariables,
        }),
      }).then((r) => r.json() as Promise<{ errors?: unknown }>);
    const control = randomUUID();
    const replies = [await direct(control), await direct(control), await direct(randomUUID())];
    const controlWrites = (await loanWrites(db, persona.sub)) - before - after;
    check(
      replies.every((r) => !r.errors) && controlWrites === 2,
      `balancer retry control: straight to the API, a repeat under one key counts none, a fresh key one more (${controlWrites} of 3 calls counted)`,
    );
  } finally {
    for (const proxy of proxies) proxy.set([]);
    // Both again as before the check: the killed one started, the other restarted without its proxy.
    await restartAll(() => ({}));
    await Promise.all(proxies.map((p) => p.close()));
    log(`balancer retry check: ${Date.now() - began} ms`);
  }
}

/**
 * A POST to the instance whose headers are sent now and whose body only once `release` resolves:
 * a request in flight across whatever happens in between. Resolves with the status it is answered.
 */
function postInFlight(port: number, release: Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("connect", () => {
      socket.write(
        `POST ${LOCAL_PATHS.graphql} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
          `x-api-key: ${LOCAL_DEFAULTS.graphqlApiKey}\r\ncontent-length: ${Buffer.byteLength(ISLAND_CHECK)}\r\nconnection: close\r\n\r\n`,
      );
      void release.then(() => socket.write(ISLAND_CHECK));
    });
  });
}

async function rollingRestart(instances: Instance[]) {
  const jwks = `${LOCAL_PATHS.cognito}/${POOL_ID}/.well-known/jwks.json`;
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    [finish, fail] = [resolve, reject];
  });
  const load = autocannon(
    {
      url: LB,
      connections: LOAD_CONNECTIONS,
      overallRate: LOAD_RATE,
      duration: 600,
      timeout: 30,
      requests: [
        { method: "GET", path: "/login" },
        { method: "GET", path: jwks },
        // A POST too: a balancer never retries a non-idempotent request it has sent, so only a real
        // drain (in-flight requests answered before exit) keeps these from failing.
        {
          method: "POST",
          path: LOCAL_PATHS.graphql,
          headers: { "content-type": "application/json", "x-api-key": LOCAL_DEFAULTS.graphqlApiKey },
          body: ISLAND_CHECK,
        },
        { method: "GET", path: "/register" },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  const codes = new Map<number, number>();
  load.on("response", (_client, statusCode) => codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1));
  const steps: string[] = [];
  await sleep(3000);
  const inFlight: string[] = [];
  for (const instance of instances) {
    let release: () => void = () => undefined;
    const answered = postInFlight(instance.port, new Promise<void>((resolve) => (release = resolve)));
    await sleep(200);
    const stopping = instance.stop();
    // The body goes after SIGTERM: the instance is draining with this request open.
    await sleep(300);
    release();
    const status = await answered.catch((error: Error) => error.message);
    inFlight.push(`${instance.name}: ${status}`);
    const stopped = await stopping;
    instance.start();
    const readyMs = await instance.ready();
    steps.push(`${instance.name}: SIGTERM → exit ${stopped.code} in ${stopped.ms} ms, ready again in ${readyMs} ms`);
    log(`restarted ${steps.at(-1)}`);
    await sleep(3000);
  }
  load.stop();
  const result = await finished;
  const byStatus = [...codes]
    .sort(([x], [y]) => x - y)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  const bad = [...codes].filter(([status]) => status < 200 || status >= 400).reduce((sum, [, n]) => sum + n, 0);
  log(
    `rolling restart under load (${LOAD_CONNECTIONS} connections, ${LOAD_RATE} req/s at most, ${Math.round(result.duration)} s): ` +
      `${result.requests.total} requests (${byStatus}), ${result.errors} errors, ${result.timeouts} timeouts, ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  check(
    inFlight.every((line) => line.endsWith(": 200")),
    `a POST in flight at SIGTERM is answered before the instance exits (${inFlight.join(", ")})`,
  );
  check(
    result.requests.total > 0 && bad === 0 && result.errors === 0 && result.timeouts === 0,
    `rolling restart lost no request (${bad} outside 2xx/3xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
  );
  return {
    requests: result.requests.total,
    byStatus: Object.fromEntries(codes),
    errors: result.errors,
    timeouts: result.timeouts,
    latency: result.latency,
    steps,
  };
}

async function main() {
  const instances = PORTS.map((port, i) => new Instance(String.fromCharCode(97 + i), port));
  const started = Date.now();
  try {
    await startTogether(instances);
    await signInAcross(instances);
    await routeCheck();
    if (process.env.MULTI_E2E === "1") await journey();
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    try {
      await retriedWrite(instances, db);
    } finally {
      await db.end();
    }
    const restart = await rollingRestart(instances);
    await writeFile(path.join(OUT, "summary.json"), `${JSON.stringify({ failures, restart }, null, 2)}\n`);
  } finally {
    await Promise.all(instances.map((i) => i.stop().catch(() => i.kill())));
    for (const instance of instances) instance.stopStandIns();
  }
  log(`${failures.length ? `${failures.length} check(s) failed` : "every check passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`error: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
