import { serverConfig } from "@/lib/config/env";
import { withRequestScope } from "./request-scope";
import { registerTelemetry } from "./telemetry";

/**
 * Node-side observability, set up once at start (instrumentation.ts): OpenTelemetry when an OTLP
 * endpoint is configured, and the request scope handed to the HTTP server in front of Next
 * (scripts/start.mjs picks it up from globalThis: it is plain JavaScript, outside Next's bundles).
 */
export async function registerObservability(): Promise<void> {
  const { graphql, cognito } = serverConfig();
  await registerTelemetry({ propagateTo: [graphql.url, cognito.endpoint ?? `https://cognito-idp.${cognito.region}.amazonaws.com`] });
  (globalThis as unknown as { __shellWrapRequest?: typeof withRequestScope }).__shellWrapRequest = withRequestScope;
}
