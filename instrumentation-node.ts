import { checkConfigAtStart } from "./lib/config/check-at-start";
import { markStarted } from "./lib/ops/readiness";
import { refuseForbiddenMethods } from "./lib/security/forbidden-methods";

/**
 * The server's start-up, Node runtime only (instrumentation.ts imports it behind Next's runtime
 * check, so the edge build never compiles it). A bad configuration stops the process. Readiness
 * turns "ready" only after all of it. Locally the stand-ins' database is their own process's
 * business (local/server.ts, which scripts/start.mjs waits for before starting the app).
 */
export async function startNodeServer(): Promise<void> {
  checkConfigAtStart();
  await (await import("./lib/observability/register-node")).registerObservability();
  refuseForbiddenMethods();
  markStarted();
}
