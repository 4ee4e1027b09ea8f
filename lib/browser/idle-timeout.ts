/**
 * Idle sign-out (issue 13): after IDLE_TIMEOUT_MS without activity in any tab of the shell, a
 * warning; IDLE_WARNING_MS later the session ends everywhere. Every constant lives here.
 *
 * Activity is shared through localStorage: each tab writes the time of its latest activity, and
 * the `storage` event tells the other tabs, so one busy tab keeps every tab signed in. Each tab
 * derives its phase from that one timestamp, so they all warn and expire together. The watcher
 * itself is ./idle-watch.ts, loaded by the dashboard layout only; this module stays small because
 * every page's shell (sign-in links, the other tabs' sign-out) reads its constants.
 */

export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
export const IDLE_WARNING_MS = 60_000;
/** Shared storage is written at most this often while the visitor is busy. */
export const ACTIVITY_WRITE_INTERVAL_MS = 1000;
export const ACTIVITY_KEY = "shell.lastActivity";
/**
 * The server's idle limit (lib/session/activity.ts) sees only requests; while the person is busy in
 * an open page (typing a long form) the browser tells it this often, well inside the limit.
 */
export const SERVER_ACTIVITY_PING_MS = 5 * 60 * 1000;
export const SERVER_ACTIVITY_PATH = "/api/session/activity";
/** The query /login reads to say why the visitor was signed out. */
export const SIGNED_OUT_PARAM = "signedOut";
export const IDLE_REASON = "idle";

/** What counts as activity. */
export const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "scroll"] as const;

export type IdleState = { phase: "active"; warnAt: number } | { phase: "warning"; signOutAt: number } | { phase: "expired" };

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
