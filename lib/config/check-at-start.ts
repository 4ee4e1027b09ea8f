import { checkDeployment } from "./deployment";
import { serverConfig, type ServerConfig } from "./env";
import { checkExposure } from "./exposure";

/** Called once by instrumentation.ts in the Node runtime: a bad configuration exits the process. */
export function checkConfigAtStart(): ServerConfig {
  try {
    const config = serverConfig();
    console.log(`[config] APP_ENV=${config.appEnv} app=${config.appUrl} dashboard=${config.hosts.dashboard}`);
    const exposure = checkExposure(config, process.env.HOSTNAME, process.env);
    if (!exposure.ok) throw new Error(exposure.error);
    if ("warning" in exposure) console.warn(`\n${exposure.warning}\n`);
    const deployment = checkDeployment(config.appEnv, process.env);
    if (deployment.errors.length) throw new Error(deployment.errors.join("\n"));
    for (const warning of deployment.warnings) console.warn(warning);
    return config;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
