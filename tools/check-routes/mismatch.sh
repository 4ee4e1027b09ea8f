#!/usr/bin/env bash
# Proves the route check fails, and names the cells, when a deployment does not do what the table
# says: a production build started with a wrong dashboard host (DASHBOARD_APP_URL) is checked
# against the local default's expectation. Needs `npm run build` first.
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT=$(( ${E2E_PORT_BASE:-3100} + 5 ))
BASE="http://127.0.0.1:$PORT"
OUT=test-results/route-check-mismatch
rm -rf data/route-check-mismatch "$OUT"
mkdir -p "$OUT"
# The e2e run's seeded database when there is one (a copy, not a second seeding of the directory).
if [ -d data/e2e/seed/pglite ]; then mkdir -p data/route-check-mismatch && cp -r data/e2e/seed/pglite data/route-check-mismatch/pglite; fi
APP_ENV=local LOCAL_DATA_DIR=data/route-check-mismatch/pglite LOCAL_OTP_CODE= DASHBOARD_APP_URL=https://wrong-dashboard.example \
  node scripts/start.mjs -p "$PORT" -H 127.0.0.1 >"$OUT/server.log" 2>&1 &
server=$!
stop() { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
trap stop EXIT
for _ in $(seq 1 120); do
  curl -fs "$BASE/api/local/outbox?format=json" >/dev/null 2>&1 && break
  sleep 0.5
done

set +e
npx tsx tools/check-routes/cli.ts --base-url "$BASE" --only anonymous,borrower,home,PerkSpot,payments,welcome --out "$OUT" >"$OUT/stdout.txt" 2>&1
code=$?
set -e
cat "$OUT/stdout.txt"

fail() { echo "route-check mismatch run: $*" >&2; exit 1; }
[ "$code" -eq 1 ] || fail "expected exit code 1 (differences), got $code"
grep -qF "anonymous × home (/):" "$OUT/stdout.txt" || fail "the anonymous × home cell is not named"
grep -qF "borrower × payments (/payments):" "$OUT/stdout.txt" || fail "the borrower × payments cell is not named"
grep -qF "Location origin: expected $BASE, got https://wrong-dashboard.example" "$OUT/stdout.txt" || fail "the wrong host is not named"
grep -qF "anonymous × welcome" "$OUT/stdout.txt" && fail "a route the override does not touch was reported"
grep -q '<failure message="hop 1 (/) Location origin' "$OUT/junit.xml" || fail "junit.xml does not carry the difference"
echo "route-check mismatch run: failed as it must, naming the cells"
