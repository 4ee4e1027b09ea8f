import { liteClient, type LiteClient } from "algoliasearch/lite";
import type { PublicConfig } from "../config/env";
import { LOCAL_PATHS } from "../config/local-paths";

/**
 * The employer search client for InstantSearch. In the cloud: the real Algolia lite client on the
 * hosted index. Locally: the same lite client with its hosts pointed at the local endpoint, which
 * speaks Algolia's wire format. Only Algolia's own hosts are unreachable offline (that is what
 * hangs); with a local host the client answers at once, so there is one code path.
 */
export type EmployerSearchClient = LiteClient;

/** The index is named by stage plus "employers". */
export function employerIndexName(config: Pick<PublicConfig, "appEnv" | "algolia">): string {
  return config.algolia?.indexName ?? `${config.appEnv}_employers`;
}

/**
 * The client's defaults (1 s connect, 2 s read) are shorter than SPEC's 3000 ms stalled-search
 * delay, so a slow answer would fail before "still searching" could show; these let it show.
 */
const SEARCH_TIMEOUTS = { connect: 5_000, read: 10_000, write: 10_000 };

export function employerSearchClient(
  config: Pick<PublicConfig, "appEnv" | "algolia">,
  options: { origin?: string } = {},
): EmployerSearchClient {
  if (config.algolia) return liteClient(config.algolia.appId, config.algolia.searchKey, { timeouts: SEARCH_TIMEOUTS });
  if (config.appEnv !== "local")
    throw new Error(`Employer search is not configured for ${config.appEnv} (ALGOLIA_APP_ID, ALGOLIA_SEARCH_KEY)`);
  const origin = options.origin ?? (typeof window !== "undefined" ? window.location.origin : undefined);
  if (!origin) throw new Error("employerSearchClient: the local search client needs an origin outside the browser");
  const base = new URL(LOCAL_PATHS.algolia, origin);
  return liteClient("local", "local-search-key", {
    timeouts: SEARCH_TIMEOUTS,
    // serializeUrl builds `${protocol}://${url}/${path}`, so a host may carry a path prefix.
    hosts: [{ url: `${base.host}${base.pathname}`, accept: "read", protocol: base.protocol === "https:" ? "https" : "http" }],
  });
}
