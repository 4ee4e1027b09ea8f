/** @jest-environment node */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { DEADLINE_PAGE_STYLE, DEADLINE_TEXT, deadlineReference } from "./deadline-answer";
import { createLogger } from "./logger";
import { quietPath, routedPath, withRequestScope } from "./request-scope";
import { scopedRequestId } from "./request-store";

const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});
const log = createLogger({ format: "json", destination });

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer(
    withRequestScope(async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      // What server code sees: the id in the request's headers and in the async scope.
      const personal = req.url?.split("?")[0] === "/personal";
      res.setHeader("x-route-decision", personal ? "/personal:wrong-step" : "not-found");
      res.statusCode = personal ? 307 : 404;
      res.end(JSON.stringify({ header: req.headers["x-request-id"], scoped: scopedRequestId() }));
    }, log),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (lines.length = 0));

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  return { id: res.headers.get("x-request-id"), seen: (await res.json()) as { header: string; scoped: string } };
}

test("adopts the ALB's trace root, echoes it and scopes the request with it", async () => {
  const { id, seen } = await get("/personal", { "x-amzn-trace-id": "Root=1-67891233-abcdef012345678912345678" });
  expect(id).toBe("1-67891233-abcdef012345678912345678");
  expect(seen).toEqual({ header: id, scoped: id });
});

test("adopts a well-formed x-request-id", async () => {
  expect((await get("/personal", { "x-request-id": "support-ticket-4711" })).id).toBe("support-ticket-4711");
});

test("replaces a malformed one with a generated UUID", async () => {
  const { id, seen } = await get("/personal", { "x-request-id": "<script>" });
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen.header).toBe(id);
});

test("writes one access line with the decision, status and duration", async () => {
  const { id } = await get("/personal?email=jane@example.com", {});
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toEqual([
    expect.objectContaining({
      level: "info",
      msg: "request",
      requestId: id,
      method: "GET",
      path: "/personal",
      route: "/personal",
      reason: "wrong-step",
      status: 307,
      durationMs: expect.any(Number),
    }),
  ]);
  expect(JSON.stringify(lines)).not.toContain("jane@example.com");
});

describe("the access line is decided on the path Next routes (issue 43: no spelling reaches a route unlogged)", () => {
  test.each([
    // [raw path, quiet?]
    ["/api/health", true],
    ["/api/ready", true],
    ["/_next/static/chunks/app-4f2a.js", true],
    ["/_next/static/css/0a1b.css", true],
    ["/api/health/../session/claims", false],
    ["/api/ready/../local/outbox", false],
    ["/_next/static/../../api/local/graphql", false],
    ["/api/health/%2e%2e/session/claims", false],
    ["/api/health/%2E%2e/session/claims", false],
    ["/api/health/.%2e/session/claims", false],
    ["/api/health/%252e%252e/session/claims", false],
    ["/_next/static/%2e%2e/%2e%2e/api/local/graphql", false],
    ["/_next/static/..%2f..%2fapi/local/graphql", false],
    ["/_next/static/..\\..\\api/local/graphql", false],
    ["/_next/static/./chunks/a.js", false],
    ["/_next/static/.../a.js", false],
    ["/api/health/", false],
    ["/api/healthz", false],
    ["/api/health%2f..%2fsession%2fclaims", false],
    ["//api/health", false],
    ["/api/ready/./", false],
    ["/API/health", false],
  ])("%s → quiet %s", (raw, quiet) => {
    expect(quietPath(raw)).toBe(quiet);
  });

  test("routedPath resolves dot segments and their %2e spellings, as the URL parser Next uses does", () => {
    expect(routedPath("/api/health/../session/claims")).toBe("/api/session/claims");
    expect(routedPath("/api/ready/%2E%2e/local/outbox")).toBe("/api/local/outbox");
    expect(routedPath("/_next/static/../../api/local/graphql")).toBe("/api/local/graphql");
  });

  /** A request with its path exactly as written (fetch would resolve the dots first). */
  const raw = (path: string, method = "GET") =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(`${base}/`, { method, path }, (res) => (res.resume(), res.on("end", () => resolve())));
      req.on("error", reject).end();
    });

  test.each([
    ["POST", "/api/health/../session/claims", "/api/session/claims"],
    ["GET", "/api/ready/../local/outbox", "/api/local/outbox"],
    ["POST", "/_next/static/../../api/local/graphql", "/api/local/graphql"],
    ["POST", "/api/health/%2e%2e/session/claims", "/api/session/claims"],
  ])("%s %s is logged as %s, with the spelling sent", async (method, path, routed) => {
    await raw(path, method);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ msg: "request", method, path: routed, rawPath: path })]);
  });

  test("a real health check stays quiet", async () => {
    await raw("/api/health");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });
});

