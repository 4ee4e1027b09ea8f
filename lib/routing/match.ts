import type { RouteRow } from "./types";

/**
 * Path matching on whole segments, decoded exactly once, case-insensitive, ignoring empty
 * segments (so double and trailing slashes match the same row as the plain path).
 */
export type NormalizedPath =
  { ok: true; segments: string[]; key: string; canonical: string } | { ok: false; reason: "malformed-path" | "unmatchable" };

const FORBIDDEN_IN_SEGMENT = /[\/\\\u0000-\u001f\u007f]/;

export function normalizePath(pathname: string): NormalizedPath {
  const raw = pathname.split("/");
  const segments: string[] = [];
  let unmatchable = false;
  for (const part of raw) {
    if (part === "") continue;
    let decoded = part;
    // A fast path: a segment without "%" decodes to itself and cannot throw, so its mutants are equivalent.
    // Stryker disable next-line ConditionalExpression,StringLiteral
    if (part.includes("%")) {
      try {
        decoded = decodeURIComponent(part);
      } catch {
        return { ok: false, reason: "malformed-path" };
      }
    }
    // An encoded slash, backslash, control character or dot segment never names a route.
    if (FORBIDDEN_IN_SEGMENT.test(decoded) || decoded === "." || decoded === "..") unmatchable = true;
    segments.push(decoded);
  }
  if (unmatchable) return { ok: false, reason: "unmatchable" };
  let key = "";
  let canonical = "";
  for (const s of segments) {
    key += "/" + s.toLowerCase();
    canonical += "/" + encodeURIComponent(s);
  }
  return { ok: true, segments, key: key || "/", canonical: canonical || "/" };
}

interface ParamPattern {
  row: RouteRow;
  parts: Array<{ param: string } | { literal: string }>;
}

export interface CompiledTable {
  rows: readonly RouteRow[];
  exact: Map<string, RouteRow>;
  /** Parameterised patterns by segment count. */
  withParams: Map<number, ParamPattern[]>;
  byId: Map<string, RouteRow>;
}

export function compileTable(rows: readonly RouteRow[]): CompiledTable {
  const exact = new Map<string, RouteRow>();
  const withParams = new Map<number, ParamPattern[]>();
  const byId = new Map<string, RouteRow>();
  for (const row of rows) {
    if (byId.has(row.id)) throw new Error(`Duplicate route id ${row.id}`);
    byId.set(row.id, row);
    const parts = row.pattern.split("/").filter(Boolean);
    if (parts.some((p) => p.startsWith(":"))) {
      const list = withParams.get(parts.length) ?? [];
      list.push({ row, parts: parts.map((p) => (p.startsWith(":") ? { param: p.slice(1) } : { literal: p.toLowerCase() })) });
      withParams.set(parts.length, list);
    } else {
      const key = "/" + parts.map((p) => p.toLowerCase()).join("/");
      if (exact.has(key)) throw new Error(`Two routes match ${key}`);
      exact.set(key, row);
    }
  }
  return { rows, exact, withParams, byId };
}

export interface RouteMatch {
  row: RouteRow;
  params: Record<string, string>;
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function matchRoute(table: CompiledTable, path: { segments: string[]; key: string }): RouteMatch | undefined {
  const row = table.exact.get(path.key);
  if (row) return { row, params: NO_PARAMS };
  const candidates = table.withParams.get(path.segments.length);
  if (!candidates) return undefined;
  for (const candidate of candidates) {
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < candidate.parts.length; i++) {
      const part = candidate.parts[i]!;
      const segment = path.segments[i]!;
      if ("literal" in part) {
        if (part.literal !== segment.toLowerCase()) {
          ok = false;
          break;
        }
      } else {
        params[part.param] = segment;
      }
    }
    if (ok) return { row: candidate.row, params };
  }
  return undefined;
}
