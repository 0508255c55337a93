#!/usr/bin/env bash
# integration/servers/pgbouncer.sh missing | start WORK (as root; see serve in
# lib.sh): a throwaway PgBouncer in WORK/pgbouncer on 127.0.0.1:ULID_PGBOUNCER_PORT
# (56432, or the next free port), in transaction pooling mode in front of the
# PostgreSQL that postgres.sh started in WORK.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

missing() {
	find_bin pgbouncer >/dev/null || echo pgbouncer
}

start() {
	local bin dir port pg_port version
	bin=$(find_bin pgbouncer) || die "pgbouncer not found"
	[[ -s $WORK/pg/port ]] || die "no PostgreSQL in $WORK: run postgres.sh start $WORK first"
	pg_port=$(cat "$WORK/pg/port")
	dir=$WORK/pgbouncer
	port=$(pick_port "${ULID_PGBOUNCER_PORT:-56432}")
	server_dir postgres "$dir" 700
	# SCRAM both ways: PgBouncer checks the client's password against the
	# userlist and logs in to PostgreSQL (scram-sha-256 on TCP) with it.
	render pgbouncer-userlist.txt "$dir/userlist.txt" DB_USER="$DB_USER" DB_PASS="$DB_PASS"
	render pgbouncer.ini "$dir/pgbouncer.ini" DB_NAME="$DB_NAME" PG_PORT="$pg_port" PORT="$port" DIR="$dir"
	chown postgres: "$dir/userlist.txt" "$dir/pgbouncer.ini"
	chmod 600 "$dir/userlist.txt" "$dir/pgbouncer.ini"

	version=$("$bin" --version 2>/dev/null | head -n1 || true)
	log "${version:-PgBouncer} from $bin: starting on 127.0.0.1:$port (pool_mode = transaction)"
	# It refuses to run as root. -d daemonizes it, which also takes it out of
	# the terminal's process group, so Ctrl-C reaches only run.sh.
	(cd / && runuser -u postgres -- "$bin" -d -q "$dir/pgbouncer.ini" </dev/null >"$dir/start.log" 2>&1) ||
		die "pgbouncer failed to start: $(cat "$dir/start.log" 2>/dev/null) $(tail -n 20 "$dir/pgbouncer.log" 2>/dev/null)"
	listening() { [[ -s $dir/pgbouncer.pid ]] && port_in_use "$port"; }
	wait_for "PgBouncer on 127.0.0.1:$port" "$dir/pgbouncer.log" listening

	local dsn="postgres://$DB_USER:$DB_PASS@127.0.0.1:$port/$DB_NAME?sslmode=disable"
	if ! "$(pg_bindir)/psql" -X -q -At -v ON_ERROR_STOP=1 -c "SELECT 1" "$dsn" >/dev/null; then
		tail -n 20 "$dir/pgbouncer.log" >&2 || true
		die "cannot log in through PgBouncer as $DB_USER on 127.0.0.1:$port (log above)"
	fi
	echo "$port" >"$dir/port"
	echo "export ULID_PGBOUNCER_DSN='$dsn'" >"$dir/env"
}

serve "$@"
