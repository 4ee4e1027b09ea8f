/** Runs once when the server starts: a bad configuration stops it before it serves anything. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { serverConfig } = await import("./lib/config/env");
  try {
    const config = serverConfig();
    console.log(`[config] APP_ENV=${config.appEnv} app=${config.appUrl} dashboard=${config.hosts.dashboard}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
