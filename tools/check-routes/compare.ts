import type { Hop } from "./chain";

/** Query parameters whose presence matters even when the table does not expect them. */
const WATCHED = /^(redirect|partner|counters|utm_\w+)$/;

function describe(value: string | undefined): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}

/** What differs between two Locations: origin, path, and the query parameters that matter. */
export function locationDifferences(expected: string | undefined, actual: string | undefined, label: string): string[] {
  if (expected === undefined && actual === undefined) return [];
  if (expected === undefined || actual === undefined) return [`${label} Location: expected ${describe(expected)}, got ${describe(actual)}`];
  let e: URL;
  let a: URL;
  try {
    e = new URL(expected);
    a = new URL(actual);
  } catch {
    return expected === actual ? [] : [`${label} Location: expected ${describe(expected)}, got ${describe(actual)}`];
  }
  const out: string[] = [];
  if (e.origin !== a.origin) out.push(`${label} Location origin: expected ${e.origin}, got ${a.origin}`);
  if (e.pathname !== a.pathname) out.push(`${label} Location path: expected ${e.pathname}, got ${a.pathname}`);
  const names = new Set([...e.searchParams.keys(), ...[...a.searchParams.keys()].filter((k) => WATCHED.test(k))]);
  for (const name of names) {
    const want = e.searchParams.getAll(name).join(",") || undefined;
    const got = a.searchParams.getAll(name).join(",") || undefined;
    if (want !== got) out.push(`${label} Location query ${name}: expected ${describe(want)}, got ${describe(got)}`);
  }
  return out;
}

/** Every difference between the chain the table promises and the one the deployment served; [] when they agree. */
export function compareChains(expected: readonly Hop[], actual: readonly Hop[]): string[] {
  const out: string[] = [];
  const n = Math.min(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i]!;
    const a = actual[i]!;
    const label = `hop ${i + 1} (${e.url})`;
    if (e.status !== a.status) out.push(`${label} status: expected ${e.status}, got ${a.status}`);
    out.push(...locationDifferences(e.location, a.location, label));
    if (e.decision !== a.decision) out.push(`${label} x-route-decision: expected ${describe(e.decision)}, got ${describe(a.decision)}`);
    // Past a differing hop the chains go separate ways: the first difference is the one to read.
    if (out.length) return out;
  }
  if (expected.length !== actual.length) {
    const extra = actual.length > expected.length ? `, then ${actual[n]!.url}` : "";
    out.push(`hops: expected ${expected.length}, got ${actual.length}${extra}`);
  }
  return out;
}
