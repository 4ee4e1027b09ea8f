#!/usr/bin/env bash
# Sets up and runs every test: type check, lint and formatting, Jest (on embedded PGlite, then the
# suites that test what can differ between the databases on a throwaway PostgreSQL server), mutation
# testing, then Playwright against a production build and the image's files (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

# Every step runs on .nvmrc's Node, npm and `npm install` included: this machine's node when it is
# that major, else the npm registry's `node` package from a cache directory (scripts/node-runtime.sh).
machine_node=$(node --version 2>/dev/null || echo none)
PATH="$(bash scripts/node-runtime.sh):$PATH"
export PATH
echo "Node $(node --version) (npm $(npm --version)); this machine's node: $machine_node"

# System packages a fresh machine lacks: Debian's Chromium (Playwright cannot download browsers here),
# PostgreSQL (the stand-ins' second database mode) and nginx (the multi-instance run's balancer).
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# nginx: the round-robin balancer of the multi-instance run.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "missing ${need[*]}: run as root, or install them with apt-get" >&2; exit 1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

# npm ci cannot work here (the registry lacks other platforms' optional packages); install
# reproduces the tree from package-lock.json.
npm install --no-audit --no-fund

PGBIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
PGDIR=$(mktemp -d /tmp/shell-pg.XXXXXX)
PGPORT=${TEST_PG_PORT:-55432}
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
# PostgreSQL's tools, run as the postgres user, write to /dev/null: on a machine where it has lost its
# world-write bit (seen once on these shared machines) initdb fails with "Permission denied".
if [ "$(id -u)" -eq 0 ] && [ "$(stat -c %a /dev/null)" != "666" ]; then chmod 666 /dev/null; fi
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$PGDIR"
stop_pg() { as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$PGDIR"; }
trap stop_pg EXIT
as_pg "$PGBIN/initdb" -D "$PGDIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$PGDIR/data" -l "$PGDIR/log" -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c fsync=off" -w start >/dev/null
as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -qc "CREATE DATABASE shell_test" >/dev/null

# Each step's heading carries the minutes since the start, so a slow step shows in CI's log.
# At the end (pass or fail) each step's own duration is listed: docs/testing.md's table is made from it.
START=$SECONDS
STEP_NAMES=() STEP_STARTS=()
step() {
  printf '== [%dm%02ds] %s\n' $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)) "$1"
  STEP_NAMES+=("$1") STEP_STARTS+=("$SECONDS")
}
step_times() {
  local i end
  echo "== step times (s)"
  for i in "${!STEP_NAMES[@]}"; do
    end=${STEP_STARTS[$((i + 1))]:-$SECONDS}
    printf '%5d  %s\n' $((end - STEP_STARTS[i])) "${STEP_NAMES[i]%% (*}"
  done
  printf '%5d  total\n' $((SECONDS - START))
}
trap 'stop_pg; step_times' EXIT

# Two static checks at a time, one per core, each's output printed whole once both have ended.
side_by_side() {
  local a=$1 b=$2 la lb sa=0 sb=0
  la=$(mktemp) lb=$(mktemp)
  bash -c "$a" >"$la" 2>&1 &
  local pa=$!
  bash -c "$b" >"$lb" 2>&1 &
  local pb=$!
  wait "$pa" || sa=$?
  wait "$pb" || sb=$?
  printf -- '-- %s (exit %d)\n' "$a" "$sa"; cat "$la"
  printf -- '-- %s (exit %d)\n' "$b" "$sb"; cat "$lb"
  rm -f "$la" "$lb"
  [ "$sa" -eq 0 ] && [ "$sb" -eq 0 ]
}

step "type check ‖ lint (ESLint: Next's rules, layer boundaries, no import circles, reasons on every eslint-disable)"
side_by_side "npm run --silent typecheck" "npm run --silent lint"

step "unused files, dependencies and exports (knip; exceptions explained in knip.jsonc) ‖ formatting (Prettier)"
side_by_side "npm run --silent knip" "npm run --silent format:check"

