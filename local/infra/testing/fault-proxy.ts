/**
 * A fault-injecting HTTP proxy for the chaos tests (issue 44): it stands between a server and the
 * services it calls (the stand-ins' API, Cognito, key set) and, per request, passes, delays, hangs,
 * answers 500, resets the connection or cuts the answer short. Jest drives it in-process
 * (`proxy.set(...)`); Playwright, a different process from the server, through its control endpoint:
 *
 *   PUT  /__fault   {"mode":"hang","path":"/api/local/graphql","operation":"manually"}   (JSON; [] or {} = pass)
 *   GET  /__fault   → the rules in force
 *
 * Rules are tried in order; the first whose `path` (a prefix of the request path) and `operation`
 * (the GraphQL operationName in a JSON body) both match decides; no match passes. `times` limits a
 * rule to its first N matches. Run it standalone with `node --import tsx local/infra/testing/fault-proxy.ts
 * --target URL [--port N]`: it prints `FAULT-PROXY LISTENING <url>`.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export const FAULT_MODES = ["pass", "delay", "hang", "500", "reset", "truncated"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultRule {
  mode: FaultMode;
  /**
   * delay: the request is forwarded at once (the upstream acts: a write takes effect) and its answer
   * held this long; a delay longer than the caller's timeout is "the write completed after the timeout".
   */
  delayMs?: number;
  /** Only requests whose path starts with this. */
  path?: string;
  /** Only GraphQL requests with this operationName. */
  operation?: string;
  /** Only the first N matching requests. */
  times?: number;
}

export interface FaultProxy {
  url: string;
  /** The rules from now on (none: pass everything). */
  set(rules: FaultRule | FaultRule[]): void;
  /** Every request seen since the rules were last set (newest last). */
  seen(): Seen[];
  close(): Promise<void>;
}

/** A request the proxy saw: path, GraphQL operation, the mode applied. */
export interface Seen {
  path: string;
  operation?: string;
  mode: FaultMode;
  /**
   * The status the upstream answered, set the moment its answer arrived, before the proxy passes it
   * on (or holds it: delay): the upstream has acted. Absent while it has not answered, or never asked.
   */
  answered?: number;
}

export const CONTROL_PATH = "/__fault";

function parseRules(value: unknown): FaultRule[] {
  let list: unknown[] = [];
  if (Array.isArray(value)) list = value;
  else if (value && typeof value === "object" && Object.keys(value).length > 0) list = [value];
  return (list as Record<string, unknown>[]).map((r) => {
    if (!FAULT_MODES.includes(r.mode as FaultMode)) throw new Error(`mode must be one of ${FAULT_MODES.join(", ")}`);
    return {
      mode: r.mode as FaultMode,
      delayMs: typeof r.delayMs === "number" ? r.delayMs : undefined,
      path: typeof r.path === "string" ? r.path : undefined,
      operation: typeof r.operation === "string" ? r.operation : undefined,
      times: typeof r.times === "number" ? r.times : undefined,
    };
  });
}

function operationOf(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString("utf8")) as { operationName?: unknown };
    return typeof parsed.operationName === "string" ? parsed.operationName : undefined;
  } catch {
    return undefined;
  }
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"]);

/** Starts the proxy in front of `target` (an origin: http://127.0.0.1:PORT). */
export async function startFaultProxy(target: string, { port = 0, host = "127.0.0.1" } = {}): Promise<FaultProxy> {
  let rules: (FaultRule & { used: number })[] = [];
  const log: Seen[] = [];
  const sockets = new Set<Socket>();
  const upstream = new URL(target);

  const set = (given: FaultRule | FaultRule[]) => {
    rules = parseRules(given).map((r) => ({ ...r, used: 0 }));
    log.length = 0;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? "/").split("?")[0]!;
      if (path === CONTROL_PATH) {
        if (req.method === "GET") return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rules));
        try {
          set(body.length ? JSON.parse(body.toString("utf8")) : []);
          return void res.writeHead(204).end();
        } catch (error) {
          return void res.writeHead(400).end(error instanceof Error ? error.message : "bad rules");
        }
      }
      const operation = operationOf(body);
      const rule = rules.find(
        (r) =>
          (r.path === undefined || path.startsWith(r.path)) &&
          (r.operation === undefined || r.operation === operation) &&
          (r.times === undefined || r.used < r.times),
      );
      if (rule) rule.used++;
      const mode = rule?.mode ?? "pass";
      const entry: Seen = { path, operation, mode };
      log.push(entry);
      if (mode === "hang") return; // nothing forwarded, nothing answered: the caller's timeout decides
      if (mode === "500") return void res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
      if (mode === "reset") return void req.socket.resetAndDestroy();
      forward(req, body, (status, headers, answer) => {
        entry.answered = status;
        const send = () => {
          if (res.destroyed) return;
          if (mode === "truncated") {
            // The headers promise the whole body; half of it arrives, then the connection drops.
            res.writeHead(status, { ...headers, "content-length": String(answer.length) });
            res.write(answer.subarray(0, Math.floor(answer.length / 2)));
            setTimeout(() => res.destroy(), 10);
            return;
          }
          res.writeHead(status, headers).end(answer);
        };
        if (mode === "delay") setTimeout(send, rule?.delayMs ?? 1_000);
        else send();
      }).catch(() => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("Bad Gateway: upstream unreachable");
      });
    });
  });

  function forward(
    req: http.IncomingMessage,
    body: Buffer,
    done: (status: number, headers: http.OutgoingHttpHeaders, answer: Buffer) => void,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k) && k !== "host"));
      const out = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...headers, host: upstream.host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (c: Buffer) => parts.push(c));
          answer.on("end", () => {
            const kept = Object.fromEntries(
              Object.entries(answer.headers).filter(([k]) => !HOP_BY_HOP.has(k) && k !== "content-length"),
            ) as http.OutgoingHttpHeaders;
            done(answer.statusCode ?? 502, kept, Buffer.concat(parts));
            resolve();
          });
          answer.on("error", reject);
        },
      );
      out.on("error", reject);
      out.end(body);
    });
  }

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    set,
    seen: () => log.map((entry) => ({ ...entry })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The control endpoint, for a test in another process than the proxy (Playwright). */
export async function setFaults(proxyUrl: string, rules: FaultRule | FaultRule[]): Promise<void> {
  const res = await fetch(`${proxyUrl}${CONTROL_PATH}`, { method: "PUT", body: JSON.stringify(rules) });
  if (res.status !== 204) throw new Error(`the fault proxy refused the rules: ${res.status} ${await res.text()}`);
}

if (process.argv[1]?.endsWith("fault-proxy.ts")) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const target = arg("--target");
  if (!target) {
    process.stderr.write("usage: fault-proxy.ts --target URL [--port N]\n");
    process.exit(2);
  }
  void startFaultProxy(target, { port: Number(arg("--port") ?? 0) }).then((proxy) => {
    process.stdout.write(`FAULT-PROXY LISTENING ${proxy.url}\n`);
    const stop = () => void proxy.close().then(() => process.exit(0));
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
  });
}
