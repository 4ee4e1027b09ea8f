// The production HTTP server's connection handling, shared by scripts/start.mjs (the entry of
// `npm start` and of the image) and its tests. Plain JavaScript: it runs in the image without a
// compiler.
import http from "node:http";
import { Worker } from "node:worker_threads";

/**
 * Longer than a load balancer's idle timeout (an ALB's is 60 s): the balancer, not this server,
 * closes idle keep-alive connections, so it never sends a request on a socket this server is
 * closing (intermittent 502s). The headers timeout must exceed the keep-alive timeout.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;
/** Under ECS's default stop timeout (30 s, then SIGKILL). */
export const DEFAULT_DRAIN_SECONDS = 25;

/** SHUTDOWN_DRAIN_SECONDS: how long a SIGTERM waits for requests in flight before exiting anyway. */
export function drainSeconds(env = process.env) {
  const raw = env.SHUTDOWN_DRAIN_SECONDS;
  if (raw === undefined || raw === "") return DEFAULT_DRAIN_SECONDS;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 3600) {
    throw new Error(`Invalid configuration: SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 3600 (got "${raw}")`);
  }
  return value;
}

/** The answer of a request the drain cuts before it was answered. */
export const DRAIN_CUT_TEXT = "The server is restarting. Please try again in a moment.";
/** How long those answers get to leave before the connections are closed. */
const DRAIN_CUT_FLUSH_MS = 200;

/**
 * An HTTP server for `handle` with the balancer-friendly timeouts, and a drain: stop accepting,
 * answer what is in flight (each with `Connection: close`), close idle keep-alive sockets at once
 * and the others as their responses finish, resolve when every connection is gone or after
 * `drainMs` (then "timeout": the stragglers not yet answered get a 503, the rest are destroyed).
 */
