#!/usr/bin/env bash
# Measures the browser tool's first and repeat visit on a "Fast 3G" link
# (web/measure.mjs): bytes on the wire and time to network idle and to a
# ready page. Run it by hand; it is no test, and CI does not run it.
#
#	bash web/measure.sh [REPO]
#
# Builds cmd/ulid-web in REPO, a checkout of github.com/ulidgo/ulid
# (default: this one), serves the page from there on a free port of
# 127.0.0.1, measures it and stops the server. Needs what web/test.sh
# installs: Debian's chromium and the npm packages of web/.
set -euo pipefail

web=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "${1:-$web/..}" && pwd)
if [ ! -d "$web/node_modules/@playwright/test" ]; then
	(cd "$web" && npm ci --no-audit --no-fund)
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ulid-web-measure.XXXXXX")
server=
trap '[ -z "$server" ] || kill "$server" 2>/dev/null; rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/ulid-web" ./cmd/ulid-web)
(cd "$repo" && exec "$tmp/ulid-web" -addr 127.0.0.1:0 >"$tmp/out" 2>&1) &
server=$!
until url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$tmp/out"); do
	kill -0 "$server" 2>/dev/null || { cat "$tmp/out"; exit 1; }
	sleep 0.2
done
grep 'built main.wasm' "$tmp/out"
node "$web/measure.mjs" "$url"
