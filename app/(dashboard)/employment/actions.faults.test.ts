/**
 * @jest-environment node
 *
 * /employment's save under faults (issue 44): the real action and GraphQL client (short timeout)
 * behind the fault proxy, in front of a small API whose save moves the step.
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
jest.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-employment1" }) }));

import { captureLogs } from "@/lib/observability/logger";
import { saveEmploymentAction } from "./actions";

const TIMEOUT_MS = 300;
process.env.GRAPHQL_TIMEOUT_MS = String(TIMEOUT_MS);

const VALUES = {
  id: "E-1001",
  title: "Teacher",
  status: "full",
  start: "2019-08-01",
  salary: 52000,
  additional: null,
  payMonths: 12,
  payFrequency: "biweekly",
  ddAccounts: 1,
  activeMilitary: false,
  cost_center: "",
  dept_ext: "",
};

let step = "employmentInformation";
let api: http.Server;
let proxy: FaultProxy;
beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { operationName } = JSON.parse(body) as { operationName: string };
      let data: unknown = null;
      if (operationName === "employmentInformationNextHandler") {
        step = "authPrequal";
        data = {
          employmentInformationNextHandler: {
            nextRoute: "/apply/authPrequal",
            validationError: null,
            serverError: null,
            data: null,
            requirePaystubs: false,
          },
        };
      }
      if (operationName === "loadFrontend") data = { loadFrontend: { applicationStep: step } };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  proxy = await startFaultProxy(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
  process.env.GRAPHQL_URL = `${proxy.url}/graphql`;
});
afterAll(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

let captured: ReturnType<typeof captureLogs>;
beforeEach(() => {
  step = "employmentInformation";
  captured = captureLogs();
});
afterEach(() => captured.restore());

test("the save completes after the timeout: reported as saved (the step moved), never 'could not save'", async () => {
  proxy.set({ mode: "delay", delayMs: TIMEOUT_MS * 2, operation: "employmentInformationNextHandler" });
  const result = await saveEmploymentAction("", VALUES);
  expect(result).toEqual({ ok: true, nextRoute: "/apply/authPrequal", requirePaystubs: false });
  expect(captured.lines()).toContainEqual(expect.objectContaining({ requestId: "req-employment1", reconciled: true }));
});

test("the save never reached the API: failed, logged with the request id", async () => {
  proxy.set({ mode: "hang", operation: "employmentInformationNextHandler" });
  const began = Date.now();
  expect(await saveEmploymentAction("", VALUES)).toEqual({ ok: false, reason: "failed" });
  expect(Date.now() - began).toBeLessThan(2 * TIMEOUT_MS + 1_500);
  expect(captured.lines()).toContainEqual(
    expect.objectContaining({ level: "error", requestId: "req-employment1", msg: "employmentInformationNextHandler failed" }),
  );
});