export function createLifecycleServer(handle) {
  const inFlight = new Set();
  let draining = false;
  let drained;
  const server = http.createServer((req, res) => {
    inFlight.add(res);
    if (draining) res.setHeader("connection", "close");
    res.on("close", () => {
      inFlight.delete(res);
      if (draining) server.closeIdleConnections();
    });
    handle(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;

  /** @param {number} drainMs */
  function drain(drainMs) {
    if (drained) return drained;
    draining = true;
    // Answers not yet begun tell the client to reconnect elsewhere.
    for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    drained = new Promise((resolve) => {
      const timer = setTimeout(() => {
        // Cut, but each said: a request whose answer has not begun gets a 503 the client can retry
        // elsewhere (and the request scope's access line, with its request id); one half-answered
        // is closed (its access line says aborted). Then every connection goes.
        for (const res of inFlight) {
          // The handler may still write after this end: dropped, not a crash.
          res.on("error", () => undefined);
          if (!res.headersSent) {
            res.writeHead(503, {
              "content-type": "text/plain; charset=utf-8",
              "cache-control": "no-store",
              "retry-after": "5",
              connection: "close",
            });
            res.end(DRAIN_CUT_TEXT);
          }
        }
        setTimeout(() => {
          server.closeAllConnections();
          resolve("timeout");
        }, DRAIN_CUT_FLUSH_MS).unref();
      }, drainMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve("drained");
      });
      server.closeIdleConnections();
    });
    return drained;
  }

  return { server, drain, inFlight: () => inFlight.size };
}

/**
 * After the drain, how long the close steps (Next's close()) get before the process exits anyway:
 * 25 s + 3 s stays under ECS's 30 s stop timeout, so the exit is ours, with its log line, not a SIGKILL.
 */
export const SHUTDOWN_GRACE_MS = 3_000;

/**
 * How long past the shutdown's own deadline (drain + grace) the exit may take (Node's 'exit' hooks)
 * before the process is killed from outside its main thread.
 */
export const EXIT_HOOKS_MS = 2_000;

// Plain CommonJS for an eval'd worker. The line goes out asynchronously (a full pipe must not hold
// the kill), and the kill follows it, or comes anyway after 200 ms.
const HARD_DEADLINE_WORKER = `
const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
parentPort.once("message", ({ ms, line }) => {
  setTimeout(() => {
    const kill = () => process.kill(process.pid, "SIGKILL");
    setTimeout(kill, 200);
    fs.write(2, line, kill);
  }, ms);
});`;

/**
 * Kills this process `ms` from now, from a worker thread: its event loop is its own, so nothing the
 * main thread does can hold it up — a synchronous write to a full pipe, an 'exit' hook that waits
 * (issue 51: SonicBoom's flushSync, sleeping in Atomics.wait for a reader that had gone, kept a
 * SIGTERMed server alive for half an hour, deaf to a second SIGTERM and to the ref'd deadline timer
 * that runs on that same thread). Unref'd: a process that ends sooner is not kept alive by it.
 */
export function hardDeadline(ms, line) {
  const worker = new Worker(HARD_DEADLINE_WORKER, { eval: true });
  worker.unref();
  worker.postMessage({ ms, line });
  return worker;
}

/**
 * SIGTERM and SIGINT: `beginDrain` first (readiness answers 503 from then on), then the server's
 * drain (`lifecycle()` is undefined while the server is still starting), then `close`, then exit
 * (143 for SIGTERM, 130 for SIGINT). A second signal changes nothing. Whatever hangs, the process
 * exits within drainMs + graceMs: a ref'd deadline timer (it keeps the process alive to fire, even if
 * nothing else does) exits with a line naming the step that did not finish (issue 43: Next's close()
 * once never resolved and an instance stayed alive with its listener closed). Should the main
 * thread itself be stuck, so that neither that timer nor exit() can finish, the hard deadline kills
 * the process EXIT_HOOKS_MS later (hardDeadline, issue 51).
 */
export function shutdownOnSignals({
  beginDrain,
  lifecycle,
  drainMs,
  close = async () => undefined,
  exit = process.exit,
  graceMs = SHUTDOWN_GRACE_MS,
  killAfter = hardDeadline,
}) {
  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    const code = signal === "SIGINT" ? 130 : 143;
    let step = "begin-drain";
    killAfter(
      drainMs + graceMs + EXIT_HOOKS_MS,
      `${JSON.stringify({ level: "fatal", time: new Date().toISOString(), service: "lending-shell", component: "shutdown", msg: "the process did not exit in time: killed" })}\n`,
    );
    const deadline = setTimeout(() => {
      serverLine("error", `shutdown step "${step}" did not finish within ${(drainMs + graceMs) / 1000} s: exiting`, {
        component: "shutdown",
        step,
      });
      exit(code);
    }, drainMs + graceMs);
    try {
      beginDrain();
      step = "drain";
      const current = lifecycle();
      if (current && (await current.drain(drainMs)) === "timeout") {
        serverLine("error", `requests still in flight after ${drainMs / 1000} s: closed`, { component: "shutdown" });
      }
      step = "close";
      await close();
    } catch (error) {
      serverLine("error", `shutdown step "${step}" failed: ${error?.name ?? "Error"}`, { component: "shutdown", step });
    }
    clearTimeout(deadline);
    exit(code);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/**
 * The start script's own lines (errors before the server runs, Ready, a drain that timed out) in the
 * server's log shape: through the app's logger once instrumentation has installed it
 * (globalThis.__shellLog, lib/observability/register-node.ts); before that, a JSON line of the same
 * shape, or plain text when run locally in a terminal, as the logger itself decides.
 */
export function serverLine(level, msg, fields = {}, env = process.env, stream = level === "error" ? process.stderr : process.stdout) {
  const log = globalThis.__shellLog;
  if (log) return log(level, msg, fields);
  const chosen = env.LOG_FORMAT;
  const pretty = chosen === "pretty" || (chosen !== "json" && (env.APP_ENV || "local") === "local" && Boolean(stream.isTTY));
  stream.write(
    pretty ? `${msg}\n` : `${JSON.stringify({ level, time: new Date().toISOString(), service: "lending-shell", ...fields, msg })}\n`,
  );
}
