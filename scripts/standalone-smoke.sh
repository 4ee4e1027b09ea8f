#!/usr/bin/env bash
# The image without a container engine. Lays out the production build exactly as the Dockerfile's
# last stage copies it (.next/standalone, .next/static, public/, the entry) in a directory outside
# the repository, starts the image's CMD there on the Node LTS the Dockerfile names (installed from
# the npm registry's `node` package into a cache directory), and checks it: /api/health and
# /api/ready, the route check of every seeded persona and a few pages with a clean console
# (Playwright's routes and smoke projects with BASE_URL), then a SIGTERM that must exit 143 at once.
#
# Build once, promote everywhere: with NEXT_DEPLOYMENT_ID and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY
# set (scripts/test.sh sets both for its build) it also makes a second, separate `next build` of the
# same sources in another directory with the same pair, starts it beside the first, and the smoke
# project sends a page's server action from the first build to the second (e2e/smoke/smoke.pw.ts).
# SMOKE_SECOND_BUILD=0 skips that (the build is most of this script's time).
#
# The image holds no stand-in: the layout is checked for local/, PGlite, pg and the stand-ins' code in
# the server's chunks before anything starts. Its local mode reaches the stand-ins over HTTP
# (LOCAL_STAND_INS_URL), so their own process (local/server.ts) is started here from the repository,
# with the image's environment, as a developer's checkout does.
#
# Needs `npm run build` first. Ports: E2E_PORT_BASE+7 and +8, the stand-ins +9.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)

PORT_A=$((${E2E_PORT_BASE:-3100} + 7))
PORT_B=$((${E2E_PORT_BASE:-3100} + 8))
BASE_A="http://127.0.0.1:$PORT_A"
BASE_B="http://127.0.0.1:$PORT_B"
PORT_S=$((${E2E_PORT_BASE:-3100} + 9))
STAND_INS="http://127.0.0.1:$PORT_S"
OUT=test-results/standalone-smoke
rm -rf "$OUT" && mkdir -p "$OUT"
[ -f .next/standalone/server.js ] || { echo "no standalone build: run npm run build first" >&2; exit 1; }

# The Dockerfile's Node major, from its base image (scripts/test.sh has already put it first on PATH:
# .nvmrc names the same major, node-version.test.ts checks that they agree).
LTS_MAJOR=$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9]*\).*/\1/p' Dockerfile)
LTS_NODE="$(bash scripts/node-runtime.sh "$LTS_MAJOR")/node"
echo "image runtime: Node $("$LTS_NODE" --version) (the node on PATH: $(node --version))"

WORK=$(mktemp -d /tmp/standalone-smoke.XXXXXX)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# As the Dockerfile's run stage: COPY .next/standalone ./, .next/static, public, the entry.
layout() {
  local from=$1 to=$2
  mkdir -p "$to/scripts" "$to/.next"
  cp -a "$from/.next/standalone/." "$to/"
  cp -a "$from/.next/static" "$to/.next/static"
  cp -a "$from/public" "$to/public"
  cp "$from/scripts/start.mjs" "$from/scripts/http-lifecycle.mjs" "$to/scripts/"
}

# The image's CMD in the laid-out directory, with a clean environment (nothing from this shell but
# PATH): the local default on loopback, as the image cannot offer (HOSTNAME=0.0.0.0 refuses local mode).
start() {
  local dir=$1 port=$2 node=$3 log=$4
  shift 4
  (cd "$dir" && exec env -i PATH="$PATH" HOME="$WORK" NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=127.0.0.1 \
    PORT="$port" APP_ENV=local "$@" \
    "$node" scripts/start.mjs) >"$log" 2>&1 &
  pids+=($!)
}

wait_ready() {
  local base=$1 log=$2
  for _ in $(seq 1 360); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/ready")" = 200 ] && return 0
    sleep 0.5
  done
  cat "$log" >&2
  echo "$base never became ready" >&2
  exit 1
}

# What only the stand-ins' code holds: their tables' names, in their SQL (local/infra/db, local/infra/clock/clock.ts).
STAND_IN_MARKERS='schema_migrations|local_clock|identity_users'
# The image's files hold no stand-in: no local/, no embedded database, no PostgreSQL client, and none
# of the stand-ins' code compiled into the server's chunks.
assert_no_stand_ins() {
  local dir=$1 found
  for path in local node_modules/@electric-sql/pglite node_modules/pg; do
    [ ! -e "$dir/$path" ] || { echo "the image holds $path: the stand-ins must stay out of it" >&2; return 1; }
  done
  found=$(grep -rlE "$STAND_IN_MARKERS" "$dir/.next/server" || true)
  [ -z "$found" ] || { echo "stand-in code in the image's server chunks:" >&2; echo "$found" >&2; return 1; }
}

