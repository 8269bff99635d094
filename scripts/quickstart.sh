#!/usr/bin/env bash
# Quick start: install everything, then start the app on embedded defaults and print the URLs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec npx tsx scripts/start.ts "$@"
