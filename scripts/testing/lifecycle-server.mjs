// A stand-in for scripts/start.mjs around a trivial handler, for scripts/http-lifecycle.test.ts:
// the same lifecycle server and signal handling, without a Next build. GET /ready answers like
// /api/ready; GET /slow?ms=N answers after N ms with the readiness it then sees;
// GET /partial sends its headers and a first chunk, and never ends. CLOSE_HANGS=1:
// the close step never resolves and holds a live handle, as Next's close() once did.
// Issue 51's shutdown hang: LOG_FLOOD=app|sonic writes log lines without pause once listening, through
// the app's logger (lib/observability/logger.ts; run under `node --import tsx`) or through the
// destination it had before (pino.destination(1), SonicBoom); EXIT_HOOK_WAITS=1 adds an 'exit' hook
// that never returns; NO_HARD_DEADLINE=1 leaves out the worker-thread deadline, to show what it saves.
import { createLifecycleServer, drainSeconds, shutdownOnSignals } from "../http-lifecycle.mjs";

let state = "starting";
let lifecycle;
const hangingClose = () => {
  setInterval(() => undefined, 1_000);
  return new Promise(() => undefined);
};
shutdownOnSignals({
  beginDrain: () => (state = "draining"),
  lifecycle: () => lifecycle,
  drainMs: drainSeconds() * 1000,
  ...(process.env.CLOSE_HANGS ? { close: hangingClose } : {}),
  ...(process.env.GRACE_MS ? { graceMs: Number(process.env.GRACE_MS) } : {}),
  ...(process.env.NO_HARD_DEADLINE ? { killAfter: () => undefined } : {}),
});

if (process.env.EXIT_HOOK_WAITS) {
  process.on("exit", () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
}

async function floodLogger(kind) {
  if (kind === "app") return (await import("../../lib/observability/logger.ts")).createLogger({ format: "json" });
  const { default: pino } = await import("pino");
  return pino({}, pino.destination(1));
}
const flood = process.env.LOG_FLOOD ? await floodLogger(process.env.LOG_FLOOD) : undefined;

lifecycle = createLifecycleServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/ready") {
    res.writeHead(state === "ready" ? 200 : 503).end(state);
  } else if (url.pathname === "/slow") {
    setTimeout(() => res.writeHead(200).end(`done while ${state}`), Number(url.searchParams.get("ms")));
  } else if (url.pathname === "/partial") {
    // Half an answer, and then nothing.
    res.writeHead(200).write("part");
  } else {
    res.writeHead(404).end();
  }
});
lifecycle.server.listen(0, "127.0.0.1", () => {
  state = "ready";
  console.log(`listening ${lifecycle.server.address().port}`);
  if (flood) {
    const pad = "x".repeat(300);
    let n = 0;
    setInterval(() => {
      for (let i = 0; i < 200; i++) flood.info({ n: n++, pad }, "flood");
    }, 5);
  }
});
