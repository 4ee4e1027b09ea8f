/** @jest-environment jsdom */
import { ACTIVITY_KEY, idleSignInPath, idleState, parseActivity } from "./idle-timeout";
import { watchIdle } from "./idle-watch";

// Issue 13's values, stated literally: a change to the module under test must fail here.
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const WARNING = 60_000;
/** How often a busy page tells the server (its idle limit sees only requests). */
const FIVE_MINUTES = 5 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

describe("idleState", () => {
  it.each<[string, number, ReturnType<typeof idleState>]>([
    ["just active", 0, { phase: "active", warnAt: T0 + FIFTEEN_MINUTES }],
    ["1 ms before the warning", FIFTEEN_MINUTES - 1, { phase: "active", warnAt: T0 + FIFTEEN_MINUTES }],
    ["15 minutes idle: the warning", FIFTEEN_MINUTES, { phase: "warning", signOutAt: T0 + FIFTEEN_MINUTES + WARNING }],
    ["1 ms before the end", FIFTEEN_MINUTES + WARNING - 1, { phase: "warning", signOutAt: T0 + FIFTEEN_MINUTES + WARNING }],
    ["60 s after the warning: expired", FIFTEEN_MINUTES + WARNING, { phase: "expired" }],
    ["long asleep: expired at once", 10 * FIFTEEN_MINUTES, { phase: "expired" }],
  ])("%s", (_name, idleFor, expected) => {
    expect(idleState(T0, T0 + idleFor)).toEqual(expected);
  });
});

describe("parseActivity", () => {
  it.each<[string | null, number | undefined]>([
    [String(T0), T0],
    [null, undefined],
    ["", undefined],
    ["12abc", undefined],
    ["-5", undefined],
    ["1e12", undefined],
    ["99999999999999999", undefined],
  ])("%p → %p", (raw, expected) => {
    expect(parseActivity(raw)).toBe(expected);
  });
});

describe("idleSignInPath", () => {
  it("says why, and keeps the way back", () => {
    expect(idleSignInPath("/personal?x=1")).toBe("/login?signedOut=idle&redirect=%2Fpersonal%3Fx%3D1");
    expect(idleSignInPath(undefined)).toBe("/login?signedOut=idle");
  });
});

