/** @jest-environment node */
import { EventEmitter } from "node:events";
import { captureConsole } from "./console-capture";
import { captureLogs, logger } from "./logger";
import { logUnhandledRejections } from "./process-errors";
import { requestStore } from "./request-store";

let captured: ReturnType<typeof captureLogs>;
let remove: () => void;
/** Jest's sandbox keeps the real process's rejections to itself: the listener is given an emitter of our own. */
const events = new EventEmitter();
beforeEach(() => {
  captured = captureLogs();
  remove = logUnhandledRejections(logger, events);
});
afterEach(() => {
  remove();
  captured.restore();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

test("a rejection nobody awaited inside a request is one error line with that request's id (issue 44)", async () => {
  // Raised as Node raises it: in the rejected promise's own async context (the request's).
  requestStore.run({ requestId: "req-abcdef12" }, () => {
    setTimeout(() => {
      const reason = new Error("RetryError: unreachable hosts");
      const promise = Promise.reject(reason);
      promise.catch(() => undefined);
      events.emit("unhandledRejection", reason, promise);
    }, 1);
  });
  await tick();
  expect(captured.lines()).toEqual([
    expect.objectContaining({
      level: "error",
      msg: "unhandled rejection",
      requestId: "req-abcdef12",
      err: expect.objectContaining({ type: "Error" }),
    }),
  ]);
});

test("Next's own console line for the same rejection is not written twice", () => {
  const target = { debug: jest.fn(), log: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const restore = captureConsole(target as unknown as Console, logger);
  target.error(" ⨯", "unhandledRejection:", new Error("x"));
  target.error("something else");
  restore();
  expect(captured.lines().map((l) => l.msg)).toEqual(["something else"]);
});
