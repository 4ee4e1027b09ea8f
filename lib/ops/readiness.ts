/**
 * Whether this instance should get traffic, for the balancer's readiness probe (/api/ready).
 * "starting" until instrumentation.ts's start-up has finished (configuration checked, the local
 * database migrated and seeded), "draining" from the moment a shutdown begins (scripts/start.mjs on
 * SIGTERM). Kept on globalThis: the instrumentation bundle and the route's bundle each load their
 * own copy of this module, but share the process. Runtime-neutral: no Node API.
 */
export type Readiness = "starting" | "ready" | "draining";

const STATE = Symbol.for("lending-shell.readiness");
const holder = globalThis as unknown as { [STATE]?: Readiness };

export function readiness(): Readiness {
  return holder[STATE] ?? "starting";
}

/** Start-up finished. A drain that began meanwhile wins: a stopping instance never turns ready again. */
export function markStarted(): void {
  if (readiness() === "starting") holder[STATE] = "ready";
}

export function beginDrain(): void {
  holder[STATE] = "draining";
}

/** Tests only: back to a process that has not started. */
export function resetReadinessForTests(): void {
  delete holder[STATE];
}
