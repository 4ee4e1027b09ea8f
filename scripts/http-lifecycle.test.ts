import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  createLifecycleServer,
  DEFAULT_DRAIN_SECONDS,
  DRAIN_CUT_TEXT,
  drainSeconds,
  EXIT_HOOKS_MS,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  serverLine,
} from "./http-lifecycle.mjs";

describe("connection settings", () => {
  it("keeps idle connections 65 s and waits 66 s for headers: longer than an ALB's 60 s idle timeout", () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(HEADERS_TIMEOUT_MS).toBe(66_000);
    const { server } = createLifecycleServer(() => undefined);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
  });

  it("SHUTDOWN_DRAIN_SECONDS: 25 by default, a number of seconds, or a clear error", () => {
    expect(DEFAULT_DRAIN_SECONDS).toBe(25);
    expect(drainSeconds({})).toBe(25);
    expect(drainSeconds({ SHUTDOWN_DRAIN_SECONDS: "" })).toBe(25);
    expect(drainSeconds({ SHUTDOWN_DRAIN_SECONDS: "10" })).toBe(10);
    expect(drainSeconds({ SHUTDOWN_DRAIN_SECONDS: "0.5" })).toBe(0.5);
    for (const bad of ["-1", "ten", "99999"]) {
      expect(() => drainSeconds({ SHUTDOWN_DRAIN_SECONDS: bad })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be a number of seconds/);
    }
  });
});

interface Running {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; at: number }>;
  /** What it wrote to stderr (the error lines). */
  errors: string[];
}

async function startFixture(env: Record<string, string>, execArgv: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [...execArgv, path.join(__dirname, "testing", "lifecycle-server.mjs")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const errors: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => errors.push(...chunk.toString().split("\n").filter(Boolean)));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, at: Date.now() })),
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on("exit", () => reject(new Error("the fixture exited before listening")));
  });
  return { child, port, exited, errors };
}

function get(
  port: number,
  pathname: string,
  agent: http.Agent,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, agent }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
        // A connection closed mid-answer.
        res.on("close", () => res.complete || reject(new Error("cut off mid-answer")));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Whether a new connection gets an answer (a connection the kernel had queued just before the listener closed is reset). */
function answersNewConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get({ host: "127.0.0.1", port, path: "/ready", agent: false }, (res) => (res.resume(), resolve(true)))
      .on("error", () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("SIGTERM drains (scripts/start.mjs's lifecycle, on a fixture server)", () => {
  let running: Running | undefined;
  afterEach(() => running?.child.kill("SIGKILL"));

  it("ready flips to draining at once, the request in flight finishes, idle sockets close, the process exits 143", async () => {
    running = await startFixture({ SHUTDOWN_DRAIN_SECONDS: "20" });
    const { port, child, exited } = running;
    const agent = new http.Agent({ keepAlive: true });
    const first = await get(port, "/ready", agent);
    expect(first).toMatchObject({ status: 200, body: "ready" });
    // Node's keep-alive header carries the server's timeout to the client.
    expect(first.headers["keep-alive"]).toBe("timeout=65");
    // The socket of that answer is now idle in the agent's pool.
    const idle = Object.values(agent.freeSockets).flat()[0]!;
    const idleClosed = new Promise<number>((resolve) => idle.on("close", () => resolve(Date.now())));

    // Another connection, so that the idle one stays idle.
    const busy = new http.Agent({ keepAlive: true });
    const slow = get(port, "/slow?ms=1500", busy);
    await sleep(200);
    const signalledAt = Date.now();
    child.kill("SIGTERM");

    // The idle socket goes at once; new connections are refused; the request in flight is answered.
    expect((await idleClosed) - signalledAt).toBeLessThan(1000);
    expect(await answersNewConnection(port)).toBe(false);
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: "done while draining" });
    expect(answer.headers.connection).toBe("close");
    const { code, at } = await exited;
    expect(code).toBe(143);
    // It left as soon as the last request was answered, not at the end of the drain allowance.
    expect(at - signalledAt).toBeLessThan(5000);
    agent.destroy();
    busy.destroy();
  }, 30_000);

  it("at the end of SHUTDOWN_DRAIN_SECONDS a request not yet answered gets a 503, one half-answered is cut off, and the process exits", async () => {
    running = await startFixture({ SHUTDOWN_DRAIN_SECONDS: "1" });
    const { port, child, exited } = running;
    const agent = new http.Agent({ keepAlive: true });
    const stuck = get(port, "/slow?ms=60000", agent);
    const partial = get(port, "/partial", new http.Agent()).then(
      () => "answered",
      () => "cut off",
    );
    await sleep(200);
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(143);
    expect(at - signalledAt).toBeGreaterThanOrEqual(900);
    expect(at - signalledAt).toBeLessThan(4000);
    // Said, so the client can try again (and the app's request scope writes its access line).
    const answer = await stuck;
    expect(answer).toMatchObject({ status: 503, body: DRAIN_CUT_TEXT });
    expect(answer.headers).toMatchObject({ connection: "close", "retry-after": "5" });
    expect(await partial).toBe("cut off");
    agent.destroy();
  }, 30_000);

  it("a close step that never resolves: the process still exits within SHUTDOWN_DRAIN_SECONDS + the grace, naming the step (issue 43)", async () => {
    running = await startFixture({ SHUTDOWN_DRAIN_SECONDS: "1", CLOSE_HANGS: "1", GRACE_MS: "500", LOG_FORMAT: "json" });
    const { child, exited, port, errors } = running;
    const agent = new http.Agent({ keepAlive: true });
    const stuck = get(port, "/slow?ms=60000", agent).catch(() => undefined);
    await sleep(200);
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(143);
    // The drain takes its 1 s, the hung close its 0.5 s grace: then out, well before any SIGKILL.
    expect(at - signalledAt).toBeGreaterThanOrEqual(1400);
    expect(at - signalledAt).toBeLessThan(4000);
    await stuck;
    expect(errors.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: "error", component: "shutdown", step: "close" }),
    );
    agent.destroy();
  }, 30_000);

  it("SIGINT drains the same way and exits 130", async () => {
    running = await startFixture({});
    running.child.kill("SIGINT");
    expect((await running.exited).code).toBe(130);
  }, 30_000);
});

/** Stops reading the fixture's stdout, as a harness (or a log shipper) that has gone away: the pipe fills. */
function stopReading(child: ChildProcess): void {
  child.stdout!.removeAllListeners("data");
  child.stdout!.pause();
}

