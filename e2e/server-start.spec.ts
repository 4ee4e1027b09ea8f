/**
 * `npm start` (scripts/start.mjs) as a newcomer meets it (issue 14): the local database is
 * migrated and seeded before "Ready", a bad configuration stops the server before "Ready",
 * SIGTERM and SIGINT leave nothing bound to the port, and `npm run reset:local` wipes and reseeds.
 * No browser: these spawn the production build themselves, on ports of their own.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/console-gate";
import { openDb } from "../local/infra/db/index";
import { LOCAL_PORT } from "../playwright.config";
import { SEED_DIR } from "./servers";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PORT = LOCAL_PORT + 20;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, port = PORT): Started {
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.mjs", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, APP_ENV: "local", LOCAL_OTP_CODE: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function ready(server: Started, timeoutMs = 150_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!server.output().includes("Ready")) {
    if (server.child.exitCode !== null) throw new Error(`server exited ${server.child.exitCode}:\n${server.output()}`);
    if (Date.now() > until) throw new Error(`no Ready:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function tempDataDir(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "shell-start-")), "pglite");
}

// A fresh embedded database takes a while on a busy machine: the steps, not the timeout, are the test.
test.describe.configure({ timeout: 240_000 });

test.describe("npm start", () => {
  // One database for these tests: the first creates it (the case under test), the rest reuse it.
  let dir: string;
  test.beforeAll(() => {
    dir = tempDataDir();
  });
  test.afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  test("migrates and seeds the local database before Ready: the first request needs no set-up", async ({ request }) => {
    const server = start({ LOCAL_DATA_DIR: dir });
    try {
      await ready(server);
      const out = server.output();
      expect(out.indexOf("[local] database migrated and seeded")).toBeGreaterThan(-1);
      expect(out.indexOf("[local] database migrated and seeded")).toBeLessThan(out.indexOf("Ready"));
      // The outbox reads the database: on a fresh directory this used to take seconds.
      const timed = async () => {
        const t = Date.now();
        const res = await request.get(`http://127.0.0.1:${PORT}/api/local/outbox?format=json`);
        expect(res.status()).toBe(200);
        return Date.now() - t;
      };
      const first = await timed();
      const second = await timed();
      console.log(`first request ${first} ms, second ${second} ms`);
      expect(first).toBeLessThan(Math.max(1_500, second * 5));
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    test(`${signal} stops the server and frees the port`, async () => {
      const server = start({ LOCAL_DATA_DIR: dir }, PORT + 1);
      try {
        await ready(server);
        expect(await portIsFree(PORT + 1)).toBe(false);
        server.child.kill(signal);
        const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("timeout"), 10_000))]);
        expect(code).not.toBe("timeout");
        expect(await portIsFree(PORT + 1)).toBe(true);
      } finally {
        server.child.kill("SIGKILL");
      }
    });
  }

  test("a bad configuration stops the server before Ready, naming the variable", async () => {
    const server = start({ APP_ENV: "staging", SESSION_SECRET: "short" });
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("timeout"), 30_000))]);
    server.child.kill("SIGKILL");
    expect(code).toBe(1);
    expect(server.output()).toMatch(/SESSION_SECRET/);
    expect(server.output()).not.toMatch(/Ready/);
    expect(await portIsFree(PORT)).toBe(true);
  });
});

test("npm run reset:local wipes local data and seeds it again", async () => {
  const dir = tempDataDir();
  const env = { ...process.env, APP_ENV: "local", LOCAL_DATA_DIR: dir, DATABASE_URL: "" };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  try {
    // A seeded database to spoil: the suite's seed, made by reset:local's own code (e2e/servers.setup.ts).
    cpSync(SEED_DIR, dir, { recursive: true });
    let db = await openDb({ dir });
    await db.query("DELETE FROM identity_users WHERE email = 'newcomer@example.com'");
    await db.query("INSERT INTO identity_users (sub, username, email) VALUES ('sub-x', 'someone-new', 'someone@example.com')");
    await db.close();

    execFileSync("npm", ["run", "--silent", "reset:local"], { cwd: ROOT, env, stdio: "pipe" });
    db = await openDb({ dir });
    const emails = (await db.query<{ email: string }>("SELECT email FROM identity_users")).map((r) => r.email);
    await db.close();
    expect(emails).toContain("newcomer@example.com");
    expect(emails).not.toContain("someone@example.com");
  } finally {
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
  expect(() =>
    execFileSync("npm", ["run", "--silent", "reset:local"], { cwd: ROOT, env: { ...env, APP_ENV: "staging" }, stdio: "pipe" }),
  ).toThrow();
});
