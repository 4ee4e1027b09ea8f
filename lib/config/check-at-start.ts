import { serverConfig, type ServerConfig } from "./env";

/** Called once by instrumentation.ts in the Node runtime: a bad configuration exits the process. */
export function checkConfigAtStart(): ServerConfig {
  try {
    const config = serverConfig();
    console.log(`[config] APP_ENV=${config.appEnv} app=${config.appUrl} dashboard=${config.hosts.dashboard}`);
    return config;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