describe("every request is answered in bounded time and leaves its access line (issue 44)", () => {
  let stalled: http.Server;
  let at: string;
  beforeAll(async () => {
    stalled = http.createServer(
      withRequestScope(
        (req, res) => {
          // /hang: a render waiting on a call that never ends; /partial: the first bytes, then nothing;
          // /throws: a handler that fails inside and ends the socket.
          if (req.url === "/partial") res.writeHead(200).write("<html>");
          if (req.url === "/throws") res.destroy(new Error("boom"));
          // /late: the handler wakes up after the deadline and writes anyway (must not crash the process).
          if (req.url === "/late") setTimeout(() => res.end("late"), 400);
          // /body: a handler that answers once the whole body has arrived.
          if (req.url === "/body") req.resume().on("end", () => res.end("read"));
        },
        log,
        { deadlineMs: 300 },
      ),
    );
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
    at = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => stalled.close(() => resolve())));

  test("a handler that never answers: 503 with Retry-After at the deadline, an error line and the access line", async () => {
    const began = Date.now();
    const res = await fetch(`${at}/hang`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.text()).toMatch(/try again/);
    expect(Date.now() - began).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const id = res.headers.get("x-request-id");
    expect(lines).toEqual([
      expect.objectContaining({ level: "error", msg: "request did not finish in time", requestId: id, path: "/hang" }),
      expect.objectContaining({ level: "error", msg: "request failed", requestId: id, status: 503, timedOut: true }),
    ]);
  });

  test("a server action cut by the deadline: text/plain exactly (what Next's client hands to the form), the request id as its reference", async () => {
    const res = await fetch(`${at}/hang`, { method: "POST", headers: { "next-action": "7f00aa", accept: "text/x-component" }, body: "[]" });
    expect(res.status).toBe(503);
    // Next 16's server-action reducer throws Error(body) only for this exact type (with a charset: its generic words).
    expect(res.headers.get("content-type")).toBe("text/plain");
    const body = await res.text();
    const id = res.headers.get("x-request-id")!;
    expect(body).toBe(`${DEADLINE_TEXT} Reference: ${id}`);
    // What the form kit reads back from the error Next's client throws.
    expect(deadlineReference(new Error(body))).toBe(id);
  });

  test("a page load cut by the deadline: the styled error page with the reference, its style allowed by its own CSP hash", async () => {
    const res = await fetch(`${at}/hang?x=1`, { headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-mode": "navigate" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("retry-after")).toBe("5");
    const html = await res.text();
    const id = res.headers.get("x-request-id")!;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<h1 id="error-title">Something went wrong</h1>`);
    expect(html).toContain(`please give this reference: <span>${id}</span>`);
    expect(html).toContain(`<style>${DEADLINE_PAGE_STYLE}</style>`);
    expect(html).toContain(`<a href="/hang">Try again</a>`);
    expect(html).not.toContain("<script");
    const hash = createHash("sha256").update(DEADLINE_PAGE_STYLE).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`style-src 'sha256-${hash}'`);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  test("neither (an API call, a client navigation's RSC fetch): the plain text, no page", async () => {
    for (const headers of [{ accept: "application/json" }, { accept: "text/html", rsc: "1" }] as Record<string, string>[]) {
      const res = await fetch(`${at}/hang`, { headers });
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe(DEADLINE_TEXT);
    }
  });

  test("a handler that writes after the deadline's answer is ignored, not a crash", async () => {
    expect((await fetch(`${at}/late`)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines.filter((l) => l.msg === "request failed")).toHaveLength(1);
  });

  test("an answer begun and never ended: the connection is closed at the deadline, the access line says so", async () => {
    const res = await fetch(`${at}/partial`);
    await expect(res.text()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request failed", path: "/partial", aborted: true, timedOut: true }));
  });

  test("a client still sending its body at the deadline: 408 and an info line, no server-blaming error (issue 51 item 6)", async () => {
    const { connect } = await import("node:net");
    const url = new URL(at);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        // 100 bytes promised, 10 sent: the rest never comes.
        socket.write("POST /body HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n0123456789");
      });
      let got = "";
      socket.on("data", (chunk) => (got += chunk.toString()));
      socket.on("close", () => resolve(got));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/took too long to arrive/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toEqual([expect.objectContaining({ level: "info", msg: "request", path: "/body", status: 408, slowClient: true })]);
  });

  test("a request that failed inside (its socket destroyed) still has its access line", async () => {
    await expect(fetch(`${at}/throws`)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toEqual([expect.objectContaining({ msg: "request", path: "/throws", aborted: true })]);
    expect(lines[0]).not.toHaveProperty("status");
  });
});
