// The mutation runs (issue 16, issue 53 item 6), read by stryker.config.mjs (what to mutate),
// jest.mutation.config.mjs (which tests run against a mutant) and baseline-check.ts. Plain,
// type-strippable TypeScript: Node loads it from the two .mjs configs as it is.

/** A piece of the pure core: the files it mutates (Stryker's globs, `!` excludes) and its tests. */
interface Part {
  readonly mutate: readonly string[];
  readonly tests: readonly string[];
}

/** The lender's loan rules built on the loan math: mutated and tested with lib/lending. */
const LENDER_LOAN_RULES = ["repayment-schedule", "offer-amount", "payroll-deductions"];

export const PARTS: Readonly<Record<string, Part>> = {
  routing: {
    // The README's table printer: run by `npm run routes:readme`, not by the edge.
    mutate: ["lib/routing/**/*.ts", "!lib/routing/route-table-markdown.ts"],
    tests: ["lib/routing/**/*.test.ts"],
  },
  session: {
    // Server-only glue (cookies(), fetch) is exercised by integration tests, not unit tests.
    mutate: ["lib/session/**/*.ts", "!lib/session/server-session.ts", "!lib/session/signed-in-api.ts"],
    tests: ["lib/session/**/*.test.ts"],
  },
  application: { mutate: ["lib/application/**/*.ts"], tests: ["lib/application/**/*.test.ts"] },
  format: { mutate: ["lib/format/**/*.ts"], tests: ["lib/format/**/*.test.ts"] },
  lending: {
    mutate: ["lib/lending/**/*.ts", ...LENDER_LOAN_RULES.map((f) => `local/lender/rules/${f}.ts`)],
    tests: ["lib/lending/**/*.test.ts", ...LENDER_LOAN_RULES.map((f) => `local/lender/rules/${f}.test.ts`)],
  },
};

/** Never mutated, whatever the part: tests, test kits, barrels. */
const NEVER_MUTATED = ["!**/*.test.ts", "!**/testing/**", "!**/index.ts"];

/**
 * The test command's run: routing and lending in one Stryker run, static mutants skipped, against
 * the committed incremental results of the same name. Fixed here, so that the baseline's refresh and
 * CI always run the same thing.
 */
export const CI_RUN = "ci";
const RUNS: Readonly<Record<string, { parts: readonly string[]; ignoreStatic: boolean }>> = {
  [CI_RUN]: { parts: ["routing", "lending"], ignoreStatic: true },
};

/** The score gate: a run fails below it (Stryker's thresholds.break), and so does each of its parts. */
export const SCORE_BREAK = 85;

/** Where a run's reports go: `<run>.html` (surviving mutants listed) and `<run>.json`. */
export const REPORT_DIR = "reports/mutation";

/** Where the committed incremental results live: `<run>.incremental.json`. */
export const BASELINE_DIR = "mutation-baseline";

/** The one command that refreshes the committed baseline of the test command's run. */
export const REFRESH_COMMAND = `npm run test:mutation -- ${CI_RUN}`;

/** Every name scripts/mutation.sh accepts: a part or a named run. */
export const RUN_NAMES = [...Object.keys(PARTS), ...Object.keys(RUNS)];

export interface MutationRun {
  /** Its reports' and incremental file's name. */
  readonly name: string;
  readonly parts: readonly string[];
  /** Stryker's `mutate`: every part's files, then every exclusion. */
  readonly mutate: readonly string[];
  /** Jest's test globs. */
  readonly tests: readonly string[];
  readonly ignoreStatic: boolean;
}

/** The environment that chooses a run (MUTATION_PARTS, MUTATION_IGNORE_STATIC). */
export type RunEnv = Readonly<Record<string, string | undefined>>;

/**
 * The run MUTATION_PARTS names: a named run (`ci`), or parts separated by commas (`routing,lending`);
 * empty or unknown names mean every part in one run. MUTATION_IGNORE_STATIC=1 skips static mutants
 * in any run.
 */
export function mutationRun(env: RunEnv = process.env): MutationRun {
  const names = (env.MUTATION_PARTS ?? "").split(",").filter((n) => RUN_NAMES.includes(n));
  const named = names.length === 1 ? RUNS[names[0]!] : undefined;
  const requested = named ? named.parts : names;
  // In PARTS' order, so `lending,routing` and `routing,lending` are one run with one file.
  const parts = Object.keys(PARTS).filter((p) => requested.length === 0 || requested.includes(p));
  const globs = parts.flatMap((p) => PARTS[p]!.mutate);
  let name = requested.length > 0 ? parts.join("-") : "mutation";
  if (named) name = names[0]!;
  return {
    name,
    parts,
    mutate: [...globs.filter((g) => !g.startsWith("!")), ...NEVER_MUTATED, ...globs.filter((g) => g.startsWith("!"))],
    tests: parts.flatMap((p) => PARTS[p]!.tests),
    ignoreStatic: named?.ignoreStatic === true || env.MUTATION_IGNORE_STATIC === "1",
  };
}
