/**
 * The stand-ins' mount table, as data: where the one door (app/api/local/[...path]/route.ts,
 * local environment only) serves each stand-in and which methods each answers. The edge refuses
 * other methods from it (lib/security/request-policy.ts), local/routes.ts gives each row its
 * handler, and the shell names a stand-in's URL only through here, by way of the configuration.
 * In production every one of these is the real service's own URL instead.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export interface Mount {
  /**
   * The path under LOCAL_ROOT, segment by segment: a literal, `:name` (one segment) or, last
   * only, `*` (one or more segments).
   */
  path: string;
  methods: readonly Method[];
}

export const LOCAL_ROOT = "/api/local";

export const STAND_IN_MOUNTS = {
  /** Cognito's JSON protocol (Amplify's userPoolEndpoint) and the pool's public keys. */
  cognito: { path: "cognito", methods: ["POST", "OPTIONS"] },
  jwks: { path: "cognito/:poolId/.well-known/jwks.json", methods: ["GET"] },
  /** The codes and micro-deposits the stand-ins "sent". */
  outbox: { path: "outbox", methods: ["GET"] },
  /** The AppSync-compatible GraphQL API. */
  graphql: { path: "graphql", methods: ["GET", "POST"] },
  /** The stand-ins' clock, movable only with LOCAL_CLOCK_CONTROL=1. */
  clock: { path: "clock", methods: ["GET", "POST"] },
  /** The hosted apps' stand-in pages and their forms. */
  apps: { path: "apps/*", methods: ["GET", "POST"] },
  /** E-signature: embedded signing page, sign and exit. */
  esign: { path: "esign/*", methods: ["GET", "POST"] },
  /** The borrower's filed documents (the signed contract), behind signed, expiring URLs. */
  documents: { path: "documents/:id/:fileName", methods: ["GET"] },
  /** The employer index in Algolia's wire format. */
  algolia: { path: "algolia/*", methods: ["POST", "OPTIONS"] },
  /** Payroll linking (Argyle Link): widget script, session, account. */
  argyle: { path: "argyle/*", methods: ["GET", "POST"] },
  /** Google Maps: its browser script and the address book. */
  maps: { path: "maps/*", methods: ["GET"] },
  /** Plaid Link: widget script, widget login, webhook. */
  plaid: { path: "plaid/*", methods: ["GET", "POST"] },
} as const satisfies Record<string, Mount>;

export type StandIn = keyof typeof STAND_IN_MOUNTS;

/** A mount's URL path; for a `*` mount, its folder (`/api/local/esign`). */
const at = (standIn: StandIn) => `${LOCAL_ROOT}/${STAND_IN_MOUNTS[standIn].path.replace(/\/\*$/, "")}`;

/** A mount's path as a pattern over the whole URL path (the edge's form). */
export function mountPattern(mount: Mount): RegExp {
  const parts = mount.path.split("/").map((part) => {
    if (part === "*") return ".+";
    if (part.startsWith(":")) return "[^/]+";
    return part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  });
  return new RegExp(`^${LOCAL_ROOT.replace(/\//g, "\\/")}\\/${parts.join("\\/")}$`);
}

export const LOCAL_PATHS = {
  root: LOCAL_ROOT,
  graphql: at("graphql"),
  cognito: at("cognito"),
  apps: at("apps"),
  algolia: at("algolia"),
  esign: at("esign"),
  documents: `${LOCAL_ROOT}/documents`,
  outbox: at("outbox"),
  /** Argyle Link's web script, the stand-in's copy (WIDGETS.md). */
  argyleScript: `${at("argyle")}/argyle.web.v5.js`,
  /** Defines google.maps before the address field's loader would fetch Google's (WIDGETS.md). */
  mapsScript: `${at("maps")}/maps.js`,
  /** Defines window.Plaid before react-plaid-link would fetch Plaid's script (WIDGETS.md). */
  plaidScript: `${at("plaid")}/link-initialize.js`,
} as const;

/** Argyle Link's web script from Argyle's CDN (WIDGETS.md). */
export const ARGYLE_SCRIPT_URL = "https://plugin.argyle.com/argyle.web.v5.js";
