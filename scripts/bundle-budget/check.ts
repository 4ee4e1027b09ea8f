/**
 * The bundle-budget test (issue 14), run by scripts/test.sh after `next build`: prints each page's
 * gzipped first-load JS and how far it is above a bare Next page built with the same Next
 * (bench/bare-next, built here when missing or built by another Next version), and fails when a
 * page passes its budget or carries a library it does not use. Budgets: ./budgets.ts.
 * Run: npx tsx scripts/bundle-budget/check.ts
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LIBRARY_RULES, judge, kib } from "./budgets";
import { measureRoutes } from "./measure";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const BARE = path.join(ROOT, "bench", "bare-next");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

function builtWith(dir: string): string | undefined {
  const file = path.join(dir, ".next", "diagnostics", "framework.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version : undefined;
}

function main(): void {
  const appNext = builtWith(ROOT);
  if (!appNext) throw new Error("No build: run `npm run build` first");
  if (builtWith(BARE) !== appNext) {
    console.log(`building the bare Next ${appNext} page (bench/bare-next) for the baseline…`);
    execFileSync(process.execPath, [NEXT_BIN, "build", BARE], { cwd: ROOT, stdio: "ignore" });
  }
  const bare = measureRoutes(BARE, []).find((r) => r.route === "/");
  if (!bare) throw new Error("the bare Next build has no / route");

  const results = judge(measureRoutes(ROOT, LIBRARY_RULES), bare.gzipBytes);
  const width = Math.max(...results.map((r) => r.route.length));
  console.log(`first-load JS, gzipped (bare Next ${appNext} page: ${kib(bare.gzipBytes)})`);
  for (const r of results) {
    const mark = r.problems.length ? "FAIL" : "ok  ";
    console.log(
      `  ${mark} ${r.route.padEnd(width)}  ${kib(r.gzipBytes).padStart(10)}  +${kib(r.overBareBytes).padStart(9)} (budget +${kib(r.budgetBytes)})${r.problems.length ? ": " + r.problems.join("; ") : ""}`,
    );
  }
  const failed = results.filter((r) => r.problems.length);
  if (failed.length) {
    console.error(`bundle budget: ${failed.length} page(s) failed (budgets in scripts/bundle-budget/budgets.ts)`);
    process.exit(1);
  }
}

main();
