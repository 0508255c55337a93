// Package itest decides what an integration test does when the database
// server it needs has not been provided.
//
// The servers come from integration/run.sh, which exports their connection
// strings in EnvPostgres, EnvPgBouncer and EnvMySQL. When a connection string is missing,
// the test is skipped with a message naming integration/run.sh, so that
// `go test ./...` in the integration module works on a machine without
// servers (the SQLite tests still run). When EnvRequire is set to a true value
// (run.sh sets it to 1, for its own `go test` and in the exports of --serve),
// a missing connection string fails the test instead: a run that is meant to
// use the servers, such as CI, can never pass by skipping.
package itest

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The environment variables.
const (
	EnvPostgres  = "ULID_PG_DSN"        // PostgreSQL connection string (pgx)
	EnvPgBouncer = "ULID_PGBOUNCER_DSN" // the same database through PgBouncer, pool_mode = transaction (pgx)
	EnvMySQL     = "ULID_MYSQL_DSN"     // MariaDB connection string (go-sql-driver/mysql)
	// EnvRequire, when true (1, t, true, ... as strconv.ParseBool), makes a
	// missing connection string a test failure instead of a skip. Unset,
	// empty, 0 or false: skip. Any other value fails every test that needs a
	// server, so that a typo cannot turn a required run into a skipping one.
	EnvRequire = "ULID_INTEGRATION_REQUIRE"
)

// Action is what to do about a test's connection strings.
type Action int

const (
	Run  Action = iota // all are set
	Skip               // some are missing and EnvRequire is not set
	Fail               // some are missing and EnvRequire is true, or EnvRequire is malformed
)

func (a Action) String() string {
	switch a {
	case Run:
		return "run"
	case Skip:
		return "skip"
	case Fail:
		return "fail"
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// Decide returns what to do for a test that needs the connection strings in
// the environment variables names, reading the environment with getenv, and
// for Skip and Fail the message to report. An empty value counts as missing.
func Decide(getenv func(string) string, names ...string) (Action, string) {
	require := false
	if v := getenv(EnvRequire); v != "" {
		on, err := strconv.ParseBool(v)
		if err != nil {
			return Fail, fmt.Sprintf("%s=%q is not a boolean (want 1 or 0)", EnvRequire, v)
		}
		require = on
	}

	var missing []string
	for _, n := range names {
		if getenv(n) == "" {
			missing = append(missing, n)
		}
	}
	if len(missing) == 0 {
		return Run, ""
	}
	what := strings.Join(missing, " and ") + " is not set"
	if len(missing) > 1 {
		what = strings.Join(missing, " and ") + " are not set"
	}
	const howTo = "run integration/run.sh, which starts the servers and runs the tests " +
		"(or source the exports printed by `integration/run.sh --serve`)"
	if require {
		return Fail, fmt.Sprintf("%s, but %s=%s says the servers must be there: %s", what, EnvRequire, getenv(EnvRequire), howTo)
	}
	return Skip, fmt.Sprintf("skipped: %s; to run this test, %s", what, howTo)
}

// Need skips or fails t, as Decide says for the process environment, unless
// all the named connection strings are set.
func Need(t testing.TB, names ...string) {
	t.Helper()
	switch a, msg := Decide(os.Getenv, names...); a {
	case Skip:
		t.Skip(msg)
	case Fail:
		t.Fatal(msg)
	}
}

// DSN returns the connection string in the environment variable name, after
// Need(t, name).
func DSN(t testing.TB, name string) string {
	t.Helper()
	Need(t, name)
	return os.Getenv(name)
}
