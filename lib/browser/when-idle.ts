import { IDLE_START_TIMEOUT_MS } from "./timing";

type IdleScheduler = Pick<Window, "setTimeout" | "clearTimeout"> & Partial<Pick<Window, "requestIdleCallback" | "cancelIdleCallback">>;

/**
 * Runs `task` once the main thread is idle (at the latest after `timeoutMs`), as a task of its own:
 * start-up chores (watchers, clean-ups) then never lengthen the task that hydrates the page, which is
 * what a phone's visitor waits on to tap (issue 24: blocking time). Without requestIdleCallback
 * (Safari) it runs after the current task. Returns the stop, for an effect's clean-up: before the
 * task ran it cancels it; after, it calls what the task returned (a watcher's own stop).
 */
export function whenIdle(
  task: () => void | (() => void),
  timeoutMs: number = IDLE_START_TIMEOUT_MS,
  scheduler: IdleScheduler = globalThis as unknown as IdleScheduler,
): () => void {
  let stopTask: (() => void) | undefined;
  const run = () => {
    stopTask = task() ?? undefined;
  };
  let cancel: () => void;
  if (scheduler.requestIdleCallback && scheduler.cancelIdleCallback) {
    const cancelIdle = scheduler.cancelIdleCallback.bind(scheduler);
    const handle = scheduler.requestIdleCallback(run, { timeout: timeoutMs });
    cancel = () => cancelIdle(handle);
  } else {
    const handle = scheduler.setTimeout(run, 0);
    cancel = () => scheduler.clearTimeout(handle);
  }
  return () => {
    cancel();
    stopTask?.();
  };
}
