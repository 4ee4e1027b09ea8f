/** @jest-environment node */
import { audit } from "./audit";
import { captureLogs } from "./logger";

jest.mock("next/headers", () => ({ headers: async () => new Headers({ "x-request-id": "req-12345678" }) }));

test.each([
  ["identity-changed", { sub: "5f0c1234-5678-4abc-9def-123456789012", outcome: "success" }],
  ["bank-account-verified", { sub: "5f0c1234-5678-4abc-9def-123456789012", outcome: "refused", reason: "refused" }],
  ["sign-out", { outcome: "failed" }],
] as const)("%s: one audit line with the sub, request id and outcome", async (event, record) => {
  const logs = captureLogs();
  try {
    await audit(event, record);
    expect(logs.lines()).toEqual([
      expect.objectContaining({
        level: "info",
        channel: "audit",
        event,
        requestId: "req-12345678",
        ...record,
        msg: `audit ${event} ${record.outcome}`,
      }),
    ]);
  } finally {
    logs.restore();
  }
});

test("a reason that carries a value is scrubbed like any other field", async () => {
  const logs = captureLogs();
  try {
    await audit("contact-changed", { sub: "s-1", outcome: "refused", reason: "phone +15555550123 taken by jane@example.com" });
    expect(JSON.stringify(logs.lines())).not.toMatch(/5555550123|jane@example\.com/);
  } finally {
    logs.restore();
  }
});
