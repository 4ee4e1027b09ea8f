import { checkConfigAtStart } from "./lib/config/check-at-start";
import { markStarted } from "./lib/ops/readiness";
import { refuseForbiddenMethods } from "./lib/security/forbidden-methods";
import { logger } from "./lib/observability/logger";

/**
 * The server's start-up, Node runtime only (instrumentation.ts imports it behind Next's runtime
 * check, so the edge build never compiles it). A bad configuration stops the process; locally the
 * stand-ins' database is migrated and seeded. Readiness turns "ready" only after all of it.
 */
export async function startNodeServer(): Promise<void> {
  const config = checkConfigAtStart();
  await (await import("./lib/observability/register-node")).registerObservability();
  refuseForbiddenMethods();
  if (config.isLocal) {
    try {
      const { prepareLocalStandIns } = await import("./local/startup");
      await prepareLocalStandIns();
    } catch (error) {
      logger().fatal({ err: error }, "[local] the stand-ins' database could not be prepared");
      process.exit(1);
    }
  }
  markStarted();
}
