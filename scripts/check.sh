#!/usr/bin/env bash
# The everyday check (`npm run check`): type check, lint, format check and the unit tests, in that
# order, stopping at the first failure. What it leaves to the full test command (`npm test`): the
# suites that start the stand-ins' server or a database (jest.unit.config.mjs lists them), the
# PostgreSQL run, mutation testing, the build, bundle budgets, Playwright and the image checks.
# ESLint and Prettier keep caches in node_modules/.cache, so a second run re-checks only changed
# files (ESLint's cache does not see a change in an imported file: CI's `npm run lint` has no cache).
set -euo pipefail
cd "$(dirname "$0")/.."

START=$SECONDS
step() { printf '== [%dm%02ds] %s\n' $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)) "$1"; }

step "type check"
npx tsc --noEmit
step "lint"
npx eslint . --max-warnings 0 --cache --cache-location node_modules/.cache/eslint/
step "formatting"
npx prettier --check . --cache --log-level warn
step "unit tests (Jest without the server and database suites)"
npx jest -c jest.unit.config.mjs
step "check passed on Node $(node --version)"
