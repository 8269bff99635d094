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

# Debian's Chromium for the browser tests (no browser is ever downloaded by npm).
if ! command -v chromium >/dev/null 2>&1; then apt_install chromium; fi
# PostgreSQL server: the integration tests also run against it (the app defaults to embedded PGlite).
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then apt_install postgresql; fi

# npm packages at the locked versions; install scripts only where package.json allowScripts approves them.
# `npm install` rather than `npm ci`: npm 11 leaves some optional platform packages of @swc/core and rollup
# out of the lock file it writes, and `npm ci` then refuses the lock; `npm install` keeps the locked versions.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› npm install"; npm install --no-audit --no-fund
fi

# The Temporal CLI (dev server + Web UI), built from its Go module into .tools/bin.
if [ ! -x .tools/bin/temporal ]; then
  echo "› building the Temporal CLI 1.5.1 (a few minutes the first time)"
  mkdir -p .tools/bin
  GOBIN="$PWD/.tools/bin" CGO_ENABLED=0 go install \
    -ldflags "-X github.com/temporalio/cli/temporalcli.Version=1.5.1" \
    github.com/temporalio/cli/cmd/temporal@v1.5.1
fi

# The Prisma client (generated, not committed).
npx prisma generate >/dev/null
echo "› setup complete"
