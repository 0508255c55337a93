#!/usr/bin/env bash
# End-to-end tests of the ULID browser tool in headless Chromium.
#
# Installs what is missing (Debian's chromium; the npm packages pinned in
# web/package-lock.json), vets the js/wasm code, builds cmd/ulid-web and
# starts it on a free port of 127.0.0.1, runs web/e2e/test.mjs against it
# with playwright-core, and stops the server on exit, also on failure. Then
# it writes the site with ulid-web -out and runs test.mjs --static on it,
# which serves the files as a plain static host does, without the server's
# headers.
# Screenshots of each tab go to a new temporary folder, whose path the test
# prints (or to $SCREENSHOT_DIR). Runs as root on Debian, as .ci/run does.
set -euo pipefail

web=$(cd "$(dirname "$0")" && pwd)
cd "$web/.."

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ulid-web-test.XXXXXX")
server_pid=""
node_pid=""
cleanup() {
	local status=$?
	for pid in $node_pid $server_pid; do
		if kill -0 "$pid" 2>/dev/null; then
			kill "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
		fi
	done
	rm -rf "$tmp"
	exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "-- chromium"
if [ ! -x /usr/bin/chromium ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null

echo "-- npm packages"
want=$(cd web && node -p "require('./package-lock.json').packages['node_modules/playwright-core'].version")
have=$(cd web && node -p "try { require('./node_modules/playwright-core/package.json').version } catch { '' }")
if [ "$want" != "$have" ]; then
	(cd web && npm ci --no-audit --no-fund)
fi
echo "playwright-core $want"

echo "-- go vet with GOOS=js GOARCH=wasm"
GOOS=js GOARCH=wasm go vet ./web/...

echo "-- build and start cmd/ulid-web"
go build -o "$tmp/ulid-web" ./cmd/ulid-web
: >"$tmp/server.log"
"$tmp/ulid-web" -addr 127.0.0.1:0 >"$tmp/server.log" 2>&1 &
server_pid=$!
url=""
for _ in $(seq 1 600); do
	url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$tmp/server.log" || true)
	[ -n "$url" ] && break
	if ! kill -0 "$server_pid" 2>/dev/null; then
		cat "$tmp/server.log"
		echo "ulid-web exited before serving" >&2
		exit 1
	fi
	sleep 0.2
done
cat "$tmp/server.log"
if [ -z "$url" ]; then
	echo "ulid-web did not start serving within 2 minutes" >&2
	exit 1
fi
for _ in $(seq 1 50); do
	curl -fsS -o /dev/null "$url" && break
	sleep 0.1
done
curl -fsS -o /dev/null "$url"

echo "-- browser tests"
# In the background, so that an interrupt stops it (and its Chromium) at once.
node web/e2e/test.mjs "$url" &
node_pid=$!
wait "$node_pid"

echo "-- browser tests of the static export (ulid-web -out)"
"$tmp/ulid-web" -out "$tmp/site"
node web/e2e/test.mjs --static "$tmp/site" &
node_pid=$!
wait "$node_pid"
