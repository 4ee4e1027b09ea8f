import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { captureLogs } from "@/lib/observability/logger";
import { FORWARDED_CONTENT_LENGTH, reverseProxy } from "./reverse-proxy";

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let upstream: Server;
let origin: string;
let seen: Seen;
let answer: (req: IncomingMessage, res: ServerResponse) => void;

beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() };
    answer(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  answer = (_req, res) => res.end("ok");
});

const SHELL = "http://127.0.0.1:3000";
const proxy = (request: Request, timeoutMs = 5_000) => reverseProxy(request, origin, { timeoutMs });

describe("reverseProxy: the request", () => {
  it("forwards the method, path and query, body and end-to-end headers; says where the shell was asked", async () => {
    await proxy(
      new Request(`${SHELL}/api/local/cognito?x=1&y=%2F`, {
        method: "POST",
        headers: {
          cookie: "a=1; b=2",
          "content-type": "application/x-amz-json-1.1",
          "content-length": "13",
          "x-request-id": "req-12345678",
          "x-forwarded-for": "203.0.113.9, 127.0.0.1",
          origin: "http://localhost:3000",
        },
        body: '{"hello":"x"}',
      }),
    );
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe("/api/local/cognito?x=1&y=%2F");
    expect(seen.body).toBe('{"hello":"x"}');
    expect(seen.headers).toMatchObject({
      cookie: "a=1; b=2",
      "content-type": "application/x-amz-json-1.1",
      "x-request-id": "req-12345678",
      // As the shell's server left it: the stand-ins read the client at its end.
      "x-forwarded-for": "203.0.113.9, 127.0.0.1",
      origin: "http://localhost:3000",
      "x-forwarded-host": "127.0.0.1:3000",
      "x-forwarded-proto": "http",
      [FORWARDED_CONTENT_LENGTH]: "13",
      "accept-encoding": "identity",
    });
  });

  it("drops hop-by-hop headers, those the Connection header names included, and a client's own declaration", async () => {
    await proxy(
      new Request(`${SHELL}/api/local/outbox`, {
        headers: {
          connection: "keep-alive, x-hop",
          "keep-alive": "timeout=5",
          "x-hop": "1",
          te: "trailers",
          "proxy-authorization": "Basic eA==",
          "x-end-to-end": "kept",
          [FORWARDED_CONTENT_LENGTH]: "999",
        },
      }),
    );
    expect(seen.headers["x-hop"]).toBeUndefined();
    expect(seen.headers["keep-alive"]).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
    expect(seen.headers["proxy-authorization"]).toBeUndefined();
    expect(seen.headers[FORWARDED_CONTENT_LENGTH]).toBeUndefined();
    expect(seen.headers["x-end-to-end"]).toBe("kept");
    expect(seen.headers.host).toBe(new URL(origin).host);
  });
});

describe("reverseProxy: the answer", () => {
  it("returns status, headers, every Set-Cookie on its own and the body unchanged", async () => {
    answer = (_req, res) => {
      res.writeHead(409, "Conflict Here", {
        "content-type": "application/json",
        "set-cookie": ["a=1; Path=/; HttpOnly", "b=2; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT"],
        "x-amzn-errortype": "UsernameExistsException",
        "keep-alive": "timeout=5",
      });
      res.end('{"__type":"UsernameExistsException"}');
    };
    const response = await proxy(new Request(`${SHELL}/api/local/cognito`, { method: "POST", body: "{}" }));
    expect(response.status).toBe(409);
    expect(response.statusText).toBe("Conflict Here");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT"]);
    expect(response.headers.get("x-amzn-errortype")).toBe("UsernameExistsException");
    expect(response.headers.get("keep-alive")).toBeNull();
    expect(await response.text()).toBe('{"__type":"UsernameExistsException"}');
  });

  it("returns a redirect as a redirect (never follows it)", async () => {
    answer = (_req, res) => res.writeHead(303, { location: "/api/local/apps/lending/apply" }).end();
    const response = await proxy(new Request(`${SHELL}/api/local/apps/lending/apply`, { method: "POST", body: "a=1" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/api/local/apps/lending/apply");
  });

  it.each([
    ["HEAD", 200],
    ["GET", 204],
    ["GET", 304],
  ])("%s answered %i has no body", async (method, status) => {
    answer = (_req, res) => res.writeHead(status, { etag: '"x"' }).end();
    const response = await proxy(new Request(`${SHELL}/api/local/outbox`, { method }));
    expect(response.status).toBe(status);
    expect(response.body).toBeNull();
  });

  it("streams the body: the first part arrives before the upstream has finished", async () => {
    let finish!: () => void;
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first ");
      finish = () => res.end("last");
    };
    const response = await proxy(new Request(`${SHELL}/api/local/outbox`));
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first ");
    finish();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("last");
  });
});

describe("reverseProxy: an upstream that is down or slow", () => {
  it("down: 503 at once, logged with the request id", async () => {
    const logs = captureLogs();
    try {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const started = Date.now();
      const response = await reverseProxy(
        new Request(`${SHELL}/api/local/outbox`, { headers: { "x-request-id": "req-down-0001" } }),
        `http://127.0.0.1:${port}`,
        { timeoutMs: 5_000 },
      );
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(logs.lines()).toEqual([
        expect.objectContaining({ level: "error", requestId: "req-down-0001", path: "/api/local/outbox", failure: "unreachable" }),
      ]);
    } finally {
      logs.restore();
    }
  });

  it("slower than the timeout: 504, never a hang", async () => {
    const logs = captureLogs();
    try {
      answer = (_req, res) => setTimeout(() => res.end("late"), 2_000).unref();
      const started = Date.now();
      const response = await proxy(new Request(`${SHELL}/api/local/graphql`, { method: "POST", body: "{}" }), 200);
      expect(response.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(logs.lines()[0]).toMatchObject({ failure: "timeout" });
    } finally {
      logs.restore();
    }
  });
});
