#!/usr/bin/env bash
# `npm run test:pgbouncer [-- <vitest arguments>]`
#
# Runs the server's test suite on Postgres through PgBouncer in transaction mode, the pooler in
# front of Postgres once there are more app instances than Postgres has connections for. In that
# mode each transaction gets whichever server connection is free, so the run proves the app keeps
# nothing in a database session between two transactions: every statement of a request is its own
# transaction or inside one. What does need a session (the migrations' advisory lock, LISTEN for
# the live streams and the session cache) goes to DATABASE_DIRECT_URL, as it must in production.
#
# Needs: Postgres on 127.0.0.1:5432 (user postgres, trust), PgBouncer (installed with apt-get when
# missing and run as root). PgBouncer listens on 127.0.0.1:${PGBOUNCER_PORT:-6439} for the run and
# is stopped at the end: a port of its own, as Debian's pgbouncer service (started by the package
# where systemd runs) takes 6432. Extra arguments go to vitest (a file, --project stress …).
set -euo pipefail
cd "$(dirname "$0")/.."

port="${PGBOUNCER_PORT:-6439}"
postgres_url="postgres://postgres@127.0.0.1:5432"

if ! command -v pgbouncer >/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PgBouncer is not installed: apt-get install pgbouncer" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
fi
pgbouncer --version | head -n 1

work="$(mktemp -d /tmp/markit-pgbouncer.XXXXXX)"
# PgBouncer refuses to run as root: as root it runs as postgres, which must read its folder.
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$work"
  run_as=(-u postgres)
fi

# - Every database of the server through one entry (as postgres, which auth_type any needs), so
#   each test file's own database works.
# - statement_timeout is a startup parameter the app's pool sends; PgBouncer 1.18 cannot pass it
#   on, so it ignores it and sets the same 15 s on each server connection it opens.
# - Named prepared statements need PgBouncer 1.21+ (max_prepared_statements); DATABASE_POOLER=
#   transaction sends the app's prepared statements unnamed instead.
cat >"$work/pgbouncer.ini" <<EOF
[databases]
* = host=127.0.0.1 port=5432 user=postgres connect_query='SET statement_timeout = 15000'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = any
admin_users = postgres
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 10
max_db_connections = 20
server_idle_timeout = 5
ignore_startup_parameters = extra_float_digits,statement_timeout
logfile = $work/pgbouncer.log
pidfile = $work/pgbouncer.pid
EOF
[ "$(id -u)" -eq 0 ] && chown postgres "$work/pgbouncer.ini"

stop() {
  if [ -f "$work/pgbouncer.pid" ]; then kill "$(cat "$work/pgbouncer.pid")" 2>/dev/null || true; fi
  sleep 0.5
  rm -rf "$work"
}
trap stop EXIT
# Whatever answers on the port would be tested instead of this PgBouncer.
if pg_isready -q -h 127.0.0.1 -p "$port"; then
  echo "Something already answers on 127.0.0.1:$port (a PgBouncer left by an earlier run?);" \
    "stop it or set PGBOUNCER_PORT" >&2
  exit 1
fi
pgbouncer -d "${run_as[@]}" "$work/pgbouncer.ini"
for _ in $(seq 1 50); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.1
done
if ! { [ -f "$work/pgbouncer.pid" ] && kill -0 "$(cat "$work/pgbouncer.pid")" 2>/dev/null; }; then
  echo "PgBouncer did not start; its log:" >&2
  cat "$work/pgbouncer.log" >&2 || true
  exit 1
fi
psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc "select 'through PgBouncer: ' || version()"

status=0
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/test" \
  DATABASE_DIRECT_URL="$postgres_url/test" \
  DATABASE_POOLER=transaction \
  npx vitest run --project server "$@" || status=$?

# What went through the pooler: transactions and statements per database (the tests' own).
psql -h 127.0.0.1 -p "$port" -U postgres -d pgbouncer -c 'SHOW TOTALS' || true
if [ "$status" -ne 0 ]; then
  echo "The tests through PgBouncer failed (exit $status); its log:" >&2
  grep -iE 'error|warning' "$work/pgbouncer.log" | tail -n 40 >&2 || true
fi
exit "$status"
