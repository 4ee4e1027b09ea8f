/**
 * Routing benchmark (not a test: it prints figures and ratios).
 *  1. decisions per second of the pure decide() over the whole matrix, on one core;
 *  2. requests per second, in the same run, of the built app's guarded redirect beside a bare
 *     Next middleware redirect and a bare node:http redirect server, all on 127.0.0.1.
 * Run: npm run bench:routing (builds the bare Next app on first use; needs `npm run build`).
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { decide } from "../lib/routing/decide";
import { ROUTE_TABLE } from "../lib/routing/route-table";
import { HOSTED_ENV, LOCAL_ENV, NOW, VISITORS, VISITOR_NAMES, samplePath } from "../lib/routing/testing/visitors";
import type { DecideInput } from "../lib/routing/types";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

function decisionsPerSecond(): { perSecond: number; matrix: number } {
  const inputs: DecideInput[] = [];
  for (const env of [HOSTED_ENV, LOCAL_ENV])
    for (const row of ROUTE_TABLE)
      for (const search of ["", "?counters=7&utm=1", "?redirect=%2Fpayments"])
        for (const name of VISITOR_NAMES) inputs.push({ pathname: samplePath(row.pattern), search, session: VISITORS[name], env, now: NOW });
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

function startNext(dir: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", dir, "-p", String(port), "-H", "127.0.0.1"], {
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

async function load(url: string, expectLocation: RegExp): Promise<number> {
  const probe = await fetch(url, { redirect: "manual" });
  if (probe.status !== 307 || !expectLocation.test(probe.headers.get("location") ?? "")) {
    throw new Error(`${url} answered ${probe.status} ${probe.headers.get("location")}, not the redirect under test`);
  }
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  if (result.non2xx !== result.requests.total || result.errors > 0) {
    // Every answer must be the redirect (3xx counts as non-2xx); anything else invalidates the figure.
    if (result.errors > 0) throw new Error(`${url}: ${result.errors} errors under load`);
  }
  return result.requests.average;
}

async function main(): Promise<void> {
  const d = decisionsPerSecond();
  console.log(`decide(): ${Math.round(d.perSecond).toLocaleString("en-US")} decisions/s on one core over a ${d.matrix}-case matrix (goal ≥ 500,000)`);

  if (!existsSync(path.join(ROOT, ".next/BUILD_ID"))) throw new Error("Build the app first: npm run build");
  const bareDir = path.join("bench", "bare-next");
  if (!existsSync(path.join(ROOT, bareDir, ".next/BUILD_ID"))) {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build", bareDir], { cwd: ROOT, stdio: "ignore" });
  }

  const node = http.createServer((_, res) => {
    res.writeHead(307, { location: "/register?redirect=%2Fpayments" });
    res.end();
  });
  await new Promise<void>((r) => node.listen(3201, "127.0.0.1", r));

  const best = { node: 0, bare: 0, app: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    best.node = Math.max(best.node, await load("http://127.0.0.1:3201/payments", /register/));

    const bare = startNext(bareDir, 3202);
    await waitFor("http://127.0.0.1:3202/payments");
    best.bare = Math.max(best.bare, await load("http://127.0.0.1:3202/payments", /register/));
    await stop(bare);

    const app = startNext(".", 3203, { APP_ENV: "local", LOCAL_DATA_DIR: "data/bench/pglite" });
    await waitFor("http://127.0.0.1:3203/payments");
    best.app = Math.max(best.app, await load("http://127.0.0.1:3203/payments", /\/register\?redirect=%2Fpayments/));
    await stop(app);
  }
  node.close();

  const fmt = (n: number) => Math.round(n).toLocaleString("en-US").padStart(8);
  console.log(`requests/s (best of ${ROUNDS} × ${SECONDS}s, ${CONNECTIONS} connections, 127.0.0.1):`);
  console.log(`  bare node:http redirect        ${fmt(best.node)}`);
  console.log(`  bare Next middleware redirect  ${fmt(best.bare)}`);
  console.log(`  guarded app redirect (/payments, anonymous) ${fmt(best.app)}`);
  console.log(`ratios: guarded / bare Next = ${(best.app / best.bare).toFixed(3)} (goal ≥ 0.90); guarded / node:http = ${(best.app / best.node).toFixed(3)}; bare Next / node:http = ${(best.bare / best.node).toFixed(3)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
