import type { ServerConfig } from "@/lib/config/env";

/**
 * The Content-Security-Policy, built from the server's configuration for each response. Scripts run
 * by nonce ('strict-dynamic' lets a nonce'd script load the widget's own scripts, e.g. Plaid's
 * loader or Google's js-api-loader); hosts are listed for browsers without CSP 3. Runtime-neutral
 * (middleware and route handlers both use it).
 */

export type Directive = "script-src" | "connect-src" | "frame-src" | "img-src" | "style-src" | "font-src";

/**
 * Third-party hosts per widget. Adding a widget's host is one line here; the local stand-ins are
 * served by the app itself and are covered by its own origin. The identity service and the API
 * are added from the configuration. A "*" may only stand for a host's leftmost labels.
 */
export const THIRD_PARTY_HOSTS: Record<string, Partial<Record<Directive, readonly string[]>>> = {
  // Employer search (algoliasearch v5 lite client: <app>-dsn.algolia.net, then <app>-N.algolianet.com).
  algolia: { "connect-src": ["https://*.algolia.net", "https://*.algolianet.com", "https://insights.algolia.io"] },
  // Address autocomplete and geocoding (Google Maps JS API).
  maps: {
    "script-src": ["https://maps.googleapis.com", "https://maps.gstatic.com"],
    "connect-src": ["https://maps.googleapis.com", "https://places.googleapis.com"],
    "img-src": ["https://maps.googleapis.com", "https://maps.gstatic.com", "https://*.ggpht.com"],
    "style-src": ["https://fonts.googleapis.com"],
    "font-src": ["https://fonts.gstatic.com"],
  },
  // Bank linking (Plaid Link: a script from the CDN that opens an iframe from it).
  plaid: {
    "script-src": ["https://cdn.plaid.com"],
    "frame-src": ["https://cdn.plaid.com"],
    "connect-src": ["https://production.plaid.com", "https://sandbox.plaid.com"],
  },
  // Payroll linking (Argyle Link web plugin).
  argyle: {
    "script-src": ["https://plugin.argyle.com"],
    "frame-src": ["https://plugin.argyle.com", "https://link.argyle.com"],
    "connect-src": ["https://api.argyle.com", "https://api-sandbox.argyle.com"],
  },
  // E-signature (hellosign-embedded frames the provider's signing page).
  hellosign: { "frame-src": ["https://app.hellosign.com", "https://embedded.hellosign.com"] },
};

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function hostsFor(directive: Directive): string[] {
  return Object.values(THIRD_PARTY_HOSTS).flatMap((hosts) => hosts[directive] ?? []);
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))];
}

export interface CspOptions {
  nonce: string;
  /** next dev evaluates modules with eval (React's call stacks); never in a production build. */
  dev?: boolean;
}

/** The policy's directives, in order (exported for tests). */
export function cspDirectives(config: ServerConfig, { nonce, dev = false }: CspOptions): [string, string[]][] {
  // The configured services, wherever they are: the local stand-ins may live on another origin
  // than the one a visitor typed (localhost vs 127.0.0.1).
  // Cognito's regional endpoint is the issuer's origin (a wildcard may only be a host's first label).
  const configured = unique([
    originOf(config.appUrl),
    originOf(config.cognito.endpoint),
    originOf(config.cognito.issuer),
    originOf(config.graphql.url),
  ]);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      unique([`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...hostsFor("script-src"), dev ? "'unsafe-eval'" : undefined]),
    ],
    // Tailwind's and the widgets' injected styles; styles cannot run code.
    ["style-src", unique(["'self'", "'unsafe-inline'", ...hostsFor("style-src")])],
    ["img-src", unique(["'self'", "data:", "blob:", ...hostsFor("img-src")])],
    ["font-src", unique(["'self'", "data:", ...hostsFor("font-src")])],
    ["connect-src", unique(["'self'", ...configured, ...hostsFor("connect-src"), dev ? "ws:" : undefined])],
    // Locally the e-signature stand-in is framed from the app's other loopback name (cross-site, as the provider is).
    ["frame-src", unique(["'self'", originOf(config.appUrl), config.localEsignOrigin, ...hostsFor("frame-src")])],
    ["worker-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
  ];
  if (!config.isLocal) directives.push(["upgrade-insecure-requests", []]);
  return directives;
}

// The policy differs per response only by its nonce: the rest is built once per configuration (the
// middleware builds a policy for every page and redirect, and URL parsing dominated its cost).
const NONCE_SLOT = "\u0000nonce\u0000";
const templates = new WeakMap<ServerConfig, { prod?: [string, string]; dev?: [string, string] }>();

function template(config: ServerConfig, dev: boolean): [string, string] {
  let forConfig = templates.get(config);
  if (!forConfig) templates.set(config, (forConfig = {}));
  const key = dev ? "dev" : "prod";
  const built = cspDirectives(config, { nonce: NONCE_SLOT, dev })
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
  const [before, after] = built.split(NONCE_SLOT) as [string, string];
  return (forConfig[key] ??= [before, after]);
}

export function contentSecurityPolicy(config: ServerConfig, { nonce, dev = false }: CspOptions): string {
  const cached = templates.get(config)?.[dev ? "dev" : "prod"] ?? template(config, dev);
  return cached[0] + nonce + cached[1];
}

// Random bytes drawn in blocks: one getRandomValues call per 256 nonces instead of one per nonce.
const POOL = new Uint8Array(16 * 256);
let poolAt = POOL.length;
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A fresh nonce per response: 128 random bits, base64. */
export function createNonce(): string {
  if (poolAt === POOL.length) {
    crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  const b = POOL.subarray(poolAt, (poolAt += 16));
  let out = "";
  for (let i = 0; i < 15; i += 3) {
    const n = (b[i]! << 16) | (b[i + 1]! << 8) | b[i + 2]!;
    out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + BASE64[(n >> 6) & 63]! + BASE64[n & 63]!;
  }
  const last = b[15]!;
  out += BASE64[last >> 2]! + BASE64[(last & 3) << 4]! + "==";
  // Each byte serves one nonce only: a nonce that repeats is no nonce.
  b.fill(0);
  return out;
}
