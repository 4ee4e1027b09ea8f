/** @jest-environment node */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startFaultProxy, setFaults, type FaultProxy } from "./fault-proxy";

/** The upstream: echoes what it got, and counts what reached it (a write that "took effect"). */
let reached = 0;
let upstream: http.Server;
let proxy: FaultProxy;
beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    reached++;
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ echoed: body, path: req.url })));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  proxy = await startFaultProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  reached = 0;
  proxy.set([]);
});

const call = async (operation = "op", timeoutMs = 1_000) => {
  const began = Date.now();
  try {
    const res = await fetch(`${proxy.url}/graphql`, {
      method: "POST",
      body: JSON.stringify({ operationName: operation }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, text, ms: Date.now() - began };
  } catch (error) {
    return { error: (error as Error).name, ms: Date.now() - began };
  }
};

test.each([
  // mode, what the caller sees, whether the upstream was reached
  ["pass", { status: 200 }, 1],
  ["500", { status: 500 }, 0],
  ["hang", { error: "TimeoutError" }, 0],
  ["reset", { error: "TypeError" }, 0],
  ["truncated", { error: "TypeError" }, 1],
] as const)("%s", async (mode, seen, upstreamCalls) => {
  proxy.set({ mode });
  expect(await call("op", 300)).toMatchObject(seen);
  expect(reached).toBe(upstreamCalls);
});

test("delay: the upstream acts at once, the answer comes after delayMs (a write completing after the caller's timeout)", async () => {
  proxy.set({ mode: "delay", delayMs: 400 });
  const late = await call("op", 200);
  expect(late).toMatchObject({ error: "TimeoutError" });
  expect(reached).toBe(1);
  const slow = await call("op", 2_000);
  expect(slow.status).toBe(200);
  expect(slow.ms).toBeGreaterThanOrEqual(380);
});

test("seen: `answered` is set when the upstream's answer arrives, while delay still holds it from the caller", async () => {
  proxy.set({ mode: "delay", delayMs: 600 });
  const pending = call("op", 2_000);
  const began = Date.now();
  while (proxy.seen()[0]?.answered === undefined && Date.now() - began < 1_000) await new Promise((r) => setTimeout(r, 10));
  // The upstream has acted (answered 200) well before the caller gets its answer.
  expect(proxy.seen()).toEqual([expect.objectContaining({ operation: "op", mode: "delay", answered: 200 })]);
  expect(Date.now() - began).toBeLessThan(400);
  expect((await pending).status).toBe(200);
  // Never asked: no `answered`.
  proxy.set({ mode: "500" });
  await call();
  expect(proxy.seen()[0]).not.toHaveProperty("answered");
});

test("rules match on path and GraphQL operation, in order, and `times` limits one", async () => {
  proxy.set([
    { mode: "500", operation: "write", times: 1 },
    { mode: "hang", path: "/elsewhere" },
  ]);
  expect((await call("write")).status).toBe(500);
  expect((await call("write")).status).toBe(200);
  expect((await call("read")).status).toBe(200);
  expect(proxy.seen().map((s) => [s.operation, s.mode])).toEqual([
    ["write", "500"],
    ["write", "pass"],
    ["read", "pass"],
  ]);
});

test("switchable at run time from another process, through the control endpoint", async () => {
  await setFaults(proxy.url, { mode: "500" });
  expect((await call()).status).toBe(500);
  expect(await (await fetch(`${proxy.url}/__fault`)).json()).toEqual([expect.objectContaining({ mode: "500" })]);
  await setFaults(proxy.url, []);
  expect((await call()).status).toBe(200);
  await expect(setFaults(proxy.url, { mode: "explode" as never })).rejects.toThrow(/mode must be one of/);
});
