/**
 * Observability as an operator meets it (issue 23): the request id on every kind of response, the
 * reference on the error page, and a trace of a signed-in page exported over OTLP to a collector
 * on loopback, its spans carrying the request id and none of the person's data.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures/console-gate";
import { hydrated } from "./fixtures/hydration";
import { LOCAL_PORT } from "../playwright.config";
import { serverLog } from "./servers";
import { newApplicant, walkTo } from "./fixtures/applicant";
import { LOCAL_ORIGIN, signInAs } from "./fixtures/personas";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("x-request-id", () => {
  test("on a redirect, a page, an API answer and a refused request; a well-formed one is adopted", async ({ request }) => {
    const redirect = await request.get(`${LOCAL_ORIGIN}/personal`, { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expect(redirect.headers()["x-request-id"]).toMatch(UUID);

    const page = await request.get(`${LOCAL_ORIGIN}/login`, { headers: { "x-request-id": "support-ticket-4711" } });
    expect(page.status()).toBe(200);
    expect(page.headers()["x-request-id"]).toBe("support-ticket-4711");
    expect(await page.text()).toContain('<meta name="request-id" content="support-ticket-4711"/>');

    const alb = await request.get(`${LOCAL_ORIGIN}/login`, {
      headers: { "x-amzn-trace-id": "Root=1-67891233-abcdef012345678912345678;Sampled=1" },
    });
    expect(alb.headers()["x-request-id"]).toBe("1-67891233-abcdef012345678912345678");

    const malformed = await request.get(`${LOCAL_ORIGIN}/login`, { headers: { "x-request-id": "jane@example.com" } });
    expect(malformed.headers()["x-request-id"]).toMatch(UUID);

    const notFound = await request.get(`${LOCAL_ORIGIN}/no-such-page`);
    expect(notFound.status()).toBe(404);
    expect(notFound.headers()["x-request-id"]).toMatch(UUID);

    const refused = await request.fetch(`${LOCAL_ORIGIN}/login`, { method: "PUT" });
    expect(refused.status()).toBe(405);
    expect(refused.headers()["x-request-id"]).toMatch(UUID);
  });

  test("the page-load error shows the reference a borrower reads to support (the error boundary's is in app/error.test.tsx)", async ({
    page,
    consoleGate,
  }) => {
    // The test aborts every chunk the page loads after its HTML: the browser reports each failed load and the chunk error.
    consoleGate.allow(
      /Failed to load resource: net::ERR_FAILED|ChunkLoadError|Loading chunk|Failed to fetch dynamically imported module/i,
      "the chunks this test aborts",
    );
    await newApplicant(page, "reference");
    await walkTo(page, "fundingAccount");
    // /bank's Link launcher is a chunk loaded when the person asks to link: failing it is a real "page failed to load".
    const document = await page.request.get(`${LOCAL_ORIGIN}/bank`);
    const initial = new Set((await document.text()).match(/\/_next\/static\/[^"'\s]+\.js/g) ?? []);
    await page.route("**/_next/static/chunks/**", (route) => {
      const pathname = new URL(route.request().url()).pathname;
      return initial.has(pathname) ? route.continue() : route.abort();
    });
    const response = await page.goto(`${LOCAL_ORIGIN}/bank`);
    const requestId = response?.headers()["x-request-id"];
    expect(requestId).toMatch(UUID);
    await (await hydrated(page.getByRole("button", { name: "Link a bank account" }))).click();
    await expect(page.getByRole("heading", { name: "This page failed to load" })).toBeVisible();
    await expect(page.getByText(`please give this reference: ${requestId}`)).toBeVisible();
  });
});

interface OtlpSpan {
  name: string;
  traceId: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

/** A minimal OTLP/HTTP (JSON) receiver: what an OpenTelemetry collector would be sent. */
async function startReceiver(): Promise<{ url: string; spans: OtlpSpan[]; raw: string[]; close: () => Promise<void> }> {
  const spans: OtlpSpan[] = [];
  const raw: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      raw.push(body);
      if (req.url === "/v1/traces") {
        const parsed = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };
        for (const resource of parsed.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      }
      res.setHeader("content-type", "application/json");
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    raw,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function start(port: number, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["scripts/start.mjs", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...process.env, APP_ENV: "local", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return { child, output: () => output };
}

test.describe("access lines on the path Next routes (issue 43)", () => {
  /** A request with its path exactly as written (Playwright's client would resolve the dots first). */
  function raw(method: string, pathname: string): Promise<{ status: number; requestId: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port: LOCAL_PORT, method, path: pathname, headers: { "content-type": "application/json" } },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, requestId: String(res.headers["x-request-id"]) }));
        },
      );
      req.on("error", reject);
      req.end(method === "POST" ? "{}" : undefined);
    });
  }

  test("a health or asset path with ../ or %2e%2e that reaches a route is logged with the spelling sent; a real health check is not", async () => {
    const log = serverLog("local");
    const spelled = [
      ["POST", "/api/health/../session/claims"],
      ["GET", "/api/ready/%2e%2e/local/outbox"],
      ["POST", "/_next/static/%2E%2e/%2e%2e/api/local/graphql"],
    ] as const;
    const sent: { pathname: string; status: number; requestId: string }[] = [];
    for (const [method, pathname] of spelled) sent.push({ pathname, ...(await raw(method, pathname)) });
    const health = await raw("GET", "/api/health");
    await expect
      .poll(() => {
        const lines = readFileSync(log, "utf8")
          .split("\n")
          .filter((l) => l.startsWith("{"));
        const accessOf = (id: string) =>
          lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === id && l.rawPath);
        return sent.map((s) => accessOf(s.requestId)?.rawPath);
      })
      .toEqual(sent.map((s) => s.pathname));
    expect(readFileSync(log, "utf8")).not.toContain(health.requestId);
  });
});

test.describe("traces", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a signed-in page's trace reaches the collector with the request id and no personal data", async ({ browser }) => {
    const receiver = await startReceiver();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "shell-otel-"));
    const port = LOCAL_PORT + 30;
    const origin = `http://127.0.0.1:${port}`;
    const server = start(port, {
      LOCAL_DATA_DIR: path.join(dataDir, "pglite"),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "200",
    });
    const context = await browser.newContext();
    try {
      await expect.poll(server.output, { timeout: 180_000, message: "the server is ready" }).toContain("Ready");
      const email = "employment@example.com";
      const page = await signInAs(context, email, { origin, redirect: "/employment" });
      const response = await page.goto(`${origin}/employment`);
      expect(response?.status()).toBe(200);
      const requestId = response!.headers()["x-request-id"]!;
      expect(requestId).toMatch(UUID);

      const stamped = () =>
        receiver.spans.filter((s) => s.attributes?.some((a) => a.key === "request.id" && a.value.stringValue === requestId));
      await expect.poll(() => stamped().length, { timeout: 30_000, message: "spans of the page request" }).toBeGreaterThan(1);
      const traceNames = () =>
        receiver.spans
          .filter((s) => s.traceId === stamped()[0]!.traceId)
          .map((s) => s.name)
          .join("\n");
      // The spans come in batches (every 200 ms here): the render's may come after the first.
      await expect.poll(traceNames, { timeout: 30_000, message: "the page render" }).toMatch(/employment/);
      const names = traceNames();
      expect(names, "the call to the API").toMatch(/fetch|POST/);

      const cookies = (await context.cookies()).map((c) => c.value).filter((v) => v.length > 8);
      const exported = receiver.raw.join("\n");
      for (const secret of [email, ...cookies]) expect(exported).not.toContain(secret);
      expect(exported).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    } finally {
      await context.close();
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
