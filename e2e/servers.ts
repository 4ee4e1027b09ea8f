import path from "node:path";

/**
 * Where each e2e server lives. Playwright runs two workers; each has servers of its own (the
 * local default and the short-OTP one), so personas, the movable clock and the outbox are never
 * shared between tests running at the same time. A worker's slot is its TEST_PARALLEL_INDEX (a
 * worker that replaces a failed one gets the same index, so it finds the same servers); slot n's
 * ports are slot 0's plus n × SLOT_PORT_SPAN. The hosted server holds no state and is shared.
 * With BASE_URL the servers are someone else's (a deployment, the balancer): one slot, no servers.
 */
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3100);
export const SLOT_PORT_SPAN = 100;
export const WORKER_SLOT = process.env.BASE_URL ? 0 : Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** Ports of slot `slot`: offsets 0–99 of its span (server-start and readme-start take +20 and +30). */
export function slotPorts(slot: number) {
  const base = PORT_BASE + slot * SLOT_PORT_SPAN;
  return { local: base, shortOtp: base + 2, faults: base + 3, deadline: base + 4 };
}

/** The hosted server, one for every worker: nothing it serves changes. */
export const HOSTED_PORT = PORT_BASE + 1;

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/** Everything the suite's servers write; wiped when a run starts. */
export const E2E_DATA = path.join(ROOT, "data/e2e");
/** The seeded database, built once per run and copied for every local server. */
export const SEED_DIR = path.join(E2E_DATA, "seed/pglite");

export type LocalServerKind = "local" | "short-otp" | "faults" | "deadline";

/** The data directory of slot `slot`'s server of kind `kind` (its database and its server.log). */
export function serverDir(kind: LocalServerKind, slot = WORKER_SLOT): string {
  return path.join(E2E_DATA, `w${slot}`, kind);
}

export function serverLog(kind: LocalServerKind, slot = WORKER_SLOT): string {
  return path.join(serverDir(kind, slot), "server.log");
}
