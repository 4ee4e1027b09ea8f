import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, openSync, rmSync } from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { HOSTED_OVERRIDES, SHORT_OTP_TTL_SECONDS, SHORT_TOKEN_TTL_SECONDS } from "../playwright.config";
import { plaidRedirectUri } from "../lib/bank/plaid-oauth";
import { E2E_DATA, HOSTED_PORT, SEED_DIR, serverDir, serverLog, slotPorts, type LocalServerKind } from "./servers";

/**
 * Global setup: the suite's servers, started once per run and stopped after it. The seeded
 * database (personas, the 100,000-employer directory) is built once and copied for each worker's
 * local server, so a second worker costs a copy, not a second seeding. Each server's output goes to
 * its server.log, which e2e/log-scan.teardown.ts checks for every personal value the suite typed.
 */
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

interface Server {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

function startServer(name: string, port: number, log: string, env: Record<string, string>): Server {
  mkdirSync(path.dirname(log), { recursive: true });
  const out = openSync(log, "a");
  const child = spawn(process.execPath, ["scripts/start.mjs", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", out, out],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { name, child, exited };
}

/**
 * Whether `server` answers `url` in time. Handled at once: a server that fails while the seed is
 * built is reported by the setup's own await (which stops the others), not as an unhandled
 * rejection that ends the runner before its teardown.
 */
function waitFor(server: Server, url: string, timeoutMs: number): Promise<void> {
  const answered = answers(server, url, timeoutMs);
  answered.catch(() => undefined);
  return answered;
}

async function answers(server: Server, url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < until) {
    if (gone) throw new Error(`e2e server ${server.name} exited before it answered (its server.log under ${E2E_DATA} says why)`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`e2e server ${server.name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

async function stop(servers: Server[]): Promise<void> {
  for (const s of servers) s.child.kill("SIGTERM");
  await Promise.all(
    servers.map((s) => Promise.race([s.exited, new Promise<void>((r) => setTimeout(r, 30_000)).then(() => void s.child.kill("SIGKILL"))])),
  );
}

/** The seeded database, once: `npm run reset:local`'s own code into SEED_DIR. */
function seedOnce(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/reset-local.ts"], {
      cwd: ROOT,
      env: { ...process.env, APP_ENV: "local", LOCAL_DATA_DIR: SEED_DIR },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding the e2e database failed (exit ${code})`))));
  });
}

export default async function startServers(config: FullConfig): Promise<(() => Promise<void>) | void> {
  // With BASE_URL the routes and smoke projects check someone else's servers.
  if (process.env.BASE_URL) return;
  const slots = Math.max(1, config.workers);
  rmSync(E2E_DATA, { recursive: true, force: true });
  mkdirSync(E2E_DATA, { recursive: true });

  const servers: Server[] = [];
  const ready: Promise<void>[] = [];
  const dataDir = (kind: LocalServerKind, slot: number) => path.join(serverDir(kind, slot), "pglite");

  // The hosted server and the short-OTP servers (no employer directory) start while the seed is built.
  const hosted = startServer("hosted", HOSTED_PORT, path.join(E2E_DATA, "hosted/server.log"), {
    APP_ENV: "staging",
    COGNITO_USER_POOL_ID: "us-east-1_e2eStaging",
    COGNITO_CLIENT_ID: "e2estagingclient",
    SESSION_SECRET: "e2e-staging-session-secret-0123456789",
    GRAPHQL_URL: "https://api.override.test/graphql",
    GRAPHQL_API_KEY: "da2-e2e",
    // A test-only AES key: outside local the server refuses to start without one (lib/config/deployment.ts).
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "ZTJlLXNlcnZlci1hY3Rpb25zLWtleS0wMTIzNDU2Nzg=",
    // Outside local the employer search must be configured too; the browser never reaches this test-only app.
    ALGOLIA_APP_ID: "E2ESTAGING",
    ALGOLIA_SEARCH_KEY: "e2e-search-only-key",
    ...HOSTED_OVERRIDES,
  });
  servers.push(hosted);
  ready.push(waitFor(hosted, `http://127.0.0.1:${HOSTED_PORT}/_restricted`, 120_000));
  for (let slot = 0; slot < slots; slot++) {
    const { shortOtp } = slotPorts(slot);
    const server = startServer(`short-otp (worker ${slot})`, shortOtp, serverLog("short-otp", slot), {
      APP_ENV: "local",
      LOCAL_DATA_DIR: dataDir("short-otp", slot),
      LOCAL_OTP_CODE: "",
      LOCAL_OTP_TTL_SECONDS: String(SHORT_OTP_TTL_SECONDS),
      LOCAL_TOKEN_TTL_SECONDS: String(SHORT_TOKEN_TTL_SECONDS),
      LOCAL_CLOCK_CONTROL: "1",
      LOCAL_EMPLOYER_DIRECTORY_SIZE: "0",
    });
    servers.push(server);
    ready.push(waitFor(server, `http://127.0.0.1:${shortOtp}/api/local/outbox?format=json`, 180_000));
  }
  const teardown = () => stop(servers);
  try {
    await seedOnce();
    for (let slot = 0; slot < slots; slot++) {
      const { local, faults, deadline } = slotPorts(slot);
      cpSync(SEED_DIR, dataDir("local", slot), { recursive: true });
      const server = startServer(`local (worker ${slot})`, local, serverLog("local", slot), {
        APP_ENV: "local",
        LOCAL_DATA_DIR: dataDir("local", slot),
        LOCAL_OTP_CODE: "",
        // The worker's fault and deadline servers reach these stand-ins through the fault proxy: their
        // /bank mints Plaid link tokens for their own /bank/oauth, which Plaid takes only when allowed.
        LOCAL_PLAID_ALLOWED_REDIRECT_URIS: [faults, deadline].map((port) => plaidRedirectUri(`http://127.0.0.1:${port}`)).join(","),
      });
      servers.push(server);
      ready.push(waitFor(server, `http://127.0.0.1:${local}/api/local/outbox?format=json`, 300_000));
    }
    await Promise.all(ready);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
