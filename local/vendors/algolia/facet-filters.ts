import type { ParentFilter } from "./employer-index";

/**
 * Algolia's facetFilters (and the one `filters` form the app sends) reduced to a ParentFilter.
 * Algolia's semantics: the outer array is AND, a nested array is OR, a leading "-" negates, a
 * string alone is one filter. parentId is the index's only facet: another attribute, deeper
 * nesting or a non-string is refused with 400, never a 5xx. An empty OR group constrains nothing.
 */
export class FacetFilterError extends Error {}

/** Far more than any search the app makes; a bound so one request cannot build a huge filter. */
const MAX_LITERALS = 100;

type IdSet = { kind: "in" | "notIn"; ids: Set<string> };
const ANY: IdSet = { kind: "notIn", ids: new Set() };

function union(a: IdSet, b: IdSet): IdSet {
  if (a.kind === "in" && b.kind === "in") return { kind: "in", ids: new Set([...a.ids, ...b.ids]) };
  if (a.kind === "notIn" && b.kind === "notIn") return { kind: "notIn", ids: new Set([...a.ids].filter((id) => b.ids.has(id))) };
  const [pos, neg] = a.kind === "in" ? [a, b] : [b, a];
  return { kind: "notIn", ids: new Set([...neg.ids].filter((id) => !pos.ids.has(id))) };
}

function intersect(a: IdSet, b: IdSet): IdSet {
  if (a.kind === "in" && b.kind === "in") return { kind: "in", ids: new Set([...a.ids].filter((id) => b.ids.has(id))) };
  if (a.kind === "notIn" && b.kind === "notIn") return { kind: "notIn", ids: new Set([...a.ids, ...b.ids]) };
  const [pos, neg] = a.kind === "in" ? [a, b] : [b, a];
  return { kind: "in", ids: new Set([...pos.ids].filter((id) => !neg.ids.has(id))) };
}

const LITERAL = /^\s*(-?)\s*([^:]+?)\s*:\s*(?:"([^"]*)"|'([^']*)'|(.*?))\s*$/;

function literal(expression: string): IdSet {
  const m = LITERAL.exec(expression);
  if (!m) throw new FacetFilterError(`Invalid facet filter "${expression}": expected attribute:value`);
  if (m[2] !== "parentId") throw new FacetFilterError(`Unsupported facet attribute "${m[2]}": only parentId is faceted`);
  const id = (m[3] ?? m[4] ?? m[5])!;
  return { kind: m[1] ? "notIn" : "in", ids: new Set([id]) };
}

export function parentFilter(params: { filters?: unknown; facetFilters?: unknown }): ParentFilter | undefined {
  let result = ANY;
  let literals = 0;
  const take = (expression: unknown): IdSet => {
    if (typeof expression !== "string") throw new FacetFilterError("facetFilters must hold strings or arrays of strings");
    if (++literals > MAX_LITERALS) throw new FacetFilterError(`facetFilters may hold at most ${MAX_LITERALS} filters`);
    return literal(expression);
  };
  const { filters, facetFilters } = params;
  if (filters !== undefined && (typeof filters !== "string" || filters.trim())) {
    // The `filters` language beyond one attribute:value is not served locally.
    if (typeof filters !== "string" || !/^\s*parentId\s*:\s*(?:"[^"]*"|'[^']*'|[\w-]+)\s*$/.test(filters)) {
      throw new FacetFilterError(`Unsupported filters "${String(filters)}": only parentId:<id> is supported locally`);
    }
    result = intersect(result, take(filters));
  }
  if (typeof facetFilters === "string") result = intersect(result, take(facetFilters));
  else if (Array.isArray(facetFilters)) {
    for (const group of facetFilters) {
      if (!Array.isArray(group)) {
        result = intersect(result, take(group));
        continue;
      }
      if (group.length === 0) continue;
      result = intersect(result, group.map(take).reduce(union));
    }
  } else if (facetFilters !== undefined && facetFilters !== null) {
    throw new FacetFilterError("facetFilters must be a string or an array");
  }
  if (result.kind === "notIn" && result.ids.size === 0) return undefined;
  return { kind: result.kind, ids: [...result.ids].sort() };
}
