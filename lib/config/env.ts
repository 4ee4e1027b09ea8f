import { z } from "zod";
import { ARGYLE_SCRIPT_URL, LOCAL_PATHS } from "./local-paths";
import { REQUEST_DEADLINE_DEFAULT_MS, REQUEST_DEADLINE_RANGE, UPSTREAM_TIMEOUT_DEFAULTS, UPSTREAM_TIMEOUT_RANGE } from "./timeouts";

/**
 * Server configuration, read from the process environment when the server starts (never inlined
 * at build), so one build serves every environment. Runtime-neutral: used by middleware (edge)
 * and by route handlers (node).
 */

export const APP_ENVS = ["production", "staging", "dev", "local"] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export type HostedApp = "dashboard" | "lending" | "marketing";

/** Hosted-app origins per environment. Local has no hosted apps: see localHostedUrl(). */
export const HOSTED_APP_ORIGINS: Record<Exclude<AppEnv, "local">, Record<HostedApp, string>> = {
  production: {
    dashboard: "https://app.lender.example",
    lending: "https://apply.lender.example",
    marketing: "https://www.lender.example",
  },
  staging: {
    dashboard: "https://app.staging.lender.example",
    lending: "https://apply.staging.lender.example",
    marketing: "https://www.staging.lender.example",
  },
  dev: {
    dashboard: "https://app.dev.lender.example",
    lending: "https://apply.dev.lender.example",
    marketing: "https://www.dev.lender.example",
  },
};

/** Locally, each hosted app is a stand-in page that names where the redirect would land. */
export function localHostedUrl(appUrl: string, app: HostedApp): string {
  return `${appUrl}${LOCAL_PATHS.apps}/${app}`;
}

export const LOCAL_DEFAULTS = {
  cognitoUserPoolId: "us-east-1_localpool",
  cognitoClientId: "localclient0000000000000000",
  graphqlApiKey: "da2-localpublicapikey000000000",
  sessionSecret: "local-only-session-secret-do-not-use-in-production",
  companyEmailDomains: "lender.example,lender-ops.example",
  /** The e-signature stand-in's API app (HelloSign client ids are 32 hex characters). */
  hellosignClientId: "10ca1000000000000000000000e5167a",
  /** Never sent anywhere: the Maps stand-in defines google.maps before Google's loader would run. */
  googleMapsApiKey: "local-maps-stand-in",
} as const;

const url = z.url({ protocol: /^https?$/ });
const optionalUrl = url.optional();
const nonEmpty = z.string().trim().min(1);

const timeoutMs = (fallback: number, range: { minMs: number; maxMs: number } = UPSTREAM_TIMEOUT_RANGE) =>
  z.coerce
    .number()
    .int()
    .min(range.minMs, `must be at least ${range.minMs} (milliseconds)`)
    .max(range.maxMs, `must be at most ${range.maxMs} (milliseconds)`)
    .default(fallback);

const rawSchema = z.object({
  APP_ENV: z.enum(APP_ENVS).default("local"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().optional(),
  APP_URL: optionalUrl,
  DASHBOARD_APP_URL: optionalUrl,
  LENDING_APP_URL: optionalUrl,
  MARKETING_SITE_URL: optionalUrl,
  COGNITO_REGION: nonEmpty.default("us-east-1"),
  COGNITO_USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9A-Za-z]+$/, "must look like region_id")
    .optional(),
  COGNITO_CLIENT_ID: z
    .string()
    .regex(/^[0-9A-Za-z]+$/)
    .optional(),
  COGNITO_ENDPOINT: optionalUrl,
  COGNITO_ISSUER: optionalUrl,
  COGNITO_JWKS_URL: optionalUrl,
  GRAPHQL_URL: optionalUrl,
  GRAPHQL_API_KEY: nonEmpty.optional(),
  GRAPHQL_TIMEOUT_MS: timeoutMs(UPSTREAM_TIMEOUT_DEFAULTS.graphqlMs),
  COGNITO_TIMEOUT_MS: timeoutMs(UPSTREAM_TIMEOUT_DEFAULTS.cognitoMs),
  REQUEST_DEADLINE_MS: timeoutMs(REQUEST_DEADLINE_DEFAULT_MS, REQUEST_DEADLINE_RANGE),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  COOKIE_DOMAIN: nonEmpty.optional(),
  COMPANY_EMAIL_DOMAINS: z.string().optional(),
  ALGOLIA_APP_ID: nonEmpty.optional(),
  ALGOLIA_SEARCH_KEY: nonEmpty.optional(),
  GOOGLE_MAPS_API_KEY: nonEmpty.optional(),
  HELLOSIGN_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{8,64}$/, "must be the e-signature API app's client id")
    .optional(),
  LOCAL_STAND_INS_URL: optionalUrl,
  TRUST_FORWARDED_HOST: z.enum(["0", "1"]).default("0"),
});

