import type { ServerConfig } from "@/lib/config/env";
import { LOCAL_PATHS } from "@/lib/config/local-paths";
import { REQUEST_ID_HEADER } from "@/lib/observability/request-id";
import { contentSecurityPolicy, createNonce } from "./csp";

/**
 * The security headers every response of the shell carries, and the headers a request goes on
 * with. middleware.ts applies them, and its headers win over a route handler's: API answers get
 * no Content-Security-Policy from here. Runtime-neutral (the edge).
 */

/** Features no page of the shell uses; geolocation stays off too (addresses are typed, not located). */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

/** Two years, subdomains included: the hosted apps share the parent domain and are HTTPS only. */
export const HSTS = "max-age=63072000; includeSubDomains";

export const NO_STORE = "no-store, max-age=0";

export type ResponseKind =
  /** A page the shell renders, or a redirect the edge decides (both may depend on the session). */
  | "page"
  /** An API answer (session routes, the local stand-ins). */
  | "api"
  /** A file from public/ (documents, images): cacheable, never framed. */
  | "asset";

/** Files from public/ that the matcher used to skip: they get headers, not a route decision. */
const ASSET = /^\/(?:documents|images)\/|^\/(?:favicon\.ico|icon\.svg|apple-icon\.png|robots\.txt)$/;

export function responseKindOf(pathname: string): ResponseKind {
  if (pathname.startsWith("/api/")) return "api";
  return ASSET.test(pathname) ? "asset" : "page";
}

export type Framing = "self" | "none" | "own";

const X_FRAME_OPTIONS: Record<Framing, string | undefined> = { self: "SAMEORIGIN", none: "DENY", own: undefined };

export interface SecurityHeaderOptions {
  kind: ResponseKind;
  /** The page's script nonce; pages only. */
  nonce?: string;
  dev?: boolean;
  /**
   * Who may frame the response. "self" (SAMEORIGIN): pages and files, the policy the team keeps;
   * "none" (DENY): API data; "own": the response names who may frame it in its own frame-ancestors,
   * which X-Frame-Options cannot (the local e-signature page, framed by the app from the app's other
   * loopback name, lib/config/env.ts). Default: "none" for API answers, "self" otherwise.
   */
  framing?: Framing;
}

// Everything but the page policy's nonce is fixed per configuration: built once, copied per response.
const fixed = new WeakMap<ServerConfig, Map<string, Readonly<Record<string, string>>>>();

function fixedHeaders(config: ServerConfig, kind: ResponseKind, framing: Framing): Readonly<Record<string, string>> {
  let forConfig = fixed.get(config);
  if (!forConfig) fixed.set(config, (forConfig = new Map()));
  const key = `${kind}:${framing}`;
  let headers = forConfig.get(key);
  if (headers) return headers;
  const built: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin-allow-popups",
  };
  const frameOptions = X_FRAME_OPTIONS[framing];
  if (frameOptions) built["x-frame-options"] = frameOptions;
  if (!config.isLocal) built["strict-transport-security"] = HSTS;
  if (kind === "page" || kind === "api") {
    // API answers get no policy from here: the middleware's headers win over a route's, and the
    // stand-in pages that render HTML (e-signature, outbox, hosted apps) set their own, nonce'd
    // where they run scripts.
    built["cache-control"] = NO_STORE;
  } else {
    built["content-security-policy"] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";
  }
  headers = Object.freeze(built);
  forConfig.set(key, headers);
  return headers;
}

export function securityHeaders(config: ServerConfig, { kind, nonce, dev, framing }: SecurityHeaderOptions): Record<string, string> {
  const headers = { ...fixedHeaders(config, kind, framing ?? (kind === "api" ? "none" : "self")) };
  if (kind === "page") {
    if (!nonce) throw new Error("A page's Content-Security-Policy needs a nonce");
    headers["content-security-policy"] = contentSecurityPolicy(config, { nonce, dev });
  }
  return headers;
}

export interface EdgeHeaderOptions {
  pathname: string;
  kind: ResponseKind;
  requestId: string;
  dev?: boolean;
}

/**
 * The headers the edge puts on every response for a path: the security headers (a fresh nonce in a
 * page's policy) and the request id, which the server in front of Next logs the access line with.
 */
export function edgeResponseHeaders(config: ServerConfig, { pathname, kind, requestId, dev }: EdgeHeaderOptions): Record<string, string> {
  const headers = securityHeaders(config, {
    kind,
    nonce: kind === "page" ? createNonce() : undefined,
    dev,
    // Only where the stand-in is served: elsewhere its path is an API 404 like any other (DENY).
    framing: config.isLocal && pathname.startsWith(`${LOCAL_PATHS.esign}/`) ? "own" : undefined,
  });
  headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

/**
 * The headers a request goes on with, over its own, or undefined when none: its id (read by server
 * code for logs and API calls) and, for a page, its nonce in the request's Content-Security-Policy,
 * where Next reads it to stamp its own scripts (next/script included, beforeInteractive too), and
 * in x-nonce, where react-instantsearch-nextjs reads it for the initial-results script it inserts
 * (/employment).
 */
export function forwardedRequestHeaders(csp: string | undefined, requestId: string | undefined): Record<string, string> | undefined {
  if (!csp && !requestId) return undefined;
  const headers: Record<string, string> = {};
  if (csp) {
    headers["content-security-policy"] = csp;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    if (nonce) headers["x-nonce"] = nonce;
  }
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}
