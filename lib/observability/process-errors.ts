import "server-only";
import type { Logger } from "pino";
import { logger } from "./logger";
import { scopedRequestId } from "./request-store";

/**
 * A rejection nobody awaited (a library's retry giving up after the page stopped waiting) is an
 * error line with the request id it happened under, never a silent stall or a bare console line
 * (issue 44). Node runs this listener in the rejected promise's async context, so the request
 * scope (request-store.ts) is still there. Next keeps the process alive on such rejections; so do we.
 * Returns a function that removes the listener.
 */
const shared = globalThis as unknown as { __shellRejectionsLogged?: boolean };

/** Whether the listener is in place (one process, several bundles: through globalThis). */
export function unhandledRejectionsLogged(): boolean {
  return shared.__shellRejectionsLogged === true;
}

type Events = Pick<NodeJS.EventEmitter, "on" | "off">;

export function logUnhandledRejections(log: () => Logger = logger, target: Events = process): () => void {
  const listener = (reason: unknown) => {
    log().error({ requestId: scopedRequestId(), err: reason instanceof Error ? reason : { type: typeof reason } }, "unhandled rejection");
  };
  target.on("unhandledRejection", listener);
  shared.__shellRejectionsLogged = true;
  return () => {
    target.off("unhandledRejection", listener);
    shared.__shellRejectionsLogged = false;
  };
}
