#!/usr/bin/env node
// The production entry, the same file in two layouts: `npm start` in the repository, and
// `node scripts/start.mjs` in the image (the standalone output, with this file and
// http-lifecycle.mjs copied next to it: see the Dockerfile). It serves the build on PORT and
// HOSTNAME when set, or on `-p N -H host` given after `npm start --`. Flags win over the environment;
// both end up in the environment so the server's configuration (its own public URL, the local
// stand-ins' URLs) agrees with where it listens.
//
// Next runs in this process (no child next-server to orphan; Next's generated standalone server.js
// exits at once on SIGTERM), configured from the build's own record of next.config
// (.next/required-server-files.json), so neither layout compiles next.config.ts at start. "Ready" is
// printed, and /api/ready answers 200, only after the built instrumentation.ts has run (Next itself
// runs it lazily, on the first request): the configuration is checked (a bad one exits before Ready)
// and, locally, the stand-ins' own process has migrated and seeded the database and is listening.
// SIGTERM and SIGINT flip /api/ready to 503 at once, stop accepting, let requests in flight finish,
// close idle keep-alive sockets, and exit within SHUTDOWN_DRAIN_SECONDS (default 25).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLifecycleServer, drainSeconds, serverLine, shutdownOnSignals } from "./http-lifecycle.mjs";

const args = process.argv.slice(2);
const flag = (short, long) => {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === short || a === long) return args[i + 1];
    if (a.startsWith(`${long}=`)) return a.slice(long.length + 1);
  }
  return undefined;
};
const unknown = args.filter(
  (a, i) =>
    !["-p", "--port", "-H", "--hostname"].includes(a) &&
    !["-p", "--port", "-H", "--hostname"].includes(args[i - 1]) &&
    !/^--(port|hostname)=/.test(a),
);
if (unknown.length) {
  serverLine("error", `npm start takes only -p/--port and -H/--hostname (got ${unknown.join(" ")})`);
  process.exit(2);
}

const port = Number(flag("-p", "--port") ?? process.env.PORT ?? "3000");
const givenHost = flag("-H", "--hostname") ?? process.env.HOSTNAME;
const localMode = (process.env.APP_ENV || "local") === "local";
// Local mode (published secrets, open code outbox) listens on loopback unless told otherwise.
const hostname = givenHost ?? (localMode ? "127.0.0.1" : undefined);
// Plain local `npm start` (no host, no APP_URL): one origin, the one people type and the README
// names, http://localhost:PORT; a request for 127.0.0.1 or [::1] is sent there (docs/operations.md).
// A given host or APP_URL is served exactly as given.
const canonical = localMode && !givenHost && !process.env.APP_URL ? `http://localhost:${port}` : undefined;
if (canonical) process.env.APP_URL = canonical;
const loopbackAliases = new Set([`127.0.0.1:${port}`, `[::1]:${port}`]);
// Except the e-signature stand-in, which is served under 127.0.0.1 on purpose: the app frames it
// from there, cross-site as the provider is (esignStandInOrigin in lib/config/env.ts; its mount is
// LOCAL_PATHS.esign in lib/config/local-paths.ts).
const ESIGN_STAND_IN = "/api/local/esign/";
process.env.PORT = String(port);
if (hostname) process.env.HOSTNAME = hostname;
process.env.NODE_ENV = "production";

