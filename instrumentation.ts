/**
 * Runs once when the server starts, before it serves anything: scripts/start.mjs calls the built
 * register() itself and prints "Ready" only after it (Next would run it lazily, on the first
 * request). A bad configuration stops the process; locally the stand-ins' database is migrated
 * and seeded now rather than on the first request. Next's own later call reuses the same run.
 * The Node-only start-up is imported behind Next's runtime check, so the edge build leaves it out.
 */
const started = globalThis as unknown as { __shellRegister?: Promise<void> };

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    started.__shellRegister ??= import("./instrumentation-node").then(({ startNodeServer }) => startNodeServer());
    await started.__shellRegister;
  }
}

/** Called by scripts/start.mjs on SIGTERM: /api/ready answers 503 from now on. */
export { beginDrain } from "./lib/ops/readiness";
