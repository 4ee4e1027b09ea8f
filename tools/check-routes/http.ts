import type { HostedApp } from "@/lib/config/env";
import { MAX_HOPS, nextHop, type Hop } from "./chain";

/** At most `n` calls of the returned function run at once; the rest wait their turn. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => queue.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLocalhost(url: URL): boolean {
  return LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost");
}

/** The base URL, or an error that says why it is refused: https only, unless it is this machine. */
export function checkBaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`--base-url ${JSON.stringify(raw)} is not a URL`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLocalhost(url))) {
    throw new Error(`--base-url must use https (plain http is allowed only for localhost): ${url.origin}`);
  }
  if (url.username || url.password) throw new Error("--base-url must not carry credentials");
  if (url.pathname !== "/" || url.search || url.hash) throw new Error(`--base-url must be an origin only, e.g. ${url.origin}`);
  return new URL(url.origin);
}

export interface Requester {
  /** GET (or HEAD) on the app's own origin only, never following a redirect. */
  get(url: string, cookie: string | undefined, method?: "GET" | "HEAD"): Promise<Hop>;
}

export interface RequesterOptions {
  base: URL;
  limit: <T>(task: () => Promise<T>) => Promise<T>;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function requester({ base, limit, timeoutMs = 20_000, fetchImpl = fetch }: RequesterOptions): Requester {
  return {
    get(url, cookie, method = "GET") {
      const target = new URL(url, base);
      // Safe by construction: nothing but GET/HEAD, and only to the origin being checked.
      if (target.origin !== base.origin) throw new Error(`refusing a request off the app's origin: ${target.origin}`);
      if (method !== "GET" && method !== "HEAD") throw new Error(`refusing ${String(method)}: the checker only reads`);
      return limit(async () => {
        const res = await fetchImpl(target, {
          method,
          redirect: "manual",
          headers: { ...(cookie ? { cookie } : {}), "user-agent": "route-check (ops)" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The body is not needed: status and headers say where the edge sent the visitor.
        await res.body?.cancel().catch(() => undefined);
        const location = res.headers.get("location");
        const decision = res.headers.get("x-route-decision");
        return {
          url: target.pathname + target.search,
          status: res.status,
          ...(location ? { location: new URL(location, target).href } : {}),
          ...(decision !== null ? { decision } : {}),
        };
      });
    },
  };
}

/**
 * The chain the deployment serves: each redirect followed by hand while it stays on the app's
 * origin and on a path the edge decides; a hop to another origin is recorded, never requested.
 */
export async function actualChain(
  http: Requester,
  url: string,
  cookie: string | undefined,
  base: URL,
  hosts: Record<HostedApp, string>,
): Promise<Hop[]> {
  const hops: Hop[] = [];
  let current: string | undefined = url;
  while (current !== undefined && hops.length < MAX_HOPS) {
    const hop: Hop = await http.get(current, cookie);
    hops.push(hop);
    current = hop.location && hop.status >= 300 && hop.status < 400 ? nextHop(hop.location, base, hosts) : undefined;
  }
  return hops;
}
