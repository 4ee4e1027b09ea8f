import { existsSync, globSync, readFileSync } from "node:fs";
import path from "node:path";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { baselineProblems, filesToMutate } from "./baseline.ts";
import { BASELINE_DIR, CI_RUN, REFRESH_COMMAND, mutationRun } from "./runs.ts";

/**
 * Whether the committed incremental results (mutation-baseline/ci.incremental.json) still describe
 * the test command's mutation run (issue 53 item 6). A file missing from them has all its mutants
 * re-tested on every CI run, and CI works on a copy, so the baseline never catches up by itself:
 * the test command runs this first and fails with the one command that refreshes it.
 *
 *   node scripts/mutation/baseline-check.ts
 */

/** The files among these in which Stryker's instrumenter places at least one mutant. */
async function withMutants(files: readonly string[], root: string): Promise<string[]> {
  const quiet = () => false;
  const ignore = () => undefined;
  const logger = {
    isTraceEnabled: quiet,
    isDebugEnabled: quiet,
    isInfoEnabled: quiet,
    isWarnEnabled: quiet,
    isErrorEnabled: quiet,
    isFatalEnabled: quiet,
    trace: ignore,
    debug: ignore,
    info: ignore,
    warn: ignore,
    error: ignore,
    fatal: ignore,
  };
  const { mutants } = await new Instrumenter(logger).instrument(
    files.map((name) => ({ name: path.join(root, name), content: readFileSync(path.join(root, name), "utf8"), mutate: true })),
    { plugins: null, excludedMutations: [], ignorers: [] },
  );
  const found = new Set(mutants.map((m) => path.relative(root, m.fileName).split(path.sep).join("/")));
  return files.filter((f) => found.has(f));
}

async function main(root: string): Promise<number> {
  const run = mutationRun({ MUTATION_PARTS: CI_RUN });
  const file = `${BASELINE_DIR}/${run.name}.incremental.json`;
  const refresh = `Refresh it: ${REFRESH_COMMAND}, then commit ${file}.`;
  if (!existsSync(path.join(root, file))) {
    console.error(`mutation baseline: ${file} is missing. ${refresh}`);
    return 1;
  }
  const report = JSON.parse(readFileSync(path.join(root, file), "utf8")) as { files?: object; testFiles?: object };
  const baseline = { files: Object.keys(report.files ?? {}), testFiles: Object.keys(report.testFiles ?? {}) };
  const mutated = filesToMutate(run.mutate, (g) => globSync(g, { cwd: root }).map((f) => f.split(path.sep).join("/")));
  const problems = baselineProblems(baseline, await withMutants(mutated, root), (f) => existsSync(path.join(root, f)));
  if (problems.length > 0) {
    console.error(`mutation baseline: ${file} is stale, so CI would re-test these files' mutants on every run:`);
    for (const p of problems) console.error(`  - ${p}`);
    console.error(refresh);
    return 1;
  }
  console.log(`mutation baseline: ${file} lists the ${baseline.files.length} files the ${run.name} run mutates`);
  return 0;
}

process.exitCode = await main(path.resolve(import.meta.dirname, "../.."));
