/**
 * Employer search latency on embedded PGlite at the full directory (100,000 generated employers
 * plus the hand-written ones): what one search-as-you-type keystroke costs the stand-in, measured
 * at searchEmployers (vocabulary expansion, the capped count and the ranked page of 20).
 *
 *   npx tsx bench/employer-search.bench.ts        (BENCH_N names, default 150; prefixes of 1–12 characters each)
 *
 * Queries are the prefixes a person types of real directory names (e.g. "l", "li", … "lincoln elem"),
 * plus one typo per name. The first pass warms the vocabulary cache and is not counted.
 * Prints median and p95 per prefix length and overall; exits 1 when the overall p95 misses 20 ms.
 */
import { openDb } from "../local/infra/db/index";
import { searchEmployers } from "../local/vendors/algolia/employer-index";
import { seedEmployers } from "../local/lender/data/employers";

const N = Number(process.env.BENCH_N ?? 150);
const GOAL_P95_MS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95) };
};

const started = performance.now();
const db = await openDb({ dir: process.env.BENCH_DATA_DIR ?? "memory://" });
await seedEmployers(db, { directorySize: 100_000 });
const [{ n: size }] = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM employers")) as [{ n: number }];
console.log(`directory: ${size.toLocaleString("en-US")} employers (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

// Deterministic sample of names, spread over the directory.
const names = (await db.query<{ name: string }>(`SELECT name FROM employers ORDER BY md5(id) LIMIT $1`, [N])).map((r) => r.name);
const queries: { q: string; length: number | "typo" }[] = [];
for (const name of names) {
  for (let length = 1; length <= 12; length++) queries.push({ q: name.slice(0, length), length });
  const word = name.split(" ")[0]!;
  if (word.length >= 5) queries.push({ q: word.slice(0, 2) + word[3] + word[2] + word.slice(4), length: "typo" });
}

await searchEmployers(db, { query: "warm", hitsPerPage: 20, page: 0 });
const byLength = new Map<number | "typo", number[]>();
const all: number[] = [];
for (const { q, length } of queries) {
  const t = performance.now();
  await searchEmployers(db, { query: q, hitsPerPage: 20, page: 0 });
  const ms = performance.now() - t;
  all.push(ms);
  byLength.set(length, [...(byLength.get(length) ?? []), ms]);
}

const f = (n: number) => n.toFixed(2).padStart(7);
for (const [length, samples] of byLength) {
  const s = stats(samples);
  console.log(`${String(length).padStart(5)} chars  n=${String(s.n).padStart(4)}  median=${f(s.p50)} ms  p95=${f(s.p95)} ms`);
}
const overall = stats(all);
console.log(`overall     n=${overall.n}  median=${f(overall.p50)} ms  p95=${f(overall.p95)} ms  (goal: p95 ≤ ${GOAL_P95_MS} ms)`);
await db.close();
if (overall.p95 > GOAL_P95_MS) {
  console.log("p95 misses the goal");
  process.exitCode = 1;
}
