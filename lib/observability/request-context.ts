import "server-only";
import { headers } from "next/headers";
import type { Logger } from "pino";
import { logger } from "./logger";
import { REQUEST_ID_HEADER, wellFormedRequestId } from "./request-id";
import { scopedRequestId } from "./request-store";

/**
 * The current request's id, as the middleware (or the server in front of Next) set it on the
 * request. Undefined outside a request (start-up, a test) rather than an exception.
 */
export async function currentRequestId(): Promise<string | undefined> {
  try {
    const id = (await headers()).get(REQUEST_ID_HEADER);
    return wellFormedRequestId(id) ? id : scopedRequestId();
  } catch {
    return scopedRequestId();
  }
}

/** A logger whose lines carry this request's id (and the fields given). */
export async function requestLogger(fields: Record<string, unknown> = {}): Promise<Logger> {
  return logger().child({ requestId: await currentRequestId(), ...fields });
}
