#!/usr/bin/env bash
# integration/run.sh - the integration tests against throwaway database servers.
#
# Usage (as root; CI runs it so):
#   integration/run.sh [go test flags...]    e.g. integration/run.sh -v -run Postgres
#       starts PostgreSQL, PgBouncer and MariaDB, runs integration/stages.sh with
#       the flags and ULID_INTEGRATION_REQUIRE=1 (a missing DSN fails a test
#       instead of skipping it), stops the servers, and exits with the stages'
#       status
#   integration/run.sh --serve [SERVER...]
#       starts the servers (all, or only the SERVERs named: postgres, pgbouncer,
#       mariadb; pgbouncer brings postgres), writes their exports to
#       /tmp/ulid-it.XXXXXX/env.sh, prints them, and waits; Ctrl-C (or SIGTERM)
#       stops them. Only when all three run does env.sh set
#       ULID_INTEGRATION_REQUIRE=1; otherwise the tests of the others skip.
#   integration/run.sh --help                 prints this and starts nothing
#
# Options have two dashes, go test flags one (-v, -run X, -count=1). Any
# other argument with two dashes (--serv, --run), -serve, or a --serve that is
# not the first argument is a mistake: run.sh names it and exits with status 2
# before it installs or starts anything. Arguments after -args go to the test
# binaries unchecked, as go test passes them.
#
# The servers (one script each in integration/servers/, configuration in files
# beside them) listen on 127.0.0.1 only, in a fresh temporary directory:
#   PostgreSQL  port ULID_PG_PORT (55432)          ULID_PG_DSN
#   PgBouncer   port ULID_PGBOUNCER_PORT (56432),  ULID_PGBOUNCER_DSN
#               pool_mode = transaction, in front of that PostgreSQL
#   MariaDB     port ULID_MYSQL_PORT (53306)       ULID_MYSQL_DSN
# or the next free port above each. Database ulidtest, user ulid, password
# ulid (a PostgreSQL superuser, with extension pgstattuple). Missing Debian
# packages (postgresql, postgresql-contrib, pgbouncer, mariadb-server,
# mariadb-client) are installed first, with apt-get update only then, and
# without starting system services.
#
# Other knobs: ULID_IT_TMPDIR (parent of the temporary directory, default
# /tmp; the postgres and mysql OS users must be able to traverse it), and
# those of integration/stages.sh: ULID_GO127_TOOLCHAIN, ULID_RUN_CMD.
set -euo pipefail
IT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$IT_DIR/servers/lib.sh"

usage() { sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$IT_DIR/run.sh"; }
# A mistyped option, refused before anything is installed or started.
n=0
for arg; do
	n=$((n + 1))
	case $arg in
	-args) break ;;
	--help) ;;
	--serve)
		[[ $n -eq 1 ]] || { echo "run.sh: --serve must be the first argument" >&2 && exit 2; }
		;;
	--?* | -serve)
		echo "run.sh: unknown option $arg: the options are --serve (first) and --help; go test flags take one dash" >&2
		exit 2
		;;
	esac
done
for arg; do
	case $arg in -h | -help | --help)
		usage
		exit 0
		;;
	esac
done

SERVE=0
SERVERS=(postgres pgbouncer mariadb)
if [[ ${1:-} == --serve ]]; then
	SERVE=1
	shift
	for s; do
		[[ " ${SERVERS[*]} " == *" $s "* ]] ||
			{ echo "run.sh: --serve: unknown server $s (want postgres, pgbouncer or mariadb)" >&2 && exit 2; }
	done
	if [[ $# -gt 0 ]]; then
		want=" $* " # pgbouncer brings postgres
		[[ $want == *" pgbouncer "* ]] && want+="postgres "
		chosen=()
		for s in "${SERVERS[@]}"; do [[ $want == *" $s "* ]] && chosen+=("$s"); done
		SERVERS=("${chosen[@]}")
	fi
fi
ALL=$((${#SERVERS[@]} == 3))

need_root
missing=()
for s in "${SERVERS[@]}"; do
	# shellcheck disable=SC2207 # one word per package
	missing+=($(bash "$IT_DIR/servers/$s.sh" missing))
done
apt_install "${missing[@]}"
[[ $SERVE -eq 1 ]] || need_go

WORK=""
SLEEP_PID=""
# shellcheck disable=SC2317 # invoked via trap
cleanup() {
	local rc=$?
	set +e
	trap - EXIT INT TERM
	[[ -n $SLEEP_PID ]] && kill "$SLEEP_PID" 2>/dev/null
	[[ -n $WORK ]] && bash "$IT_DIR/servers/stop.sh" "$WORK"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

WORK=$(mktemp -d "${ULID_IT_TMPDIR:-/tmp}/ulid-it.XXXXXX")
chmod 755 "$WORK"
for user in postgres mysql; do
	[[ $user == mysql && " ${SERVERS[*]} " != *" mariadb "* ]] && continue
	runuser -u "$user" -- test -x "$WORK" ||
		die "$WORK is not reachable by the $user OS user; set ULID_IT_TMPDIR to a world-traversable directory"
done

ENV_FILE=$WORK/env.sh
declare -A subdir=([postgres]=pg [pgbouncer]=pgbouncer [mariadb]=mysql)
for s in "${SERVERS[@]}"; do
	bash "$IT_DIR/servers/$s.sh" start "$WORK"
	cat "$WORK/${subdir[$s]}/env" >>"$ENV_FILE"
done
# With every server up, a test that finds no DSN must fail, not skip (see
# integration/internal/itest).
if [[ $ALL -eq 1 ]]; then
	echo "export ULID_INTEGRATION_REQUIRE=1" >>"$ENV_FILE"
fi
chmod 644 "$ENV_FILE"

if [[ $SERVE -eq 0 ]]; then
	source "$ENV_FILE"
	export ULID_INTEGRATION_REQUIRE=1
	bash "$IT_DIR/stages.sh" "$@"
	exit
fi

echo "# Servers are up. In another shell:"
cat "$ENV_FILE"
echo "# (or: source $ENV_FILE)"
if [[ $ALL -eq 0 ]]; then
	echo "# Only ${SERVERS[*]}: ULID_INTEGRATION_REQUIRE is not set, so the tests of the others skip."
fi
echo "#   cd $IT_DIR && go test -count=1 -v ./...     (or: bash $IT_DIR/stages.sh -v)"
echo "#   cd $IT_DIR/stacks && go test -count=1 -v ./..."
for s in "${SERVERS[@]}"; do
	port=$(cat "$WORK/${subdir[$s]}/port")
	case $s in
	postgres) echo "# psql:    $(pg_bindir)/psql 'postgres://$DB_USER:$DB_PASS@127.0.0.1:$port/$DB_NAME?sslmode=disable'" ;;
	pgbouncer) echo "#          $(pg_bindir)/psql 'postgres://$DB_USER:$DB_PASS@127.0.0.1:$port/$DB_NAME?sslmode=disable'   (through PgBouncer)" ;;
	mariadb) echo "# mariadb: $(find_bin mariadb mysql) --no-defaults -h 127.0.0.1 -P $port -u $DB_USER -p$DB_PASS $DB_NAME" ;;
	esac
done
echo "# Ctrl-C here stops the servers and deletes $WORK."
while :; do
	sleep 86400 &
	SLEEP_PID=$!
	wait "$SLEEP_PID" || true
done
