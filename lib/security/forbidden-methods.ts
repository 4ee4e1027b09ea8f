import "server-only";
import http from "node:http";

/**
 * CONNECT, TRACE and TRACK are methods the Fetch standard forbids: Next cannot build a Request for
 * them and answers 500 before the middleware runs. They are refused here, on the Node server,
 * before Next sees them. Installed once at start by instrumentation.ts.
 */
export const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST";

const INSTALLED = Symbol.for("shell.forbiddenMethodsInstalled");

export function refuseForbiddenMethods(): void {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (FORBIDDEN_METHODS.has((req.method ?? "").toUpperCase())) {
        res.writeHead(405, {
          allow: ALLOW,
          "content-type": "text/plain; charset=utf-8",
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        });
        res.end("Method Not Allowed");
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as unknown as Parameters<typeof emit>);
  } as typeof proto.emit;
}
