#!/usr/bin/env bash
# integration/servers/mariadb.sh missing | start WORK (as root; see serve in
# lib.sh): a throwaway MariaDB in WORK/mysql on 127.0.0.1:ULID_MYSQL_PORT (53306,
# or the next free port), with user ulid and database ulidtest.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

missing() {
	if ! find_bin mariadbd mysqld >/dev/null || ! find_bin mariadb-install-db mysql_install_db >/dev/null; then
		echo mariadb-server
	fi
	if ! find_bin mariadb mysql >/dev/null || ! find_bin mariadb-admin mysqladmin >/dev/null; then
		echo mariadb-client
	fi
}

start() {
	local server install_db client admin dir port pid
	server=$(find_bin mariadbd mysqld) || die "mariadbd not found"
	install_db=$(find_bin mariadb-install-db mysql_install_db) || die "mariadb-install-db not found"
	client=$(find_bin mariadb mysql) || die "mariadb client not found"
	admin=$(find_bin mariadb-admin mysqladmin) || die "mariadb-admin not found"
	dir=$WORK/mysql
	port=$(pick_port "${ULID_MYSQL_PORT:-53306}")
	server_dir mysql "$dir" 750
	render mariadb.cnf "$dir/my.cnf" DIR="$dir" PORT="$port"

	log "MariaDB from $server: install-db in $dir/data"
	if ! (cd / && "$install_db" --no-defaults --user=mysql --basedir=/usr --datadir="$dir/data" \
		--auth-root-authentication-method=socket --skip-test-db >"$dir/install-db.log" 2>&1); then
		cat "$dir/install-db.log" >&2
		die "mariadb-install-db failed"
	fi

	log "starting MariaDB on 127.0.0.1:$port"
	# setsid: out of the terminal's process group, as PostgreSQL.
	(cd / && exec setsid "$server" --defaults-file="$dir/my.cnf" --user=mysql </dev/null >>"$dir/mysqld.log" 2>&1) &
	pid=$!
	echo "$pid" >"$dir/server.pid"
	# Ping over the unix socket: root has no account for 127.0.0.1 (TCP is
	# checked below, as the test user, once it exists).
	answers() {
		kill -0 "$pid" 2>/dev/null || { tail -n 30 "$dir/mysqld.log" >&2; die "mariadbd exited during startup (log above)"; }
		"$admin" --no-defaults -S "$dir/mysqld.sock" -u root --connect-timeout=1 ping >/dev/null 2>&1
	}
	wait_for "MariaDB on $dir/mysqld.sock" "$dir/mysqld.log" answers

	render mariadb-setup.sql "$dir/setup.sql" DB_NAME="$DB_NAME" DB_USER="$DB_USER" DB_PASS="$DB_PASS"
	"$client" --no-defaults -S "$dir/mysqld.sock" -u root <"$dir/setup.sql"
	"$client" --no-defaults -h 127.0.0.1 -P "$port" --protocol=tcp -u "$DB_USER" -p"$DB_PASS" \
		-N -e "SELECT 1" "$DB_NAME" >/dev/null ||
		die "cannot log in to MariaDB as $DB_USER over TCP 127.0.0.1:$port"
	echo "$port" >"$dir/port"
	echo "export ULID_MYSQL_DSN='$DB_USER:$DB_PASS@tcp(127.0.0.1:$port)/$DB_NAME?parseTime=true'" >"$dir/env"
}

serve "$@"
