/**
 * The local stand-ins' own process: every stand-in endpoint (local/routes.ts's table) under
 * /api/local, on loopback only, for the app's one door (app/api/local/[...path]/route.ts) to
 * forward to. So the production image holds none of this code, and the shell reaches the stand-ins
 * only over HTTP, as it reaches the cloud.
 *
 *   node --import tsx local/server.ts [--port N]     (N = 0, the default: any free port)
 *
 * scripts/start.mjs (and scripts/dev.mjs) start it with the app's own environment, so the
 * stand-ins believe they live at the app's URL (APP_URL, or PORT and HOSTNAME: the token issuer,
 * the hosted apps' links, the e-signature stand-in's other loopback origin). It checks that the
 * configuration is local, migrates and seeds the database and makes the signing key (what the app's
 * start-up did before), and only then listens and says so: a JSON line `[local] stand-ins listening`
 * with the URL, and, when started with an IPC channel, the message `{ standInsUrl }`. It stops on
 * SIGTERM or SIGINT, and when the process that started it goes away (its IPC channel closes).
 */
import { serverConfig } from "../lib/config/env";
import { logger } from "../lib/observability/logger";
import { serve, type ServedHandler } from "./infra/http/serve";
import { serveStandInPath } from "./routes";
import { prepareLocalStandIns } from "./startup";
import { fundingSettings } from "./vendors/plaid/settings";

function portArgument(args: string[]): number {
  const i = args.findIndex((a) => a === "--port" || a.startsWith("--port="));
  if (i < 0) return 0;
  const raw = args[i]!.includes("=") ? args[i]!.split("=")[1] : args[i + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number (got ${raw})`);
  return port;
}

function fail(message: string, error?: unknown): never {
  logger().fatal({ component: "local", err: error }, message);
  process.exit(1);
}

const running: { served?: ServedHandler; stopping: boolean } = { stopping: false };
// From the start: a parent gone while the database is being prepared must not leave this running.
const stop = () => {
  if (running.stopping) return;
  running.stopping = true;
  if (!running.served) process.exit(0);
  void running.served.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);

function checkedPort(): number {
  try {
    const port = portArgument(process.argv.slice(2));
    if (!serverConfig().isLocal) throw new Error(`the stand-ins run only when APP_ENV=local (APP_ENV is ${process.env.APP_ENV})`);
    // The stand-ins' own settings that a typo would otherwise turn into a refusal at first use.
    fundingSettings();
    return port;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const port = checkedPort();
try {
  await prepareLocalStandIns();
} catch (error) {
  fail("[local] the stand-ins' database could not be prepared", error);
}

const served = await serve(async (request) => (await serveStandInPath(request)) ?? new Response("Not Found", { status: 404 }), {
  port,
  behindShell: true,
  onError: (error, req) => {
    const id = req.headers["x-request-id"];
    logger().error(
      { component: "local", requestId: typeof id === "string" ? id : undefined, path: (req.url ?? "").split("?")[0], err: error },
      "unhandled stand-in error",
    );
  },
});
logger().info({ component: "local", url: served.url }, `[local] stand-ins listening on ${served.url}`);
running.served = served;
process.send?.({ standInsUrl: served.url });
