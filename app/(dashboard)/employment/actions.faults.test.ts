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
let stored: Record<string, unknown> | null = null;
let api: http.Server;
let proxy: FaultProxy;
beforeAll(async () => {
  api = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { operationName, variables } = JSON.parse(body) as { operationName: string; variables: Record<string, unknown> };
      let data: unknown = null;
      if (operationName === "employmentInformationNextHandler") {
        // As the API stores and lists it (loadFrontend's appInfo.employment); the step moves only from employment.
        stored = {
          jobTitle: variables.title,
          employmentStatus: variables.status,
          startDate: variables.start,
          employeeId: variables.id,
          salary: variables.salary,
          additionalIncome: variables.additional ?? null,
          payMonths: variables.payMonths,
          payFrequency: variables.payFrequency,
          ddAccounts: variables.ddAccounts,
          activeMilitary: variables.activeMilitary,
          choaCostCenter: variables.cost_center || null,
          choaDepartmentExtension: variables.dept_ext || null,
          requirePaystubs: false,
        };
        if (step === "employmentInformation") step = "authPrequal";
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
      if (operationName === "loadFrontend") data = { loadFrontend: { applicationStep: step, appInfo: { step, employment: stored } } };
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
  stored = null;
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

test("from the review step on, a save that never reached the API is failed, not 'saved' (the step had moved before it)", async () => {
  step = "authPrequal";
  stored = { jobTitle: "Librarian" };
  proxy.set({ mode: "hang", operation: "employmentInformationNextHandler" });
  expect(await saveEmploymentAction("", VALUES)).toEqual({ ok: false, reason: "failed" });
});

test("from the review step on, a save answered after the timeout is saved, with no route to follow (the API moves no step then)", async () => {
  step = "authPrequal";
  proxy.set({ mode: "delay", delayMs: TIMEOUT_MS * 2, operation: "employmentInformationNextHandler" });
  expect(await saveEmploymentAction("", VALUES)).toEqual({ ok: true, nextRoute: null, requirePaystubs: false });
  expect(step).toBe("authPrequal");
});
