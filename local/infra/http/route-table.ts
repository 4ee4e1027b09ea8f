import type { ServerConfig } from "../../../lib/config/env";
import type { Method, Mount } from "../../../lib/config/local-paths";
import { hasInvalidText } from "../../../lib/security/text";
import { localOnly } from "./local-only";

export type { Method };

/**
 * A mount (path under the mount point and its methods; HEAD comes with GET, as Next answers it for
 * a route file) with its handler. Paths are matched against decoded segments, as a Next route
 * file's params are.
 */
export interface Route extends Mount {
  /** `params`: the `:name` segments in order, then the segments `*` took. */
  handle: (request: Request, params: string[]) => Promise<Response>;
}

/** Which route a path's segments name, and the segments it captures. */
export function matchRoute(routes: readonly Route[], segments: readonly string[]): { route: Route; params: string[] } | undefined {
  for (const route of routes) {
    const pattern = route.path.split("/");
    const rest = pattern.at(-1) === "*";
    const fixed = rest ? pattern.slice(0, -1) : pattern;
    if (rest ? segments.length <= fixed.length : segments.length !== fixed.length) continue;
    if (!fixed.every((part, i) => part.startsWith(":") || part === segments[i])) continue;
    const params = fixed.flatMap((part, i) => (part.startsWith(":") ? [segments[i]!] : []));
    return { route, params: [...params, ...segments.slice(fixed.length)] };
  }
  return undefined;
}

/** The Allow header the edge gives (lib/security/request-policy.ts): the methods, then HEAD with GET. */
export function allowHeader(methods: readonly Method[]): string {
  return [...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].join(", ");
}

/**
 * Serves a table as Next serves route files: an unknown path is a 404 and a method the route does
 * not name a 405 (both before any handler runs), HEAD runs the GET handler. Every handler sits
 * behind one local-only gate: outside the local environment the endpoints do not exist.
 */
export function serveRouteTable(
  routes: readonly Route[],
  config: () => Pick<ServerConfig, "isLocal">,
): (request: Request, segments: readonly string[]) => Promise<Response> {
  const gated = localOnly(config, (request: Request, route: Route, params: string[]) => {
    // NUL or a lone surrogate, once decoded, in the path or a query value: no stand-in's data has
    // them, and a database would fail on them. Refused for every stand-in at once.
    const where = params.some(hasInvalidText) ? "path" : invalidQueryParameter(request.url);
    if (where)
      return Promise.resolve(
        new Response(`Bad Request: invalid characters in ${where}`, { status: 400, headers: { "content-type": "text/plain" } }),
      );
    return route.handle(request, params);
  });
  return async (request, segments) => {
    // NUL or a lone surrogate, once decoded, in the path or a query value: no stand-in's data has
    // them, and a database would fail on them. Refused for every stand-in at once.
    const where = segments.some(hasInvalidText) ? "path" : invalidQueryParameter(request.url);
    if (where)
      return new Response(`Bad Request: invalid characters in ${where}`, { status: 400, headers: { "content-type": "text/plain" } });
    const found = matchRoute(routes, segments);
    if (!found) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
    const method = request.method.toUpperCase();
    const allowed = method === "HEAD" ? found.route.methods.includes("GET") : found.route.methods.some((m) => m === method);
    if (!allowed) {
      return new Response("Method Not Allowed", {
        status: 405,
        headers: { "content-type": "text/plain", allow: allowHeader(found.route.methods) },
      });
    }
    return gated(request, found.route, found.params);
  };
}

/** The first query parameter (name or value) holding invalid text once decoded, as "query parameter <name>". */
function invalidQueryParameter(url: string): string | undefined {
  for (const [name, value] of new URL(url).searchParams) {
    if (hasInvalidText(name) || hasInvalidText(value)) return `query parameter ${hasInvalidText(name) ? "(name)" : name}`;
  }
  return undefined;
}
