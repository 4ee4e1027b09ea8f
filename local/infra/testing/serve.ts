import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { appendPeerAddress } from "../http/client-ip";

export type WebHandler = (request: Request) => Promise<Response>;

export interface ServedHandler {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a Web-standard handler `(Request) => Promise<Response>` over node:http on 127.0.0.1 (a
 * random port by default), so route logic can be tested over real HTTP without `next build`.
 */
export async function serve(handler: WebHandler, options: { port?: number; host?: string } = {}): Promise<ServedHandler> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    void respond(handler, req, res, host);
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

export async function toWebRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
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
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function respond(handler: WebHandler, req: IncomingMessage, res: ServerResponse, host: string): Promise<void> {
  try {
    // As scripts/start.mjs does: the peer's address ends X-Forwarded-For.
    appendPeerAddress(req.headers, req.socket.remoteAddress);
    const request = await toWebRequest(req, `http://${req.headers.host ?? `${host}:${req.socket.localPort}`}`);
    await writeWebResponse(await handler(request), res, req.method);
  } catch (error) {
    console.error("[serve] handler failed", error);
    if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
    res.end("Internal Server Error");
  }
}
