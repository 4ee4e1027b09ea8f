import { serverConfig } from "@/lib/config/env";
import { reverseProxy } from "@/lib/http/reverse-proxy";
import { logger } from "@/lib/observability/logger";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Longer than any stand-in's answer (a 10 MB upload, a cold search), shorter than a browser's patience. */
const STAND_INS_TIMEOUT_MS = 30_000;

/**
 * The one door to the local stand-ins (local environment only; 404 elsewhere, as before): every
 * method and path under /api/local goes, over HTTP, to the stand-ins' own process
 * (local/server.ts, started beside the app by scripts/start.mjs; LOCAL_STAND_INS_URL), which serves
 * local/routes.ts's table and decides 404 and 405 itself. So the production image holds none of the
 * stand-ins' code, and the shell reaches them exactly as it reaches the cloud: over the wire.
 */
async function standIn(request: Request): Promise<Response> {
  let config;
  try {
    config = serverConfig();
  } catch (error) {
    logger().error({ component: "local", err: error }, "configuration error");
    return new Response("Server misconfigured", { status: 500, headers: { "content-type": "text/plain" } });
  }
  if (!config.isLocal) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
  if (!config.localStandInsUrl) {
    return new Response("Service Unavailable: LOCAL_STAND_INS_URL is not set (npm start sets it)", {
      status: 503,
      headers: { "content-type": "text/plain", "cache-control": "no-store" },
    });
  }
  return reverseProxy(request, config.localStandInsUrl, { timeoutMs: STAND_INS_TIMEOUT_MS });
}

export const GET = standIn;
export const HEAD = standIn;
export const POST = standIn;
export const PUT = standIn;
export const PATCH = standIn;
export const DELETE = standIn;
export const OPTIONS = standIn;