layout "$REPO" "$WORK/a"
assert_no_stand_ins "$WORK/a"
echo "the image's files hold no stand-in (no local/, PGlite or pg; no stand-in code in .next/server)"
# Nothing of the repository is reachable from there: no node_modules above it.
if [ -e /tmp/node_modules ]; then echo "/tmp/node_modules would be found by the standalone server: remove it" >&2; exit 1; fi
started=$(date +%s)
# The stand-ins' own process, from the repository, with the image's environment (so they live at its URL).
(exec env -i PATH="$PATH" HOME="$WORK" NODE_ENV=production HOSTNAME=127.0.0.1 PORT="$PORT_A" APP_ENV=local \
  LOCAL_DATA_DIR="$WORK/stand-ins/pglite" LOCAL_EMPLOYER_DIRECTORY_SIZE=1000 LOCAL_OTP_CODE= \
  node --import tsx local/server.ts --port "$PORT_S") >"$OUT/stand-ins.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 360); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$STAND_INS/api/local/outbox?format=json")" = 200 ] && break
  sleep 0.5
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "$STAND_INS/api/local/outbox?format=json")" = 200 ] || { cat "$OUT/stand-ins.log" >&2; echo "the stand-ins never answered" >&2; exit 1; }
start "$WORK/a" "$PORT_A" "$LTS_NODE" "$OUT/server-a.log" LOCAL_OTP_CODE= LOCAL_STAND_INS_URL="$STAND_INS" ${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY:+NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY"}
server_a=${pids[-1]}
# Readiness says 503 (or nothing listens) until start-up has finished.
wait_ready "$BASE_A" "$OUT/server-a.log"
echo "standalone server ready in $(($(date +%s) - started)) s on Node $LTS_MAJOR"
[ "$(curl -s "$BASE_A/api/health")" = '{"status":"ok"}' ] || { echo "/api/health did not answer ok" >&2; exit 1; }
curl -sI "$BASE_A/api/ready" | grep -qi '^cache-control: no-store' || { echo "/api/ready may be cached" >&2; exit 1; }

projects=(--project=routes --project=smoke)
if [ -n "${NEXT_SERVER_ACTIONS_ENCRYPTION_KEY:-}" ] && [ -n "${NEXT_DEPLOYMENT_ID:-}" ] && [ "${SMOKE_SECOND_BUILD:-1}" != 0 ]; then
  built_id=$(node -p 'require("./.next/required-server-files.json").config.deploymentId ?? ""')
  [ "$built_id" = "$NEXT_DEPLOYMENT_ID" ] || { echo "the build's deploymentId ($built_id) is not NEXT_DEPLOYMENT_ID ($NEXT_DEPLOYMENT_ID): rebuild" >&2; exit 1; }
  # A separate checkout of the same sources (hard-linked node_modules: Turbopack refuses a symlink).
  t0=$(date +%s)
  mkdir -p "$WORK/src"
  git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$WORK/src" 2>/dev/null || true
  cp -al node_modules "$WORK/src/node_modules"
  (cd "$WORK/src" && npm run --silent build >"$REPO/$OUT/build-b.log" 2>&1) || { tail -40 "$OUT/build-b.log" >&2; exit 1; }
  echo "second build: $(($(date +%s) - t0)) s"
  layout "$WORK/src" "$WORK/b"
  assert_no_stand_ins "$WORK/b"
  # The second instance answers for the same public origin (its stand-in calls and token issuer are
  # the first one's), as two instances behind one balancer do. The test's balancer names the public
  # host in X-Forwarded-Host, which an instance reads only from a proxy it trusts (docs/security.md).
  start "$WORK/b" "$PORT_B" "$LTS_NODE" "$OUT/server-b.log" APP_URL="$BASE_A" LOCAL_STAND_INS_URL="$STAND_INS" NEXT_SERVER_ACTIONS_ENCRYPTION_KEY="$NEXT_SERVER_ACTIONS_ENCRYPTION_KEY" TRUST_FORWARDED_HOST=1
  wait_ready "$BASE_B" "$OUT/server-b.log"
  export OTHER_BASE_URL="$BASE_B"
fi

t0=$(date +%s)
BASE_URL="$BASE_A" npx playwright test "${projects[@]}" --output "$OUT/playwright"
echo "route check and smoke pages: $(($(date +%s) - t0)) s"

# SIGTERM: readiness off, drain, exit 143 (nothing is in flight, so at once).
t0=$(date +%s%N)
kill -TERM "$server_a"
code=0
wait "$server_a" || code=$?
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$code" -eq 143 ] || { cat "$OUT/server-a.log" >&2; echo "SIGTERM: exit code $code, expected 143" >&2; exit 1; }
[ "$ms" -lt 5000 ] || { echo "SIGTERM: took $ms ms with nothing in flight" >&2; exit 1; }
# Every server line is JSON (docs/operations.md), Next's own start-up lines included.
node -e '
const lines = require("node:fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
const json = (line) => { try { const v = JSON.parse(line); return typeof v === "object" && v !== null; } catch { return false; } };
const bad = lines.filter((line) => !json(line));
if (bad.length) { console.error(`${bad.length} of ${lines.length} server lines are not JSON:\n${bad.slice(0, 5).join("\n")}`); process.exit(1); }
' "$OUT/server-a.log"
echo "standalone smoke: passed (SIGTERM exit in $ms ms)"
