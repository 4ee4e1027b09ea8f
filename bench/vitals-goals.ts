/**
 * How bench:vitals judges its runs (issue 24's goals), apart from the runs themselves so that the
 * verdict has tests of its own (vitals-goals.test.ts).
 */

export const KiB = 1024;

/** The goals of issues 24 and 52, judged on each page's median. */
export const GOALS = {
  performance: 95,
  cls: 0.02,
  /** Issue 52: the main thread during the load about as free as a bare page's. */
  tbtOverBareMs: 50,
  /** Issue 52: on these pages, the score at most this far below the bare page's in the same run. */
  performanceBelowBare: 3,
  performanceNearBarePages: ["/dashboard-sign", "/restricted", "/_restricted", "/under-construction"],
  lcpMs: 1500,
  /** JavaScript transferred over the bare page's, on the partner-link funnel's pages. */
  jsOverBareBytes: 60 * KiB,
  jsPages: ["/login", "/register"],
};

/** One Lighthouse run's figures. */
export interface Sample {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
}

/** How the phone's network and CPU are imposed (vitals.bench.ts says why devtools is the default). */
export function throttlingMethod(value = "devtools"): "simulate" | "devtools" {
  if (value === "simulate" || value === "devtools") return value;
  throw new Error(`BENCH_THROTTLING is devtools or simulate, not "${value}"`);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each figure's best (the highest score, the lowest of the rest) and its median over the runs. */
export function bestAndMedian(samples: Sample[]): { best: Sample; median: Sample } {
  if (!samples.length) throw new Error("no runs to summarise");
  const pick = (f: (values: number[], key: keyof Sample) => number) =>
    Object.fromEntries(
      (Object.keys(samples[0]!) as (keyof Sample)[]).map((key) => [
        key,
        f(
          samples.map((s) => s[key]),
          key,
        ),
      ]),
    ) as unknown as Sample;
  return {
    best: pick((values, key) => (key === "performance" ? Math.max(...values) : Math.min(...values))),
    median: pick((values) => median(values)),
  };
}

export const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const fmtKiB = (bytes: number) => `${Math.round(bytes / KiB)} KiB`;
/** A difference to the bare page with its sign: +12, −6 (a page can measure below the bare one). */
export const signed = (n: number, unit = "") => `${n < 0 ? "−" : "+"}${Math.abs(n)}${unit}`;

/** What a page's medians miss of the goals, beside the bare page's medians; empty when it meets them all. */
export function goalMisses(page: { path: string; median: Sample }, bare: Sample): string[] {
  const m = page.median;
  const misses: string[] = [];
  const pathname = page.path.split("?")[0]!;
  if (m.performance < GOALS.performance) misses.push(`performance ${m.performance} < ${GOALS.performance}`);
  if (GOALS.performanceNearBarePages.includes(pathname) && m.performance < bare.performance - GOALS.performanceBelowBare) {
    misses.push(`performance ${bare.performance - m.performance} below bare > ${GOALS.performanceBelowBare}`);
  }
  if (m.cls > GOALS.cls) misses.push(`CLS ${m.cls.toFixed(3)} > ${GOALS.cls}`);
  if (m.tbtMs > bare.tbtMs + GOALS.tbtOverBareMs)
    misses.push(`TBT ${Math.round(m.tbtMs - bare.tbtMs)} ms over bare > ${GOALS.tbtOverBareMs}`);
  if (m.lcpMs > GOALS.lcpMs) misses.push(`LCP ${fmtS(m.lcpMs)} > ${fmtS(GOALS.lcpMs)}`);
  if (GOALS.jsPages.includes(pathname) && m.jsBytes > bare.jsBytes + GOALS.jsOverBareBytes) {
    misses.push(`JS ${fmtKiB(m.jsBytes - bare.jsBytes)} over bare > ${fmtKiB(GOALS.jsOverBareBytes)}`);
  }
  return misses;
}
