import { readiness } from "@/lib/ops/readiness";
import { probeResponse } from "@/lib/ops/probe-response";

/**
 * GET /api/ready: readiness, for the balancer's target health check. 200 once start-up has finished,
 * 503 before that and from the moment a drain begins (lib/ops/readiness). Calls nothing outside the
 * process, so an outage of Cognito or the API never takes every instance out of the balancer.
 */
export const dynamic = "force-dynamic";

function answer(method: string): Response {
  const state = readiness();
  return probeResponse(state === "ready" ? 200 : 503, { status: state }, method);
}

export function GET(): Response {
  return answer("GET");
}

export function HEAD(): Response {
  return answer("HEAD");
}