/** What the process's main thread is waiting in (Linux), e.g. futex_do_wait for Atomics.wait. */
function waitChannel(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/wchan`, "utf8");
  } catch {
    return "";
  }
}

// Issue 51: a started server, SIGTERMed under a harness that had stopped reading its output, stayed
// alive for over half an hour, no longer listening, its main thread in a futex wait, deaf to a second
// SIGTERM. The cause: pino.destination(1) (SonicBoom) meets a full pipe with EAGAIN, and its exit hook
// (flushSync) retries by sleeping in Atomics.wait until the pipe drains, which it never does. Neither
// the ref'd deadline timer nor a signal handler can run on a thread that never returns.
describe("a shutdown that always ends (issue 51)", () => {
  let running: Running | undefined;
  afterEach(() => running?.child.kill("SIGKILL"));
  const FLOOD_MS = 1_500;

  it("the cause: SonicBoom's exit hook to a pipe nobody reads waits forever, whatever signal comes (without the hard deadline)", async () => {
    running = await startFixture({ LOG_FLOOD: "sonic", SHUTDOWN_DRAIN_SECONDS: "0.2", GRACE_MS: "200", NO_HARD_DEADLINE: "1" });
    const { child, exited } = running;
    stopReading(child);
    await sleep(FLOOD_MS);
    child.kill("SIGTERM");
    await sleep(2_000);
    child.kill("SIGTERM");
    const outcome = await Promise.race([exited.then(() => "exited"), sleep(3_000).then(() => "alive")]);
    expect(outcome).toBe("alive");
    if (process.platform === "linux") expect(waitChannel(child.pid!)).toMatch(/futex/);
  }, 30_000);

  it("the same blocked exit hook: the hard deadline (a worker thread) kills the process drain + grace + EXIT_HOOKS_MS after SIGTERM", async () => {
    running = await startFixture({ LOG_FLOOD: "sonic", SHUTDOWN_DRAIN_SECONDS: "0.2", GRACE_MS: "200" });
    const { child, exited } = running;
    stopReading(child);
    await sleep(FLOOD_MS);
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const { at } = await exited;
    expect(child.signalCode).toBe("SIGKILL");
    expect(at - signalledAt).toBeGreaterThanOrEqual(400 + EXIT_HOOKS_MS - 100);
    expect(at - signalledAt).toBeLessThan(400 + EXIT_HOOKS_MS + 3_000);
    // It said why, on stderr, before the kill.
    expect(running.errors.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ level: "fatal", component: "shutdown", msg: "the process did not exit in time: killed" }),
    );
  }, 30_000);

  it("any 'exit' hook that waits forever: killed by the hard deadline", async () => {
    running = await startFixture({ EXIT_HOOK_WAITS: "1", SHUTDOWN_DRAIN_SECONDS: "0.2", GRACE_MS: "200" });
    const signalledAt = Date.now();
    running.child.kill("SIGTERM");
    const { at } = await running.exited;
    expect(running.child.signalCode).toBe("SIGKILL");
    expect(at - signalledAt).toBeLessThan(400 + EXIT_HOOKS_MS + 3_000);
  }, 30_000);

  it("the app's logger never blocks: flooding a pipe nobody reads, SIGTERM still exits 143 at once, not killed", async () => {
    running = await startFixture({ LOG_FLOOD: "app", SHUTDOWN_DRAIN_SECONDS: "5" }, ["--import", "tsx"]);
    const { child, exited, port } = running;
    stopReading(child);
    await sleep(FLOOD_MS);
    // Still serving while its output is stuck: nothing waits on the pipe.
    expect(await get(port, "/ready", new http.Agent())).toMatchObject({ status: 200 });
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(143);
    expect(at - signalledAt).toBeLessThan(2_000);
  }, 30_000);
});

describe("the start script's own lines (serverLine)", () => {
  function written(env: Record<string, string | undefined>, isTTY: boolean, level: "info" | "error" = "info") {
    const chunks: string[] = [];
    const stream = { isTTY, write: (chunk: string) => chunks.push(chunk) } as unknown as NodeJS.WriteStream;
    serverLine(level, "✓ Ready in 12 ms on http://localhost:3000", { durationMs: 12 }, env, stream);
    return chunks.join("");
  }

  it.each([
    ["production, any stream", { APP_ENV: "production" }, true, "json"],
    ["local, piped to a file or collector", { APP_ENV: "local" }, false, "json"],
    ["local, in a terminal", { APP_ENV: "local" }, true, "pretty"],
    ["unset APP_ENV (local), in a terminal", {}, true, "pretty"],
    ["LOG_FORMAT=json wins in a terminal", { APP_ENV: "local", LOG_FORMAT: "json" }, true, "json"],
    ["LOG_FORMAT=pretty wins in production", { APP_ENV: "production", LOG_FORMAT: "pretty" }, false, "pretty"],
  ] as const)("%s: %s", (_name, env, isTTY, format) => {
    const out = written(env, isTTY);
    expect(out.endsWith("\n")).toBe(true);
    if (format === "pretty") {
      expect(out).toBe("✓ Ready in 12 ms on http://localhost:3000\n");
    } else {
      expect(JSON.parse(out)).toEqual({
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        service: "lending-shell",
        durationMs: 12,
        msg: "✓ Ready in 12 ms on http://localhost:3000",
      });
    }
  });

  it("goes through the app's logger once instrumentation has installed it", () => {
    const calls: unknown[][] = [];
    const shared = globalThis as unknown as { __shellLog?: (...args: unknown[]) => void };
    shared.__shellLog = (...args) => calls.push(args);
    try {
      expect(written({ APP_ENV: "production" }, false, "error")).toBe("");
    } finally {
      delete shared.__shellLog;
    }
    expect(calls).toEqual([["error", "✓ Ready in 12 ms on http://localhost:3000", { durationMs: 12 }]]);
  });
});
