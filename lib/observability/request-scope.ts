import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { logger } from "./logger";
import { REQUEST_ID_HEADER, requestIdFrom } from "./request-id";
import { requestStore } from "./request-store";
import { countRouteDecision } from "./telemetry";

/**
 * The HTTP server in front of Next (scripts/start.mjs) runs each request inside this scope: the
 * request id is decided once, before Next sees the request (the middleware adopts it, being
 * well-formed), echoed on every response — static files, redirects and errors included — kept in
 * AsyncLocalStorage for the spans of that request, and one access line is written when the response
 * ends, with the edge's route decision, the status and the duration.
 */

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Paths whose access lines would drown the rest: health checks every few seconds and hashed assets. */
const QUIET = /^\/(?:api\/(?:health|ready)|_next\/static\/)/;

export function withRequestScope(handle: Handler, log: Logger = logger()): Handler {
  return (req, res) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const requestId = requestIdFrom(header);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    res.once("finish", () => {
      if (QUIET.test(path) && res.statusCode < 500) return;
      const decisionValue = res.getHeader("x-route-decision");
      const decision = typeof decisionValue === "string" ? decisionValue : undefined;
      const [route, reason] = decision?.includes(":") ? decision.split(/:(.*)/s) : [undefined, decision];
      const fields = {
        requestId,
        method: req.method,
        path,
        route,
        reason,
        status: res.statusCode,
        durationMs: Math.round(performance.now() - started),
      };
      if (decision) countRouteDecision({ route, reason });
      if (res.statusCode >= 500) log.error(fields, "request failed");
      else log.info(fields, "request");
    });
    return requestStore.run({ requestId }, () => handle(req, res));
  };
}
