import { logger } from "@/lib/observability/logger";
import type { ServerConfig } from "../../../lib/config/env";

/**
 * Wraps a stand-in handler so that it answers only in the local environment; anywhere else the
 * endpoint does not exist (404), and a configuration error fails closed (500, never the handler).
 */
export function localOnly<A extends unknown[]>(
  config: () => Pick<ServerConfig, "isLocal">,
  handler: (...args: A) => Promise<Response>,
): (...args: A) => Promise<Response> {
  return async (...args: A) => {
    let isLocal: boolean;
    try {
      isLocal = config().isLocal;
    } catch (error) {
      logger().error({ component: "local", err: error }, "configuration error");
      return new Response("Server misconfigured", { status: 500, headers: { "content-type": "text/plain" } });
    }
    if (!isLocal) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
    return handler(...args);
  };
}
