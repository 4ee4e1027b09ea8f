/**
 * Routing benchmark (not a test: it prints figures and ratios).
 *  1. decisions per second of the pure decide() over the whole matrix, on one core;
 *  2. requests per second with p50 and p99 latency, in the same run, of the built app's guarded
 *     redirects (anonymous, and signed in with a real identity token and claims cookie: a borrower
 *     on /payments, an applicant on /apply/loanDetails, each beside an anonymous visitor on its own
 *     path) beside a bare Next middleware redirect and a bare node:http redirect server, all on
 *     127.0.0.1, with the ratios to bare Next; and the control: bare Next sent each signed-in
 *     browser's Cookie header, against bare Next without (what those bytes cost any Next app).
 *     A server's rows take turns in short slices after a warm-up, the load client and the servers
 *     each on a core of their own (bench/README.md, "How a server is measured").
 *  3. the edge's own work per request, in process (middleware()'s CPU time, no server, no network):
 *     anonymous against signed in (a borrower keeping its activity stamp and one that drops it, and an
 *     applicant on its own path),
 *     in the production configuration: what the idle stamp and the key set cost a signed-in request
 *     (issue 52 item 5), free of the load the rest of the machine puts on the servers above.
 * Run: npm run bench:routing (builds the bare Next app on first use; needs `npm run build`);
 * BENCH_EDGE_ONLY=1 runs 1 and 3 only (no build needed).
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import autocannon from "autocannon";
import { decide } from "../lib/routing/decide";
import { ROUTE_TABLE } from "../lib/routing/route-table";
import { HOSTED_ENV, LOCAL_ENV, NOW, VISITORS, VISITOR_NAMES, samplePath } from "../lib/routing/testing/visitors";
import type { DecideInput } from "../lib/routing/types";
import { ACTIVITY_COOKIE } from "../lib/session/activity";
import { signClaims } from "../lib/session/claims";
import type { Session } from "../lib/session/session";
import { startTokenKit, TEST_CLIENT_ID } from "../lib/session/testing/token-kit";
import { startStandIns } from "../scripts/stand-ins-process.mjs";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
// Each server's warm-up load per row before its measured rounds (JIT, caches, the key set).
const WARM_SECONDS = 2;
// Each in-process round of the edge's own cost (part 3): 5 s / 8, as before BENCH_SECONDS became a slice's length.
const EDGE_ROUND_SECONDS = 0.625;

function decisionsPerSecond(): { perSecond: number; matrix: number } {
  const inputs: DecideInput[] = [];
  for (const env of [HOSTED_ENV, LOCAL_ENV])
    for (const row of ROUTE_TABLE)
      for (const search of ["", "?counters=7&utm=1", "?redirect=%2Fpayments"])
        for (const name of VISITOR_NAMES)
          inputs.push({ pathname: samplePath(row.pattern), search, session: VISITORS[name], env, now: NOW });
  let sink = 0;
  for (let i = 0; i < 3; i++) for (const input of inputs) sink += decide(input).kind.length; // warm up
  let count = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(SECONDS * 1e9));
  let now = start;
  while (now < end) {
    for (const input of inputs) sink += decide(input).kind.length;
    count += inputs.length;
    now = process.hrtime.bigint();
  }
  if (sink === 0) throw new Error("unreachable");
  return { perSecond: count / (Number(now - start) / 1e9), matrix: inputs.length };
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url, { redirect: "manual" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The load client and the servers each on a core of their own (BENCH_PIN=0 turns it off): on a
 * 2-core machine, unpinned, the client, the server and their GC threads take turns on both cores, and
 * the same configuration read anywhere from 0.88 to 1.24 of another between runs (2026-11-29).
 */
const PIN = process.env.BENCH_PIN !== "0" && existsSync("/usr/bin/taskset") && os.availableParallelism() >= 2;
const SERVER_CPU = "1";

