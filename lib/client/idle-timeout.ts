/**
 * Idle sign-out (issue 13): after IDLE_TIMEOUT_MS without activity in any tab of the shell, a
 * warning; IDLE_WARNING_MS later the session ends everywhere. Every constant lives here.
 *
 * Activity is shared through localStorage: each tab writes the time of its latest activity, and
 * the `storage` event tells the other tabs, so one busy tab keeps every tab signed in. Each tab
 * derives its phase from that one timestamp, so they all warn and expire together.
 */

export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
export const IDLE_WARNING_MS = 60_000;
/** Shared storage is written at most this often while the visitor is busy. */
export const ACTIVITY_WRITE_INTERVAL_MS = 1000;
export const ACTIVITY_KEY = "shell.lastActivity";
/** The query /login reads to say why the visitor was signed out. */
export const SIGNED_OUT_PARAM = "signedOut";
export const IDLE_REASON = "idle";

/** What counts as activity. */
export const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "scroll"] as const;

export type IdleState =
  | { phase: "active"; warnAt: number }
  | { phase: "warning"; signOutAt: number }
  | { phase: "expired" };

/** The phase at `now` for a last activity at `lastActivity` (pure). */
export function idleState(lastActivity: number, now: number): IdleState {
  const warnAt = lastActivity + IDLE_TIMEOUT_MS;
  const signOutAt = warnAt + IDLE_WARNING_MS;
  if (now >= signOutAt) return { phase: "expired" };
  if (now >= warnAt) return { phase: "warning", signOutAt };
  return { phase: "active", warnAt };
}

/** A stored timestamp, or undefined when missing or not a time (a stray or tampered value). */
export function parseActivity(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,16}$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Where a visitor signed out for being idle goes: sign in again, then back to `redirect`. */
export function idleSignInPath(redirect: string | undefined): string {
  const params = new URLSearchParams({ [SIGNED_OUT_PARAM]: IDLE_REASON });
  if (redirect) params.set("redirect", redirect);
  return `/login?${params.toString()}`;
}

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
}: IdleWatchOptions): IdleWatch {
  let last = 0;
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

  const record = (force: boolean) => {
    const t = now();
    last = t;
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
  record(true);

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
