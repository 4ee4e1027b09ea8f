import "server-only";
import type { Instrumentation } from "next";
import type { Logger } from "pino";
import { logger } from "./logger";
import { REQUEST_ID_HEADER, wellFormedRequestId } from "./request-id";

/**
 * Next's onRequestError (instrumentation.ts): every unhandled server error — render, route handler,
 * server action, middleware — as one line with the digest the error page shows the borrower, the
 * path (never its query: it may carry personal data), the route and the request id. The error is
 * kept to its class, scrubbed message and code (redact.ts), never its data.
 */
export function recordRequestError(log: Logger = logger()): Instrumentation.onRequestError {
  return (error, request, context) => {
    const header = request.headers[REQUEST_ID_HEADER];
    const requestId = typeof header === "string" && wellFormedRequestId(header) ? header : undefined;
    const digest = (error as { digest?: unknown } | null)?.digest;
    log.error(
      {
        requestId,
        digest: typeof digest === "string" ? digest : undefined,
        method: request.method,
        path: request.path.split("?")[0],
        routePath: context.routePath,
        routeType: context.routeType,
        routerKind: context.routerKind,
        renderSource: context.renderSource,
        err: error,
      },
      "unhandled server error",
    );
  };
}
