import { probeResponse } from "@/lib/ops/probe-response";

/**
 * GET /api/health: liveness. The process answers HTTP; nothing else is checked (no Cognito, no
 * API, no database), so a slow dependency never gets a healthy instance restarted.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return probeResponse(200, { status: "ok" }, "GET");
}

export function HEAD(): Response {
  return probeResponse(200, { status: "ok" }, "HEAD");
}
