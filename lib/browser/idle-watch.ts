import {
  ACTIVITY_EVENTS,
  ACTIVITY_KEY,
  ACTIVITY_WRITE_INTERVAL_MS,
  IDLE_TIMEOUT_MS,
  SERVER_ACTIVITY_PING_MS,
  idleState,
  parseActivity,
} from "./idle-timeout";

/** The idle watcher of one tab (constants and rules: ./idle-timeout.ts). */

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;
type Target = Pick<Window, "addEventListener" | "removeEventListener">;

export interface IdleWatchOptions {
  /** The phase changed (active ↔ warning). */
  onPhase: (phase: "active" | "warning") => void;
  /** The time is up: end the session. Called once. */
  onExpire: () => void;
  storage?: Storage | undefined;
  target?: Target;
  doc?: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
  now?: () => number;
  /**
   * When the page arrived, if the watch starts later: the arrival is the first activity. A time in
   * the future, or a whole idle period before the start, means the wall clock jumped (or the tab
   * slept) meanwhile: the start counts instead, so that nobody is signed out the moment a page opens.
   */
  arrivedAt?: number;
  /**
   * This tab's activity, at most every SERVER_ACTIVITY_PING_MS: tell the server (its idle limit sees
   * only requests). Not called for the arrival: the page's own request was activity.
   */
  onServerActivity?: () => void;
}

export interface IdleWatch {
  /** The warning's button: counts as activity even while the warning shows. */
  stayActive: () => void;
  stop: () => void;
}

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked: this tab still times out on its own
  }
}

/**
 * Watches this tab's activity and the other tabs' (through storage) and reports the phase. The
 * page's arrival counts as activity. While the warning shows, only stayActive() (or activity in
 * another tab) keeps the session: the page behind the warning is inert.
 */
export function watchIdle({
  onPhase,
  onExpire,
  storage = defaultStorage(),
  target = window,
  doc = document,
  now = () => Date.now(),
  arrivedAt,
  onServerActivity,
}: IdleWatchOptions): IdleWatch {
  let last = 0;
  let toldServer = -Infinity;
  let written = -Infinity;
  let phase: "active" | "warning" = "active";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;

  const readShared = (): number | undefined => {
    try {
      return parseActivity(storage?.getItem(ACTIVITY_KEY));
    } catch {
      return undefined;
    }
  };

  const evaluate = () => {
    if (done) return;
    clearTimeout(timer);
    const t = now();
    // Another tab may have been busy since (its storage event can be missed while this tab sleeps).
    // A time in the future is no one's activity: it would keep the session alive for ever.
    const shared = readShared();
    if (shared !== undefined && shared > last && shared <= t) last = shared;
    const state = idleState(last, t);
    if (state.phase === "expired") {
      done = true;
      stopListening();
      onExpire();
      return;
    }
    if (state.phase !== phase) {
      phase = state.phase;
      onPhase(phase);
    }
    timer = setTimeout(evaluate, (state.phase === "active" ? state.warnAt : state.signOutAt) - t);
  };

  const record = (force: boolean, t: number = now(), arrival = false) => {
    last = t;
    if (arrival) toldServer = t;
    else if (t - toldServer >= SERVER_ACTIVITY_PING_MS) {
      toldServer = t;
      onServerActivity?.();
    }
    if (force || t - written >= ACTIVITY_WRITE_INTERVAL_MS) {
      written = t;
      try {
        storage?.setItem(ACTIVITY_KEY, String(t));
      } catch {
        // Full or blocked storage: the other tabs just do not hear of it.
      }
    }
    evaluate();
  };

  const onActivity = () => {
    if (phase === "active") record(false);
  };
  const onStorage = (event: Event) => {
    if ((event as StorageEvent).key === ACTIVITY_KEY) evaluate();
  };
  const onVisibility = () => {
    if (doc.visibilityState === "visible") evaluate();
  };

  const listenOptions = { capture: true, passive: true } as const;
  function stopListening() {
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, listenOptions);
    target.removeEventListener("storage", onStorage);
    doc.removeEventListener("visibilitychange", onVisibility);
  }

  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, listenOptions);
  target.addEventListener("storage", onStorage);
  doc.addEventListener("visibilitychange", onVisibility);
  const start = now();
  const arrival = arrivedAt !== undefined && arrivedAt <= start && start - arrivedAt < IDLE_TIMEOUT_MS ? arrivedAt : start;
  record(true, arrival, true);

  return {
    stayActive: () => {
      if (!done) record(true);
    },
    stop: () => {
      done = true;
      stopListening();
    },
  };
}
