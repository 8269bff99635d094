#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this). Installs and starts what it needs:
# type check, migration check, unit tests, integration tests against PGlite AND PostgreSQL
# (each with a real Temporal dev server; on PostgreSQL without the workflow-only files) and, after the
# production build, the Playwright tests in Debian's Chromium in two shards against the real app, database,
# Temporal server and local sign-in; the integration lane and the two shards run in parallel.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/ensure-postgres.sh

results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"

step() { echo; echo "━━ $* (at ${SECONDS} s)"; }

# The type check (one core for two minutes) runs beside the other checks, the unit tests and the build.
( set +e; npm run -s typecheck >"$results/typecheck.log" 2>&1; echo $? >"$results/typecheck.rc" ) &
typecheck_pid=$!
trap 'kill "$typecheck_pid" 2>/dev/null || true' EXIT # a failed step below must not leave it running
step "architecture (ADR 0025)"; npm run -s lint:architecture
step "migrations cover schema.prisma"; npm run -s db:migrate:check
step "unit tests";            npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$results/unit.json"
step "build";                 npm run -s build >/dev/null
wait "$typecheck_pid" || true
step "type check";            cat "$results/typecheck.log"
if [ "$(cat "$results/typecheck.rc" 2>/dev/null || echo 1)" != "0" ]; then echo "✗ type check failed"; exit 1; fi

# The slow suites run in four lanes side by side (each with its own database, Temporal server and ports): the
# machine's two cores are busy throughout, and four lanes share them out so that all end at about the same time
# (docs/bench/ci-time.md). Each lane's output is kept apart and printed in
# order once all have finished.
logs="$results/logs"; mkdir -p "$logs"
suite() { # name, command...
  local name=$1; shift
  ( set +e; local t0=$SECONDS; "$@" >"$logs/$name.log" 2>&1; echo $? >"$logs/$name.rc"; echo $((SECONDS - t0)) >"$logs/$name.s" ) &
}
# The integration tests, a lane per database. PostgreSQL runs all but the workflow files (time skipping, replays,
# worker restarts), which test Temporal's side and run the same on either database. The proofs that go through the
# whole HTTP stack or the whole product and do not depend on the database kind (authorization matrix, security
# headers, idempotency, audit completeness) and the random CSV reader run once, on PostgreSQL: on PGlite they cost
# the lane ten minutes and held its event loop past vitest's deadlines (docs/bench/ci-time.md).
suite "integration-pglite" env TEST_DB=pglite npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-pglite.json" \
  --exclude "tests/integration/authorization-matrix.test.ts" --exclude "tests/integration/security.test.ts" \
  --exclude "tests/integration/idempotency.test.ts" --exclude "tests/integration/audit-completeness.test.ts" \
  --exclude "tests/integration/csv-quick.test.ts"
suite "integration-postgres" env TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-postgres.json" \
  --exclude "tests/integration/*-workflow.test.ts" --exclude "tests/integration/*-replay.test.ts" --exclude "tests/integration/*-restart.test.ts"
# The browser tests are split into E2E_SHARDS shards (default 2), each with its own app, data folder,
# Temporal server and local sign-in on its own ports: most of a browser test's time is spent waiting on
# the page, the database and the workflows, so two shards roughly halve the longest suite.
shards=${E2E_SHARDS:-2}
browser_lane() { # shard
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-$1.json" \
    E2E_PORT=$((3100 + 10 * $1)) E2E_OIDC_PORT=$((5710 + 10 * $1)) E2E_TEMPORAL_PORT=$((7410 + 10 * $1)) \
    E2E_DATA_DIR=".cache/e2e-data-$1" E2E_OUTPUT_DIR="test-results/shard-$1" npx playwright test --shard="$1/$shards" || return 1
}
# The API fuzzer (tests/fuzz, ADR 0043) runs once, after the first browser shard (the shortest lane), on a
# PostgreSQL database of its own (app_fuzz: the demo company, emptied first).
fuzz_after_browser() {
  local status=0
  browser_lane 1 || status=1
  env TEST_DB=postgres TEST_DATABASE_URL=postgresql://app:app@127.0.0.1:5432/app_fuzz \
    npx vitest run --project fuzz --reporter=default --reporter=json --outputFile.json="$results/api-fuzz.json" || status=1
  return $status
}
names="integration-pglite integration-postgres"
for i in $(seq 1 "$shards"); do
  if [ "$i" = 1 ]; then
    suite "browser-$i" fuzz_after_browser
  else
    suite "browser-$i" browser_lane "$i"
  fi
  names="$names browser-$i"
done
wait
status=0
for name in $names; do
  step "$name ($(cat "$logs/$name.s" 2>/dev/null || echo ?) s)"; cat "$logs/$name.log"
  rc=$(cat "$logs/$name.rc" 2>/dev/null || echo 1)
  if [ "$rc" != "0" ]; then echo "✗ $name failed (exit $rc)"; status=1; fi
done

node scripts/test-summary.mjs "$results" && exit $status
