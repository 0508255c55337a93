#!/usr/bin/env bash
# integration/servers/postgres.sh missing | start WORK (as root; see serve in
# lib.sh): a throwaway PostgreSQL in WORK/pg on 127.0.0.1:ULID_PG_PORT (55432,
# or the next free port), with user ulid and database ulidtest.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

missing() {
	local bin share
	bin=$(pg_bindir)
	if [[ -z $bin ]]; then
		echo postgresql postgresql-contrib
		return
	fi
	share=$("$bin/pg_config" --sharedir 2>/dev/null || echo "/usr/share/postgresql/$(basename "$(dirname "$bin")")")
	if [[ ! -f $share/extension/pgstattuple.control || ! -f $share/extension/pgcrypto.control ]]; then
		echo postgresql-contrib
	fi
}

start() {
	local bin dir port
	bin=$(pg_bindir)
	[[ -n $bin ]] || die "no PostgreSQL server found under /usr/lib/postgresql/*/bin"
	dir=$WORK/pg
	port=$(pick_port "${ULID_PG_PORT:-55432}")
	server_dir postgres "$dir" 700

	log "PostgreSQL $(basename "$(dirname "$bin")") from $bin: initdb in $dir/data"
	if ! (cd / && runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U postgres -E UTF8 --locale=C \
		--no-sync >"$dir/initdb.log" 2>&1); then
		cat "$dir/initdb.log" >&2
		die "initdb failed"
	fi
	cp "$SERVERS_DIR/pg_hba.conf" "$dir/data/pg_hba.conf"
	render postgresql.conf "$dir/data/ulid-test.conf" PORT="$port" SOCKET_DIR="$dir"
	printf "\ninclude 'ulid-test.conf'\n" >>"$dir/data/postgresql.conf"
	chown postgres: "$dir/data/pg_hba.conf" "$dir/data/ulid-test.conf"
	echo "$port" >"$dir/port"

	log "starting PostgreSQL on 127.0.0.1:$port"
	# setsid: keep the server out of the terminal's process group, so Ctrl-C
	# reaches only run.sh, which then shuts the server down in order.
	(cd / && setsid runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -W start >/dev/null) ||
		die "pg_ctl start failed: $(tail -n 20 "$dir/postgres.log" 2>/dev/null)"
	wait_for "PostgreSQL on 127.0.0.1:$port" "$dir/postgres.log" "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 1

	render postgres-setup.sql "$dir/setup.sql" DB_NAME="$DB_NAME" DB_USER="$DB_USER" DB_PASS="$DB_PASS"
	"$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d postgres -f "$dir/setup.sql" >/dev/null
	local dsn="postgres://$DB_USER:$DB_PASS@127.0.0.1:$port/$DB_NAME?sslmode=disable"
	PGPASSWORD=$DB_PASS "$bin/psql" -X -q -At -v ON_ERROR_STOP=1 -c "SELECT 1" "$dsn" >/dev/null ||
		die "cannot log in to PostgreSQL as $DB_USER over TCP 127.0.0.1:$port"
	echo "export ULID_PG_DSN='$dsn'" >"$dir/env"
}

serve "$@"
