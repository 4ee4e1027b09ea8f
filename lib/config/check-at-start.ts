import "server-only";
import { checkDeployment } from "./deployment";
import { serverConfig, type ServerConfig } from "./env";
import { checkExposure } from "./exposure";
import { logger } from "@/lib/observability/logger";

/** Called once by instrumentation.ts in the Node runtime: a bad configuration exits the process. */
export function checkConfigAtStart(): ServerConfig {
  try {
    const config = serverConfig();
    logger().info({ appEnv: config.appEnv, appUrl: config.appUrl, dashboard: config.hosts.dashboard }, "[config] configuration checked");
    const exposure = checkExposure(config, process.env.HOSTNAME, process.env);
    if (!exposure.ok) throw new Error(exposure.error);
    if ("warning" in exposure) logger().warn(exposure.warning);
    const deployment = checkDeployment(config.appEnv, process.env);
    if (deployment.errors.length) throw new Error(deployment.errors.join("\n"));
    for (const warning of deployment.warnings) logger().warn(warning);
    return config;
  } catch (error) {
    logger().fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
