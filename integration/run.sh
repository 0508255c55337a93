#!/usr/bin/env bash
# integration/run.sh - run the integration tests against throwaway database servers.
#
# Usage (as root; CI runs as root):
#   integration/run.sh [go test flags...]   e.g. integration/run.sh -v -run Postgres
#   integration/run.sh --serve               start the servers, print the env exports, wait
#
# What it does:
#   1. Installs what is missing from Debian packages (postgresql, postgresql-contrib,
#      mariadb-server, mariadb-client, pgbouncer). `apt-get update` runs only when
#      something is missing. Package post-install scripts are kept from starting
#      system services.
#   2. Starts, in a fresh temporary directory, listening only on 127.0.0.1:
#        PostgreSQL (initdb as OS user `postgres`) on port 55432 (ULID_PG_PORT)
#        PgBouncer  (as OS user `postgres`)        on port 56432 (ULID_PGBOUNCER_PORT),
#                   in front of that PostgreSQL, with pool_mode = transaction
#        MariaDB    (mariadbd as OS user `mysql`)   on port 53306 (ULID_MYSQL_PORT)
#      If a port is taken, the next free one above it is used. Unix sockets live in
#      the temporary directory too.
#   3. Creates database `ulidtest` and user `ulid` / password `ulid` on both
#      (the PostgreSQL user is a superuser; extension pgstattuple is created in
#      ulidtest). PgBouncer serves database `ulidtest` and authenticates `ulid` /
#      `ulid` with SCRAM, from a userlist file in the temporary directory.
#   4. Exports
#        ULID_PG_DSN=postgres://ulid:ulid@127.0.0.1:55432/ulidtest?sslmode=disable
#        ULID_PGBOUNCER_DSN=postgres://ulid:ulid@127.0.0.1:56432/ulidtest?sslmode=disable
#        ULID_MYSQL_DSN=ulid:ulid@tcp(127.0.0.1:53306)/ulidtest?parseTime=true
#        ULID_INTEGRATION_REQUIRE=1
#      and runs `go test -count=1 ./... "$@"` in integration/, then the same in
#      integration/stacks/ (its own module: ORMs, routers and code generators
#      with ULIDs; see docs/stacks.md), then, in integration/ again,
#      `go test -count=1 -run '^TestStdUUID' . "$@"` with GOTOOLCHAIN=go1.27.3
#      (ULID_GO127_TOOLCHAIN): the tests behind `//go:build go1.27`, of the
#      standard library's uuid package with each driver (stduuid_go127_test.go),
#      which the machine's older Go does not build. A -run among the caller's
#      flags replaces that pattern. If ULID_RUN_CMD is set,
#      it is then run with `bash -c` from the repository root, with the same env.
#      Without the DSNs the server tests skip; ULID_INTEGRATION_REQUIRE=1 (always
#      set here, whatever the caller's environment says) makes a missing DSN a
#      failure instead, so a run of this script (CI) cannot pass by skipping.
#      Through ULID_PGBOUNCER_DSN (transaction pooling: each transaction may run on
#      another server connection) only the pgx query exec modes that keep no
#      prepared statement from one transaction to the next work: with Debian 12's
#      PgBouncer 1.18, exec, simple_protocol and cache_describe (see
#      integration/pgxulid_test.go).
#   5. Stops the servers and deletes the temporary directory on exit (also on
#      failure or Ctrl-C), and exits with the first non-zero status of the tests
#      (integration/, integration/stacks/, the go1.27 ones) and ULID_RUN_CMD.
#
# Serve mode (--serve), for iterating:
#   terminal 1:  integration/run.sh --serve     # prints `export ...` lines, then waits
#   terminal 2:  paste the exports (or `source` the printed env file), then
#                cd integration && go test -count=1 -v ./...
#   The exports include ULID_INTEGRATION_REQUIRE=1, so that in that shell a DSN
#   lost on the way (say, one line not pasted) fails the tests instead of
#   skipping them. `unset ULID_INTEGRATION_REQUIRE` to get skips back.
#   Ctrl-C (or SIGTERM) in terminal 1 stops the servers and cleans up.
#
# Environment knobs: ULID_PG_PORT, ULID_MYSQL_PORT, ULID_PGBOUNCER_PORT (preferred
#   ports), ULID_IT_TMPDIR (parent of the temporary directory, default /tmp; it must
#   be traversable by the postgres and mysql OS users), ULID_GO127_TOOLCHAIN (the
#   GOTOOLCHAIN of the go1.27 step, default go1.27.3; downloaded through the module
#   proxy if it is not in the module cache), ULID_RUN_CMD.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$SCRIPT_DIR/.." && pwd)

