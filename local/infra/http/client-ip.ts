import { isIP } from "node:net";

/**
 * The client's address as this server sees it, for limits that count per source.
 *
 * X-Forwarded-For is a list anyone can start: only its right-hand end is written by hops we run.
 * The server that owns the socket appends the peer's address to it (scripts/start.mjs, and the test
 * server, local/infra/testing/serve.ts), so the last entry is always the peer; each trusted proxy in front
 * (a load balancer: `trustedProxyHops`) appends the address it saw, so the client is the entry that
 * many places from the end. Entries left of it were written by the client and are never read.
 */
export function clientAddress(headers: Headers, trustedProxyHops: number): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return "unknown";
  // Fewer entries than hops: the request did not come through the proxies it should have; the
  // left-most entry is then the furthest address known, still written by a hop, not the client.
  const entry = entries[Math.max(0, entries.length - 1 - trustedProxyHops)]!;
  return normalize(entry);
}

function normalize(entry: string): string {
  if (entry === "unknown") return entry; // a socket whose peer had already gone
  let address = entry;
  // [v6]:port and v4:port forms some proxies write.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  address = address.toLowerCase();
  if (address.startsWith("::ffff:") && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address : "invalid";
}

/** Appends the socket's peer address to X-Forwarded-For (node:http headers), before anything reads it. */
export function appendPeerAddress(headers: Record<string, string | string[] | undefined>, peer: string | undefined): void {
  const existing = headers["x-forwarded-for"];
  const list = Array.isArray(existing) ? existing.join(", ") : existing;
  const address = peer ?? "unknown";
  headers["x-forwarded-for"] = list ? `${list}, ${address}` : address;
}
