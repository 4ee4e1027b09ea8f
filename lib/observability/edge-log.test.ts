import { edgeLogLine } from "./edge-log";

test("the edge writes the Node logger's shape, redacted", () => {
  const line = edgeLogLine(
    "info",
    "route decision for jane@example.com",
    { requestId: "req-12345678", route: "/bank", reason: "signed-in", status: 200, email: "jane@example.com" },
    new Date("2026-11-25T12:00:00.000Z"),
  );
  expect(JSON.parse(line)).toEqual({
    level: "info",
    time: "2026-11-25T12:00:00.000Z",
    service: "lending-shell",
    msg: "route decision for [email]",
    requestId: "req-12345678",
    route: "/bank",
    reason: "signed-in",
    status: 200,
    email: "[redacted]",
  });
  expect(line).not.toContain("\n");
});
