#!/usr/bin/env bash
# integration/servers/stop.sh WORK - stops the servers that the scripts beside
# it started in WORK (PgBouncer first: it holds connections to PostgreSQL),
# and deletes WORK. As root; what is not running is skipped.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
WORK=${1:?usage: stop.sh WORK}

# stop_pid WHAT PID SECONDS sends SIGTERM, waits, then sends SIGKILL.
stop_pid() {
	local i
	kill -0 "$2" 2>/dev/null || return 0
	log "stopping $1"
	kill -TERM "$2" 2>/dev/null
	for ((i = 0; i < $3 * 4; i++)); do
		kill -0 "$2" 2>/dev/null || return 0
		sleep 0.25
	done
	kill -KILL "$2" 2>/dev/null
}

if [[ -s $WORK/pgbouncer/pgbouncer.pid ]]; then
	stop_pid PgBouncer "$(cat "$WORK/pgbouncer/pgbouncer.pid")" 10 # SIGTERM: immediate shutdown
fi
if [[ -f $WORK/pg/data/postmaster.pid ]]; then
	log "stopping PostgreSQL"
	pg_pid=$(head -n1 "$WORK/pg/data/postmaster.pid" 2>/dev/null)
	(cd / && runuser -u postgres -- "$(pg_bindir)/pg_ctl" -D "$WORK/pg/data" -m fast -w -t 30 stop >/dev/null 2>&1) ||
		{ [[ -n $pg_pid ]] && kill -KILL "$pg_pid" 2>/dev/null; }
fi
if [[ -s $WORK/mysql/server.pid ]]; then
	stop_pid MariaDB "$(cat "$WORK/mysql/server.pid")" 30
fi
if [[ -d $WORK ]]; then
	rm -rf -- "$WORK"
fi
