import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FORWARDED_CONTENT_LENGTH, FORWARDED_HOST, FORWARDED_PROTO } from "../../../lib/http/reverse-proxy";
import { isDatabaseUnavailable } from "../db/index";
import { appendPeerAddress } from "./client-ip";

export type WebHandler = (request: Request) => Promise<Response>;

export interface ServedHandler {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  host?: string;
  /**
   * Behind the shell's door (lib/http/reverse-proxy.ts), the stand-ins' one caller: the request is
   * rebuilt as the shell received it (its origin and declared Content-Length, which the hop cannot
   * carry), and X-Forwarded-For is read as the shell's server left it, already ending with the
   * client's address. Otherwise (tests call the server directly) the peer's address is appended.
   */
  behindShell?: boolean;
  /** A handler that throws: logged here, answered 500 (503 with Retry-After when the database is unavailable). */
  onError?: (error: unknown, request: IncomingMessage) => void;
}

/**
 * Serves a Web-standard handler `(Request) => Promise<Response>` over node:http on 127.0.0.1 (a
 * random port by default): the stand-ins' own process (local/server.ts), and the test server that
 * serves route logic over real HTTP without `next build`.
 */
export async function serve(handler: WebHandler, options: ServeOptions = {}): Promise<ServedHandler> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    void respond(handler, req, res, host, options);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export async function toWebRequest(req: IncomingMessage, origin: string, behindShell = false): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  if (behindShell) {
    const declared = headers.get(FORWARDED_CONTENT_LENGTH);
    headers.delete(FORWARDED_CONTENT_LENGTH);
    if (declared !== null) headers.set("content-length", declared);
    else headers.delete("content-length");
    headers.delete("transfer-encoding");
  }
  const method = req.method ?? "GET";
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return new Request(new URL(req.url ?? "/", origin), { method, headers, body: body ? new Uint8Array(body) : undefined });
}

export async function writeWebResponse(response: Response, res: ServerResponse, method = "GET"): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText, headers);
  if (method === "HEAD" || !response.body) {
    await response.body?.cancel();
    res.end();
    return;
  }
  // Streamed as the handler writes it.
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
}

function originOf(req: IncomingMessage, host: string, behindShell: boolean): string {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const forwardedHost = behindShell ? one(req.headers[FORWARDED_HOST]) : undefined;
  const proto = (behindShell ? one(req.headers[FORWARDED_PROTO]) : undefined) === "https" ? "https" : "http";
  return `${proto}://${forwardedHost ?? req.headers.host ?? `${host}:${req.socket.localPort}`}`;
}

async function respond(handler: WebHandler, req: IncomingMessage, res: ServerResponse, host: string, options: ServeOptions): Promise<void> {
  try {
    // As scripts/start.mjs does: the peer's address ends X-Forwarded-For (behind the shell, its
    // server has done so already, and this process's one peer is the shell).
    if (!options.behindShell) appendPeerAddress(req.headers, req.socket.remoteAddress);
    const behindShell = options.behindShell ?? false;
    const request = await toWebRequest(req, originOf(req, host, behindShell), behindShell);
    await writeWebResponse(await handler(request), res, req.method);
  } catch (error) {
    if (options.onError) options.onError(error, req);
    else console.error("[serve] handler failed", error);
    if (!res.headersSent) {
      // The database down for a moment (a restart): nothing the request did wrong, worth another try.
      const unavailable = isDatabaseUnavailable(error);
      res.writeHead(unavailable ? 503 : 500, {
        "content-type": "text/plain",
        ...(unavailable ? { "retry-after": "5", "cache-control": "no-store" } : {}),
      });
      res.end(unavailable ? "Service Unavailable: the database is unavailable, try again in a moment" : "Internal Server Error");
    } else res.destroy();
  }
}
