import { whenIdle } from "./when-idle";

describe("whenIdle", () => {
  it("asks for an idle callback with the timeout, runs the task from it, and cancels it", () => {
    const callbacks: Array<() => void> = [];
    const scheduler = {
      requestIdleCallback: jest.fn((cb: () => void, options?: { timeout?: number }) => {
        callbacks.push(cb);
        expect(options).toEqual({ timeout: 1500 });
        return 7;
      }),
      cancelIdleCallback: jest.fn(),
      setTimeout: jest.fn(),
      clearTimeout: jest.fn(),
    };
    const task = jest.fn();
    const cancel = whenIdle(task, 1500, scheduler as unknown as Window);
    expect(task).not.toHaveBeenCalled();
    callbacks[0]?.();
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(scheduler.cancelIdleCallback).toHaveBeenCalledWith(7);
    expect(scheduler.setTimeout).not.toHaveBeenCalled();
  });

  it("once the task ran, the stop calls what the task returned", () => {
    jest.useFakeTimers();
    try {
      const stopWatcher = jest.fn();
      const stop = whenIdle(() => stopWatcher);
      stop();
      expect(stopWatcher).not.toHaveBeenCalled();

      const stopLater = whenIdle(() => stopWatcher);
      jest.advanceTimersByTime(0);
      expect(stopWatcher).not.toHaveBeenCalled();
      stopLater();
      expect(stopWatcher).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it("without requestIdleCallback runs after the current task, and not at all once cancelled", () => {
    jest.useFakeTimers();
    try {
      const ran = jest.fn();
      whenIdle(ran);
      expect(ran).not.toHaveBeenCalled();
      jest.advanceTimersByTime(0);
      expect(ran).toHaveBeenCalledTimes(1);

      const cancelled = jest.fn();
      whenIdle(cancelled)();
      jest.advanceTimersByTime(10_000);
      expect(cancelled).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});
