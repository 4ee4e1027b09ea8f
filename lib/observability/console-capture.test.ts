import { captureConsole } from "./console-capture";
import { edgeLogLine } from "./edge-log";
import { captureLogs } from "./logger";
import { requestStore } from "./request-store";

function fakeConsole() {
  const printed: unknown[][] = [];
  const print = (...args: unknown[]) => void printed.push(args);
  return { printed, target: { debug: print, log: print, info: print, warn: print, error: print } };
}

test.each([
  ["log", "info"],
  ["info", "info"],
  ["warn", "warn"],
  ["error", "error"],
] as const)("console.%s becomes one %s line of the logger, nothing printed raw", (method, level) => {
  const { printed, target } = fakeConsole();
  const logs = captureLogs();
  const restore = captureConsole(target);
  try {
    target[method]("Failed to find Server Action %s", "abc123");
  } finally {
    restore();
    logs.restore();
  }
  expect(printed).toEqual([]);
  expect(logs.lines()).toEqual([expect.objectContaining({ level, source: "console", msg: "Failed to find Server Action abc123" })]);
});

test("an error is logged as its fields, with the request id of the request it ran for, and personal data scrubbed", () => {
  const { target } = fakeConsole();
  const logs = captureLogs();
  const restore = captureConsole(target);
  try {
    requestStore.run({ requestId: "req-console-1" }, () => target.error("render failed for jane.doe@example.com", new TypeError("boom")));
  } finally {
    restore();
    logs.restore();
  }
  const [line] = logs.lines();
  expect(line).toMatchObject({ level: "error", requestId: "req-console-1", err: expect.objectContaining({ type: "TypeError" }) });
  expect(JSON.stringify(line)).not.toContain("jane.doe@example.com");
});

test("restore puts the console back", () => {
  const { printed, target } = fakeConsole();
  const original = target.warn;
  captureConsole(target)();
  expect(target.warn).toBe(original);
  target.warn("raw");
  expect(printed).toEqual([["raw"]]);
});

test("a line edge-log wrote (already JSON) keeps its fields as the line's own, with the request id, not as a string in msg", () => {
  const { printed, target } = fakeConsole();
  const logs = captureLogs();
  const restore = captureConsole(target);
  try {
    requestStore.run({ requestId: "req-edge-1" }, () =>
      target.error(edgeLogLine("error", "identity key set unavailable: sessions wait (verifying)", { error: "TimeoutError" })),
    );
    target.log('{"level": not json');
  } finally {
    restore();
    logs.restore();
  }
  expect(printed).toEqual([]);
  expect(logs.lines()).toEqual([
    expect.objectContaining({
      level: "error",
      source: "edge",
      requestId: "req-edge-1",
      msg: "identity key set unavailable: sessions wait (verifying)",
      error: "TimeoutError",
    }),
    expect.objectContaining({ level: "info", source: "console", msg: '{"level": not json' }),
  ]);
});
