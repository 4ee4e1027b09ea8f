import { IDLE_START_TIMEOUT_MS } from "./timing";

type IdleScheduler = Pick<Window, "setTimeout" | "clearTimeout"> & Partial<Pick<Window, "requestIdleCallback" | "cancelIdleCallback">>;

/**
 * Runs `task` once the main thread is idle (at the latest after `timeoutMs`), as a task of its own:
 * start-up chores (watchers, clean-ups) then never lengthen the task that hydrates the page, which is
 * what a phone's visitor waits on to tap (issue 24: blocking time). Without requestIdleCallback
 * (Safari) it runs after the current task. Returns the cancel, safe to call after it ran.
 */
export function whenIdle(
  task: () => void,
  timeoutMs: number = IDLE_START_TIMEOUT_MS,
  scheduler: IdleScheduler = globalThis as unknown as IdleScheduler,
): () => void {
  if (scheduler.requestIdleCallback && scheduler.cancelIdleCallback) {
    const cancelIdle = scheduler.cancelIdleCallback.bind(scheduler);
    const handle = scheduler.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdle(handle);
  }
  const handle = scheduler.setTimeout(task, 0);
  return () => scheduler.clearTimeout(handle);
}
