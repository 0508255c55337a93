// Package stacks tests ULIDs in the Go libraries people build on: ORMs, query
// builders, code generators, HTTP routers and validators, each against the real
// servers that integration/run.sh starts (SQLite runs in-process). Each test
// backs a row of docs/stacks.md.
package stacks

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The environment variables integration/run.sh exports, with the same meaning
// as in integration/internal/itest (an internal package of another module, so
// the rule is repeated here): a missing connection string skips the test,
// naming integration/run.sh, unless ULID_INTEGRATION_REQUIRE is true, which
// makes it a failure; a malformed ULID_INTEGRATION_REQUIRE fails too.
const (
	envPostgres  = "ULID_PG_DSN"
	envPgBouncer = "ULID_PGBOUNCER_DSN"
	envMySQL     = "ULID_MYSQL_DSN"
	envRequire   = "ULID_INTEGRATION_REQUIRE"
)

// dsn returns the connection string in the environment variable name, or
// skips or fails t when it is missing.
func dsn(t testing.TB, name string) string {
	t.Helper()
	v := os.Getenv(name)
	require := false
	if r := os.Getenv(envRequire); r != "" {
		on, err := strconv.ParseBool(r)
		if err != nil {
			t.Fatalf("%s=%q is not a boolean (want 1 or 0)", envRequire, r)
		}
		require = on
	}
	if v != "" {
		return v
	}
	const howTo = "run integration/run.sh, which starts the servers and runs the tests " +
		"(or source the exports printed by `integration/run.sh --serve`)"
	if require {
		t.Fatalf("%s is not set, but %s=%s says the servers must be there: %s", name, envRequire, os.Getenv(envRequire), howTo)
	}
	t.Skipf("skipped: %s is not set; to run this test, %s", name, howTo)
	return ""
}

// testContext returns a context that ends with the test or after a minute.
func testContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// tableName returns a table name unique to the test, so that tests sharing a
// database do not see each other's rows.
func tableName(t testing.TB, base string) string {
	n := strings.NewReplacer("/", "_", " ", "_", "-", "_", ".", "_").Replace(strings.ToLower(t.Name()))
	if len(n) > 40 {
		n = n[len(n)-40:]
	}
	return fmt.Sprintf("%s_%s", base, strings.Trim(n, "_"))
}