export interface ServerConfig {
  appEnv: AppEnv;
  isLocal: boolean;
  /** The shell's own public origin, e.g. http://localhost:3000. */
  appUrl: string;
  hosts: Record<HostedApp, string>;
  /** Locally the shell serves /login and /register itself; elsewhere the dashboard app does. */
  signInInApp: boolean;
  cognito: {
    region: string;
    userPoolId: string;
    clientId: string;
    /** Set only where the identity service is not AWS's own (the local stand-in). */
    endpoint?: string;
    issuer: string;
    jwksUrl: string;
  };
  graphql: { url: string; apiKey: string };
  /** How long one call to the GraphQL API, or to Cognito, may take from the server, and any request in all (lib/config/timeouts.ts). */
  timeouts: { graphqlMs: number; cognitoMs: number; requestDeadlineMs: number };
  sessionSecret: string;
  cookieDomain?: string;
  /**
   * Whether X-Forwarded-Host comes from a proxy of ours (it overwrites any value a client sent);
   * otherwise it is a client's word and never read: an Origin is compared with Host (TRUST_FORWARDED_HOST).
   */
  trustForwardedHost: boolean;
  companyEmailDomains: string[];
  algolia?: { appId: string; searchKey: string; indexName: string };
  /**
   * The e-signature provider's embedded client (hellosign-embedded). Absent outside local when
   * HELLOSIGN_CLIENT_ID is not set: dashboard-sign then says signing is unavailable.
   * testMode (skip domain verification) everywhere but production.
   */
  hellosign?: { clientId: string; testMode: boolean };
  /**
   * Locally, the origin of the e-signature stand-in (esignStandInOrigin). Unset elsewhere: the
   * provider's sign_url names its own host.
   */
  localEsignOrigin?: string;
  /**
   * The Maps JavaScript API key for address autocomplete. Locally a placeholder: the Maps stand-in
   * (loaded by the root layout) answers instead of Google. Absent elsewhere: plain address inputs.
   */
  googleMapsApiKey?: string;
  /**
   * Locally, where the stand-ins' own process listens (local/server.ts; scripts/start.mjs starts it
   * and sets LOCAL_STAND_INS_URL): the one door, app/api/local/[...path], forwards there. Unset elsewhere.
   */
  localStandInsUrl?: string;
  widgets: Widgets;
}

/** Where the browser loads each widget's script and the local helpers from (WIDGETS.md). */
export interface Widgets {
  /** Argyle Link's web script: Argyle's CDN, or locally the stand-in's copy. */
  argyleScriptUrl: string;
  /**
   * Locally, the scripts that define the Maps and Plaid globals before their widgets mount (null
   * elsewhere): each is loaded by its widget, on its page only (components/widgets/after-stand-in).
   */
  mapsStandInScript: string | null;
  plaidStandInScript: string | null;
  /** The local outbox where one-time codes and micro-deposits can be read; null outside local. */
  outboxUrl: string | null;
}

