/**
 * @jest-environment node
 *
 * /bank's add-account action under faults (issue 44): the real action, the real GraphQL client with
 * a short timeout, the fault proxy (local/infra/testing/fault-proxy.ts) in front of a small API that
 * records the accounts added, and the request scope around it all (access line, request id).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startFaultProxy, type FaultProxy } from "@/local/infra/testing/fault-proxy";
import type { Session } from "@/lib/session/session";

jest.mock("@/lib/session/server-session", () => ({
  currentSession: async (): Promise<Session> => ({
    status: "signing-in",
    sub: "5f0c1234-5678-4abc-9def-123456789012",
    username: "abc123",
    email: "b@example.com",
  }),
  cookieIdToken: async () => "the.id.token",
}));
// Outside Next's request: the request id comes from the request scope, as in the server in front of Next.
jest.mock("next/headers", () => ({
  headers: async () => {
    throw new Error("outside a request");
  },
}));

import { captureLogs } from "@/lib/observability/logger";
import { withRequestScope } from "@/lib/observability/request-scope";
import { addManualAccount } from "./actions";

const TIMEOUT_MS = 300;
process.env.GRAPHQL_TIMEOUT_MS = String(TIMEOUT_MS);

/** The API: `manually` adds an account, `accounts` lists them. */
const added: Record<string, unknown>[] = [];
let api: http.Server;
let proxy: FaultProxy;
let app: http.Server;
let appUrl: string;

beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { operationName, variables } = JSON.parse(body) as { operationName: string; variables: Record<string, string> };
      let data: unknown = null;
      if (operationName === "manually") {
        const source = {
          account_id: `acc-${added.length + 1}`,
          // The contract's link type for a by-hand account (the read-back matched "manual" before issue 51 and never found it).
          link_type: "dwolla_MicroDeposits",
          name: variables.name,
          mask: variables.account!.slice(-4),
          subtype: variables.type,
          verified: false,
          active: false,
          locked: false,
          verifyTriesLeft: 3,
          institutionName: null,
        };
        added.push(source);
        data = { manually: source };
      }
      if (operationName === "accounts") data = { accounts: added };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  proxy = await startFaultProxy(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
  process.env.GRAPHQL_URL = `${proxy.url}/graphql`;
  // Wrapped per request, so the scope's access line goes to the logger each test captures.
  app = http.createServer((request, response) =>
    withRequestScope(async (_req, res) => {
      const result = await addManualAccount({ routing: "011000015", account: "123456789", name: "Checking", type: "checking" });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    })(request, response),
  );
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await proxy.close();
  await Promise.all([api, app].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

let captured: ReturnType<typeof captureLogs>;
beforeEach(() => {
  added.length = 0;
  captured = captureLogs();
});
afterEach(() => captured.restore());

async function submit() {
  const began = Date.now();
  const res = await fetch(`${appUrl}/bank`, { method: "POST" });
  const result = (await res.json()) as { ok: boolean; reason?: string; source?: { mask: string } };
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { result, ms: Date.now() - began, requestId: res.headers.get("x-request-id") };
}

// The write's own timeout, then one read-back call's at most, and a margin for a busy machine.
const BOUND_MS = 2 * TIMEOUT_MS + 1_500;

test("the write completes after the timeout: reported as added, once read back", async () => {
  proxy.set({ mode: "delay", delayMs: TIMEOUT_MS * 2, operation: "manually" });
  const { result, ms, requestId } = await submit();
  expect(result).toMatchObject({ ok: true, source: { mask: "6789" } });
  expect(ms).toBeLessThan(BOUND_MS);
  const lines = captured.lines();
  expect(lines).toContainEqual(expect.objectContaining({ requestId, msg: "manually got no answer: read back", reconciled: true }));
  expect(lines).toContainEqual(expect.objectContaining({ requestId, channel: "audit", outcome: "success" }));
  expect(lines).toContainEqual(expect.objectContaining({ requestId, msg: "request", status: 200 }));
});

test("a hung write beside an older account with the same last four and type is not taken for it: failed", async () => {
  added.push({
    account_id: "acc-old",
    link_type: "plaid",
    name: "Checking",
    mask: "6789",
    subtype: "checking",
    verified: true,
    active: true,
  });
  proxy.set({ mode: "hang", operation: "manually" });
  const { result } = await submit();
  expect(result).toEqual({ ok: false, reason: "failed" });
});

test.each([
  ["hangs (never reaches the API)", { mode: "hang", operation: "manually" }],
  ["is reset", { mode: "reset", operation: "manually" }],
  ["answers a bare 500", { mode: "500", operation: "manually" }],
  ["is cut short", { mode: "truncated", operation: "manually" }],
] as const)(
  "the write %s: answered as it happened within the bound (failed, or added where the API did add it), logged with the request id",
  async (_name, rule) => {
    proxy.set(rule);
    const { result, ms, requestId } = await submit();
    // Truncated: the API did add it before the answer was cut, so the read-back finds it.
    if (rule.mode === "truncated") expect(result).toMatchObject({ ok: true });
    else expect(result).toEqual({ ok: false, reason: "failed" });
    expect(ms).toBeLessThan(BOUND_MS);
    const lines = captured.lines();
    if (rule.mode !== "truncated") {
      expect(lines.filter((l) => l.level === "error" && l.msg === "manually failed")).toEqual([expect.objectContaining({ requestId })]);
      expect(lines).toContainEqual(expect.objectContaining({ requestId, channel: "audit", outcome: "failed" }));
    }
    expect(lines).toContainEqual(expect.objectContaining({ requestId, msg: "request", status: 200 }));
  },
);

test("the API hangs for every call (the read-back too): failed within the bound, never a stall", async () => {
  proxy.set({ mode: "hang" });
  const { result, ms } = await submit();
  expect(result).toEqual({ ok: false, reason: "failed" });
  expect(ms).toBeLessThan(BOUND_MS);
  expect(added).toEqual([]);
});