function pinToCpu(pid: number | undefined, cpu: string): void {
  if (PIN && pid) execFileSync("/usr/bin/taskset", ["-a", "-p", "-c", cpu, String(pid)], { stdio: "ignore" });
}

function startNext(dir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  const next = [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", dir, "-p", String(port), "-H", "127.0.0.1"];
  // taskset execs node in its own process, so the child's pid is the server's.
  return spawn(PIN ? "/usr/bin/taskset" : process.execPath, PIN ? ["-c", SERVER_CPU, process.execPath, ...next] : next, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOSTNAME: "127.0.0.1", ...env },
    stdio: "ignore",
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU (user + system) per request, in µs: steadier than req/s on a machine doing other work. */
  cpuUs?: number;
  /** The Cookie header the load sent (the idle stamp included), for the bare control. */
  cookie?: string;
  /** Requests answered, and the seconds they took. */
  requests: number;
  seconds: number;
}

// utime + stime of a process, in seconds (Linux /proc; undefined elsewhere).
function cpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

async function load(
  url: string,
  expectLocation: RegExp,
  headers: Record<string, string> = {},
  pid?: number,
  seconds = SECONDS,
): Promise<Figures> {
  const probe = await fetch(url, { redirect: "manual", headers });
  if (probe.status !== 307 || !expectLocation.test(probe.headers.get("location") ?? "")) {
    throw new Error(`${url} answered ${probe.status} ${probe.headers.get("location")}, not the redirect under test`);
  }
  // A signed-in browser sends back the idle stamp its first answer set (lib/session/activity.ts), as
  // it keeps any cookie: without it every answer would carry a new Set-Cookie, which a person's
  // browser never asks for (BENCH_DROP_STAMP=1 measures such a client).
  const stamp = probe.headers.getSetCookie().find((c) => c.startsWith(`${ACTIVITY_COOKIE}=`));
  if (stamp && headers.cookie && process.env.BENCH_DROP_STAMP !== "1")
    headers = { ...headers, cookie: `${headers.cookie}; ${stamp.split(";")[0]}` };
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  const cpuAfter = cpuSeconds(pid);
  // Every answer must be the redirect (3xx counts as non-2xx); anything else invalidates the figure.
  if (result.errors > 0 || result.non2xx !== result.requests.total)
    throw new Error(`${url}: ${result.errors} errors, ${result.requests.total - result.non2xx} non-redirects under load`);
  const cpuUs = cpuBefore !== undefined && cpuAfter !== undefined ? ((cpuAfter - cpuBefore) * 1e6) / result.requests.total : undefined;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs,
    cookie: headers.cookie,
    requests: result.requests.total,
    seconds: result.duration,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One row's slices as one figure: every request over every second, CPU per request over them all, latencies the median slice's. */
function combined(slices: Figures[]): Figures {
  const requests = slices.reduce((sum, f) => sum + f.requests, 0);
  const seconds = slices.reduce((sum, f) => sum + f.seconds, 0);
  const cpu = slices.every((f) => f.cpuUs !== undefined) ? slices.reduce((sum, f) => sum + f.cpuUs! * f.requests, 0) / requests : undefined;
  return {
    rps: requests / seconds,
    p50: median(slices.map((f) => f.p50)),
    p99: median(slices.map((f) => f.p99)),
    cpuUs: cpu,
    cookie: slices[0]!.cookie,
    requests,
    seconds,
  };
}

const LOCAL_CLIENT_ID = "localclient0000000000000000";
const OTP = "123456";

/**
 * A real signed-in visitor of the started app: signs in through the local Cognito stand-in (the
 * fixed code), then asks the app for the claims cookie, exactly as the browser does. Returns the
 * Cookie header the browser would send.
 */
async function signedInCookies(origin: string, email: string): Promise<string> {
  const cognito = (target: string, body: unknown) =>
    fetch(`${origin}/api/local/cognito`, {
      method: "POST",
      headers: { "content-type": "application/x-amz-json-1.1", "x-amz-target": `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    }).then(async (r) => {
      const json = (await r.json()) as Record<string, any>;
      if (!r.ok) throw new Error(`${target} for ${email}: ${r.status} ${JSON.stringify(json)}`);
      return json;
    });
  const started = await cognito("InitiateAuth", {
    ClientId: LOCAL_CLIENT_ID,
    AuthFlow: "CUSTOM_AUTH",
    AuthParameters: { USERNAME: email },
  });
  const username = started.ChallengeParameters?.USERNAME as string;
  const answered = await cognito("RespondToAuthChallenge", {
    ClientId: LOCAL_CLIENT_ID,
    ChallengeName: "CUSTOM_CHALLENGE",
    Session: started.Session,
    ChallengeResponses: { USERNAME: username, ANSWER: OTP },
  });
  const prefix = `CognitoIdentityServiceProvider.${LOCAL_CLIENT_ID}`;
  const identity = `${prefix}.LastAuthUser=${username}; ${prefix}.${username}.idToken=${answered.AuthenticationResult.IdToken}`;
  const claims = await fetch(`${origin}/api/session/claims`, { method: "POST", headers: { cookie: identity } });
  const set = claims.headers.getSetCookie().find((c) => c.startsWith("shell_claims="));
  if (!claims.ok || !set) throw new Error(`no claims cookie for ${email}: ${claims.status}`);
  return `${identity}; ${set.split(";")[0]}`;
}

/**
 * A signed-in browser's identity and claims cookies under the production configuration, minted with
 * the bench's own key and secret: the borrower (an active loan) or the applicant at loanDetails.
 */
async function signedInTokens(
  kit: Awaited<ReturnType<typeof startTokenKit>>,
  secret: string,
  name: "originated" | "loanDetails",
  username: string,
  authTime?: number,
): Promise<{ cookie: string; sub: string }> {
  const visitor = VISITORS[name] as Extract<Session, { status: "signed-in" }>;
  const sub = `00000000-0000-4000-8000-00000000000${name === "originated" ? 1 : 2}`;
  // A loan paid out a year from now is active whatever today's date is.
  const payoutDate = name === "originated" ? new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10) : null;
  const claims = await signClaims({ ...visitor.claims, sub, payoutDate }, secret);
  const prefix = `CognitoIdentityServiceProvider.${TEST_CLIENT_ID}`;
  const idToken = await kit.idToken({ username, sub, authTime });
  return { sub, cookie: `${prefix}.LastAuthUser=${username}; ${prefix}.${username}.idToken=${idToken}; shell_claims=${claims}` };
}

/**
 * The middleware's cost per request, in process: µs per call for each visitor, rounds interleaved so
 * that a burst of load elsewhere on the machine hits every row alike; the best round of each is kept.
 */
async function edgeCost(env: Record<string, string>, kit: Awaited<ReturnType<typeof startTokenKit>>): Promise<void> {
  Object.assign(process.env, env);
  const { NextRequest } = await import("next/server");
  const { middleware } = await import("../middleware");
  const { signActivity } = await import("../lib/session/activity");
  const authTime = Math.floor(Date.now() / 1000) - 60;
  const secret = env.SESSION_SECRET!;
  const stamped = async ({ cookie, sub }: { cookie: string; sub: string }) =>
    `${cookie}; shell_activity=${await signActivity({ sub, authTime, at: Math.floor(Date.now() / 1000) - 5 }, secret)}`;
  const borrower = await signedInTokens(kit, secret, "originated", "edgebench", authTime);
  // The applicant on its own step, as the server-level rows: one more signed-in decision to compare.
  const applicant = await signedInTokens(kit, secret, "loanDetails", "edgeapplicant", authTime);
  const rows: Array<[string, Record<string, string>, string, RegExp]> = [
    ["anonymous", {}, "/payments", /\/register/],
    ["borrower, keeping its stamp (a browser)", { cookie: await stamped(borrower) }, "/payments", /dashboard/],
    ["borrower, no stamp (a client that drops it)", { cookie: borrower.cookie }, "/payments", /dashboard/],
    ["applicant, keeping its stamp", { cookie: await stamped(applicant) }, "/apply/loanDetails", /lending/],
  ];
  const fresh = (headers: Record<string, string>, path: string) => new NextRequest(`http://127.0.0.1:3000${path}`, { headers });
  for (const [label, headers, path, expected] of rows) {
    const res = await middleware(fresh(headers, path));
    const location = res.headers.get("location") ?? "";
    if (res.status !== 307 || !expected.test(location)) throw new Error(`edge bench: ${label} answered ${res.status} ${location}`);
  }
  // "request + middleware": Next builds the request (and parses every cookie) before the middleware
  // runs; "middleware alone" reuses one request, leaving only the edge's own work.
  const modes: Array<[string, (headers: Record<string, string>, path: string) => () => Promise<unknown>]> = [
    [
      "middleware alone",
      (headers, path) => {
        const request = fresh(headers, path);
        return () => middleware(request);
      },
    ],
    ["request + middleware", (headers, path) => () => middleware(fresh(headers, path))],
  ];
  const perRound = EDGE_ROUND_SECONDS;
  console.log("the edge in process (production configuration, CPU µs per request, best of 6 interleaved rounds):");
  for (const [mode, make] of modes) {
    const best = new Map<string, number>();
    for (let round = 0; round < 6; round++) {
      for (const [label, headers, path] of rows) {
        const run = make(headers, path);
        let count = 0;
        const start = performance.now();
        // This process's CPU time, not the wall clock: on a machine shared with other work, time
        // spent waiting for a core is not the edge's cost.
        const cpu = process.cpuUsage();
        while (performance.now() - start < perRound * 1000) {
          for (let i = 0; i < 50; i++) await run();
          count += 50;
        }
        const used = process.cpuUsage(cpu);
        best.set(label, Math.min(best.get(label) ?? Infinity, (used.user + used.system) / count));
      }
    }
    const anonymous = best.get("anonymous")!;
    console.log(`  ${mode}:`);
    for (const [label] of rows) {
      const us = best.get(label)!;
      console.log(`    ${label.padEnd(48)} ${us.toFixed(1).padStart(7)} µs  rate ${(anonymous / us).toFixed(3)} of anonymous`);
    }
  }
}

// Ports of this benchmark (loopback only); override when they collide with something else.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3201);

async function main(): Promise<void> {
  const d = decisionsPerSecond();
  console.log(
    `decide(): ${Math.round(d.perSecond).toLocaleString("en-US")} decisions/s on one core over a ${d.matrix}-case matrix (goal ≥ 500,000)`,
  );

  if (process.env.BENCH_EDGE_ONLY === "1") {
    const kit = await startTokenKit();
    await edgeCost(
      {
        APP_ENV: "staging",
        COGNITO_USER_POOL_ID: "us-east-1_bench",
        COGNITO_CLIENT_ID: TEST_CLIENT_ID,
        COGNITO_ISSUER: kit.issuer,
        COGNITO_JWKS_URL: kit.jwksUrl,
        SESSION_SECRET: "bench-session-secret-0123456789abcdef",
        GRAPHQL_URL: "https://api.bench.test/graphql",
        GRAPHQL_API_KEY: "da2-bench",
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "YmVuY2gtc2VydmVyLWFjdGlvbnMta2V5LTAxMjM0NTY=",
        ALGOLIA_APP_ID: "BENCHSTAGING",
        ALGOLIA_SEARCH_KEY: "bench-search-only-key",
        DASHBOARD_APP_URL: "https://dashboard.bench.test",
        LENDING_APP_URL: "https://lending.bench.test",
      },
      kit,
    );
    await kit.stop();
    return;
  }
  if (!existsSync(path.join(ROOT, ".next/BUILD_ID"))) throw new Error("Build the app first: npm run build");
  const bareDir = path.join("bench", "bare-next");
  if (!existsSync(path.join(ROOT, bareDir, ".next/BUILD_ID"))) {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build", bareDir], { cwd: ROOT, stdio: "ignore" });
  }

  const [nodePort, barePort, appPort, hostedPort] = [PORT_BASE, PORT_BASE + 1, PORT_BASE + 2, PORT_BASE + 3];
  // This process sends the load (autocannon) from core 0; the servers answer on core 1.
  pinToCpu(process.pid, "0");
  const node = http.createServer((_, res) => {
    res.writeHead(307, { location: "/register?redirect=%2Fpayments" });
    res.end();
  });
  await new Promise<void>((r) => node.listen(nodePort, "127.0.0.1", r));

  // The production configuration: no stand-ins in the process, identity tokens verified against a
  // JWKS endpoint (a loopback one serving the bench's own key), claims signed with the secret.
  const kit = await startTokenKit();
  const hostedEnv = {
    APP_ENV: "staging",
    COGNITO_USER_POOL_ID: "us-east-1_bench",
    COGNITO_CLIENT_ID: TEST_CLIENT_ID,
    COGNITO_ISSUER: kit.issuer,
    COGNITO_JWKS_URL: kit.jwksUrl,
    SESSION_SECRET: "bench-session-secret-0123456789abcdef",
    GRAPHQL_URL: "https://api.bench.test/graphql",
    GRAPHQL_API_KEY: "da2-bench",
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "YmVuY2gtc2VydmVyLWFjdGlvbnMta2V5LTAxMjM0NTY=",
    ALGOLIA_APP_ID: "BENCHSTAGING",
    ALGOLIA_SEARCH_KEY: "bench-search-only-key",
    DASHBOARD_APP_URL: "https://dashboard.bench.test",
    LENDING_APP_URL: "https://lending.bench.test",
  };
  const hostedCookies = async (name: "originated" | "loanDetails", username: string): Promise<string> =>
    (await signedInTokens(kit, hostedEnv.SESSION_SECRET, name, username)).cookie;

  const app = `http://127.0.0.1:${appPort}`;
  const hosted = `http://127.0.0.1:${hostedPort}`;
  type Row =
    | "node"
    | "bare"
    | "bareLocalCookies"
    | "bareHostedCookies"
    | "anonymous"
    | "anonymousApply"
    | "borrower"
    | "applicant"
    | "hostedAnonymous"
    | "hostedAnonymousApply"
    | "hostedBorrower"
    | "hostedApplicant";
  const figures: Partial<Record<Row, Figures>> = {}; // each row's slices combined
  interface Load {
    row: Row;
    url: string;
    location: RegExp;
    headers?: Record<string, string>;
  }
  // One server per configuration, warmed by every load it serves, then its loads interleaved in
  // short slices (A B C, A B C, … ROUNDS times) and each row's slices summed: the rows a ratio
  // compares meet the same server and, slice by slice, the same moments of the machine. Until
  // 2026-11-29 each of 2 rounds started a new server, ran its loads one after the other for 5 s and
  // kept the best: the first load always met a cold server, the last whatever the machine did by
  // then, and one configuration's ratio read anywhere from 0.88 to 1.24 between runs.
  const measure = async (loads: Load[], pid?: number): Promise<void> => {
    for (const l of loads) await load(l.url, l.location, l.headers, pid, WARM_SECONDS);
    const slices = new Map<Row, Figures[]>(loads.map((l) => [l.row, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const l of loads) slices.get(l.row)!.push(await load(l.url, l.location, l.headers, pid));
    for (const [row, rowSlices] of slices) figures[row] = combined(rowSlices);
  };

  await measure([{ row: "node", url: `http://127.0.0.1:${nodePort}/payments`, location: /register/ }]);

  const localEnv = { APP_ENV: "local", LOCAL_DATA_DIR: "data/bench/pglite", LOCAL_OTP_CODE: OTP };
  // The stand-ins' own process, with the app's environment (they live at its URL), as npm start runs it.
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const standIns = await startStandIns(ROOT, { ...process.env, PORT: String(appPort), HOSTNAME: "127.0.0.1", ...localEnv }, quiet);
  pinToCpu(standIns.child?.pid, SERVER_CPU);
  const server = startNext(".", appPort, { ...localEnv, LOCAL_STAND_INS_URL: standIns.url });
  await waitFor(`${app}/payments`);
  // Signed in: a real identity token and claims cookie, verified by the middleware on every request.
  await measure(
    [
      { row: "anonymous", url: `${app}/payments`, location: /\/register\?redirect=%2Fpayments/ },
      // The applicant's own path, anonymous: the signed-in ÷ anonymous ratio compares one path.
      { row: "anonymousApply", url: `${app}/apply/loanDetails`, location: /\/register\?redirect=%2Fapply%2FloanDetails/ },
      {
        row: "borrower",
        url: `${app}/payments`,
        location: /\/apps\/dashboard\/payments/,
        headers: { cookie: await signedInCookies(app, "borrower@example.com") },
      },
      {
        row: "applicant",
        url: `${app}/apply/loanDetails`,
        location: /\/apps\/lending\/apply\/loanDetails/,
        headers: { cookie: await signedInCookies(app, "loan-details@example.com") },
      },
    ],
    server.pid,
  );
  await stop(server);
  standIns.stop();
  await standIns.exited;

  const production = startNext(".", hostedPort, hostedEnv);
  await waitFor(`${hosted}/payments`);
  await measure(
    [
      { row: "hostedAnonymous", url: `${hosted}/payments`, location: /\/register\?redirect=%2Fpayments/ },
      { row: "hostedAnonymousApply", url: `${hosted}/apply/loanDetails`, location: /\/register\?redirect=%2Fapply%2FloanDetails/ },
      {
        row: "hostedBorrower",
        url: `${hosted}/payments`,
        location: /^https:\/\/dashboard\.bench\.test\/payments/,
        headers: { cookie: await hostedCookies("originated", "benchborrower") },
      },
      {
        row: "hostedApplicant",
        url: `${hosted}/apply/loanDetails`,
        location: /^https:\/\/lending\.bench\.test\/apply\/loanDetails/,
        headers: { cookie: await hostedCookies("loanDetails", "benchapplicant") },
      },
    ],
    production.pid,
  );
  await stop(production);

  // The control: bare Next without cookies and with each signed-in browser's exact Cookie header.
  // Next parses and validates a request's cookies before any middleware runs, so this ratio is what
  // those bytes cost any Next app; the app's signed-in ÷ anonymous is read beside it.
  const bareServer = startNext(bareDir, barePort);
  await waitFor(`http://127.0.0.1:${barePort}/payments`);
  const bareUrl = `http://127.0.0.1:${barePort}/payments`;
  await measure(
    [
      { row: "bare", url: bareUrl, location: /register/ },
      { row: "bareLocalCookies", url: bareUrl, location: /register/, headers: { cookie: figures.borrower!.cookie! } },
      { row: "bareHostedCookies", url: bareUrl, location: /register/, headers: { cookie: figures.hostedBorrower!.cookie! } },
    ],
    bareServer.pid,
  );
  await stop(bareServer);
  node.close();
  await kit.stop();

  const n = (x: number) => Math.round(x).toLocaleString("en-US").padStart(8);
  const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(9);
  const bare = figures.bare!;
  console.log(
    `requests/s over ${ROUNDS} interleaved slices × ${SECONDS}s per row (each server warmed ${WARM_SECONDS}s per row first; ${CONNECTIONS} connections, 127.0.0.1${PIN ? "; the load from core 0, the servers on core 1" : ""}), and the median slice's p50 and p99:`,
  );
  const cpu = (f: Figures) => (f.cpuUs === undefined ? "" : `  server CPU ${f.cpuUs.toFixed(0).padStart(5)} µs/req`);
  const row = (label: string, f: Figures) =>
    console.log(`  ${label.padEnd(60)} ${n(f.rps)} req/s  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}${cpu(f)}`);
  row("bare node:http redirect", figures.node!);
  row("bare Next middleware redirect", bare);
  row("local default: /payments, anonymous", figures.anonymous!);
  row("local default: /apply/loanDetails, anonymous", figures.anonymousApply!);
  row("local default: /payments, borrower", figures.borrower!);
  row("local default: /apply/loanDetails, applicant", figures.applicant!);
  row("production configuration: /payments, anonymous", figures.hostedAnonymous!);
  row("production configuration: /apply/loanDetails, anonymous", figures.hostedAnonymousApply!);
  row("production configuration: /payments, borrower", figures.hostedBorrower!);
  row("production configuration: /apply/loanDetails, applicant", figures.hostedApplicant!);
  console.log("ratios to the bare Next redirect (goal: req/s ≥ 0.95):");
  const ratios: Array<[string, Figures]> = [
    ["local, anonymous", figures.anonymous!],
    ["local, borrower", figures.borrower!],
    ["local, applicant", figures.applicant!],
    ["production, anonymous", figures.hostedAnonymous!],
    ["production, borrower", figures.hostedBorrower!],
    ["production, applicant", figures.hostedApplicant!],
  ];
  for (const [label, f] of ratios) {
    const cpuRatio = f.cpuUs && bare.cpuUs ? `  CPU/req ${(bare.cpuUs / f.cpuUs).toFixed(3)} (bare ÷ this)` : "";
    console.log(
      `  ${label.padEnd(24)} req/s ${(f.rps / bare.rps).toFixed(3)}  p50 ${(f.p50 / bare.p50).toFixed(2)}×  p99 ${(f.p99 / bare.p99).toFixed(2)}×${cpuRatio}`,
    );
  }
  console.log(`  bare Next / node:http req/s ${(bare.rps / figures.node!.rps).toFixed(3)}`);
  // Issue 52's goal: on one server, in one run, a signed-in redirect at ≥ 0.95 of the anonymous one.
  console.log("signed in ÷ anonymous on the same path, same server, same run (goal: req/s ≥ 0.95):");
  const signedIn: [string, Figures, Figures][] = [
    ["local, borrower", figures.borrower!, figures.anonymous!],
    ["local, applicant", figures.applicant!, figures.anonymousApply!],
    ["production, borrower", figures.hostedBorrower!, figures.hostedAnonymous!],
    ["production, applicant", figures.hostedApplicant!, figures.hostedAnonymousApply!],
  ];
  for (const [label, f, anonymous] of signedIn) {
    const cpu = f.cpuUs && anonymous.cpuUs ? `  CPU/req ${(anonymous.cpuUs / f.cpuUs).toFixed(3)} (anonymous ÷ this)` : "";
    console.log(`  ${label.padEnd(24)} req/s ${(f.rps / anonymous.rps).toFixed(3)}${f.rps / anonymous.rps < 0.95 ? " ✗" : ""}${cpu}`);
  }
  console.log("the control, bare Next with the same Cookie header ÷ without (what those bytes cost any Next app):");
  const controls: [string, Figures][] = [
    [`local borrower's (${figures.bareLocalCookies!.cookie!.length} B)`, figures.bareLocalCookies!],
    [`production borrower's (${figures.bareHostedCookies!.cookie!.length} B)`, figures.bareHostedCookies!],
  ];
  for (const [label, f] of controls) {
    const cpu = f.cpuUs && bare.cpuUs ? `  CPU/req ${(bare.cpuUs / f.cpuUs).toFixed(3)} (without ÷ with)` : "";
    console.log(`  ${label.padEnd(30)} req/s ${(f.rps / bare.rps).toFixed(3)}${cpu}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
