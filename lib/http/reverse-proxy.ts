import { logger } from "@/lib/observability/logger";
import { REQUEST_ID_HEADER, wellFormedRequestId } from "@/lib/observability/request-id";

/**
 * A streaming reverse proxy for one request (the shell's door to the local stand-ins' process,
 * app/api/local/[...path]/route.ts): method, path and query, headers and body go to `upstream`; its
 * status, headers (each Set-Cookie on its own) and body come back unchanged, redirects included.
 * An upstream that is down, or slower than `timeoutMs`, gets a plain 503 or 504: never a hang.
 */

/**
 * Headers that describe one connection, not the request (RFC 9110 §7.6.1), plus those the fetch
 * below writes itself: the upstream's Host is its own address, and the body may be re-framed.
 */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
  // Asked for uncompressed (below): fetch would inflate a compressed body and keep its header.
  "accept-encoding",
]);

/**
 * What the client's request said of itself that the hop cannot carry: the origin the shell was
 * asked at (the upstream's Host is its own), and the declared Content-Length (the edge cuts a body
 * at its size limit but keeps the header; a stand-in tells "too large" from "unreadable" by it).
 * The stand-ins' server (local/infra/http/serve.ts) puts both back.
 */
export const FORWARDED_HOST = "x-forwarded-host";
export const FORWARDED_PROTO = "x-forwarded-proto";
export const FORWARDED_CONTENT_LENGTH = "x-forwarded-content-length";

/** Statuses whose response has no body (a Response with one would throw). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export type ProxyFailure = "unreachable" | "timeout" | "failed";

export interface ProxyOptions {
  timeoutMs: number;
  /** For tests: the fetch to use. */
  fetch?: typeof fetch;
}

function connectionHeaders(headers: Headers): Set<string> {
  const named = (headers.get("connection") ?? "")
    .split(",")
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return new Set([...HOP_BY_HOP, ...named]);
}

function forwardedHeaders(request: Request, url: URL): Headers {
  const drop = connectionHeaders(request.headers);
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    if (!drop.has(name) && name !== "set-cookie") headers.append(name, value);
  });
  headers.set("accept-encoding", "identity");
  headers.set(FORWARDED_HOST, url.host);
  headers.set(FORWARDED_PROTO, url.protocol.slice(0, -1));
  headers.delete(FORWARDED_CONTENT_LENGTH);
  const declared = request.headers.get("content-length");
  if (declared !== null) headers.set(FORWARDED_CONTENT_LENGTH, declared);
  return headers;
}

function returnedHeaders(response: Response): Headers {
  const drop = connectionHeaders(response.headers);
  drop.delete("content-length");
  drop.delete("accept-encoding");
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (!drop.has(name) && name !== "set-cookie") headers.append(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}

function failureOf(error: unknown): ProxyFailure {
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError") return "timeout";
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "ENOTFOUND" || code === "EHOSTUNREACH") return "unreachable";
  return "failed";
}

const FAILURE_ANSWER: Record<ProxyFailure, { status: number; text: string }> = {
  unreachable: { status: 503, text: "Service Unavailable: the local stand-ins are not running" },
  timeout: { status: 504, text: "Gateway Timeout: the local stand-ins did not answer in time" },
  failed: { status: 502, text: "Bad Gateway: the local stand-ins' answer could not be read" },
};

/** Forwards `request` to the same path and query on `upstream` (an origin, e.g. http://127.0.0.1:4100). */
export async function reverseProxy(request: Request, upstream: string, options: ProxyOptions): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, upstream);
  const method = request.method.toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD" && request.body !== null;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await (options.fetch ?? fetch)(target, {
      method,
      headers: forwardedHeaders(request, url),
      body: hasBody ? request.body : undefined,
      // A stream's length is not known ahead: sent chunked, as it arrives.
      ...(hasBody ? { duplex: "half" } : {}),
      redirect: "manual",
      signal: AbortSignal.any([timeout, request.signal]),
    } as RequestInit);
    const empty = method === "HEAD" || NULL_BODY.has(response.status);
    if (empty) await response.body?.cancel();
    return new Response(empty ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: returnedHeaders(response),
    });
  } catch (error) {
    const failure = timeout.aborted ? "timeout" : failureOf(error);
    const requestId = request.headers.get(REQUEST_ID_HEADER);
    logger().error(
      {
        component: "local door",
        requestId: wellFormedRequestId(requestId) ? requestId : undefined,
        path: url.pathname,
        failure,
        err: error,
      },
      "[local] the stand-ins did not answer",
    );
    const { status, text } = FAILURE_ANSWER[failure];
    return new Response(text, { status, headers: { "content-type": "text/plain", "cache-control": "no-store" } });
  }
}
