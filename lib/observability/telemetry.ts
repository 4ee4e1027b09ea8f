import "server-only";
import { metrics, type Attributes, type Context, type Counter } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace-base";
import { scopedRequestId } from "./request-store";

/**
 * Traces and metrics over OpenTelemetry (Node runtime). @vercel/otel sets up the SDK the way Next's
 * docs show, with its fetch instrumentation for the calls to the API and Cognito; it is registered
 * only when an OTLP endpoint is configured, so without one every span and counter below is the
 * API's no-op and costs nothing. Incoming and outgoing context: W3C trace context and AWS X-Ray
 * (the ALB's X-Amzn-Trace-Id).
 */

export function otlpConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && env.OTEL_SDK_DISABLED !== "true";
}

/** Stamps every span of a request with its request id, so a trace can be found from a log line (and back). */
export class RequestIdSpanProcessor implements SpanProcessor {
  onStart(span: Span, _parent: Context): void {
    const requestId = scopedRequestId();
    if (requestId) span.setAttribute("request.id", requestId);
  }
  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

export interface TelemetryOptions {
  /** URLs whose calls carry the trace context (the GraphQL API, Cognito): never third parties. */
  propagateTo: string[];
}

export async function registerTelemetry({ propagateTo }: TelemetryOptions): Promise<boolean> {
  if (!otlpConfigured()) return false;
  const [{ registerOTel }, { AWSXRayPropagator }, { OTLPMetricExporter }, { PeriodicExportingMetricReader }] = await Promise.all([
    import("@vercel/otel"),
    import("@opentelemetry/propagator-aws-xray"),
    import("@opentelemetry/exporter-metrics-otlp-http"),
    import("@opentelemetry/sdk-metrics"),
  ]);
  registerOTel({
    serviceName: process.env.OTEL_SERVICE_NAME ?? "lending-shell",
    propagators: ["tracecontext", new AWSXRayPropagator()],
    spanProcessors: [new RequestIdSpanProcessor(), "auto"],
    instrumentationConfig: { fetch: { propagateContextUrls: propagateTo } },
    metricReaders: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: 60_000 })],
  });
  return true;
}

// Created on first use, after registerTelemetry(): the metrics API hands out no-op instruments for good before a provider exists.
let counters: Record<"decisions" | "apiFailures" | "signIns", Counter> | undefined;
function instruments() {
  const meter = metrics.getMeter("lending-shell");
  counters ??= {
    decisions: meter.createCounter("route_decisions", { description: "Edge route decisions, by route and reason" }),
    apiFailures: meter.createCounter("api_failures", { description: "Failed calls to the GraphQL API, by operation and error type" }),
    signIns: meter.createCounter("sign_ins", { description: "Sign-in outcomes the shell sees, by outcome" }),
  };
  return counters;
}

export function countRouteDecision(attributes: { route?: string; reason?: string }): void {
  instruments().decisions.add(1, attributes as Attributes);
}
/**
 * Sign-ins the shell sees complete: a sign-in's first load (lib/session/claims-audit.ts). Refused
 * codes and throttling happen between the browser and Cognito, never reaching the shell: Cognito's
 * own CloudWatch metrics (SignInSuccesses, SignInThrottles) count those.
 */
export function countSignIn(outcome: "success"): void {
  instruments().signIns.add(1, { outcome });
}
export function countApiFailure(operation: string, errorType: string | undefined): void {
  instruments().apiFailures.add(1, { operation, errorType: errorType ?? "network" });
}
