import type { HostedApp } from "@/lib/config/env";
import { DEFAULT_TABLE, decide } from "@/lib/routing/decide";
import { matchRoute, normalizePath } from "@/lib/routing/match";
import type { Decision, RoutingEnvironment } from "@/lib/routing/types";
import type { Session } from "@/lib/session/session";

/** One request of a redirect chain, as expected or as observed. */
export interface Hop {
  /** Path and query requested (on the app's origin). */
  url: string;
  status: number;
  /** Absolute Location of a redirect. */
  location?: string;
  /** The x-route-decision header ("<route>:<reason>", "not-found" or the bad-request reason). */
  decision?: string;
}

/** Hops followed at most: the table has no chain longer than three, so more is a loop. */
export const MAX_HOPS = 6;

/** Where the edge's answer leaves the checker: a hop it follows, or the end of the chain. */
export function nextHop(location: string, base: URL, hosts: Record<HostedApp, string>): string | undefined {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin) return undefined;
  // Locally the hosted apps are stand-in pages on the same origin: a hosted destination ends the chain.
  if (Object.values(hosts).some((h) => url.href === h || url.href.startsWith(`${h}/`) || url.href.startsWith(`${h}?`))) return undefined;
  const path = normalizePath(url.pathname);
  // Only paths the edge decides are followed; a file in public/ or an API route is someone else's.
  if (!path.ok || !matchRoute(DEFAULT_TABLE, path)) return undefined;
  return url.pathname + url.search;
}

/** The response a decision makes, as the middleware writes it. */
export function hopFor(url: string, decision: Decision, base: URL): Hop {
  switch (decision.kind) {
    case "next":
      return { url, status: 200, decision: `${decision.route}:${decision.reason}` };
    case "redirect":
      return {
        url,
        status: decision.status,
        location: new URL(decision.location, new URL(url, base)).href,
        decision: `${decision.route}:${decision.reason}`,
      };
    case "not-found":
      return { url, status: 404, decision: "not-found" };
    case "bad-request":
      return { url, status: 400, decision: decision.reason };
  }
}

export interface ExpectationInput {
  base: URL;
  env: RoutingEnvironment;
  session: Session;
  now: number;
}

/** The hop chain the route table and decide() promise for `url`, followed while it stays on the edge. */
export function expectedChain(url: string, input: ExpectationInput): Hop[] {
  const hops: Hop[] = [];
  let current: string | undefined = url;
  while (current !== undefined && hops.length < MAX_HOPS) {
    const target: URL = new URL(current, input.base);
    // decide() receives the path as the server sees it (percent-encoding untouched).
    const raw = current.split("?")[0] ?? "";
    const decision = decide({ pathname: raw, search: target.search, session: input.session, env: input.env, now: input.now });
    const hop = hopFor(current, decision, input.base);
    hops.push(hop);
    current = hop.location ? nextHop(hop.location, input.base, input.env.hosts) : undefined;
  }
  return hops;
}
