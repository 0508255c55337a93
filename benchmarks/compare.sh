#!/usr/bin/env bash
# compare.sh runs the comparison benchmarks in compare_test.go (and, with Go
# 1.27 or later, stduuid_test.go) and prints benchstat's side-by-side table
# (one column per package) and a Markdown summary made by cmd/benchtable.
#
# Usage (from anywhere):
#
#	benchmarks/compare.sh                   # the full run: COUNT=10, -cpu 1,2
#	COUNT=3 BENCH=Parse benchmarks/compare.sh   # a quick look at the parsers
#
# Environment:
#
#	COUNT      runs of each benchmark (go test -count), default 10
#	BENCH      benchmark regexp (go test -bench), default . (all)
#	CPU        GOMAXPROCS list (go test -cpu), default 1,2
#	BENCHTIME  time per run (go test -benchtime), default 300ms, which keeps
#	           the full default run under about 10 minutes on 2 cores
#	VERBOSE    if set to 1, copy go test's output to stderr as it runs
#	INTERLEAVE default 1: run go test COUNT times with -count 1, so that the
#	           samples of each package are spread over the whole run; 0: one
#	           go test with -count COUNT (each benchmark's runs back to back)
#	TOOLCHAIN  the Go toolchain to run with, as GOTOOLCHAIN (which it replaces
#	           here), default NEWEST_GO in .ci/go-versions, the latest
#	           release (Go 1.27 or later), so that stduuid_test.go, the standard
#	           library's uuid behind a go1.27 build tag, is built; local for
#	           the installed go. If the toolchain cannot be run (the go command
#	           fetches it through the module proxy), the installed go is used,
#	           with a warning, and the stduuid rows are left out if it is older
#	           than Go 1.27.
#
# The raw go test output is kept in a new temporary folder, whose path is
# printed; it is never written into the repository.
set -euo pipefail

COUNT=${COUNT:-10}
BENCH=${BENCH:-.}
CPU=${CPU:-1,2}
BENCHTIME=${BENCHTIME:-300ms}
VERBOSE=${VERBOSE:-0}
INTERLEAVE=${INTERLEAVE:-1}

cd "$(dirname "${BASH_SOURCE[0]}")"
source ../.ci/go-versions
TOOLCHAIN=${TOOLCHAIN:-$NEWEST_GO}

export GOTOOLCHAIN=$TOOLCHAIN
if ! go version >/dev/null 2>&1; then
	echo "compare.sh: cannot run Go toolchain $TOOLCHAIN; using the installed go instead" >&2
	export GOTOOLCHAIN=local
fi
if go list -f '{{join .TestGoFiles " "}}' . | grep -qw stduuid_test.go; then
	stduuid="included"
else
	stduuid="left out (stduuid_test.go needs Go 1.27 or later)"
fi

outdir=$(mktemp -d "${TMPDIR:-/tmp}/ulid-compare.XXXXXX")
raw=$outdir/bench.txt

date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
goversion=$(go version)
cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')

echo "date (UTC): $date"
echo "go:         $goversion"
echo "cpu:        ${cpu:-unknown} ($ncpu logical CPUs)"
echo "stduuid:    $stduuid"
echo "raw output: $raw"
echo

# benchstat, installed into a throw-away GOBIN so nothing on PATH changes.
gobin=$(mktemp -d "${TMPDIR:-/tmp}/benchstat-bin.XXXXXX")
GOBIN=$gobin go install golang.org/x/perf/cmd/benchstat@latest
benchstat=$gobin/benchstat

# Configuration lines at the top of the raw file; benchstat and benchtable
# both read them as file configuration.
{
	echo "date: $date"
	echo "goversion: $goversion"
} >"$raw"

benchflags=(-run '^$' -bench "$BENCH" -benchmem -cpu "$CPU" -benchtime "$BENCHTIME")
if [[ $INTERLEAVE == 1 ]]; then
	# COUNT rounds of -count 1: each round runs every benchmark once, so a
	# burst of load from elsewhere on the machine lands on all packages
	# alike instead of on every sample of one package.
	for ((i = 1; i <= COUNT; i++)); do
		echo "round $i/$COUNT: go test ${benchflags[*]} -count 1" >&2
		if [[ $VERBOSE == 1 ]]; then
			go test "${benchflags[@]}" -count 1 . | tee -a "$raw" >&2
		else
			go test "${benchflags[@]}" -count 1 . >>"$raw"
		fi
	done
else
	echo "running: go test ${benchflags[*]} -count $COUNT" >&2
	if [[ $VERBOSE == 1 ]]; then
		go test "${benchflags[@]}" -count "$COUNT" . | tee -a "$raw" >&2
	else
		go test "${benchflags[@]}" -count "$COUNT" . >>"$raw"
	fi
fi

echo
echo "## benchstat -col /pkg"
echo
"$benchstat" -col /pkg "$raw"

echo
echo "## Markdown summary"
echo
go run ./cmd/benchtable "$raw"

echo
echo "raw output: $raw"
