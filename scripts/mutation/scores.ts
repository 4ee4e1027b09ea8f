import { readFileSync } from "node:fs";
import { scorePercent, scoresByPart, type MutationReport } from "./report.ts";
import { REPORT_DIR, SCORE_BREAK, mutationRun } from "./runs.ts";

// Prints each part's score from a run's JSON report (<REPORT_DIR>/<run>.json, stryker.config.mjs)
// and fails when a part is below the gate. scripts/mutation.sh runs it after each run:
//   node scripts/mutation/scores.ts <run as MUTATION_PARTS names it>
const run = mutationRun({ MUTATION_PARTS: process.argv[2] ?? "" });
const report = JSON.parse(readFileSync(`${REPORT_DIR}/${run.name}.json`, "utf8")) as MutationReport;
let below = 0;
for (const score of scoresByPart(report, run.parts)) {
  const percent = scorePercent(score);
  if (percent < SCORE_BREAK) below++;
  console.log(
    `${score.part}: ${percent.toFixed(2)}% (${score.killed} of ${score.valid} mutants killed)${percent < SCORE_BREAK ? ` below ${SCORE_BREAK}%` : ""}`,
  );
}
process.exitCode = below > 0 ? 1 : 0;
