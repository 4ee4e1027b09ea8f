import { checkConfigAtStart } from "./lib/config/check-at-start";
import { markStarted } from "./lib/ops/readiness";
import { refuseForbiddenMethods } from "./lib/security/forbidden-methods";

/**
 * The server's start-up, Node runtime only (instrumentation.ts imports it behind Next's runtime
 * check, so the edge build never compiles it). A bad configuration stops the process; locally the
 * stand-ins' database is migrated and seeded. Readiness turns "ready" only after all of it.
 */
export async function startNodeServer(): Promise<void> {
  const config = checkConfigAtStart();
  refuseForbiddenMethods();
  if (config.isLocal) {
    try {
      const { prepareLocalStandIns } = await import("./local/startup");
      await prepareLocalStandIns();
    } catch (error) {
      console.error("[local] the stand-ins' database could not be prepared:", error);
      process.exit(1);
    }
  }
  markStarted();
}