# Two workers, random order (a failure prints the seed: npx jest --randomize --seed=<n>).
step "unit and integration tests (embedded PGlite, two workers, random order)"
npx jest --ci --randomize --showSeed

# Only the suites that test what can differ between the databases (named *.pg.integration.test.ts;
# local/infra/testing/test-database.ts says which and why).
step "stand-in integration tests on PostgreSQL (what can differ from PGlite)"
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/shell_test" npx jest --ci --randomize --showSeed '\.pg\.integration\.test\.ts$'

# lib/routing, lib/lending and the lender's loan rules in one Stryker run, static mutants skipped, against
# the committed incremental results (mutation-baseline/ci.incremental.json): only the mutants whose code or
# tests changed since are re-tested. The check fails first, naming the refresh command, when the baseline
# lacks a file with mutants or lists one that is gone. The run works on a copy, so the test command never
# changes a committed file.
step "mutation testing: lib/routing, lib/lending and the lender's loan rules, one run (each part ≥ 85%, static mutants skipped)"
node scripts/mutation/baseline-check.ts
mkdir -p reports/mutation/incremental
cp mutation-baseline/ci.incremental.json reports/mutation/incremental/
MUTATION_INCREMENTAL_DIR=reports/mutation/incremental npm run test:mutation -- ci

# One deployment id and server-actions key for this run's build, as a release pipeline gives its
# image build: the standalone smoke makes a second, separate build with the same pair and checks that
# each serves the other's server actions. The key is random per run and never leaves this machine.
export NEXT_DEPLOYMENT_ID="ci-$(git rev-parse --short=12 HEAD 2>/dev/null || echo local)-$(date +%s)"
NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64"))')"
export NEXT_SERVER_ACTIONS_ENCRYPTION_KEY

step "production build"
npm run build

step "bundle budgets (gzipped first-load JS per page, above a bare Next page)"
npm run test:bundle

# Once per run, each proof on the most production-like server that runs it: the routes and smoke
# projects run in the standalone smoke (the image's files), the lending journey through the balancer.
step "end-to-end tests (Playwright, Debian chromium, two workers with servers of their own)"
# LOG_SCAN_REQUIRED: the whole suite must have typed enough personal values for the log scan (e2e/log-scan.teardown.ts) to prove something.
LOG_SCAN_REQUIRED=1 E2E_JOURNEY_AT_BALANCER=1 npx playwright test --project=chromium

step "route check: a server with a wrong host override must fail and name the cells"
bash tools/check-routes/mismatch.sh

# The second, separate build (1.5–3.5 min) proves that two builds with one deployment id and key
# serve each other's server actions. What can break that is the build's configuration, Next's
# version, the image and the entry, so it runs when those files differ from the ones it last passed
# on (scripts/second-build-inputs.sh; SMOKE_SECOND_BUILD=1 forces it).
if [ "${SMOKE_SECOND_BUILD:-}" = 1 ] || ! bash scripts/second-build-inputs.sh --check; then
  export SMOKE_SECOND_BUILD=1
  step "standalone smoke: the image's files and CMD on Node LTS, the route check and smoke pages; a second build serves the first's server actions"
else
  export SMOKE_SECOND_BUILD=0
  step "standalone smoke: the image's files and CMD on Node LTS, the route check and smoke pages (second build: inputs unchanged since it passed)"
fi
bash scripts/standalone-smoke.sh
[ "$SMOKE_SECOND_BUILD" = 0 ] || bash scripts/second-build-inputs.sh --check || echo "the second build passed on new inputs: record them with bash scripts/second-build-inputs.sh --record and commit scripts/second-build-inputs.sha256"

# ~3 min (6 on a busy machine): two instances of the image's files on one new database of the throwaway PostgreSQL, behind nginx.
step "several instances behind a balancer: start together, sign-in across, route check and journey e2e through it, rolling restart under load"
MULTI_E2E=1 MULTI_PG_ADMIN_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres" bash scripts/multi-instance/run.sh
