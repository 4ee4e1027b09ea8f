import { serverConfig } from "./env";

// Imported once by instrumentation.ts in the Node runtime.
try {
  const config = serverConfig();
  console.log(`[config] APP_ENV=${config.appEnv} app=${config.appUrl} dashboard=${config.hosts.dashboard}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
