/**
 * The local stand-ins' process dying under a running `npm start` (issue 51: the app used to exit
 * with it, mid-request, and nothing started either again). The app stays up and keeps serving its
 * own pages; /api/local answers 503 while the stand-ins are down; scripts/start.mjs starts them again
 * on the same URL after its back-off (scripts/stand-ins-process.mjs), and /api/local answers again.
 * No browser: the production build spawned on a port of its own, as server-start.spec.ts does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/console-gate";
import { LOCAL_PORT } from "../playwright.config";
import { SEED_DIR } from "./servers";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = LOCAL_PORT + 40;
const BASE = `http://127.0.0.1:${PORT}`;

/** The stand-ins' process among the app's children (Linux /proc): the one running local/server.ts. */
function standInsPid(appPid: number): number | undefined {
  const children = readdirSync(`/proc/${appPid}/task`).flatMap((task) =>
    readFileSync(`/proc/${appPid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
  return children.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("local/server.ts");
    } catch {
      return false;
    }
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.describe.configure({ timeout: 240_000 });

test("the stand-ins die: the app stays up, /api/local answers 503, and they come back on their own", async ({ request }) => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "shell-restart-")), "pglite");
  // The run's seeded database when there is one (e2e global set-up), else a fresh one.
  if (existsSync(SEED_DIR)) cpSync(SEED_DIR, dir, { recursive: true });
  let output = "";
  const app: ChildProcess = spawn(process.execPath, ["scripts/start.mjs", "-p", String(PORT), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, APP_ENV: "local", LOCAL_OTP_CODE: "", LOCAL_DATA_DIR: dir, DATABASE_URL: "", LOG_FORMAT: "json" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout!.on("data", (d) => (output += d));
  app.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => app.once("exit", (code) => resolve(code)));
  try {
    const until = Date.now() + 180_000;
    while (!output.includes("Ready")) {
      if (app.exitCode !== null) throw new Error(`server exited ${app.exitCode}:\n${output}`);
      if (Date.now() > until) throw new Error(`no Ready:\n${output}`);
      await sleep(100);
    }
    const outbox = () => request.get(`${BASE}/api/local/outbox?format=json`, { failOnStatusCode: false });
    expect((await outbox()).status()).toBe(200);

    const first = standInsPid(app.pid!);
    expect(first).toBeDefined();
    process.kill(first!, "SIGKILL");
    await expect.poll(() => standInsPid(app.pid!) !== first || !existsSync(`/proc/${first}/status`)).toBe(true);

    // Down: the door says so, the app's own pages and probes still answer.
    const down = await outbox();
    expect(down.status()).toBe(503);
    expect((await request.get(`${BASE}/login`, { failOnStatusCode: false })).status()).toBe(200);
    expect((await request.get(`${BASE}/api/ready`, { failOnStatusCode: false })).status()).toBe(200);
    expect(output).toMatch(/the local stand-ins exited \(SIGKILL\): starting them again in 1 s/);

    // Back, by themselves, on the same URL: the door answers again.
    await expect.poll(async () => (await outbox()).status(), { timeout: 120_000, intervals: [500] }).toBe(200);
    const second = standInsPid(app.pid!);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(output).toMatch(/the local stand-ins are running again/);
    expect(app.exitCode).toBeNull();

    // A stop still stops both.
    app.kill("SIGTERM");
    expect(await Promise.race([exited, sleep(35_000).then(() => "timeout")])).toBe(143);
    await expect
      .poll(() => existsSync(`/proc/${second}/status`) && !readFileSync(`/proc/${second}/status`, "utf8").includes("zombie"))
      .toBe(false);
  } finally {
    app.kill("SIGKILL");
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
});
