import "server-only";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { ACTION_HEADER, DEADLINE_PAGE_STYLE, DEADLINE_TEXT, deadlineActionBody, deadlinePage } from "./deadline-answer";
import { REQUEST_DEADLINE_DEFAULT_MS } from "@/lib/config/timeouts";
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

/**
 * Paths whose access lines would drown the rest: health checks every few seconds and hashed assets.
 * Matched on the path as sent, which must already be in its normal form: Next routes the normalised
 * path (dot segments resolved, %2e%2e read as .., percent-decoding), so `/api/health/../session/claims`
 * reaches the claims route. Any spelling that normalisation could change (a dot segment, any %, a
 * backslash, an empty segment) is logged, whatever it looks like (issue 43: requests that leave no trace).
 */
const QUIET_HEALTH = /^\/api\/(?:health|ready)$/;
const QUIET_ASSET = /^\/_next\/static\/[A-Za-z0-9_\-~][A-Za-z0-9_\-~.]*(?:\/[A-Za-z0-9_\-~][A-Za-z0-9_\-~.]*)*$/;

/** The path as Next routes it: dot segments resolved (%2e spellings included), as the URL parser does. */
export function routedPath(rawPath: string): string {
  try {
    return new URL(rawPath.startsWith("/") ? rawPath : `/${rawPath}`, "http://n").pathname;
  } catch {
    return rawPath;
  }
}

/** Whether a request's access line may be left out: a real health check or asset, in its only spelling. */
export function quietPath(rawPath: string): boolean {
  if (routedPath(rawPath) !== rawPath) return false;
  // A segment made only of dots ("...") is no file name of Next's; the asset pattern allows dots inside names.
  if (rawPath.split("/").some((segment) => /^\.+$/.test(segment))) return false;
  return QUIET_HEALTH.test(rawPath) || QUIET_ASSET.test(rawPath);
}

/** The deadline page's policy: nothing but its own inline style (the middleware's headers never reached this answer). */
const DEADLINE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(DEADLINE_PAGE_STYLE).digest("base64")}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * The answer for a request that outlived the deadline before any byte was sent (deadline-answer.ts):
 * a server action's in the form Next's client hands to the form, a page load's as a styled page,
 * anything else plain; each with the request id, and "retry soon".
 */
function deadlineAnswer(
  req: IncomingMessage,
  requestId: string,
  path: string,
): { type: string; body: string; headers?: Record<string, string> } {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (req.method === "POST" && header(ACTION_HEADER)) return { type: "text/plain", body: deadlineActionBody(requestId) };
  const navigation = header("sec-fetch-mode") === "navigate" || (!header("rsc") && (header("accept") ?? "").includes("text/html"));
  if (req.method === "GET" && navigation) {
    return {
      type: "text/html; charset=utf-8",
      body: deadlinePage(requestId, path),
      headers: { "content-security-policy": DEADLINE_PAGE_CSP, "x-content-type-options": "nosniff" },
    };
  }
  return { type: "text/plain; charset=utf-8", body: DEADLINE_TEXT };
}
/** The answer when the client had not finished sending its request by the deadline: its slowness, not ours. */
const SLOW_CLIENT_TEXT = "The request took too long to arrive.";

export function withRequestScope(handle: Handler, log: Logger = logger(), { deadlineMs = REQUEST_DEADLINE_DEFAULT_MS } = {}): Handler {
  return (req, res) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const requestId = requestIdFrom(header);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    const rawPath = (req.url ?? "/").split("?")[0] ?? "/";
    const path = routedPath(rawPath);
    let timedOut = false;
    let slowClient = false;
    const deadline = setTimeout(() => {
      // The stalled handler may still write later: a write after our end is dropped, not a crash.
      res.on("error", () => undefined);
      // A body still arriving at the deadline (a client trickling it): 408 and an info line, no alarm.
      if (!req.complete && !res.headersSent) {
        slowClient = true;
        res.writeHead(408, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", connection: "close" });
        res.end(SLOW_CLIENT_TEXT);
        return;
      }
      timedOut = true;
      log.error({ requestId, method: req.method, path, deadlineMs }, "request did not finish in time");
      if (!res.headersSent) {
        const answer = deadlineAnswer(req, requestId, path);
        res.writeHead(503, { ...answer.headers, "content-type": answer.type, "cache-control": "no-store", "retry-after": "5" });
        res.end(answer.body);
      } else {
        // Part of the answer is out: end the connection rather than leave the browser waiting.
        res.destroy();
      }
    }, deadlineMs);
    deadline.unref();
    // One access line per request, whether it finished, failed inside, or the connection closed first.
    let written = false;
    const accessLine = (finished: boolean) => {
      clearTimeout(deadline);
      if (written) return;
      written = true;
      if (finished && !timedOut && quietPath(rawPath) && res.statusCode < 500) return;
      const decisionValue = res.getHeader("x-route-decision");
      const decision = typeof decisionValue === "string" ? decisionValue : undefined;
      const [route, reason] = decision?.includes(":") ? decision.split(/:(.*)/s) : [undefined, decision];
      const fields = {
        requestId,
        method: req.method,
        path,
        // The spelling sent, when it differs from what was routed (a traversal attempt, an encoded dot).
        rawPath: rawPath === path ? undefined : rawPath,
        route,
        reason,
        // No status when the connection closed before any was sent.
        status: finished || res.headersSent ? res.statusCode : undefined,
        durationMs: Math.round(performance.now() - started),
        // The connection closed before the answer was complete (the client left, or the deadline cut it).
        aborted: finished ? undefined : true,
        timedOut: timedOut || undefined,
        slowClient: slowClient || undefined,
      };
      if (decision) countRouteDecision({ route, reason });
      if (res.statusCode >= 500 || timedOut) log.error(fields, "request failed");
      else log.info(fields, "request");
    };
    res.once("finish", () => accessLine(true));
    res.once("close", () => accessLine(res.writableFinished));
    return requestStore.run({ requestId }, () => handle(req, res));
  };
}