export function widgetsFor(isLocal: boolean): Widgets {
  return isLocal
    ? {
        argyleScriptUrl: LOCAL_PATHS.argyleScript,
        mapsStandInScript: LOCAL_PATHS.mapsScript,
        plaidStandInScript: LOCAL_PATHS.plaidScript,
        outboxUrl: LOCAL_PATHS.outbox,
      }
    : { argyleScriptUrl: ARGYLE_SCRIPT_URL, mapsStandInScript: null, plaidStandInScript: null, outboxUrl: null };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function stripSlash(value: string): string {
  return value.replace(/\/+$/, "");
}

/** The two names of the loopback address a browser reaches without DNS. */
const LOOPBACK_TWIN: Readonly<Record<string, string>> = { localhost: "127.0.0.1", "127.0.0.1": "localhost" };

/**
 * Where the local e-signature stand-in is served: the app's own server under its other loopback name
 * (localhost <-> 127.0.0.1), so that the signing page is cross-site to the app as the provider's is,
 * and runs in a process and on a main thread of its own; the app's own origin when the app has no
 * other name (a host name only the app's own network knows).
 */
export function esignStandInOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  const twin = LOOPBACK_TWIN[url.hostname];
  if (twin) url.hostname = twin;
  return url.origin;
}

function defaultAppUrl(port: number, hostname: string | undefined): string {
  const host = !hostname || hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

export function parseConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = rawSchema.safeParse(Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v])));
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  // A call that times out must be answered in the page's words before the whole request is cut.
  if (e.REQUEST_DEADLINE_MS <= e.GRAPHQL_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration: REQUEST_DEADLINE_MS (${e.REQUEST_DEADLINE_MS}) must be longer than GRAPHQL_TIMEOUT_MS (${e.GRAPHQL_TIMEOUT_MS})`,
    );
  }
  const isLocal = e.APP_ENV === "local";
  const appUrl = stripSlash(e.APP_URL ?? defaultAppUrl(e.PORT, e.HOSTNAME));

  const base: Record<HostedApp, string> = isLocal
    ? {
        dashboard: localHostedUrl(appUrl, "dashboard"),
        lending: localHostedUrl(appUrl, "lending"),
        marketing: localHostedUrl(appUrl, "marketing"),
      }
    : HOSTED_APP_ORIGINS[e.APP_ENV as Exclude<AppEnv, "local">];
  const hosts: Record<HostedApp, string> = {
    dashboard: stripSlash(e.DASHBOARD_APP_URL ?? base.dashboard),
    lending: stripSlash(e.LENDING_APP_URL ?? base.lending),
    marketing: stripSlash(e.MARKETING_SITE_URL ?? base.marketing),
  };

  const missing = (name: string) => new ConfigError(`Invalid configuration: ${name} is required when APP_ENV=${e.APP_ENV}`);
  const userPoolId = e.COGNITO_USER_POOL_ID ?? (isLocal ? LOCAL_DEFAULTS.cognitoUserPoolId : undefined);
  const clientId = e.COGNITO_CLIENT_ID ?? (isLocal ? LOCAL_DEFAULTS.cognitoClientId : undefined);
  const sessionSecret = e.SESSION_SECRET ?? (isLocal ? LOCAL_DEFAULTS.sessionSecret : undefined);
  const apiKey = e.GRAPHQL_API_KEY ?? (isLocal ? LOCAL_DEFAULTS.graphqlApiKey : undefined);
  const graphqlUrl = e.GRAPHQL_URL ?? (isLocal ? `${appUrl}${LOCAL_PATHS.graphql}` : undefined);
  if (!userPoolId) throw missing("COGNITO_USER_POOL_ID");
  if (!clientId) throw missing("COGNITO_CLIENT_ID");
  if (!sessionSecret) throw missing("SESSION_SECRET");
  if (!apiKey) throw missing("GRAPHQL_API_KEY");
  if (!graphqlUrl) throw missing("GRAPHQL_URL");

  const endpoint = e.COGNITO_ENDPOINT ?? (isLocal ? `${appUrl}${LOCAL_PATHS.cognito}` : undefined);
  const issuer = stripSlash(
    e.COGNITO_ISSUER ??
      (endpoint && isLocal
        ? `${stripSlash(endpoint)}/${userPoolId}`
        : `https://cognito-idp.${e.COGNITO_REGION}.amazonaws.com/${userPoolId}`),
  );

  const domains = (e.COMPANY_EMAIL_DOMAINS ?? (isLocal ? LOCAL_DEFAULTS.companyEmailDomains : ""))
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

  const hellosignClientId = e.HELLOSIGN_CLIENT_ID ?? (isLocal ? LOCAL_DEFAULTS.hellosignClientId : undefined);

  return {
    appEnv: e.APP_ENV,
    isLocal,
    appUrl,
    hosts,
    signInInApp: isLocal,
    cognito: {
      region: e.COGNITO_REGION,
      userPoolId,
      clientId,
      endpoint: endpoint ? stripSlash(endpoint) : undefined,
      issuer,
      jwksUrl: e.COGNITO_JWKS_URL ?? `${issuer}/.well-known/jwks.json`,
    },
    graphql: { url: graphqlUrl, apiKey },
    timeouts: { graphqlMs: e.GRAPHQL_TIMEOUT_MS, cognitoMs: e.COGNITO_TIMEOUT_MS, requestDeadlineMs: e.REQUEST_DEADLINE_MS },
    sessionSecret,
    cookieDomain: e.COOKIE_DOMAIN,
    trustForwardedHost: e.TRUST_FORWARDED_HOST === "1",
    companyEmailDomains: domains,
    algolia:
      e.ALGOLIA_APP_ID && e.ALGOLIA_SEARCH_KEY
        ? { appId: e.ALGOLIA_APP_ID, searchKey: e.ALGOLIA_SEARCH_KEY, indexName: `${e.APP_ENV}_employers` }
        : undefined,
    hellosign: hellosignClientId ? { clientId: hellosignClientId, testMode: e.APP_ENV !== "production" } : undefined,
    localEsignOrigin: isLocal ? esignStandInOrigin(appUrl) : undefined,
    googleMapsApiKey: e.GOOGLE_MAPS_API_KEY ?? (isLocal ? LOCAL_DEFAULTS.googleMapsApiKey : undefined),
    localStandInsUrl: isLocal && e.LOCAL_STAND_INS_URL ? stripSlash(e.LOCAL_STAND_INS_URL) : undefined,
    widgets: widgetsFor(isLocal),
  };
}

