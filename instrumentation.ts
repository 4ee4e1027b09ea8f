import type { Instrumentation } from "next";

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

/** Every unhandled server error, with its digest, route and request id (lib/observability/request-errors.ts). */
export async function onRequestError(...args: Parameters<Instrumentation.onRequestError>): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { recordRequestError } = await import("./lib/observability/request-errors");
    return recordRequestError()(...args);
  }
  // The edge (middleware) has no pino: the same line shape through console.
  const [{ edgeLog }, { wellFormedRequestId }] = await Promise.all([
    import("./lib/observability/edge-log"),
    import("./lib/observability/request-id"),
  ]);
  const [error, request, context] = args;
  const requestId = request.headers["x-request-id"];
  edgeLog("error", "unhandled server error", {
    requestId: typeof requestId === "string" && wellFormedRequestId(requestId) ? requestId : undefined,
    path: request.path.split("?")[0],
    routeType: context.routeType,
    err: error instanceof Error ? { type: error.name, message: error.message } : undefined,
  });
}
