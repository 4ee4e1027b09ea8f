#!/usr/bin/env bash
# The files whose change can break "a second, separate build serves the first's server actions"
# (scripts/standalone-smoke.sh): the build's configuration, the lock file (Next's version), the
# image, the entry, and the check itself. scripts/test.sh makes the second build only when their
# digest differs from the one recorded when it last passed (scripts/second-build-inputs.sha256).
#   bash scripts/second-build-inputs.sh --check    exit 0 when unchanged, 1 (and what changed) when not
#   bash scripts/second-build-inputs.sh --record   write the digest (after the second build passed)
set -euo pipefail
cd "$(dirname "$0")/.."
FILES=(next.config.ts package-lock.json tsconfig.json .nvmrc Dockerfile scripts/start.mjs scripts/http-lifecycle.mjs
  scripts/standalone-smoke.sh e2e/smoke/smoke.pw.ts)
RECORD=scripts/second-build-inputs.sha256
digest() { sha256sum "${FILES[@]}"; }
case "${1:-}" in
  --check)
    if [ -f "$RECORD" ] && digest | cmp -s - "$RECORD"; then exit 0; fi
    echo "second build: its inputs differ from the ones it last passed on:" >&2
    if [ -f "$RECORD" ]; then diff <(digest) "$RECORD" | sed -n 's/^< [0-9a-f]*  /  /p' >&2 || true; else echo "  (nothing recorded)" >&2; fi
    exit 1
    ;;
  --record) digest >"$RECORD" && echo "recorded in $RECORD" ;;
  *) echo "usage: $0 --check | --record" >&2; exit 2 ;;
esac
