import { LOCAL_DEFAULTS, type ServerConfig } from "./env";

/**
 * Local mode runs with published secrets (the claims-cookie secret, the API key) and an open
 * code outbox: anyone who can reach it can forge a staff session. It therefore listens on loopback
 * unless told otherwise, and refuses another interface unless LOCAL_ALLOW_REMOTE=1 says so.
 */

export function isLoopback(hostname: string | undefined): boolean {
  if (!hostname) return false;
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(?:\.\d{1,3}){3}$/.test(h) || h.endsWith(".localhost");
}

export type Exposure = { ok: true } | { ok: true; warning: string } | { ok: false; error: string };

/** Whether this configuration may listen on `hostname` (undefined = every interface). */
export function checkExposure(
  config: Pick<ServerConfig, "isLocal" | "sessionSecret" | "graphql">,
  hostname: string | undefined,
  env: Record<string, string | undefined>,
): Exposure {
  if (!config.isLocal || isLoopback(hostname)) return { ok: true };
  const published = config.sessionSecret === LOCAL_DEFAULTS.sessionSecret || config.graphql.apiKey === LOCAL_DEFAULTS.graphqlApiKey;
  const where = hostname ?? "every interface";
  if (env.LOCAL_ALLOW_REMOTE === "1") {
    return {
      ok: true,
      warning: `WARNING: APP_ENV=local is listening on ${where} (LOCAL_ALLOW_REMOTE=1)${published ? " with the published local secrets: anyone who can reach it can sign in as anyone and read every one-time code" : ""}. Never do this on a network you do not trust.`,
    };
  }
  return {
    ok: false,
    error: `Refusing to start: APP_ENV=local on ${where}${published ? " with the published local SESSION_SECRET and API key" : ""} would let anyone who can reach it sign in as anyone (the code outbox is open). Listen on 127.0.0.1, set APP_ENV to a hosted environment, or set LOCAL_ALLOW_REMOTE=1 to accept the risk.`,
  };
}