const started = Date.now();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  serverLine("error", "No production build: run `npm run build` first");
  process.exit(1);
}
let drainMs;
try {
  drainMs = drainSeconds() * 1000;
} catch (error) {
  serverLine("error", error.message);
  process.exit(1);
}
// Local mode: the stand-ins are a process of their own (local/server.ts), which the app's one door,
// /api/local, forwards to (LOCAL_STAND_INS_URL). Given that URL, they are someone else's to run;
// else, in a checkout, they start now (while Next loads), with this environment, and stop
// when this process does. Should they die, they are started again, on the same port, with a bounded
// back-off, while the door answers 503 (superviseStandIns): the app never exits because of them.
// The image has no local/: there, local mode needs LOCAL_STAND_INS_URL.
let standInsStarting;
let standIns;
if (localMode && !process.env.LOCAL_STAND_INS_URL) {
  const entry = path.join(root, "local", "server.ts");
  if (!existsSync(entry)) {
    serverLine("error", "APP_ENV=local needs the stand-ins: run from a checkout (local/server.ts), or set LOCAL_STAND_INS_URL");
    process.exit(1);
  }
  const { superviseStandIns } = await import("./stand-ins-process.mjs");
  standInsStarting = superviseStandIns(root, { ...process.env }, { log: serverLine });
  standInsStarting.catch(() => undefined);
}
// The configuration next build resolved (next.config.ts, deploymentId included), as Next's own
// standalone server.js passes it; without it Next would look for next.config.ts at start.
const { config: nextConfig } = JSON.parse(readFileSync(path.join(root, ".next", "required-server-files.json"), "utf8"));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(nextConfig);
const { default: next } = await import("next");
const app = next({ dev: false, dir: root, hostname: hostname ?? "localhost", port, conf: nextConfig });
const NEXT_MARK_LEVEL = { "⚠": "warn", "⨯": "error" };
/** Next's console lines during `task`, as server lines: its mark (⚠ warn, ⨯ error) sets the level. */
async function withNextConsole(task) {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const forward =
    (fallback) =>
    (...args) => {
      // Next colours its marks with ANSI escapes.
      const text = args
        .map(String)
        .join(" ")
        .replace(/\u001b\[[0-9;]*m/g, "")
        .trim();
      if (!text) return;
      const level = NEXT_MARK_LEVEL[text[0]] ?? fallback;
      serverLine(level, text.replace(/^[✓⚠⨯▲○»]\s*/u, ""), { component: "next" });
    };
  Object.assign(console, { log: forward("info"), info: forward("info"), warn: forward("warn"), error: forward("error") });
  try {
    return await task();
  } finally {
    Object.assign(console, saved);
  }
}
const instrumentation = createRequire(import.meta.url)(path.join(root, ".next", "server", "instrumentation.js"));

let lifecycle;
shutdownOnSignals({
  // The balancer's readiness probe fails from now on; requests already here are answered.
  beginDrain: () => instrumentation.beginDrain(),
  lifecycle: () => lifecycle,
  drainMs,
  // After the drain: the requests in flight may still have needed the stand-ins.
  close: () => Promise.all([app.close(), standIns?.stop()]),
});

// Their URL is in the environment before Next prepares (which may read the configuration).
if (standInsStarting) {
  try {
    // A first start that fails is a start that cannot work (a bad configuration, no database): stop.
    standIns = await standInsStarting;
    process.env.LOCAL_STAND_INS_URL = standIns.url;
    process.on("exit", standIns.stopNow);
  } catch (error) {
    serverLine("error", error.message, { component: "start" });
    process.exit(1);
  }
}
// Next prints its start-up lines with console (e.g. "✓ Running next.config took 2ms"); they become
// server lines like every other, so each line is JSON (docs/operations.md).
await withNextConsole(() => app.prepare());
process.env.NEXT_RUNTIME = "nodejs";
await instrumentation.register();
const handle = app.getRequestHandler();
// The request scope (lib/observability/request-scope.ts, installed by register()): one request id per
// request, echoed on every response, and one JSON access line when it ends.
const wrap = globalThis.__shellWrapRequest ?? ((h) => h);
lifecycle = createLifecycleServer(
  wrap((req, res) => {
    if (canonical && loopbackAliases.has(req.headers.host ?? "") && !req.url?.startsWith(ESIGN_STAND_IN)) {
      // 308 keeps the method and body: a form posted to the other name still arrives.
      res.writeHead(308, { location: canonical + req.url, "cache-control": "no-store" }).end();
      return;
    }
    // The peer's address goes at the end of X-Forwarded-For, always: whatever a client wrote there
    // stays on the left, where nothing reads it (local/infra/http/client-ip.ts). Next itself only fills the
    // header when it is missing, so a client could otherwise choose its own address.
    const sent = req.headers["x-forwarded-for"];
    const peer = req.socket.remoteAddress ?? "unknown";
    req.headers["x-forwarded-for"] = sent ? `${Array.isArray(sent) ? sent.join(", ") : sent}, ${peer}` : peer;
    handle(req, res);
  }),
);
const server = lifecycle.server;
server.on("error", (error) => {
  serverLine("error", `Failed to start the server: ${error.message}`);
  process.exit(1);
});
await new Promise((resolve) => server.listen(port, hostname, resolve));
// Next loads each route's code on its first request: load the ones a newcomer meets first (the
// sign-in page, the middleware, the local sign-in and outbox endpoints) before saying Ready.
const local = (process.env.APP_ENV ?? "local") === "local";
/** The address this process reaches its own server at: loopback for "every interface", brackets round IPv6. */
function selfHost(name) {
  if (!name || name === "0.0.0.0" || name === "::") return "127.0.0.1";
  return name.includes(":") ? `[${name}]` : name;
}
const self = canonical ?? `http://${selfHost(hostname)}:${port}`;
for (const warm of ["/login", "/_restricted", ...(local ? ["/api/local/outbox?format=json", "/api/local/cognito"] : [])]) {
  await fetch(self + warm, { redirect: "manual", signal: AbortSignal.timeout(30_000) })
    .then((r) => r.arrayBuffer())
    .catch(() => undefined);
}
const shown = !hostname || hostname === "0.0.0.0" ? "localhost" : hostname;
const url = canonical ?? `http://${shown}:${port}`;
const durationMs = Date.now() - started;
serverLine("info", `✓ Ready in ${durationMs} ms on ${url}`, { component: "start", durationMs, url });
