import "server-only";
import { serverConfig } from "@/lib/config/env";
import { captureConsole } from "./console-capture";
import { logger } from "./logger";
import { logUnhandledRejections } from "./process-errors";
import { withRequestScope } from "./request-scope";
import { registerTelemetry } from "./telemetry";

/**
 * Node-side observability, set up once at start (instrumentation.ts): OpenTelemetry when an OTLP
 * endpoint is configured, and the request scope handed to the HTTP server in front of Next
 * and the logger for the start script's own lines (scripts/start.mjs picks both up from globalThis:
 * it is plain JavaScript, outside Next's bundles); and whatever Next or a library prints with
 * console.* goes through the same logger.
 */
type StartLine = (level: "info" | "error", msg: string, fields: Record<string, unknown>) => void;

export async function registerObservability(): Promise<void> {
  const { graphql, cognito, timeouts } = serverConfig();
  await registerTelemetry({ propagateTo: [graphql.url, cognito.endpoint ?? `https://cognito-idp.${cognito.region}.amazonaws.com`] });
  const shared = globalThis as unknown as { __shellWrapRequest?: typeof withRequestScope; __shellLog?: StartLine };
  // The deadline as configured (REQUEST_DEADLINE_MS; 45 s unless set).
  shared.__shellWrapRequest = (handle, log, options) =>
    withRequestScope(handle, log, { deadlineMs: timeouts.requestDeadlineMs, ...options });
  shared.__shellLog = (level, msg, fields) => logger()[level](fields, msg);
  captureConsole();
  logUnhandledRejections();
}
