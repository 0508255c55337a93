# integration/servers/lib.sh - what the server scripts share; sourced, not run.
# The names below are the test database's, in every server and DSN.
DB_NAME=ulidtest
DB_USER=ulid
DB_PASS=ulid
SERVERS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

log() { printf '%s: %s\n' "${LOG_NAME:-run.sh}" "$*" >&2; }
die() {
	printf '%s: ERROR: %s\n' "${LOG_NAME:-run.sh}" "$*" >&2
	exit 1
}

need_root() {
	[[ $EUID -eq 0 ]] || die "must run as root (it installs Debian packages and runs servers as the postgres/mysql users)"
}

# server_dir USER DIR MODE creates DIR, owned by USER with MODE: where a
# server runs as that OS user.
server_dir() {
	id "$1" >/dev/null 2>&1 || die "OS user $1 does not exist (should come with its server's package)"
	mkdir -p "$2"
	chown "$1": "$2"
	chmod "$3" "$2"
}

# find_bin prints the first of the given names found in PATH, where the sbin
# directories are added (the servers live there).
PATH=$PATH:/usr/sbin:/usr/local/sbin:/sbin
find_bin() {
	local n
	for n; do command -v "$n" && return 0; done
	return 1
}

# pg_bindir prints the bin directory of the newest PostgreSQL server installed.
pg_bindir() {
	local d best=""
	while IFS= read -r d; do
		[[ -x $d/initdb && -x $d/postgres && -x $d/pg_ctl && -x $d/psql && -x $d/pg_isready ]] && best=$d
	done < <(shopt -s nullglob; printf '%s\n' /usr/lib/postgresql/*/bin | sort -V)
	printf '%s' "$best"
}

# apt_install installs Debian packages, if any are named, keeping their
# post-install scripts from starting system-wide servers (on 5432/3306).
apt_install() {
	[[ $# -gt 0 ]] || return 0
	log "installing Debian packages: $*"
	local added_policy=0 rc=0
	if [[ ! -e /usr/sbin/policy-rc.d ]]; then
		printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
		chmod 755 /usr/sbin/policy-rc.d
		added_policy=1
		trap 'rm -f /usr/sbin/policy-rc.d' EXIT
	fi
	{
		export DEBIAN_FRONTEND=noninteractive
		apt-get -o DPkg::Lock::Timeout=300 update -q &&
			apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "$@"
	} >&2 || rc=$?
	if [[ $added_policy -eq 1 ]]; then
		rm -f /usr/sbin/policy-rc.d
		trap - EXIT
	fi
	[[ $rc -eq 0 ]] || die "apt-get install $* failed (exit $rc)"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# pick_port prints the first port from $1 up that nothing on 127.0.0.1 listens on.
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

# wait_for WHAT LOG CHECK... runs CHECK every quarter second until it
# succeeds, for at most 60 s; then it shows the end of LOG and fails.
wait_for() {
	local what=$1 logfile=$2 i
	shift 2
	for ((i = 0; i < 240; i++)); do
		"$@" && return 0
		sleep 0.25
	done
	tail -n 30 "$logfile" >&2 || true
	die "$what did not become ready within 60s (log above)"
}

# render TEMPLATE OUT NAME=VALUE... writes TEMPLATE to OUT with each @NAME@
# replaced by its VALUE, and fails if a placeholder is left.
render() {
	local src=$SERVERS_DIR/$1 out=$2 kv
	shift 2
	local args=()
	for kv; do args+=(-e "s|@${kv%%=*}@|${kv#*=}|g"); done
	sed "${args[@]}" "$src" >"$out"
	if grep -q '@[A-Z_]*@' "$out"; then die "$out: a placeholder of $src is not filled"; fi
}


# need_go puts Go's default install directory in PATH if go is not in it.
need_go() {
	command -v go >/dev/null 2>&1 && return 0
	PATH=$PATH:/usr/local/go/bin
	command -v go >/dev/null 2>&1 || die "go not found in PATH or /usr/local/go/bin"
}

# serve is the command line of a server script, which defines missing (print
# the Debian packages it needs that are not installed) and start (start the
# server in WORK/DIR, write its port to DIR/port and its export line to DIR/env).
serve() {
	case ${1:-} in
	missing) missing ;;
	start)
		WORK=${2:?usage: $0 start WORK}
		need_root
		# shellcheck disable=SC2046 # one word per package
		apt_install $(missing)
		start
		;;
	*)
		echo "usage: $0 missing | start WORK" >&2
		exit 2
		;;
	esac
}
