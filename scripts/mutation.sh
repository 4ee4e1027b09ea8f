#!/usr/bin/env bash
# Mutation testing of parts of the pure core, one Stryker run per part (issue 16):
#   bash scripts/mutation.sh                 every part: routing session application format lending
#   bash scripts/mutation.sh routing lending just these (what CI runs)
# Each part mutates lib/<part> and runs lib/<part>'s own tests; its report is
# reports/mutation/<part>.html (survivors listed there), its incremental file reports/mutation/<part>.incremental.json
# (a re-run tests only the mutants whose code or tests changed). The score of each part is printed at
# the end; the run fails if any part is below 85% (stryker.config.mjs thresholds.break).
set -uo pipefail
cd "$(dirname "$0")/.."
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(routing session application format lending)
mkdir -p reports/mutation
status=0
summary=()
for part in "${parts[@]}"; do
  case "$part" in routing|session|application|format|lending) ;; *) echo "unknown part: $part" >&2; exit 2 ;; esac
  echo "== mutation testing lib/$part"
  start=$SECONDS
  # MUTATION_FORCE=1 re-tests every mutant (incremental mode keeps a static mutant's old result when only new tests were added).
  MUTATION_PARTS="$part" npx stryker run ${MUTATION_FORCE:+--force} || status=1
  score=$(node -e '
    const r = require(process.argv[1]); let killed = 0, valid = 0;
    for (const f of Object.values(r.files)) for (const m of f.mutants) {
      if (["Killed", "Timeout"].includes(m.status)) killed++;
      if (["Killed", "Timeout", "Survived", "NoCoverage"].includes(m.status)) valid++;
    }
    console.log(valid ? `${(100 * killed / valid).toFixed(2)}% (${killed} of ${valid} mutants killed)` : "no mutants");
  ' "$PWD/reports/mutation/$part.json" 2>/dev/null || echo "no report")
  summary+=("lib/$part: $score, $((SECONDS - start)) s")
done
echo "== mutation scores"
printf '%s\n' "${summary[@]}"
exit $status
