#!/usr/bin/env bash
# integration/stages.sh - the integration test stages, against servers that
# are already running.
#
# Usage: integration/stages.sh [go test flags...]
#   with the exports of `integration/run.sh --serve` in the environment
#   (`source /tmp/ulid-it.XXXXXX/env.sh`); integration/run.sh runs it so after
#   starting the servers. Root is not needed. The stages, each in its directory:
#     integration/          go test -count=1 ./... FLAGS
#     integration/stacks/   go test -count=1 ./... FLAGS   (its own module: ORMs,
#                           routers and code generators with ULIDs; docs/stacks.md)
#     integration/          go test -count=1 -run '^TestStdUUID' . FLAGS with
#                           GOTOOLCHAIN=$ULID_GO127_TOOLCHAIN (default NEWEST_GO of
#                           .ci/go-versions, the latest Go release): the
#                           tests behind //go:build go1.27 (stduuid_go127_test.go),
#                           which an older Go does not build; a -run among FLAGS
#                           replaces the pattern
#     repository root       bash -c "$ULID_RUN_CMD", if it is set
#   Every stage runs; the exit status is the first non-zero one.
set -uo pipefail
LOG_NAME=stages.sh
source "$(dirname "${BASH_SOURCE[0]}")/servers/lib.sh"
IT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$IT_DIR/../.ci/go-versions"
need_go

status=0
# stage DIR COMMAND... runs COMMAND in DIR and keeps the first failure.
stage() {
	local dir=$1 rc=0
	shift
	log "in $dir: $* (ULID_INTEGRATION_REQUIRE=${ULID_INTEGRATION_REQUIRE:-})"
	(cd "$dir" && "$@") || rc=$?
	if [[ $status -eq 0 ]]; then status=$rc; fi
}

stage "$IT_DIR" go test -count=1 ./... "$@"
stage "$IT_DIR/stacks" go test -count=1 ./... "$@"
stage "$IT_DIR" env GOTOOLCHAIN="${ULID_GO127_TOOLCHAIN:-$NEWEST_GO}" go test -count=1 -run '^TestStdUUID' . "$@"
if [[ -n ${ULID_RUN_CMD:-} ]]; then
	stage "$IT_DIR/.." bash -c "$ULID_RUN_CMD"
fi
exit "$status"
