#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine of this project's kind (Debian, root,
# Node 20, Go). Idempotent: each step is skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then
    echo "› apt-get update"; apt-get update -qq; apt_updated=1
  fi
  echo "› apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Debian's Chromium for the browser tests (no browser is ever downloaded by npm), and its headless shell, which the
# tests run in when it is there: half the CPU of the full browser (ADR 0049). Without it they run in chromium.
if ! command -v chromium >/dev/null 2>&1; then apt_install chromium; fi
if [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  apt_install chromium-headless-shell || echo "› chromium-headless-shell could not be installed: the browser tests use chromium"
fi
# PostgreSQL server: the integration tests also run against it (the app defaults to embedded PGlite).
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then apt_install postgresql; fi
# The PDFs' fonts (issue 28): DejaVu Sans (Latin, Greek, Cyrillic, symbols) and Noto Sans CJK (Chinese, Japanese,
# Korean), read from disk by the app; poppler's pdftotext, with which the tests read the PDFs' text back.
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then apt_install fonts-dejavu-core; fi
if [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; then apt_install fonts-noto-cjk; fi
if ! command -v pdftotext >/dev/null 2>&1; then apt_install poppler-utils; fi
# A JDK and Maven: Temporal's time-skipping test server for the workflow tests is a Java program (below).
if ! command -v java >/dev/null 2>&1 || ! command -v mvn >/dev/null 2>&1; then apt_install default-jdk-headless maven; fi

# The Temporal CLI (dev server + Web UI), built from its Go module into .tools/bin. The build (CPU) runs while
# npm installs and Maven fetches (mostly network and disk); the script waits for it at the end.
temporal_build=""
if [ ! -x .tools/bin/temporal ]; then
  echo "› building the Temporal CLI 1.5.1 (a few minutes the first time), while npm installs"
  mkdir -p .tools/bin
  GOBIN="$PWD/.tools/bin" CGO_ENABLED=0 go install \
    -ldflags "-X github.com/temporalio/cli/temporalcli.Version=1.5.1" \
    github.com/temporalio/cli/cmd/temporal@v1.5.1 &
  temporal_build=$!
  trap 'kill "$temporal_build" 2>/dev/null || true' EXIT # a failed step below must not leave it running
fi

# Schemathesis, the API fuzzer of tests/fuzz (ADR 0043), at a pinned version in its own Python virtualenv
# (.tools/schemathesis). pip mostly waits on the network: it runs while npm installs, and the script waits for it at
# the end.
SCHEMATHESIS_VERSION=4.32.5
schemathesis_install=""
if [ ! -x .tools/schemathesis/bin/st ] || [ ! -f ".tools/schemathesis/$SCHEMATHESIS_VERSION" ]; then
  echo "› installing Schemathesis $SCHEMATHESIS_VERSION (pip, into .tools/schemathesis), while npm installs"
  if ! command -v python3 >/dev/null 2>&1; then apt_install python3 python3-venv; fi
  if ! python3 -c "import venv, ensurepip" >/dev/null 2>&1; then apt_install python3-venv; fi
  rm -rf .tools/schemathesis
  python3 -m venv .tools/schemathesis
  ( .tools/schemathesis/bin/pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" &&
    touch ".tools/schemathesis/$SCHEMATHESIS_VERSION" ) &
  schemathesis_install=$!
fi
# scim2-tester, the SCIM conformance checker of tests/integration/scim-conformance.test.ts (ADR 0051), run through
# scim2-cli's `scim2 test`: pinned versions (the checker and the SCIM libraries it is built on) in a virtualenv of
# their own (.tools/scim2-tester), installed while npm installs, like Schemathesis.
SCIM2_TESTER_VERSION=0.5.2
SCIM2_PINS="scim2-tester==$SCIM2_TESTER_VERSION scim2-cli==0.6.0 scim2-client==0.13.2 scim2-models==0.12.3"
scim2_tester_install=""
if [ ! -x .tools/scim2-tester/bin/scim2 ] || [ ! -f ".tools/scim2-tester/$SCIM2_TESTER_VERSION" ]; then
  echo "› installing scim2-tester $SCIM2_TESTER_VERSION (pip, into .tools/scim2-tester), while npm installs"
  if ! command -v python3 >/dev/null 2>&1; then apt_install python3 python3-venv; fi
  if ! python3 -c "import venv, ensurepip" >/dev/null 2>&1; then apt_install python3-venv; fi
  rm -rf .tools/scim2-tester
  python3 -m venv .tools/scim2-tester
  # shellcheck disable=SC2086 # the pins are separate words
  ( .tools/scim2-tester/bin/pip install --quiet --disable-pip-version-check $SCIM2_PINS &&
    touch ".tools/scim2-tester/$SCIM2_TESTER_VERSION" ) &
  scim2_tester_install=$!
fi
trap 'kill $temporal_build $schemathesis_install $scim2_tester_install 2>/dev/null || true' EXIT # a failed step below must not leave them running

# npm packages at the locked versions; install scripts only where package.json allowScripts approves them.
# `npm install` rather than `npm ci`: npm 11 leaves some optional platform packages of @swc/core and rollup
# out of the lock file it writes, and `npm ci` then refuses the lock; `npm install` keeps the locked versions.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› npm install"; npm install --no-audit --no-fund --loglevel=warn
fi

# Temporal's time-skipping test server (the workflow tests skip days of deadlines with it): the Java test server
# from its Maven artifact, run by a small wrapper with the JDK the machine has (TestWorkflowEnvironment starts it).
TTS_VERSION=1.31.0
if [ ! -x .tools/bin/temporal-test-server ] || [ ! -f ".tools/temporal-test-server/$TTS_VERSION" ]; then
  echo "› fetching Temporal's test server $TTS_VERSION (Maven)"
  rm -rf .tools/temporal-test-server && mkdir -p .tools/temporal-test-server .tools/bin
  cat > .tools/temporal-test-server/pom.xml <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>local</groupId><artifactId>temporal-test-server-runtime</artifactId><version>1</version>
  <dependencies><dependency><groupId>io.temporal</groupId><artifactId>temporal-test-server</artifactId><version>$TTS_VERSION</version></dependency></dependencies>
</project>
POM
  mvn -q -B -f .tools/temporal-test-server/pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/.tools/temporal-test-server/lib"
  touch ".tools/temporal-test-server/$TTS_VERSION"
fi
# Its wrapper (written each time, so a change here reaches existing machines). The workflow tests start one per
# file and the SDK gives it 5 s to answer: a quick-starting JVM (client compiler only, serial GC, small stacks).
cat > .tools/bin/temporal-test-server <<'SH'
#!/bin/sh
# Temporal's time-skipping test server (Java); usage: temporal-test-server <port>
here=$(cd "$(dirname "$0")/../temporal-test-server" && pwd)
exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto -Xss512k -cp "$here/lib/*" io.temporal.testserver.TestServer "$@"
SH
chmod +x .tools/bin/temporal-test-server

if [ -n "$temporal_build" ]; then wait "$temporal_build"; echo "› Temporal CLI built"; fi
if [ -n "$schemathesis_install" ]; then wait "$schemathesis_install"; echo "› Schemathesis installed"; fi
if [ -n "$scim2_tester_install" ]; then wait "$scim2_tester_install"; echo "› scim2-tester installed"; fi

# The Prisma client (generated, not committed).
npx prisma generate >/dev/null
echo "› setup complete"
