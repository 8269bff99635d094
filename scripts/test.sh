#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run calls this). Installs and starts what it needs:
# type check, migration check, unit tests, integration tests against PostgreSQL (every file but the workflow files,
# in two lanes) and PGlite (the workflow, job and upload files; ADR 0048), each with a real Temporal dev server, the
# API fuzzer, and, after the production build, the Playwright tests in Debian's Chromium in two shards against the
# real app, database, Temporal server and local sign-in; the five lanes run side by side.
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
step "translations complete (ADR 0076)"; npm run -s i18n:check
step "migrations cover schema.prisma"; npm run -s db:migrate:check
step "unit tests";            npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$results/unit.json"
step "build";                 npm run -s build >/dev/null
wait "$typecheck_pid" || true
step "type check";            cat "$results/typecheck.log"
if [ "$(cat "$results/typecheck.rc" 2>/dev/null || echo 1)" != "0" ]; then echo "✗ type check failed"; exit 1; fi

# The slow suites run in five lanes side by side (each with its own database, Temporal server and ports): the
# machine's two cores are busy throughout, and the lanes share them out so that all end at about the same time
# (docs/bench/ci-time.md). Each lane's output is kept apart and printed in
# order once all have finished.
logs="$results/logs"; mkdir -p "$logs"
suite() { # name, command...
  local name=$1; shift
  ( set +e; local t0=$SECONDS; "$@" >"$logs/$name.log" 2>&1; echo $? >"$logs/$name.rc"; echo $((SECONDS - t0)) >"$logs/$name.s" ) &
}
# The integration tests, a lane per database (docs/decisions/0048-integration-lanes.md). PostgreSQL, the production
# database, runs every file but the workflow files. PGlite, the embedded default, runs the workflow files (time
# skipping, replays, worker and server restarts; the job engine's runs among them write to PGlite), the staged upload
# statements, backup and restore, the schema check and the session store; the rest of the product is proven on PGlite
# by the browser suite, whose app runs on it.
# The proofs through the whole HTTP stack (authorization matrix, security headers, idempotency, audit completeness),
# the fault tests and the random CSV reader run once, on PostgreSQL.
pglite_files=(
  tests/integration/bulk-job-workflow.test.ts tests/integration/calibration-session-replay.test.ts
  tests/integration/calibration-workflow.test.ts tests/integration/cycle-workflow.test.ts
  tests/integration/endorsement-replay.test.ts tests/integration/endorsement-workflow.test.ts
  tests/integration/job-types-restart.test.ts tests/integration/nudge-schedule-replay.test.ts
  tests/integration/nudge-workflow.test.ts tests/integration/questionnaire-job-workflow.test.ts
  tests/integration/fault-temporal-restart.test.ts
  tests/integration/participant-upload-staged.test.ts tests/integration/backup-restore.test.ts
  tests/integration/schema-matches.test.ts tests/integration/sessions.test.ts
)
# The API fuzzer (tests/fuzz, ADR 0043) runs once, after the PGlite files (the shortest lane), on a PostgreSQL database
# of its own (app_fuzz: the demo company, emptied first). In a lane of its own from the start it shared the machine
# with five lanes and one Schemathesis run passed its 480 s safety stop.
pglite_then_fuzz() {
  local status=0
  env TEST_DB=pglite npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-pglite.json" \
    "${pglite_files[@]}" || status=1
  env TEST_DB=postgres TEST_DATABASE_URL=postgresql://app:app@127.0.0.1:5432/app_fuzz \
    npx vitest run --project fuzz --reporter=default --reporter=json --outputFile.json="$results/api-fuzz.json" || status=1
  return $status
}
suite "integration-pglite" pglite_then_fuzz
# PostgreSQL in two lanes, each with a database of its own: the whole-product proofs and fault tests (each waits on
# processes it starts and on thousands of calls), and the feature files.
proof_files=(
  tests/integration/authorization-matrix.test.ts tests/integration/security.test.ts tests/integration/idempotency.test.ts
  tests/integration/audit-completeness.test.ts tests/integration/scale-out.test.ts tests/integration/fault-postgres-stop.test.ts
  tests/integration/fault-stage-move-kill.test.ts tests/integration/fault-worker-kill.test.ts tests/integration/csv-quick.test.ts
  tests/integration/backup-restore.test.ts tests/integration/scim-conformance.test.ts
)
suite "integration-proofs" env TEST_DB=postgres TEST_DATABASE_URL=postgresql://app:app@127.0.0.1:5432/app_test_proofs \
  npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$results/integration-proofs.json" "${proof_files[@]}"
not_features=(--exclude "tests/integration/*-workflow.test.ts" --exclude "tests/integration/*-replay.test.ts" --exclude "tests/integration/*-restart.test.ts")
for f in "${proof_files[@]}"; do not_features+=(--exclude "$f"); done
suite "integration-postgres" env TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json \
  --outputFile.json="$results/integration-postgres.json" "${not_features[@]}"
# The browser tests are split into E2E_SHARDS shards (default 2), each with its own app, data folder,
# Temporal server and local sign-in on its own ports: most of a browser test's time is spent waiting on
# the page, the database and the workflows, so two shards roughly halve the longest suite. The spec files are split
# by the seconds each took in a full run (tests/e2e/durations.json; scripts/e2e-shards.mjs, ADR 0113), not by count.
shards=${E2E_SHARDS:-2}
browser_lane() { # shard
  local files
  mapfile -t files < <(node scripts/e2e-shards.mjs "$1" "$shards")
  [ "${#files[@]}" -gt 0 ] || { echo "no spec files in shard $1"; return 0; }
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$results/e2e-$1.json" E2E_TRACE=off \
    E2E_PORT=$((3100 + 10 * $1)) E2E_OIDC_PORT=$((5710 + 10 * $1)) E2E_TEMPORAL_PORT=$((7410 + 10 * $1)) \
    E2E_DATA_DIR=".cache/e2e-data-$1" E2E_OUTPUT_DIR="test-results/shard-$1" npx playwright test "${files[@]}" || return 1
}
names="integration-pglite integration-postgres integration-proofs"
for i in $(seq 1 "$shards"); do
  suite "browser-$i" browser_lane "$i"
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
