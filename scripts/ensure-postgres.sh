#!/usr/bin/env bash
# A local PostgreSQL server for the integration tests (TEST_DB=postgres) and for trying the app on a server:
# role app/app (CREATEDB), databases app, app_test, app_test_proofs (scripts/test.sh) and app_fuzz (the API fuzzer's, tests/fuzz), on 127.0.0.1:5432.
# Idempotent, for a Debian machine as root: installs the server only when it is missing,
# starts the cluster when it is not running, creates the role and databases only when they are missing.
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "› apt-get install postgresql"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

# The newest installed major version (Debian bookworm: 15).
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | awk -v v="$version" '$1 == v && $2 == "main"' | grep -q .; then
  echo "› pg_createcluster $version main"
  pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 == "online"' | grep -q .; then
  echo "› pg_ctlcluster $version main start"
  pg_ctlcluster "$version" main start
fi

port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')
if [ "$port" != 5432 ]; then
  echo "PostgreSQL $version/main listens on port $port, expected 5432" >&2
  exit 1
fi

psql_admin() { runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -p "$port" "$@"; }

# Wait until it accepts connections (a fresh start can take a moment).
for _ in $(seq 1 30); do
  if runuser -u postgres -- pg_isready -q -p "$port"; then break; fi
  sleep 1
done

if [ "$(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = 'app'")" != 1 ]; then
  echo "› create role app"
  psql_admin -c "CREATE ROLE app LOGIN PASSWORD 'app' CREATEDB"
elif [ "$(psql_admin -tAc "SELECT rolcanlogin AND rolcreatedb FROM pg_roles WHERE rolname = 'app'")" != t ]; then
  psql_admin -c "ALTER ROLE app LOGIN CREATEDB"
fi
for db in app app_test app_test_proofs app_fuzz; do
  if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
    echo "› create database $db"
    psql_admin -c "CREATE DATABASE $db OWNER app"
  fi
done
echo "› PostgreSQL $version ready on 127.0.0.1:$port (postgresql://app:app@127.0.0.1:$port/app, .../app_test, .../app_test_proofs, .../app_fuzz)"
