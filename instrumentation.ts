import type { Instrumentation } from "next";

/**
 * Runs once when the server starts, before it serves anything: scripts/start.mjs calls the built
 * register() itself and prints "Ready" only after it (Next would run it lazily, on the first
 * request). A bad configuration stops the process; locally the stand-ins' database is migrated
 * and seeded now rather than on the first request. Next's own later call reuses the same run.
 */
const started = globalThis as unknown as { __shellRegister?: Promise<void> };

export function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return Promise.resolve();
  started.__shellRegister ??= (async () => {
    const { checkConfigAtStart } = await import("./lib/config/check-at-start");
    const config = checkConfigAtStart();
    await (await import("./lib/observability/register-node")).registerObservability();
    (await import("./lib/security/forbidden-methods")).refuseForbiddenMethods();
    if (!config.isLocal) return;
    try {
      const { prepareLocalStandIns } = await import("./local/startup");
      await prepareLocalStandIns();
    } catch (error) {
      console.error("[local] the stand-ins' database could not be prepared:", error);
      process.exit(1);
    }
  })();
  return started.__shellRegister;
}

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
