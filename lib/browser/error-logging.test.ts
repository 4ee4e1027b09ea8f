/** @jest-environment jsdom */
import { userClient } from "@/lib/graphql/client";
import { logs } from "@/lib/graphql/operations";
import {
  MAX_LOGS_PER_PAGE,
  MAX_MESSAGE_LENGTH,
  captureGlobalErrors,
  configureClientErrorLogging,
  createClientErrorLogger,
  formatLogMessage,
  logClientError,
  resetClientErrorLoggingForTests,
} from "./error-logging";
import { amplifyIdToken } from "./id-token";

jest.mock("./id-token", () => ({ amplifyIdToken: jest.fn() }));
jest.mock("@/lib/graphql/client", () => ({ userClient: jest.fn((url: string, token: string) => ({ url, token })) }));
jest.mock("@/lib/graphql/operations", () => ({ logs: jest.fn(() => Promise.resolve(true)) }));
// Amplify is loaded on demand in the browser; here the token comes straight from the (mocked) reader.
jest.mock("@/lib/auth/amplify-on-demand", () => ({
  idTokenOnDemand: () => jest.requireMock<typeof import("@/lib/browser/id-token")>("@/lib/browser/id-token").amplifyIdToken(),
}));

const URL = "https://api.example.test/graphql";
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  jest.clearAllMocks();
  resetClientErrorLoggingForTests();
  jest.mocked(amplifyIdToken).mockResolvedValue("id-token");
});

describe("createClientErrorLogger", () => {
  it("sends through the logs mutation with the user's ID token by default", async () => {
    const logger = createClientErrorLogger({ graphqlUrl: URL, path: () => "/bank" });
    await logger.log("error", new TypeError("x is undefined"));
    expect(userClient).toHaveBeenCalledWith(URL, "id-token");
    expect(logs).toHaveBeenCalledTimes(1);
    const [client, message] = jest.mocked(logs).mock.calls[0]!;
    expect(client).toEqual({ url: URL, token: "id-token" });
    expect(message).toMatch(/^client error at \/bank: TypeError: x is undefined/);
    expect(logger.sent).toBe(1);
  });

  it("sends nothing when nobody is signed in", async () => {
    jest.mocked(amplifyIdToken).mockResolvedValue(undefined);
    const logger = createClientErrorLogger({ graphqlUrl: URL });
    await logger.log("error", new Error("anonymous"));
    expect(logs).not.toHaveBeenCalled();
    expect(logger.sent).toBe(0);
  });

  it(`sends at most ${MAX_LOGS_PER_PAGE} messages per page load, each distinct message once`, async () => {
    const send = jest.fn(() => Promise.resolve());
    const logger = createClientErrorLogger({ graphqlUrl: URL, send, path: () => "/" });
    for (let round = 0; round < 3; round++) await logger.log("error", new Error("same"));
    expect(send).toHaveBeenCalledTimes(1);
    await Promise.all(Array.from({ length: 25 }, (_, i) => logger.log("unhandledrejection", new Error(`distinct ${i}`))));
    expect(send).toHaveBeenCalledTimes(MAX_LOGS_PER_PAGE);
    expect(logger.sent).toBe(MAX_LOGS_PER_PAGE);
  });

  it("swallows failures of the token lookup and of the mutation", async () => {
    const send = jest.fn(() => Promise.reject(new Error("network down")));
    const logger = createClientErrorLogger({ graphqlUrl: URL, send });
    await expect(logger.log("error", new Error("a"))).resolves.toBeUndefined();
    const broken = createClientErrorLogger({ graphqlUrl: URL, send, getIdToken: () => Promise.reject(new Error("no amplify")) });
    await expect(broken.log("error", new Error("b"))).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("ignores cross-origin 'Script error.' and ResizeObserver noise", async () => {
    const send = jest.fn(() => Promise.resolve());
    const logger = createClientErrorLogger({ graphqlUrl: URL, send });
    await logger.log("error", "Script error.");
    await logger.log("error", new Error("ResizeObserver loop completed with undelivered notifications."));
    expect(send).not.toHaveBeenCalled();
  });
});

describe("formatLogMessage", () => {
  it("is one line with the source, path, error name, message, digest and first stack frame", () => {
    const error = Object.assign(new Error("render failed\nsecond line"), { digest: "123456" });
    error.stack = "Error: render failed\n    at Page (https://app/_next/static/chunks/page.js:1:2)\n    at next";
    expect(formatLogMessage("boundary", error, "/personal")).toBe(
      "client boundary at /personal: Error: render failed second line digest 123456 (at Page (https://app/_next/static/chunks/page.js:1:2))",
    );
    expect(formatLogMessage("unhandledrejection", { code: 42 }, "/")).toBe('client unhandledrejection at /: {"code":42}');
  });

  it(`caps the message at ${MAX_MESSAGE_LENGTH} characters`, () => {
    const text = formatLogMessage("error", "x".repeat(20_000), "/");
    expect(text).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("captureGlobalErrors and logClientError", () => {
  it("logs uncaught errors and unhandled rejections through the page's logger, not resource errors", async () => {
    configureClientErrorLogging({ graphqlUrl: URL, path: () => "/bank" });
    const stop = captureGlobalErrors(window);
    window.dispatchEvent(new ErrorEvent("error", { error: new RangeError("bad index"), message: "bad index" }));
    const rejection = new Event("unhandledrejection") as PromiseRejectionEvent;
    Object.defineProperty(rejection, "reason", { value: new Error("fetch failed") });
    window.dispatchEvent(rejection);
    window.dispatchEvent(new Event("error")); // a resource error reaching window: not a script error
    await flush();
    const messages = jest.mocked(logs).mock.calls.map(([, message]) => message);
    expect(messages).toEqual([
      expect.stringMatching(/^client error at \/bank: RangeError: bad index/),
      expect.stringMatching(/^client unhandledrejection at \/bank: Error: fetch failed/),
    ]);
    stop();
    // (jest's jsdom environment fails a test on an error event nobody handles: handle it here.)
    const swallow = (event: Event) => event.preventDefault();
    window.addEventListener("error", swallow);
    window.dispatchEvent(new ErrorEvent("error", { error: new Error("after stop"), cancelable: true }));
    window.removeEventListener("error", swallow);
    await flush();
    expect(logs).toHaveBeenCalledTimes(2);
  });

  it("keeps one logger per page load, so the limit holds across remounts", async () => {
    const first = configureClientErrorLogging({ graphqlUrl: URL });
    const second = configureClientErrorLogging({ graphqlUrl: URL });
    expect(second).toBe(first);
    for (let i = 0; i < MAX_LOGS_PER_PAGE + 5; i++) logClientError("boundary", new Error(`e${i}`));
    await flush();
    expect(logs).toHaveBeenCalledTimes(MAX_LOGS_PER_PAGE);
  });

  it("does nothing before a logger is configured", async () => {
    logClientError("boundary", new Error("early"));
    await flush();
    expect(logs).not.toHaveBeenCalled();
  });
});