let cached: ServerConfig | undefined;

/** The process's configuration, parsed on first use and kept for the life of the server. */
export function serverConfig(): ServerConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * What the browser may know: no secrets. Passed from the root layout at request time, not baked in.
 * An allow-list of ServerConfig's fields, so that a new field stays on the server until named here.
 */
const PUBLIC_FIELDS = [
  "appEnv",
  "hosts",
  "signInInApp",
  "cognito",
  "graphql",
  "cookieDomain",
  "companyEmailDomains",
  "algolia",
  "hellosign",
  "googleMapsApiKey",
  "widgets",
] as const satisfies readonly (keyof ServerConfig)[];
/** Of the identity settings, what the browser's sign-in needs: not the verifier's issuer and JWKS. */
const PUBLIC_COGNITO_FIELDS = [
  "region",
  "userPoolId",
  "clientId",
  "endpoint",
] as const satisfies readonly (keyof ServerConfig["cognito"])[];

export type PublicConfig = Omit<Pick<ServerConfig, (typeof PUBLIC_FIELDS)[number]>, "cognito"> & {
  cognito: Pick<ServerConfig["cognito"], (typeof PUBLIC_COGNITO_FIELDS)[number]>;
};

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
}

export function publicConfig(config: ServerConfig = serverConfig()): PublicConfig {
  // cognito keeps its place among the fields and is narrowed to its public part.
  return { ...pick(config, PUBLIC_FIELDS), cognito: pick(config.cognito, PUBLIC_COGNITO_FIELDS) };
}
