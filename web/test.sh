#!/usr/bin/env bash
# End-to-end tests of the ULID browser tool in headless Chromium, with
# @playwright/test (web/playwright.config.mjs, web/e2e/*.spec.mjs).
#
# Installs what is missing (Debian's chromium; the npm packages pinned in
# web/package-lock.json), vets the js/wasm code and builds cmd/ulid-web;
# Playwright then starts it on a free port, and serves the files ulid-web
# -out writes from a plain static server, runs the tests against both and
# stops both servers. Screenshots go to a new temporary folder, whose path
# this prints (or to $SCREENSHOT_DIR). Runs as root on Debian, as .ci/run
# does. Ends with a line "browser: N passed, N failed".
set -euo pipefail

web=$(cd "$(dirname "$0")" && pwd)
cd "$web/.."

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ulid-web-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "-- chromium"
if [ ! -x /usr/bin/chromium ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null

echo "-- npm packages"
version() { (cd web && node -p "try { require('$1').version } catch { '' }"); }
want=$(cd web && node -p "require('./package-lock.json').packages['node_modules/@playwright/test'].version")
if [ "$want" != "$(version ./node_modules/@playwright/test/package.json)" ] ||
	[ -z "$(version ./node_modules/@axe-core/playwright/package.json)" ]; then
	(cd web && npm ci --no-audit --no-fund)
fi
echo "@playwright/test $want, @axe-core/playwright $(version ./node_modules/@axe-core/playwright/package.json)"

echo "-- go vet with GOOS=js GOARCH=wasm"
GOOS=js GOARCH=wasm go vet ./web/...

echo "-- build cmd/ulid-web"
go build -o "$tmp/ulid-web" ./cmd/ulid-web

echo "-- browser tests, against ulid-web and against its export (ulid-web -out) on a static server"
export SCREENSHOT_DIR=${SCREENSHOT_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/ulid-web-screenshots.XXXXXX")}
status=0
(cd web && ULID_WEB="$tmp/ulid-web" ULID_E2E_OUT="$tmp" npx playwright test) || status=$?
echo "screenshots: $SCREENSHOT_DIR"
# The plain closing line CI summaries read.
if [ -f "$tmp/results.json" ]; then
	node -e "const s = require(process.argv[1]).stats;
console.log('browser: ' + (s.expected + s.flaky) + ' passed, ' + s.unexpected + ' failed' + (s.skipped ? ', ' + s.skipped + ' skipped' : ''))" "$tmp/results.json"
else
	echo "browser: 0 passed, 1 failed"
fi
exit "$status"