describe("watchIdle", () => {
  // Every watch a test starts is stopped after it: a live one's listeners would act in later tests.
  const started: Array<ReturnType<typeof watchIdle>> = [];
  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
    localStorage.clear();
  });
  afterEach(() => {
    for (const watch of started.splice(0)) watch.stop();
    jest.useRealTimers();
  });

  function start() {
    const phases: string[] = [];
    const onExpire = jest.fn();
    const watch = watchIdle({ onPhase: (p) => phases.push(p), onExpire });
    started.push(watch);
    return { phases, onExpire, watch };
  }

  /** Another tab of the shell reports activity: it writes the shared timestamp, the browser fires `storage` here. */
  function activityInAnotherTab(at: number) {
    localStorage.setItem(ACTIVITY_KEY, String(at));
    window.dispatchEvent(new StorageEvent("storage", { key: ACTIVITY_KEY, newValue: String(at) }));
  }

  it("arriving counts as activity: warns after 15 minutes, ends the session 60 s later, once", () => {
    const { phases, onExpire, watch } = start();
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe(String(T0));
    jest.advanceTimersByTime(FIFTEEN_MINUTES - 1);
    expect(phases).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(phases).toEqual(["warning"]);
    jest.advanceTimersByTime(WARNING - 1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10 * FIFTEEN_MINUTES);
    watch.stayActive();
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(phases).toEqual(["warning"]);
  });

  it("started after the page arrived (once the main thread is idle), counts from the arrival", () => {
    const phases: string[] = [];
    jest.advanceTimersByTime(1500);
    started.push(watchIdle({ onPhase: (p) => phases.push(p), onExpire: jest.fn(), arrivedAt: T0 }));
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe(String(T0));
    jest.advanceTimersByTime(FIFTEEN_MINUTES - 1500 - 1);
    expect(phases).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(phases).toEqual(["warning"]);
  });

  it("an arrival time the clock cannot have seen (in the future, or a whole idle period back) counts from the start", () => {
    for (const arrivedAt of [T0 - FIFTEEN_MINUTES, T0 + 60_000, 10]) {
      const phases: string[] = [];
      const onExpire = jest.fn();
      const watch = watchIdle({ onPhase: (p) => phases.push(p), onExpire, arrivedAt });
      expect(localStorage.getItem(ACTIVITY_KEY)).toBe(String(T0));
      expect(onExpire).not.toHaveBeenCalled();
      expect(phases).toEqual([]);
      watch.stop();
      localStorage.clear();
    }
  });

  it("activity in this tab restarts the 15 minutes and is shared with the other tabs", () => {
    const { phases } = start();
    jest.advanceTimersByTime(10 * 60 * 1000);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe(String(T0 + 10 * 60 * 1000));
    jest.advanceTimersByTime(FIFTEEN_MINUTES - 1);
    expect(phases).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(phases).toEqual(["warning"]);
  });

  it("a person busy in the page (typing, no request) tells the server at most every 5 minutes, never for the arrival", () => {
    const onServerActivity = jest.fn();
    started.push(watchIdle({ onPhase: jest.fn(), onExpire: jest.fn(), onServerActivity }));
    expect(onServerActivity).not.toHaveBeenCalled();
    // Typing every 30 s for 16 minutes: past the server's idle limit had nobody told it.
    for (let t = 30_000; t <= 16 * 60 * 1000; t += 30_000) {
      jest.advanceTimersByTime(30_000);
      window.dispatchEvent(new KeyboardEvent("keydown"));
      expect(onServerActivity).toHaveBeenCalledTimes(Math.floor(t / FIVE_MINUTES));
    }
    expect(onServerActivity).toHaveBeenCalledTimes(3);
  });

  it("without activity the server is never told, and the button tells it once due", () => {
    const onServerActivity = jest.fn();
    const watch = watchIdle({ onPhase: jest.fn(), onExpire: jest.fn(), onServerActivity });
    started.push(watch);
    jest.advanceTimersByTime(FIFTEEN_MINUTES + 1000);
    expect(onServerActivity).not.toHaveBeenCalled();
    watch.stayActive();
    expect(onServerActivity).toHaveBeenCalledTimes(1);
  });

  it("activity in another tab keeps this one signed in, and closes its warning", () => {
    const { phases, onExpire } = start();
    jest.advanceTimersByTime(FIFTEEN_MINUTES - 1000);
    activityInAnotherTab(Date.now());
    jest.advanceTimersByTime(FIFTEEN_MINUTES - 1);
    expect(phases).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(phases).toEqual(["warning"]);
    activityInAnotherTab(Date.now());
    expect(phases).toEqual(["warning", "active"]);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it("during the warning only the button keeps the session: the page behind is inert", () => {
    const { phases, onExpire, watch } = start();
    jest.advanceTimersByTime(FIFTEEN_MINUTES);
    window.dispatchEvent(new MouseEvent("pointerdown"));
    expect(phases).toEqual(["warning"]);
    watch.stayActive();
    expect(phases).toEqual(["warning", "active"]);
    jest.advanceTimersByTime(FIFTEEN_MINUTES + WARNING - 1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("busy activity writes the shared time at most once a second", () => {
    start();
    const writes = jest.spyOn(Storage.prototype, "setItem");
    for (let i = 0; i < 50; i++) {
      window.dispatchEvent(new MouseEvent("pointermove"));
      jest.advanceTimersByTime(10);
    }
    expect(writes.mock.calls.length).toBeLessThanOrEqual(1);
    writes.mockRestore();
  });

  it("a tab that wakes after sleeping past the deadline ends the session at once", () => {
    const { onExpire } = start();
    jest.setSystemTime(T0 + FIFTEEN_MINUTES + WARNING + 5000); // timers did not run while asleep
    document.dispatchEvent(new Event("visibilitychange"));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("a stray or future value in storage cannot keep a session alive forever", () => {
    const { onExpire } = start();
    activityInAnotherTab(T0 + 100 * FIFTEEN_MINUTES); // a time in the future is ignored
    jest.advanceTimersByTime(FIFTEEN_MINUTES + WARNING);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("a malformed value in storage is ignored", () => {
    const { onExpire } = start();
    activityInAnotherTab(T0);
    localStorage.setItem(ACTIVITY_KEY, "garbage");
    window.dispatchEvent(new StorageEvent("storage", { key: ACTIVITY_KEY, newValue: "garbage" }));
    jest.advanceTimersByTime(FIFTEEN_MINUTES + WARNING);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("stop() ends the watch: no timers, no listeners", () => {
    const { phases, onExpire, watch } = start();
    watch.stop();
    jest.advanceTimersByTime(10 * FIFTEEN_MINUTES);
    activityInAnotherTab(Date.now());
    expect(phases).toEqual([]);
    expect(onExpire).not.toHaveBeenCalled();
    expect(jest.getTimerCount()).toBe(0);
  });
});
