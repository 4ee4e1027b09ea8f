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
