import path from "node:path";

// The logic of scripts/mutation/baseline-check.ts, apart from its file system and Stryker's
// instrumenter, so that a table can test it.

/** What the baseline lists: its mutated files and its test files. */
export interface BaselineListing {
  readonly files: readonly string[];
  readonly testFiles: readonly string[];
}

/**
 * Why the baseline is stale, one line a file (none: it is fresh). `mutantFiles`: the files the run
 * mutates that have at least one mutant (Stryker lists exactly those); `exists`: whether a
 * repository path is still there.
 */
export function baselineProblems(baseline: BaselineListing, mutantFiles: readonly string[], exists: (file: string) => boolean): string[] {
  const listed = new Set(baseline.files);
  const mutated = new Set(mutantFiles);
  const problems = mutantFiles.filter((f) => !listed.has(f)).map((f) => `lacks ${f}, which has mutants`);
  for (const f of baseline.files) {
    if (!exists(f)) problems.push(`lists ${f}, which no longer exists`);
    else if (!mutated.has(f)) problems.push(`lists ${f}, which the run no longer mutates`);
  }
  // Stryker files tests it cannot place in a file under "".
  for (const t of baseline.testFiles) if (t !== "" && !exists(t)) problems.push(`lists the test file ${t}, which no longer exists`);
  return problems;
}

/** Stryker's `mutate` globs in order: a glob adds the files it matches, a `!glob` removes them. */
export function filesToMutate(globs: readonly string[], glob: (pattern: string) => readonly string[]): string[] {
  let files: string[] = [];
  for (const g of globs) {
    if (g.startsWith("!")) files = files.filter((f) => !path.posix.matchesGlob(f, g.slice(1)));
    else files.push(...glob(g).filter((f) => !files.includes(f)));
  }
  return files.sort();
}