DB_NAME=ulidtest
DB_USER=ulid
DB_PASS=ulid

SERVE=0
if [[ ${1:-} == --serve ]]; then
	SERVE=1
	shift
	if [[ $# -gt 0 ]]; then
		echo "run.sh: --serve takes no further arguments" >&2
		exit 2
	fi
fi

log() { printf 'run.sh: %s\n' "$*" >&2; }
die() {
	printf 'run.sh: ERROR: %s\n' "$*" >&2
	exit 1
}

if [[ $EUID -ne 0 ]]; then
	die "must run as root (it installs Debian packages and runs servers as the postgres/mysql users)"
fi

# ---------------------------------------------------------------------------
# 1. Install what is missing.

find_pg_bindir() {
	# Newest PostgreSQL major version that has a server installed.
	local d best=""
	while IFS= read -r d; do
		[[ -x $d/initdb && -x $d/postgres && -x $d/pg_ctl && -x $d/psql && -x $d/pg_isready ]] && best=$d
	done < <(shopt -s nullglob; printf '%s\n' /usr/lib/postgresql/*/bin | sort -V)
	printf '%s' "$best"
}

find_bin() {
	# First of the given names found in PATH or the sbin directories.
	local n d
	for n in "$@"; do
		if command -v "$n" >/dev/null 2>&1; then
			command -v "$n"
			return 0
		fi
		for d in /usr/sbin /usr/local/sbin /sbin; do
			if [[ -x $d/$n ]]; then
				printf '%s\n' "$d/$n"
				return 0
			fi
		done
	done
	return 1
}

missing=()
PG_BIN=$(find_pg_bindir)
if [[ -z $PG_BIN ]]; then
	missing+=(postgresql postgresql-contrib)
else
	pg_major=$(basename "$(dirname "$PG_BIN")")
	pg_share=$("$PG_BIN/pg_config" --sharedir 2>/dev/null || echo "/usr/share/postgresql/$pg_major")
	if [[ ! -f $pg_share/extension/pgstattuple.control || ! -f $pg_share/extension/pgcrypto.control ]]; then
		missing+=(postgresql-contrib)
	fi
fi
if ! find_bin mariadbd mysqld >/dev/null || ! find_bin mariadb-install-db mysql_install_db >/dev/null; then
	missing+=(mariadb-server)
fi
if ! find_bin mariadb mysql >/dev/null || ! find_bin mariadb-admin mysqladmin >/dev/null; then
	missing+=(mariadb-client)
fi
if ! find_bin pgbouncer >/dev/null; then
	missing+=(pgbouncer)
fi

if [[ ${#missing[@]} -gt 0 ]]; then
	log "installing Debian packages: ${missing[*]}"
	# Keep the packages' post-install scripts from starting system-wide servers
	# (on 5432/3306): this script runs its own.
	added_policy=0
	if [[ ! -e /usr/sbin/policy-rc.d ]]; then
		printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
		chmod 755 /usr/sbin/policy-rc.d
		added_policy=1
		trap 'rm -f /usr/sbin/policy-rc.d' EXIT # replaced by cleanup below
	fi
	apt_rc=0
	{
		export DEBIAN_FRONTEND=noninteractive
		apt-get -o DPkg::Lock::Timeout=300 update -q &&
			apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${missing[@]}"
	} >&2 || apt_rc=$?
	if [[ $added_policy -eq 1 ]]; then
		rm -f /usr/sbin/policy-rc.d
	fi
	[[ $apt_rc -eq 0 ]] || die "apt-get install ${missing[*]} failed (exit $apt_rc)"
	PG_BIN=$(find_pg_bindir)
fi

[[ -n $PG_BIN ]] || die "no PostgreSQL server found under /usr/lib/postgresql/*/bin"
MARIADBD=$(find_bin mariadbd mysqld) || die "mariadbd not found"
MARIADB_INSTALL_DB=$(find_bin mariadb-install-db mysql_install_db) || die "mariadb-install-db not found"
MARIADB=$(find_bin mariadb mysql) || die "mariadb client not found"
MARIADB_ADMIN=$(find_bin mariadb-admin mysqladmin) || die "mariadb-admin not found"
PGBOUNCER=$(find_bin pgbouncer) || die "pgbouncer not found"
id postgres >/dev/null 2>&1 || die "OS user postgres does not exist (should come with the postgresql package)"
id mysql >/dev/null 2>&1 || die "OS user mysql does not exist (should come with the mariadb-server package)"

if ! command -v go >/dev/null 2>&1; then
	PATH=$PATH:/usr/local/go/bin
	command -v go >/dev/null 2>&1 || die "go not found in PATH or /usr/local/go/bin"
fi

# ---------------------------------------------------------------------------
# 2. Temporary directory and cleanup.

WORK=""
PG_DATA=""
MY_PID=""
PGB_PID=""
SLEEP_PID=""

# shellcheck disable=SC2317 # invoked via trap
cleanup() {
	local rc=$?
	set +e
	trap - EXIT INT TERM
	if [[ -n $SLEEP_PID ]]; then
		kill "$SLEEP_PID" 2>/dev/null
	fi
	# PgBouncer first: it holds connections to PostgreSQL.
	if [[ -n $PGB_PID ]] && kill -0 "$PGB_PID" 2>/dev/null; then
		log "stopping PgBouncer"
		kill -TERM "$PGB_PID" 2>/dev/null # immediate shutdown
		local j
		for ((j = 0; j < 40; j++)); do
			kill -0 "$PGB_PID" 2>/dev/null || break
			sleep 0.25
		done
		kill -KILL "$PGB_PID" 2>/dev/null
	fi
	if [[ -n $PG_DATA && -f $PG_DATA/postmaster.pid ]]; then
		log "stopping PostgreSQL"
		local pg_pid
		pg_pid=$(head -n1 "$PG_DATA/postmaster.pid" 2>/dev/null)
		(cd / && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 30 stop >/dev/null 2>&1) ||
			{ [[ -n $pg_pid ]] && kill -KILL "$pg_pid" 2>/dev/null; }
	fi
	if [[ -n $MY_PID ]] && kill -0 "$MY_PID" 2>/dev/null; then
		log "stopping MariaDB"
		kill -TERM "$MY_PID" 2>/dev/null
		local i
		for ((i = 0; i < 60; i++)); do
			kill -0 "$MY_PID" 2>/dev/null || break
			sleep 0.5
		done
		kill -KILL "$MY_PID" 2>/dev/null
		wait "$MY_PID" 2>/dev/null
	fi
	if [[ -n $WORK && -d $WORK ]]; then
		rm -rf -- "$WORK"
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

parent=${ULID_IT_TMPDIR:-/tmp}
WORK=$(mktemp -d "$parent/ulid-it.XXXXXX")
chmod 755 "$WORK"
if ! runuser -u postgres -- test -x "$WORK" || ! runuser -u mysql -- test -x "$WORK"; then
	die "$WORK is not reachable by the postgres/mysql OS users; set ULID_IT_TMPDIR to a world-traversable directory"
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pick_port() {
	local p=$1 i
	for ((i = 0; i < 50; i++, p++)); do
		if ! port_in_use "$p"; then
			printf '%s' "$p"
			return 0
		fi
	done
	die "no free TCP port in $1..$((p - 1)) on 127.0.0.1"
}

# ---------------------------------------------------------------------------
# 3. PostgreSQL.

PG_PORT=$(pick_port "${ULID_PG_PORT:-55432}")
PG_DIR=$WORK/pg
PG_DATA=$PG_DIR/data
PG_LOG=$PG_DIR/postgres.log
mkdir -p "$PG_DIR"
chown postgres: "$PG_DIR"
chmod 700 "$PG_DIR"

log "PostgreSQL $(basename "$(dirname "$PG_BIN")") from $PG_BIN: initdb in $PG_DATA"
if ! (cd / && runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -E UTF8 --locale=C \
	--auth-local=trust --auth-host=scram-sha-256 --no-sync >"$WORK/initdb.log" 2>&1); then
	cat "$WORK/initdb.log" >&2
	PG_DATA="" # nothing to stop
	die "initdb failed"
fi
cat >>"$PG_DATA/postgresql.conf" <<EOF

# --- added by integration/run.sh (throwaway test server) ---
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_DIR'
fsync = off
synchronous_commit = off
full_page_writes = off
EOF

log "starting PostgreSQL on 127.0.0.1:$PG_PORT"
# setsid: keep the server out of the terminal's process group, so Ctrl-C reaches
# only this script, which then shuts the server down in order.
(cd / && setsid runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -W start >/dev/null) ||
	die "pg_ctl start failed: $(tail -n 20 "$PG_LOG" 2>/dev/null)"

ok=0
for ((i = 0; i < 120; i++)); do
	if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -t 1; then
		ok=1
		break
	fi
	sleep 0.5
done
if [[ $ok -ne 1 ]]; then
	tail -n 30 "$PG_LOG" >&2 || true
	die "PostgreSQL did not become ready on 127.0.0.1:$PG_PORT within 60s (log above)"
fi

pg_psql() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_DIR" -p "$PG_PORT" -U postgres "$@"; }
pg_psql -d postgres -c "CREATE ROLE $DB_USER LOGIN SUPERUSER PASSWORD '$DB_PASS'" \
	-c "CREATE DATABASE $DB_NAME OWNER $DB_USER" >/dev/null
pg_psql -d "$DB_NAME" -c "CREATE EXTENSION IF NOT EXISTS pgstattuple" >/dev/null
export ULID_PG_DSN="postgres://$DB_USER:$DB_PASS@127.0.0.1:$PG_PORT/$DB_NAME?sslmode=disable"
PGPASSWORD=$DB_PASS "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -c "SELECT 1" "$ULID_PG_DSN" >/dev/null ||
	die "cannot log in to PostgreSQL as $DB_USER over TCP 127.0.0.1:$PG_PORT"

# ---------------------------------------------------------------------------
# 4. PgBouncer, in front of that PostgreSQL, in transaction pooling mode.

PGB_PORT=$(pick_port "${ULID_PGBOUNCER_PORT:-56432}")
if [[ $PGB_PORT == "$PG_PORT" ]]; then PGB_PORT=$(pick_port $((PGB_PORT + 1))); fi
PGB_DIR=$WORK/pgbouncer
PGB_LOG=$PGB_DIR/pgbouncer.log
mkdir -p "$PGB_DIR"
# SCRAM both ways: PgBouncer checks the client's password against this file and
# logs in to PostgreSQL (scram-sha-256 on TCP, as initdb set it up) with it.
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASS" >"$PGB_DIR/userlist.txt"
cat >"$PGB_DIR/pgbouncer.ini" <<EOF
; written by integration/run.sh (throwaway test pooler)
[databases]
$DB_NAME = host=127.0.0.1 port=$PG_PORT dbname=$DB_NAME

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PGB_PORT
unix_socket_dir = $PGB_DIR
pool_mode = transaction
auth_type = scram-sha-256
auth_file = $PGB_DIR/userlist.txt
max_client_conn = 200
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
logfile = $PGB_LOG
pidfile = $PGB_DIR/pgbouncer.pid
EOF
chown -R postgres: "$PGB_DIR"
chmod 700 "$PGB_DIR"
chmod 600 "$PGB_DIR/userlist.txt" "$PGB_DIR/pgbouncer.ini"

PGB_VERSION=$("$PGBOUNCER" --version 2>/dev/null | head -n1 || true)
log "${PGB_VERSION:-PgBouncer} from $PGBOUNCER: starting on 127.0.0.1:$PGB_PORT (pool_mode = transaction)"
# It refuses to run as root. -d daemonizes it, which also takes it out of the
# terminal's process group, so Ctrl-C reaches only this script.
(cd / && runuser -u postgres -- "$PGBOUNCER" -d -q "$PGB_DIR/pgbouncer.ini" </dev/null >"$WORK/pgbouncer-start.log" 2>&1) ||
	die "pgbouncer failed to start: $(cat "$WORK/pgbouncer-start.log" 2>/dev/null) $(tail -n 20 "$PGB_LOG" 2>/dev/null)"
ok=0
for ((i = 0; i < 120; i++)); do
	if [[ -z $PGB_PID && -s $PGB_DIR/pgbouncer.pid ]]; then
		PGB_PID=$(cat "$PGB_DIR/pgbouncer.pid")
	fi
	if [[ -n $PGB_PID ]] && port_in_use "$PGB_PORT"; then
		ok=1
		break
	fi
	sleep 0.25
done
if [[ $ok -ne 1 ]]; then
	tail -n 30 "$PGB_LOG" >&2 || true
	die "PgBouncer did not listen on 127.0.0.1:$PGB_PORT within 30s (log above)"
fi
export ULID_PGBOUNCER_DSN="postgres://$DB_USER:$DB_PASS@127.0.0.1:$PGB_PORT/$DB_NAME?sslmode=disable"
if ! "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -c "SELECT 1" "$ULID_PGBOUNCER_DSN" >/dev/null; then
	tail -n 20 "$PGB_LOG" >&2 || true
	die "cannot log in through PgBouncer as $DB_USER on 127.0.0.1:$PGB_PORT (log above)"
fi

# ---------------------------------------------------------------------------
# 5. MariaDB.

MY_PORT=$(pick_port "${ULID_MYSQL_PORT:-53306}")
while [[ $MY_PORT == "$PG_PORT" || $MY_PORT == "$PGB_PORT" ]]; do MY_PORT=$(pick_port $((MY_PORT + 1))); done
MY_DIR=$WORK/mysql
MY_DATA=$MY_DIR/data
MY_SOCK=$MY_DIR/mysqld.sock
MY_LOG=$MY_DIR/mysqld.log
mkdir -p "$MY_DIR"
chown mysql: "$MY_DIR"
chmod 750 "$MY_DIR"

log "MariaDB from $MARIADBD: install-db in $MY_DATA"
if ! (cd / && "$MARIADB_INSTALL_DB" --no-defaults --user=mysql --basedir=/usr --datadir="$MY_DATA" \
	--auth-root-authentication-method=socket --skip-test-db >"$WORK/install-db.log" 2>&1); then
	cat "$WORK/install-db.log" >&2
	die "mariadb-install-db failed"
fi

log "starting MariaDB on 127.0.0.1:$MY_PORT"
(cd / && exec setsid "$MARIADBD" --no-defaults --user=mysql --basedir=/usr --datadir="$MY_DATA" \
	--socket="$MY_SOCK" --port="$MY_PORT" --bind-address=127.0.0.1 --skip-networking=0 \
	--pid-file="$MY_DIR/mysqld.pid" --log-error="$MY_LOG" --skip-name-resolve \
	--character-set-server=utf8mb4 --innodb-buffer-pool-size=128M \
	--innodb-flush-log-at-trx-commit=2 --innodb-doublewrite=0 \
	</dev/null >>"$MY_LOG" 2>&1) &
MY_PID=$!

ok=0
for ((i = 0; i < 120; i++)); do
	if ! kill -0 "$MY_PID" 2>/dev/null; then
		break
	fi
	# Ping over the unix socket: root has no account for 127.0.0.1 (TCP is checked
	# below, as the test user, once it exists).
	if "$MARIADB_ADMIN" --no-defaults -S "$MY_SOCK" -u root --connect-timeout=1 ping >/dev/null 2>&1; then
		ok=1
		break
	fi
	sleep 0.5
done
if [[ $ok -ne 1 ]]; then
	tail -n 30 "$MY_LOG" >&2 || true
	if ! kill -0 "$MY_PID" 2>/dev/null; then
		die "mariadbd exited during startup (log above)"
	fi
	die "MariaDB did not answer on $MY_SOCK within 60s (log above)"
fi
if [[ -s $MY_DIR/mysqld.pid ]]; then
	MY_PID=$(cat "$MY_DIR/mysqld.pid")
fi

"$MARIADB" --no-defaults -S "$MY_SOCK" -u root <<EOF
CREATE DATABASE $DB_NAME CHARACTER SET utf8mb4;
CREATE USER '$DB_USER'@'%' IDENTIFIED BY '$DB_PASS';
CREATE USER '$DB_USER'@'localhost' IDENTIFIED BY '$DB_PASS';
GRANT ALL PRIVILEGES ON *.* TO '$DB_USER'@'%' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '$DB_USER'@'localhost' WITH GRANT OPTION;
FLUSH PRIVILEGES;
EOF
"$MARIADB" --no-defaults -h 127.0.0.1 -P "$MY_PORT" --protocol=tcp -u "$DB_USER" -p"$DB_PASS" \
	-N -e "SELECT 1" "$DB_NAME" >/dev/null ||
	die "cannot log in to MariaDB as $DB_USER over TCP 127.0.0.1:$MY_PORT"
export ULID_MYSQL_DSN="$DB_USER:$DB_PASS@tcp(127.0.0.1:$MY_PORT)/$DB_NAME?parseTime=true"

# ---------------------------------------------------------------------------
# 6. Serve, or run the tests.

# The servers are up: from here on a test that finds no DSN must fail, not skip
# (see integration/internal/itest).
export ULID_INTEGRATION_REQUIRE=1

ENV_FILE=$WORK/env.sh
cat >"$ENV_FILE" <<EOF
export ULID_PG_DSN='$ULID_PG_DSN'
export ULID_PGBOUNCER_DSN='$ULID_PGBOUNCER_DSN'
export ULID_MYSQL_DSN='$ULID_MYSQL_DSN'
export ULID_INTEGRATION_REQUIRE=$ULID_INTEGRATION_REQUIRE
EOF
chmod 644 "$ENV_FILE"

if [[ $SERVE -eq 1 ]]; then
	cat <<EOF
# Servers are up. In another shell:
$(cat "$ENV_FILE")
# (or: source $ENV_FILE)
#   cd $SCRIPT_DIR && go test -count=1 -v ./...
#   cd $SCRIPT_DIR/stacks && go test -count=1 -v ./...
# psql:    $PG_BIN/psql '$ULID_PG_DSN'
#          $PG_BIN/psql '$ULID_PGBOUNCER_DSN'   (through PgBouncer)
# mariadb: $MARIADB --no-defaults -h 127.0.0.1 -P $MY_PORT -u $DB_USER -p$DB_PASS $DB_NAME
# Ctrl-C here stops the servers and deletes $WORK.
EOF
	while :; do
		sleep 86400 &
		SLEEP_PID=$!
		wait "$SLEEP_PID" || true
	done
fi

status=0
log "go test -count=1 ./... $* (ULID_INTEGRATION_REQUIRE=$ULID_INTEGRATION_REQUIRE)"
(cd "$SCRIPT_DIR" && go test -count=1 ./... "$@") || status=$?

log "go test -count=1 ./... $* in stacks/ (ULID_INTEGRATION_REQUIRE=$ULID_INTEGRATION_REQUIRE)"
stacks_status=0
(cd "$SCRIPT_DIR/stacks" && go test -count=1 ./... "$@") || stacks_status=$?
if [[ $status -eq 0 ]]; then status=$stacks_status; fi

# The tests of the standard library's uuid package (Go 1.27), which the
# machine's Go may be too old to build: only those, under Go 1.27.
GO127_TOOLCHAIN=${ULID_GO127_TOOLCHAIN:-go1.27.3}
log "go test -count=1 -run '^TestStdUUID' . $* with GOTOOLCHAIN=$GO127_TOOLCHAIN (ULID_INTEGRATION_REQUIRE=$ULID_INTEGRATION_REQUIRE)"
go127_status=0
(cd "$SCRIPT_DIR" && GOTOOLCHAIN=$GO127_TOOLCHAIN go test -count=1 -run '^TestStdUUID' . "$@") || go127_status=$?
if [[ $status -eq 0 ]]; then status=$go127_status; fi

if [[ -n ${ULID_RUN_CMD:-} ]]; then
	log "ULID_RUN_CMD: $ULID_RUN_CMD"
	cmd_status=0
	(cd "$REPO_ROOT" && bash -c "$ULID_RUN_CMD") || cmd_status=$?
	if [[ $status -eq 0 ]]; then status=$cmd_status; fi
fi

exit "$status"
