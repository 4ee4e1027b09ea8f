// The production HTTP server's connection handling, shared by scripts/start.mjs (the entry of
// `npm start` and of the image) and its tests. Plain JavaScript: it runs in the image without a
// compiler.
import http from "node:http";

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

/**
 * An HTTP server for `handle` with the balancer-friendly timeouts, and a drain: stop accepting,
 * answer what is in flight (each with `Connection: close`), close idle keep-alive sockets at once
 * and the others as their responses finish, resolve when every connection is gone or after
 * `drainMs` (then "timeout", with the stragglers destroyed).
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
        server.closeAllConnections();
        resolve("timeout");
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
 * SIGTERM and SIGINT: `beginDrain` first (readiness answers 503 from then on), then the server's
 * drain (`lifecycle()` is undefined while the server is still starting), then `close`, then exit
 * (143 for SIGTERM, 130 for SIGINT). A second signal changes nothing. Whatever hangs, the process
 * exits within drainMs + graceMs: a ref'd deadline timer (it keeps the process alive to fire, even if
 * nothing else does) exits with a line naming the step that did not finish (issue 43: Next's close()
 * once never resolved and an instance stayed alive with its listener closed).
 */
export function shutdownOnSignals({
  beginDrain,
  lifecycle,
  drainMs,
  close = async () => undefined,
  exit = process.exit,
  graceMs = SHUTDOWN_GRACE_MS,
}) {
  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    const code = signal === "SIGINT" ? 130 : 143;
    let step = "begin-drain";
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
