/**
 * What the edge refuses before Next sees a request, so that no client input reaches a 500 inside
 * the framework: unsupported methods (405 with Allow), malformed encoding on API paths (400),
 * Next's internal pages and the unused image optimiser (404), and server actions posted from
 * another origin (403). Pure and runtime-neutral; middleware.ts applies it.
 */

import { mountPattern, STAND_IN_MOUNTS, type Mount } from "../config/local-paths";

export type Refusal = { status: 400 | 403 | 404 | 405; reason: string; allow?: string };

/**
 * Methods each API route answers: the shell's own route files (pinned against app/api/**\/route.ts
 * by a test), then every stand-in mount of the one door, from the mount table itself.
 */
export const API_METHODS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/api\/session\/claims$/, ["POST"]],
  [/^\/api\/session\/sign-out$/, ["POST"]],
  [/^\/api\/session\/activity$/, ["POST"]],
  [/^\/api\/health$/, ["GET", "HEAD"]],
  [/^\/api\/ready$/, ["GET", "HEAD"]],
  ...Object.values(STAND_IN_MOUNTS).map((mount: Mount) => [mountPattern(mount), mount.methods] as const),
];

/** Pages answer GET and HEAD; POST carries server actions (and no-JS form posts of them). */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
export const FILE_METHODS = ["GET", "HEAD"] as const;

/** Next's own routes that render error pages directly; none is a page of this app. */
const INTERNAL_PAGES = /^\/_(?:global-error|not-found|error|app|document)(?:\/|$)/i;

function allowFor(methods: readonly string[]): string {
  const all = new Set(methods);
  if (all.has("GET")) all.add("HEAD");
  return [...all].join(", ");
}

function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export interface PolicyRequest {
  method: string;
  pathname: string;
  /** Request headers, lower-case names. */
  header: (name: string) => string | null | undefined;
  kind: "page" | "api" | "asset";
  /**
   * Whether X-Forwarded-Host was written by a trusted proxy (ServerConfig.trustForwardedHost).
   * Default not: a client's own X-Forwarded-Host must never make its foreign Origin look like ours.
   */
  trustForwardedHost?: boolean;
}

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export function refuse({ method, pathname, header, kind, trustForwardedHost = false }: PolicyRequest): Refusal | undefined {
  const m = method.toUpperCase();
  if (pathname.startsWith("/_next/image")) return { status: 404, reason: "image optimiser not used" };
  if (kind === "api") {
    if (!decodesCleanly(pathname)) return { status: 400, reason: "malformed path encoding" };
    const route = API_METHODS.find(([pattern]) => pattern.test(pathname));
    // Next's not-found page would answer with scripts and no policy of ours.
    if (!route) return { status: 404, reason: "no such API route" };
    const allow = allowFor(route[1]);
    if (!allow.split(", ").includes(m)) return { status: 405, reason: "method not allowed", allow };
    return undefined;
  }
  const allowed: readonly string[] = kind === "asset" ? FILE_METHODS : PAGE_METHODS;
  if (!allowed.includes(m)) return { status: 405, reason: "method not allowed", allow: allowed.join(", ") };
  if (kind === "page" && INTERNAL_PAGES.test(pathname)) return { status: 404, reason: "not found" };
  // Every server action here is called from script (with its header); a bare POST would make Next
  // try to parse a no-JS action form and fail with a 500 on a malformed body.
  if (kind === "page" && m === "POST" && !header("next-action")) return { status: 405, reason: "method not allowed", allow: "GET, HEAD" };
  if (m === "POST" && header("next-action")) {
    // Every browser sends Origin with a script's POST: an action without one is no page of ours
    // calling it. Next aborts a foreign-Origin action with a 500; answer 403 first. Next compares
    // the Origin with X-Forwarded-Host when present, so an untrusted one that disagrees with Host is
    // refused too (it would make Next's check pass for the client's own Origin, or fail with a 500).
    const origin = header("origin");
    const host = header("host");
    const forwarded = header("x-forwarded-host");
    if (!trustForwardedHost && forwarded != null && forwarded !== host) return { status: 403, reason: "untrusted forwarded host" };
    const own = trustForwardedHost ? (forwarded ?? host) : host;
    if (!origin || !own || hostOf(origin) !== own) return { status: 403, reason: "cross-origin server action" };
    const site = header("sec-fetch-site");
    if (site && site !== "same-origin") return { status: 403, reason: "cross-origin server action" };
  }
  return undefined;
}
