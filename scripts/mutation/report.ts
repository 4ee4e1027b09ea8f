import path from "node:path";
import { PARTS } from "./runs.ts";

// A run's scores by part, from Stryker's JSON report: one run mutates several parts (the test
// command's `ci` run: routing and lending), and each part must hold the score gate on its own, as
// when each was its own run (a perfect part must not carry a weak one over the line).

/** The part of Stryker's mutation-testing JSON report read here. */
export interface MutationReport {
  readonly files: Readonly<Record<string, { readonly mutants: readonly { readonly status: string }[] }>>;
}

export interface PartScore {
  readonly part: string;
  readonly killed: number;
  /** Killed, timed out, survived or not covered: what the score divides by. */
  readonly valid: number;
}

/** Stryker's mutation score: killed and timed out over valid (ignored, static and errors left out). */
export function scorePercent({ killed, valid }: PartScore): number {
  return valid === 0 ? 100 : (100 * killed) / valid;
}

/** Each part's tally, in the order given; a file counts for the first part whose globs match it. */
export function scoresByPart(report: MutationReport, parts: readonly string[]): PartScore[] {
  const tally = new Map(parts.map((p) => [p, { part: p, killed: 0, valid: 0 }]));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const part = parts.find((p) => PARTS[p]?.mutate.some((g) => !g.startsWith("!") && path.posix.matchesGlob(file, g)));
    const t = part === undefined ? undefined : tally.get(part);
    if (!t) throw new Error(`${file} is in the report but in none of the parts ${parts.join(", ")}`);
    for (const { status } of mutants) {
      if (status === "Killed" || status === "Timeout") t.killed++;
      if (["Killed", "Timeout", "Survived", "NoCoverage"].includes(status)) t.valid++;
    }
  }
  return [...tally.values()];
}
