// A stand-in for scripts/start.mjs around a trivial handler, for scripts/http-lifecycle.test.ts:
// the same lifecycle server and signal handling, without a Next build. GET /ready answers like
// /api/ready; GET /slow?ms=N answers after N ms with the readiness it then sees. CLOSE_HANGS=1:
// the close step never resolves and holds a live handle, as Next's close() once did.
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
  ...(process.env.CLOSE_HANGS ? { close: hangingClose, graceMs: Number(process.env.GRACE_MS ?? 3000) } : {}),
});

lifecycle = createLifecycleServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/ready") {
    res.writeHead(state === "ready" ? 200 : 503).end(state);
  } else if (url.pathname === "/slow") {
    setTimeout(() => res.writeHead(200).end(`done while ${state}`), Number(url.searchParams.get("ms")));
  } else {
    res.writeHead(404).end();
  }
});
lifecycle.server.listen(0, "127.0.0.1", () => {
  state = "ready";
  console.log(`listening ${lifecycle.server.address().port}`);
});
