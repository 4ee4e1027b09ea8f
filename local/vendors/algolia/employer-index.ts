import type { Queryable } from "../../infra/db";
import type { EmployerHit } from "../../lender/data/employers";

/**
 * Search as you type over the employer directory, Algolia-like:
 * - every word of the query must match a word of the employer's name or city: the last word as a
 *   prefix (it is still being typed), every word also as a prefix, and with typos — one for words of
 *   4–7 characters, two from 8 — against the directory's own words;
 * - ranking, best first: the exact name; names that start with the query; names with a word that
 *   starts with the query; all words found in the name without typos; then the rest (city matches,
 *   typos), fewer typos first, top-level employers before sub-employers, then by name.
 * The query's words are expanded to the directory's vocabulary in memory (about a thousand words),
 * so the database does only indexed work: a btree prefix range on the normalised name and exact
 * word overlap on a GIN index. Counts stop at COUNT_CAP, as Algolia's are approximate on big sets.
 */

export const COUNT_CAP = 1000;

/** The normalisation the database applies to names (migration 130): keep the two in step. */
export function normalizeForSearch(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Optimal-string-alignment distance (adjacent transpositions count once), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
    if (i > 0 && Math.min(...rows[i]!) > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** Typos allowed for a query word of this length (Algolia's defaults: 4 and 8 characters). */
export function typosAllowed(length: number): number {
  if (length >= 8) return 2;
  return length >= 4 ? 1 : 0;
}

export interface WordMatch {
  /** Directory words the query word matches as a prefix (no typo). */
  exact: string[];
  /** Directory words it matches only with typos. */
  typo: string[];
}

/** A query word against the vocabulary: prefix matches, then words within the typo budget (whole word or prefix). */
export function matchWord(word: string, vocabulary: readonly string[]): WordMatch {
  const exact: string[] = [];
  const typo: string[] = [];
  const budget = typosAllowed(word.length);
  for (const v of vocabulary) {
    if (v.startsWith(word)) exact.push(v);
    else if (
      budget > 0 &&
      (editDistance(word, v, budget) <= budget || (v.length > word.length && editDistance(word, v.slice(0, word.length), budget) <= budget))
    ) {
      typo.push(v);
    }
  }
  return { exact, typo };
}

const vocabularies = new WeakMap<object, { at: number; words: Promise<string[]> }>();
const VOCABULARY_TTL_MS = 60_000;

/** The directory's distinct words, cached per database for a minute (the seed is the only writer). */
function vocabulary(db: Queryable): Promise<string[]> {
  const cached = vocabularies.get(db);
  if (cached && Date.now() - cached.at < VOCABULARY_TTL_MS) return cached.words;
  const words = db.query<{ term: string }>(`SELECT DISTINCT unnest(terms) AS term FROM employers`).then((rows) =>
    rows
      .map((r) => r.term)
      .filter(Boolean)
      .sort(),
  );
  words.catch(() => vocabularies.delete(db));
  vocabularies.set(db, { at: Date.now(), words });
  return words;
}

export interface EmployerQuery {
  query: string;
  /** Which parents a hit may have (facetFilters on parentId, reduced); none: any. */
  parents?: ParentFilter;
  hitsPerPage: number;
  page: number;
}

/**
 * A filter on the one faceted attribute, parentId. Every employer has at most one parent, so any
 * AND/OR/NOT of parentId literals reduces to "the parent is one of" or "the parent is none of"
 * (the latter also holding for employers without a parent, as Algolia's negation does).
 */
export type ParentFilter = { kind: "in"; ids: string[] } | { kind: "notIn"; ids: string[] };

/** The filter as SQL on `e.parent_id`, its ids passed through `param`. */
function parentCondition(filter: ParentFilter, param: (v: unknown) => string): string {
  const ids = `${param(filter.ids)}::text[]`;
  return filter.kind === "in" ? `e.parent_id = ANY(${ids})` : `(e.parent_id IS NULL OR NOT e.parent_id = ANY(${ids}))`;
}

function paramList(): { params: unknown[]; param: (v: unknown) => string } {
  const params: unknown[] = [];
  return {
    params,
    param: (v) => {
      params.push(v);
      return `$${params.length}`;
    },
  };
}

export interface EmployerSearchResult {
  hits: EmployerHit[];
  nbHits: number;
  exhaustiveNbHits: boolean;
}

const HIT = `json_build_object('objectID', e.id, 'name', e.name, 'parentId', e.parent_id, 'parentName', p.name,
  'city', e.city, 'state', e.state, 'logoUrl', e.logo_url) AS hit`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchEmployers(db: Queryable, q: EmployerQuery): Promise<EmployerSearchResult> {
  const query = normalizeForSearch(q.query);
  const words = query ? query.split(" ") : [];
  const need = (q.page + 1) * q.hitsPerPage;
  const offset = q.page * q.hitsPerPage;

  // Like Algolia's paginationLimitedTo (default 1000): no page starts past the cap.
  if (offset >= COUNT_CAP) {
    const none = await searchEmployers(db, { ...q, page: 0, hitsPerPage: 1 });
    return { hits: [], nbHits: none.nbHits, exhaustiveNbHits: none.exhaustiveNbHits };
  }

  // Without words: the whole directory (or one parent's sub-employers) by name.
  if (words.length === 0) {
    const list = paramList();
    const filter = q.parents ? `WHERE ${parentCondition(q.parents, list.param)}` : "";
    const rows = await db.query<{ hit: EmployerHit }>(
      `SELECT ${HIT} FROM employers e LEFT JOIN employers p ON p.id = e.parent_id ${filter}
        ORDER BY e.search_name, e.id LIMIT ${list.param(q.hitsPerPage)} OFFSET ${list.param(offset)}`,
      list.params,
    );
    const counting = paramList();
    const countFilter = q.parents ? `WHERE ${parentCondition(q.parents, counting.param)}` : "";
    const count = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM employers e ${countFilter} LIMIT ${counting.param(COUNT_CAP + 1)}) capped`,
      counting.params,
    );
    return capped(
      rows.map((r) => r.hit),
      count[0]?.n ?? 0,
    );
  }

  const vocab = await vocabulary(db);
  const matches = words.map((w) => matchWord(w, vocab));
  if (matches.some((m) => m.exact.length === 0 && m.typo.length === 0)) return { hits: [], nbHits: 0, exhaustiveNbHits: true };

  // Tiers 0–1 straight from the btree on the normalised name: the exact name, then names starting
  // with the query in name order. Such a name matches every query word by prefix, so no word check.
  const prefix = `${escapeLike(query)}%`;
  const exactList = paramList();
  const exact = await db.query<{ hit: EmployerHit }>(
    `SELECT ${HIT} FROM employers e LEFT JOIN employers p ON p.id = e.parent_id
      WHERE e.search_name = ${exactList.param(query)} ${q.parents ? `AND ${parentCondition(q.parents, exactList.param)}` : ""} ORDER BY e.id`,
    exactList.params,
  );
  const startList = paramList();
  const startsWith = await db.query<{ hit: EmployerHit }>(
    `SELECT ${HIT} FROM employers e LEFT JOIN employers p ON p.id = e.parent_id
      WHERE e.search_name LIKE ${startList.param(prefix)} AND e.search_name <> ${startList.param(query)}
        ${q.parents ? `AND ${parentCondition(q.parents, startList.param)}` : ""}
      ORDER BY e.search_name, e.id LIMIT ${startList.param(need)}`,
    startList.params,
  );
  let hits = [...exact, ...startsWith].map((r) => r.hit);
  if (hits.length >= need && !q.parents) {
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM employers WHERE search_name LIKE $1 LIMIT ${COUNT_CAP + 1}) capped`,
      [prefix],
    );
    // More name-prefix matches than the cap: the page and the (capped) count are known already.
    if (n > COUNT_CAP) return capped(hits.slice(offset, need), n);
  }

  // Every other match: each query word overlaps the employer's words (GIN), ranked in the database.
  const { params, param } = paramList();
  const all = matches.map((m) => `e.terms && ${param([...m.exact, ...m.typo])}::text[]`);
  if (q.parents) all.push(parentCondition(q.parents, param));
  const where = all.join(" AND ");
  const [{ n: total } = { n: 0 }] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM employers e WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped`,
    params,
  );
  if (hits.length < need && total > hits.length) {
    // A name word starting with the query, all words in the name without typos, fewest words
    // needing a typo, top-level first, name.
    const exactSets = matches.map((m) => param(m.exact));
    const typoRank = exactSets.map((p) => `(CASE WHEN e.terms && ${p}::text[] THEN 0 ELSE 1 END)`).join(" + ");
    const inName = exactSets.map((p) => `e.name_terms && ${p}::text[]`).join(" AND ");
    const phrase = param(`% ${escapeLike(query)}%`);
    const notPrefix = param(prefix);
    const limit = param(need - hits.length);
    const rest = await db.query<{ hit: EmployerHit }>(
      `SELECT ${HIT} FROM employers e LEFT JOIN employers p ON p.id = e.parent_id
        WHERE ${where} AND e.search_name NOT LIKE ${notPrefix}
        ORDER BY (' ' || e.search_name) LIKE ${phrase} DESC, (${inName}) DESC, ${typoRank}, (e.parent_id IS NOT NULL), e.search_name, e.id
        LIMIT ${limit}`,
      params,
    );
    hits = [...hits, ...rest.map((r) => r.hit)];
  }
  return capped(hits.slice(offset, need), Math.max(total, hits.length));
}

function capped(hits: EmployerHit[], count: number): EmployerSearchResult {
  return { hits, nbHits: Math.min(count, COUNT_CAP), exhaustiveNbHits: count <= COUNT_CAP };
}
