/**
 * The request id that follows one request from the load balancer to the API and into every log
 * line. Runtime-neutral (the middleware runs at the edge): adopted from the ALB's X-Amzn-Trace-Id
 * (its Root) or from a caller's x-request-id when well-formed, otherwise generated. A malformed id is
 * never adopted: it would reach logs and headers verbatim.
 */

export const REQUEST_ID_HEADER = "x-request-id";
export const AMZN_TRACE_HEADER = "x-amzn-trace-id";

/** The ALB's root trace id: version 1, 8 hex digits of epoch seconds, 24 hex digits. */
const AMZN_ROOT = /(?:^|;)\s*Root=(1-[0-9a-f]{8}-[0-9a-f]{24})\s*(?:;|$)/i;
/** A caller's id: letters, digits and . _ : - only, 8 to 128 characters (UUIDs, ULIDs, trace ids). */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export function wellFormedRequestId(value: string | null | undefined): value is string {
  return typeof value === "string" && WELL_FORMED.test(value);
}

/** The id to use for a request with these headers; `generate` is injectable for tests. */
export function requestIdFrom(
  header: (name: string) => string | null | undefined,
  generate: () => string = () => crypto.randomUUID(),
): string {
  const root = header(AMZN_TRACE_HEADER)?.match(AMZN_ROOT)?.[1];
  if (root) return root;
  const given = header(REQUEST_ID_HEADER);
  if (wellFormedRequestId(given)) return given;
  return generate();
}
