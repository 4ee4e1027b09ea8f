import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of server code runs for, kept in AsyncLocalStorage by the HTTP server in front
 * of Next (request-scope.ts). One store per process, shared through globalThis: the server script and
 * Next's bundles each load their own copy of this module.
 */
export interface RequestScope {
  requestId: string;
}

const shared = globalThis as unknown as { __shellRequestStore?: AsyncLocalStorage<RequestScope> };
export const requestStore: AsyncLocalStorage<RequestScope> = (shared.__shellRequestStore ??= new AsyncLocalStorage<RequestScope>());

/** The request id of the request this code runs for, if any. */
export function scopedRequestId(): string | undefined {
  return requestStore.getStore()?.requestId;
}
