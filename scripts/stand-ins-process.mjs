// The local stand-ins' own process (local/server.ts), started from a checkout by scripts/start.mjs
// and scripts/dev.mjs: under `node --import tsx` (tsx is a devDependency: a developer's machine,
// never the image, which has no local/ and never loads this file). Plain JavaScript, like the entry.
import { fork } from "node:child_process";
import path from "node:path";

/** How long a fresh database may take to migrate and seed (the 100,000-employer directory) on a busy machine. */
const READY_TIMEOUT_MS = 300_000;

/** The stand-ins' entry in a checkout at `root`. */
export function standInsEntry(root) {
  return path.join(root, "local", "server.ts");
}

/**
 * Starts the stand-ins with the app's environment `env` (they must believe they live at the app's
 * URL) on a free loopback port, and resolves once they are listening with `{ url, stop, exited }`.
 * Their log lines go to this process's stdout and stderr, as the app's own do (or to `out`). They run in a
 * process group of their own: a terminal's Ctrl-C reaches only the app, which drains and then
 * stops them (`stop()`); should the app die without doing so, the IPC channel closes and they exit.
 * `args` go to local/server.ts (e.g. `--port N`); `onChild` gets the process at once, before it is ready;
 * `entry` is for tests (a process that speaks the same protocol).
 */
export function startStandIns(root, env, out, { args = [], onChild, entry = standInsEntry(root) } = {}) {
  const child = fork(entry, args, {
    cwd: root,
    env,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", out ? "pipe" : "inherit", out ? "pipe" : "inherit", "ipc"],
    detached: true,
  });
  if (out) {
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
  }
  onChild?.(child);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the local stand-ins did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve({ url: message.standInsUrl, stop, exited, child });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the local stand-ins exited (${code}) before they were ready`));
    });
  });
}

/**
 * The restart back-off: the first restart after 1 s, each failed one doubling the wait up to 30 s;
 * stand-ins that then ran for 60 s start again from 1 s. Bounded both ways: a crash loop costs a
 * start every 30 s, and a one-off crash (PostgreSQL gone for a moment) about a second.
 */
export const RESTART_BACKOFF = { firstMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/** The wait before the restart that follows `failures` restarts in a row that did not last. */
export function restartDelay(failures, backoff = RESTART_BACKOFF) {
  return Math.min(backoff.firstMs * 2 ** failures, backoff.maxMs);
}

/** Grace between SIGTERM and SIGKILL when the app stops them: inside start.mjs's close-step grace (SHUTDOWN_GRACE_MS). */
const STOP_KILL_AFTER_MS = 2_000;

/**
 * The stand-ins, kept running for the app's whole life (issue 51: their death used to stop the app
 * mid-request, and nothing started them again). The first start is startStandIns's: its failure is
 * the caller's (a start that cannot work). After that, whenever they exit, for any reason, they are
 * started again on the same port — so the app's LOCAL_STAND_INS_URL stays right — after
 * restartDelay(); meanwhile the app's door answers /api/local with 503 (lib/http/reverse-proxy.ts).
 * `log(level, msg, fields)` says each exit and each return (start.mjs's serverLine).
 */
export async function superviseStandIns(root, env, { log, out, backoff = RESTART_BACKOFF, entry } = {}) {
  const first = await startStandIns(root, env, out, { entry });
  const port = String(new URL(first.url).port);
  let current = first;
  /** The process being started, before it is ready (so a stop can end it too). */
  let starting;
  let stopping = false;
  let failures = 0;
  let startedAt = Date.now();
  let timer;

  const restartLater = (reason) => {
    const delayMs = restartDelay(failures, backoff);
    failures++;
    log("error", `the local stand-ins ${reason}: starting them again in ${delayMs / 1000} s (/api/local answers 503 meanwhile)`, {
      component: "start",
      delayMs,
    });
    timer = setTimeout(restart, delayMs);
    timer.unref();
  };
  const watch = (running) => {
    void running.exited.then((code) => {
      if (stopping) return;
      current = undefined;
      // A run that lasted was no crash loop: the next restart is quick again.
      if (Date.now() - startedAt >= backoff.stableMs) failures = 0;
      restartLater(`exited (${code})`);
    });
  };
  async function restart() {
    if (stopping) return;
    try {
      const next = await startStandIns(root, env, out, { args: ["--port", port], entry, onChild: (child) => (starting = child) });
      starting = undefined;
      if (stopping) {
        next.stop();
        return;
      }
      current = next;
      startedAt = Date.now();
      log("info", `the local stand-ins are running again on ${next.url}`, { component: "start", url: next.url });
      watch(next);
    } catch (error) {
      starting = undefined;
      if (!stopping) restartLater(`did not start again (${error.message})`);
    }
  }
  watch(first);

  return {
    url: first.url,
    /** The running process, or undefined while they are down. */
    current: () => current,
    /** No more restarts; SIGTERM, then SIGKILL after STOP_KILL_AFTER_MS; resolves once they are gone. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      starting?.kill("SIGKILL");
      const running = current;
      if (!running) return;
      running.stop();
      const kill = setTimeout(() => running.child.kill("SIGKILL"), STOP_KILL_AFTER_MS);
      await running.exited;
      clearTimeout(kill);
    },
    /** At the app's exit, synchronously: no more restarts, and a SIGTERM to whatever runs. */
    stopNow() {
      stopping = true;
      clearTimeout(timer);
      starting?.kill("SIGKILL");
      current?.stop();
    },
  };
}
