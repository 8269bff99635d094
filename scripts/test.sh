#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this). Installs and starts what it needs:
# type check, migration check, unit tests, integration tests against PGlite AND PostgreSQL
# (each with a real Temporal dev server), then the production build and the Playwright tests
# in Debian's Chromium against the real app, database, Temporal server and local sign-in.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-postgres.sh

results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"

step() { echo; echo "━━ $*"; }

step "type check";            npm run -s typecheck
step "architecture (ADR 0025)"; npm run -s lint:architecture
step "migrations cover schema.prisma"; npm run -s db:migrate:check
step "unit tests";            npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$results/unit.json"
step "integration (PGlite)";  TEST_DB=pglite npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-pglite.json"
step "integration (PostgreSQL)"; TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-postgres.json"
step "build";                 npx remix vite:build >/dev/null
step "browser tests";         PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e.json" npx playwright test

node scripts/test-summary.mjs "$results"
