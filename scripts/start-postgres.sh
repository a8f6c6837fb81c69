#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback and prints its URL.
# Debian's postgresql does not start by itself here; the cluster belongs to the
# postgres user and lives under PGBASE (default /tmp/hd-postgres).
set -euo pipefail
PGBASE=${PGBASE:-/tmp/hd-postgres}
PGPORT=${PGPORT:-54329}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }

run_as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }

if [ ! -f "$PGBASE/data/PG_VERSION" ]; then
  mkdir -p "$PGBASE"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGBASE"
  run_as_postgres "'$BIN/initdb' -D '$PGBASE/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
fi
if ! run_as_postgres "'$BIN/pg_ctl' -D '$PGBASE/data' status" >/dev/null 2>&1; then
  run_as_postgres "'$BIN/pg_ctl' -D '$PGBASE/data' -l '$PGBASE/log' -w -o \"-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200\" start >/dev/null"
fi
psql -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='hd_test'" | grep -q 1 \
  || psql -h 127.0.0.1 -p "$PGPORT" -U postgres -qc "CREATE DATABASE hd_test"
echo "postgres://postgres@127.0.0.1:$PGPORT/hd_test"
