/** @jest-environment jsdom */
import { keepSessionFresh, SESSION_CHECK_MS } from "./keep-session-fresh";

jest.mock("aws-amplify/auth", () => ({ fetchAuthSession: jest.fn() }));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("keepSessionFresh", () => {
  it("asks for the session every minute until stopped", () => {
    const fetchSession = jest.fn().mockResolvedValue({});
    const stop = keepSessionFresh(fetchSession);
    expect(fetchSession).not.toHaveBeenCalled();
    jest.advanceTimersByTime(SESSION_CHECK_MS - 1);
    expect(fetchSession).toHaveBeenCalledTimes(0);
    jest.advanceTimersByTime(1);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(SESSION_CHECK_MS * 3);
    expect(fetchSession).toHaveBeenCalledTimes(4);
    stop();
    jest.advanceTimersByTime(SESSION_CHECK_MS * 3);
    expect(fetchSession).toHaveBeenCalledTimes(4);
  });

  it("asks again when the tab becomes visible, not when it is hidden", () => {
    const fetchSession = jest.fn().mockResolvedValue({});
    const stop = keepSessionFresh(fetchSession);
    setVisibility("hidden");
    expect(fetchSession).toHaveBeenCalledTimes(0);
    setVisibility("visible");
    expect(fetchSession).toHaveBeenCalledTimes(1);
    stop();
    setVisibility("visible");
    expect(fetchSession).toHaveBeenCalledTimes(1);
  });

  it("swallows a failed check (signed out or offline)", async () => {
    const fetchSession = jest.fn().mockRejectedValue(new Error("No current user"));
    const stop = keepSessionFresh(fetchSession);
    jest.advanceTimersByTime(SESSION_CHECK_MS);
    await Promise.resolve();
    expect(fetchSession).toHaveBeenCalledTimes(1);
    stop();
  });
});
