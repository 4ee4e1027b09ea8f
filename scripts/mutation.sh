#!/usr/bin/env bash
# Mutation testing of the pure core (issue 16), one Stryker run per argument (scripts/mutation/runs.ts):
#   bash scripts/mutation.sh                 every part, one run each: routing session application format lending
#   bash scripts/mutation.sh session format  these parts, one run each
#   bash scripts/mutation.sh routing,lending these parts in one run
#   bash scripts/mutation.sh ci              the test command's run: routing and lending in one run, static
#                                            mutants skipped, against mutation-baseline/ci.incremental.json
#                                            (run it, then commit that file, to refresh the baseline)
# A run's report is reports/mutation/<run>.html (survivors listed there), its incremental file
# mutation-baseline/<run>.incremental.json (MUTATION_INCREMENTAL_DIR moves it; a re-run tests only the
# mutants whose code or tests changed). Each part's score is printed at the end; the command fails if a
# run or any part of it is below 85% (scripts/mutation/runs.ts SCORE_BREAK).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=("$@")
[ ${#runs[@]} -eq 0 ] && runs=(routing session application format lending)
known=$(node --input-type=module -e 'import { RUN_NAMES } from "./scripts/mutation/runs.ts"; console.log(RUN_NAMES.join(" "))')
mkdir -p reports/mutation
status=0
summary=()
for run in "${runs[@]}"; do
  for name in ${run//,/ }; do
    case " $known " in *" $name "*) ;; *) echo "unknown part or run: $name (known: $known)" >&2; exit 2 ;; esac
  done
  echo "== mutation testing: $run"
  start=$SECONDS
  # MUTATION_FORCE=1 re-tests every mutant (incremental mode keeps a static mutant's old result when only new tests were added).
  MUTATION_PARTS="$run" npx stryker run ${MUTATION_FORCE:+--force} || status=1
  # Each part's score: a run of several parts fails if any part is below the gate.
  scores=$(node scripts/mutation/scores.ts "$run") || status=1
  summary+=("$run, $((SECONDS - start)) s:" "${scores:-no report}")
done
echo "== mutation scores"
printf '%s\n' "${summary[@]}"
exit $status
