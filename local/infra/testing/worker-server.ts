import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startLocalServer } from "./spawn-local-server";
import { dropSchema, testDatabase, type TestDatabase } from "./test-database";

/**
 * One stand-in server per Jest worker, for the suites that only need fresh users (each makes its own
 * users, accounts and employers, so they can share a database): the first such suite in a worker
 * starts it, the worker's later suites reuse it, and the run's global teardown stops it. Starting a
 * server (migrations, seed, a 3,000-employer directory) is most of a small suite's time.
 *
 * The run's global setup (jest.global-setup.ts) names a directory in STAND_IN_RUN_DIR where each
 * worker's server is recorded; without it (another Jest config) `workerServer` answers undefined
 * and the suite starts its own server, as before.
 */
export const RUN_DIR_VARIABLE = "STAND_IN_RUN_DIR";
/** The Jest run's process: a worker's server exits with it (local-server.ts), even when the run is killed. */
export const OWNER_PID_VARIABLE = "STAND_IN_RUN_PID";

interface Recorded {
  url: string;
  pid: number;
  kind: TestDatabase["kind"];
  schema?: string;
  env: Record<string, string>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** This worker's shared server with `env` (always the same env within a run), started on first use. */
export async function workerServer(env: Record<string, string>): Promise<{ url: string; kind: TestDatabase["kind"] } | undefined> {
  const dir = process.env[RUN_DIR_VARIABLE];
  if (!dir || !existsSync(dir)) return undefined;
  const file = path.join(dir, `worker-${process.env.JEST_WORKER_ID ?? "1"}.json`);
  if (existsSync(file)) {
    const recorded = JSON.parse(readFileSync(file, "utf8")) as Recorded;
    if (JSON.stringify(recorded.env) !== JSON.stringify(env)) {
      throw new Error(`this worker's shared server runs with ${JSON.stringify(recorded.env)}, not ${JSON.stringify(env)}`);
    }
    if (alive(recorded.pid)) return recorded;
    await stopRecorded(recorded);
  }
  const database = await testDatabase();
  const server = await startLocalServer({ ...database.env, ...env, LOCAL_SERVER_OWNER_PID: process.env[OWNER_PID_VARIABLE] }, 90_000, {
    logFile: file.replace(/\.json$/, ".log"),
  });
  const recorded: Recorded = { url: server.url, pid: server.pid, kind: database.kind, schema: database.schema, env };
  writeFileSync(file, JSON.stringify(recorded));
  return recorded;
}

async function stopRecorded(recorded: Recorded): Promise<void> {
  if (alive(recorded.pid)) {
    process.kill(recorded.pid, "SIGTERM");
    const until = Date.now() + 10_000;
    while (alive(recorded.pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    if (alive(recorded.pid)) process.kill(recorded.pid, "SIGKILL");
  }
  const url = process.env.TEST_DATABASE_URL;
  if (recorded.schema && url) await dropSchema(url, recorded.schema);
}

/** Global teardown: stops every worker's server, drops its schema and removes the run's directory. */
export async function stopWorkerServers(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const files = readdirSync(dir).filter((f) => /^worker-.*\.json$/.test(f));
  await Promise.all(
    files.map(async (f) => {
      const recorded = JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Recorded;
      // A server that died during the run failed its suites: its log says why.
      if (!alive(recorded.pid)) {
        const log = path.join(dir, f.replace(/\.json$/, ".log"));
        console.error(
          `A Jest worker's shared stand-in server exited during the run; its log:\n${existsSync(log) ? readFileSync(log, "utf8").slice(-4000) : "(none)"}`,
        );
      }
      await stopRecorded(recorded);
    }),
  );
  rmSync(dir, { recursive: true, force: true });
}
