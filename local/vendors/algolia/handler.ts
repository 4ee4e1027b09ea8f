import type { Db } from "../../infra/db";
import { logError } from "@/lib/observability/log-error";
import { findInvalidText } from "../../infra/http/invalid-text";
import { readJsonBody } from "../../infra/http/read-body";
import type { EmployerHit } from "../../lender/data/employers";
import { searchEmployers } from "./employer-index";
import { FacetFilterError, parentFilter } from "./facet-filters";

/** Algolia answers a larger request with 413; the browser client sends a few hundred bytes. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The employer index over HTTP in Algolia's wire format, so the shell's search client has the same
 * shape locally and in the cloud. Served under /api/local/algolia: POST /1/indexes/{*}/queries
 * (multi-query) and POST /1/indexes/{index}/query. No key check: the index is public data and the
 * endpoint exists only locally.
 */
/** Algolia's highlight matchLevel: how many of the query's words the value holds. */
function matchLevel(matched: number, words: number): "none" | "full" | "partial" {
  if (matched === 0) return "none";
  return matched === words ? "full" : "partial";
}

export interface SearchHandlerOptions {
  db: () => Promise<Db>;
  /** The one index served, e.g. "local_employers" (stage + "employers"). */
  indexName: () => string;
  /** Path prefix the route is mounted at. */
  basePath?: string;
}

interface SearchRequest {
  indexName?: unknown;
  params?: unknown;
  [key: string]: unknown;
}

class AlgoliaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type, x-algolia-api-key, x-algolia-application-id, x-algolia-agent",
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...CORS },
  });

const DEFAULT_HITS_PER_PAGE = 20;
const MAX_HITS_PER_PAGE = 1000;

/** Algolia takes params either as one URL-encoded string or as fields of the request (client v5). */
function readParams(request: SearchRequest): Record<string, unknown> {
  const { indexName: _indexName, params, type: _type, ...rest } = request;
  const merged: Record<string, unknown> = { ...rest };
  if (typeof params === "string") {
    for (const [key, value] of new URLSearchParams(params)) {
      try {
        merged[key] = key === "query" || key === "filters" ? value : JSON.parse(value);
      } catch {
        merged[key] = value;
      }
    }
  } else if (params && typeof params === "object") {
    Object.assign(merged, params);
  }
  return merged;
}

function intParam(params: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = params[name];
  if (raw === undefined) return fallback;
  const n = typeof raw === "string" ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > max) {
    throw new AlgoliaError(400, `${name} must be an integer between 0 and ${max}`);
  }
  return n;
}

function highlight(hit: EmployerHit, words: string[], pre: string, post: string) {
  const name = hit.name;
  const lower = name.toLowerCase();
  const ranges: [number, number][] = [];
  for (const w of words) {
    let i = lower.indexOf(w);
    while (w && i >= 0) {
      ranges.push([i, i + w.length]);
      i = lower.indexOf(w, i + w.length);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let value = "";
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const s = Math.max(start, at);
    value += name.slice(at, s) + pre + name.slice(s, end) + post;
    at = end;
  }
  value += name.slice(at);
  const matched = words.filter((w) => w && lower.includes(w));
  return {
    name: {
      value,
      matchLevel: matchLevel(matched.length, words.length),
      matchedWords: matched,
    },
  };
}

async function runQuery(db: Db, request: SearchRequest, indexName: string) {
  const started = performance.now();
  if (request.indexName !== indexName) throw new AlgoliaError(404, "Index does not exist");
  const params = readParams(request);
  const invalid = findInvalidText(params);
  if (invalid) throw new AlgoliaError(400, `Invalid characters in ${invalid}`);
  const query = typeof params.query === "string" ? params.query : "";
  const hitsPerPage = intParam(params, "hitsPerPage", DEFAULT_HITS_PER_PAGE, MAX_HITS_PER_PAGE);
  const page = intParam(params, "page", 0, 10_000);
  let parents;
  try {
    parents = parentFilter(params);
  } catch (error) {
    if (error instanceof FacetFilterError) throw new AlgoliaError(400, error.message);
    throw error;
  }
  const { hits, nbHits, exhaustiveNbHits } = await searchEmployers(db, { query, parents, hitsPerPage, page });
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const pre = typeof params.highlightPreTag === "string" ? params.highlightPreTag : "<em>";
  const post = typeof params.highlightPostTag === "string" ? params.highlightPostTag : "</em>";
  const echoed = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) echoed.set(k, typeof v === "string" ? v : JSON.stringify(v));
  return {
    hits: hits.map((h) => ({ ...h, _highlightResult: highlight(h, words, pre, post) })),
    nbHits,
    page,
    nbPages: hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage),
    hitsPerPage,
    exhaustiveNbHits,
    query,
    params: echoed.toString(),
    index: indexName,
    processingTimeMS: Math.round(performance.now() - started),
  };
}

export function createSearchHandler(options: SearchHandlerOptions): (request: Request) => Promise<Response> {
  const base = options.basePath ?? "/api/local/algolia";
  return async (request) => {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    const path = new URL(request.url).pathname.slice(base.length);
    const multi = path === "/1/indexes/*/queries" || path === "/1/indexes/%2A/queries";
    const single = /^\/1\/indexes\/([^/]+)\/query$/.exec(path);
    if (!multi && !single) return json(404, { message: "Not found", status: 404 });
    if (request.method !== "POST") return json(405, { message: "Method not allowed", status: 405 });
    // The browser client sends JSON as text/plain or form-encoded to avoid a CORS preflight.
    const read = await readJsonBody(request, MAX_BODY_BYTES);
    if (!read.ok) {
      if (read.reason === "too-large") return json(413, { message: "Request body too large", status: 413 });
      if (read.reason === "invalid-text") return json(400, { message: `Invalid characters in ${read.field}`, status: 400 });
      return json(400, { message: read.reason === "too-deep" ? "JSON body nested too deep" : "Invalid JSON body", status: 400 });
    }
    const body = read.value;
    const invalid = findInvalidText(body);
    if (invalid) return json(400, { message: `Invalid characters in ${invalid}`, status: 400 });
    try {
      const db = await options.db();
      const indexName = options.indexName();
      if (multi) {
        const requests = (body as { requests?: unknown })?.requests;
        if (!Array.isArray(requests) || requests.length === 0 || requests.length > 50) {
          throw new AlgoliaError(400, "requests must be a non-empty array of at most 50 queries");
        }
        const results = [];
        for (const r of requests) {
          if (typeof r !== "object" || r === null) throw new AlgoliaError(400, "each request must be an object");
          results.push(await runQuery(db, r as SearchRequest, indexName));
        }
        return json(200, { results });
      }
      let name: string;
      try {
        name = decodeURIComponent(single![1]!);
      } catch {
        throw new AlgoliaError(400, "Malformed index name");
      }
      return json(200, await runQuery(db, { ...(body as object), indexName: name }, indexName));
    } catch (error) {
      if (error instanceof AlgoliaError) return json(error.status, { message: error.message, status: error.status });
      logError("local algolia: search failed", error);
      return json(500, { message: "Internal error", status: 500 });
    }
  };
}
