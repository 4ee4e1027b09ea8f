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

/**
 * The longest a search may take, whatever the client's retries across hosts do: on the server the
 * page waits on it (so it is short: the page renders with the search marked unavailable), in the
 * browser the person does (past it the failure is shown, with a retry).
 */
export const SEARCH_DEADLINE_MS = { server: 3_000, browser: 8_000 } as const;

/** What a result carries when the server could not search: the page says the search is unavailable. */
export const SEARCH_UNAVAILABLE = { searchUnavailable: true } as const;

export function searchUnavailable(results: { userData?: unknown } | null | undefined): boolean {
  return (
    Array.isArray(results?.userData) && results.userData.some((u) => (u as { searchUnavailable?: unknown })?.searchUnavailable === true)
  );
}

type SearchArgs = Parameters<LiteClient["search"]>;
interface SearchRequestLike {
  indexName?: string;
  params?: { query?: string; hitsPerPage?: number };
  query?: string;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`employer search: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Empty results, marked unavailable, one per request: what the server renders when it cannot search. */
export function unavailableResults(args: SearchArgs) {
  const first = args[0] as { requests?: SearchRequestLike[] } | SearchRequestLike[];
  const requests = Array.isArray(first) ? first : (first?.requests ?? []);
  return {
    results: requests.map((r) => ({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: r.params?.hitsPerPage ?? 20,
      exhaustiveNbHits: true,
      processingTimeMS: 0,
      query: r.params?.query ?? r.query ?? "",
      params: "",
      index: r.indexName ?? "",
      userData: [SEARCH_UNAVAILABLE],
    })),
  };
}

/**
 * Every search bounded in time. In the browser a late or failed search rejects (InstantSearch shows
 * the failure); on the server, where an outage would hold the whole page (issue 44), it becomes
 * empty results marked unavailable and one error line (the server's console is the JSON logger,
 * with the request id), never an unhandled rejection.
 */
export function withDeadline(
  client: LiteClient,
  side: "server" | "browser" = typeof window === "undefined" ? "server" : "browser",
): LiteClient {
  const search = ((...args: SearchArgs) => {
    const answer = within(client.search(...args), SEARCH_DEADLINE_MS[side]);
    if (side === "browser") return answer;
    return answer.catch((error: unknown) => {
      console.error(`[employer search] unavailable while rendering: ${error instanceof Error ? error.name : "error"}`, error);
      return unavailableResults(args);
    });
  }) as LiteClient["search"];
  return { ...client, search };
}

export function employerSearchClient(
  config: Pick<PublicConfig, "appEnv" | "algolia">,
  options: { origin?: string } = {},
): EmployerSearchClient {
  return withDeadline(bareClient(config, options));
}

function bareClient(config: Pick<PublicConfig, "appEnv" | "algolia">, options: { origin?: string }): EmployerSearchClient {
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
