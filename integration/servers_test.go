// Package integration holds tests that run against real database servers.
//
// The servers are started by integration/run.sh, which exports the
// connection strings below and then runs `go test ./...` in this module:
//
//	ULID_PG_DSN               postgres://ulid:ulid@127.0.0.1:55432/ulidtest?sslmode=disable
//	ULID_PGBOUNCER_DSN        postgres://ulid:ulid@127.0.0.1:56432/ulidtest?sslmode=disable
//	ULID_MYSQL_DSN            ulid:ulid@tcp(127.0.0.1:53306)/ulidtest?parseTime=true
//	ULID_INTEGRATION_REQUIRE  1
//
// ULID_PGBOUNCER_DSN reaches the same PostgreSQL database through PgBouncer
// in transaction pooling mode, where only some pgx query exec modes work (see
// pgxulid_test.go).
//
// A test whose connection string is missing (unset or empty) is skipped, with
// a message naming integration/run.sh, so that `go test ./...` here also works
// on a machine without servers. When ULID_INTEGRATION_REQUIRE is true (1, or
// anything strconv.ParseBool takes as true), a missing connection string
// fails the test instead: run.sh sets it, so that its run (and CI, which uses
// it) can never pass by skipping. Unset, empty, 0 or false means skip; any
// other value fails every test that needs a server. A connection string that
// is set but does not reach a server always fails the test. The rules live
// in integration/internal/itest, which integration/cmd/keybench uses too.
//
// SQLite needs no server: openSQLite uses a file in t.TempDir(), and the
// SQLite tests run whatever the variables say.
//
// To iterate without restarting the servers each time, run
// `integration/run.sh --serve` in one terminal, paste the printed exports
// (they include ULID_INTEGRATION_REQUIRE=1) into another, and run
// `go test ./...` there.
package integration

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // registers database/sql driver "pgx"
	"github.com/ulidgo/ulid/integration/internal/itest"
	_ "modernc.org/sqlite" // registers database/sql driver "sqlite"
)

const (
	envPostgres  = itest.EnvPostgres
	envPgBouncer = itest.EnvPgBouncer
	envMySQL     = itest.EnvMySQL
)

// dsn returns the connection string in the environment variable name. When it
// is missing, the test is skipped, or fails if ULID_INTEGRATION_REQUIRE is
// set (see the package comment): a test that needs a server must never pass
// without one.
func dsn(t testing.TB, name string) string {
	t.Helper()
	return itest.DSN(t, name)
}

// testContext returns a context bounded by a generous timeout so that a hung
// server fails the test instead of the whole run.
func testContext(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// openPostgres opens a database/sql handle (pgx stdlib driver) to the test
// PostgreSQL database. The handle is closed when the test ends.
func openPostgres(t testing.TB) *sql.DB {
	t.Helper()
	return openSQL(t, "pgx", dsn(t, envPostgres))
}

// connectPostgres opens a native pgx connection to the test PostgreSQL
// database. The connection is closed when the test ends.
func connectPostgres(t testing.TB) *pgx.Conn {
	t.Helper()
	ctx := testContext(t)
	conn, err := pgx.Connect(ctx, dsn(t, envPostgres))
	if err != nil {
		t.Fatalf("pgx.Connect: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// openMySQL opens a database/sql handle to the test MariaDB database.
// The handle is closed when the test ends.
func openMySQL(t testing.TB) *sql.DB {
	t.Helper()
	return openSQL(t, "mysql", dsn(t, envMySQL))
}

// openSQLite opens a database/sql handle to a fresh SQLite database file in
// t.TempDir(). The handle is closed when the test ends.
func openSQLite(t testing.TB) *sql.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	return openSQL(t, "sqlite", "file:"+path+"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)")
}

func openSQL(t testing.TB, driver, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatalf("sql.Open(%q): %v", driver, err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := db.PingContext(testContext(t)); err != nil {
		t.Fatalf("ping %s: %v", driver, err)
	}
	return db
}

func selectOne(t *testing.T, db *sql.DB) {
	t.Helper()
	var n int
	if err := db.QueryRowContext(testContext(t), "SELECT 1").Scan(&n); err != nil {
		t.Fatalf("SELECT 1: %v", err)
	}
	if n != 1 {
		t.Fatalf("SELECT 1 returned %d", n)
	}
}

func TestSmokePostgresSQL(t *testing.T) {
	db := openPostgres(t)
	selectOne(t, db)

	var version string
	if err := db.QueryRowContext(testContext(t), "SHOW server_version").Scan(&version); err != nil {
		t.Fatalf("SHOW server_version: %v", err)
	}
	t.Logf("PostgreSQL %s", version)
}

func TestSmokePostgresPgx(t *testing.T) {
	conn := connectPostgres(t)
	ctx := testContext(t)
	if err := conn.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT 1").Scan(&n); err != nil || n != 1 {
		t.Fatalf("SELECT 1: n=%d err=%v", n, err)
	}
	// run.sh creates pgstattuple in the test database; check it is usable.
	var tupleCount int64
	if err := conn.QueryRow(ctx, "SELECT tuple_count FROM pgstattuple('pg_catalog.pg_class')").Scan(&tupleCount); err != nil {
		t.Fatalf("pgstattuple: %v", err)
	}
	if tupleCount <= 0 {
		t.Fatalf("pgstattuple(pg_class).tuple_count = %d, want > 0", tupleCount)
	}
}

// TestSmokePgBouncer checks that ULID_PGBOUNCER_DSN reaches the test
// PostgreSQL, with the simple protocol, which works in every pool mode.
func TestSmokePgBouncer(t *testing.T) {
	ctx := testContext(t)
	config, err := pgx.ParseConfig(dsn(t, envPgBouncer))
	if err != nil {
		t.Fatal(err)
	}
	config.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		t.Fatalf("connect through PgBouncer: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	var n int
	if err := conn.QueryRow(ctx, "SELECT 1").Scan(&n); err != nil || n != 1 {
		t.Fatalf("SELECT 1 through PgBouncer: n=%d err=%v", n, err)
	}
	var version string
	if err := conn.QueryRow(ctx, "SHOW server_version").Scan(&version); err != nil {
		t.Fatalf("SHOW server_version through PgBouncer: %v", err)
	}
	t.Logf("PostgreSQL %s through PgBouncer", version)
}

func TestSmokeMySQL(t *testing.T) {
	db := openMySQL(t)
	selectOne(t, db)

	var version string
	if err := db.QueryRowContext(testContext(t), "SELECT VERSION()").Scan(&version); err != nil {
		t.Fatalf("SELECT VERSION(): %v", err)
	}
	t.Logf("MariaDB/MySQL %s", version)
}

func TestSmokeSQLite(t *testing.T) {
	db := openSQLite(t)
	selectOne(t, db)

	var version string
	if err := db.QueryRowContext(testContext(t), "SELECT sqlite_version()").Scan(&version); err != nil {
		t.Fatalf("SELECT sqlite_version(): %v", err)
	}
	t.Logf("SQLite %s", version)
}

// TestMissingServers runs the smoke tests in a subprocess with the connection
// strings removed: without ULID_INTEGRATION_REQUIRE the server tests must
// skip, naming integration/run.sh, and with it they must fail. The SQLite
// test passes either way.
func TestMissingServers(t *testing.T) {
	server := []string{"TestSmokePostgresSQL", "TestSmokePostgresPgx", "TestSmokePgBouncer", "TestSmokeMySQL"}
	tests := append(server[:len(server):len(server)], "TestSmokeSQLite")

	for _, tc := range []struct {
		name    string
		env     []string
		result  string // of the server tests
		message string // in each server test's output
	}{
		{"unset", nil, "SKIP", "integration/run.sh"},
		{"require=0", []string{itest.EnvRequire + "=0"}, "SKIP", "integration/run.sh"},
		{"require=1", []string{itest.EnvRequire + "=1"}, "FAIL", itest.EnvRequire + "=1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, err := itest.RunSelf(t, tests, tc.env...)
			if failed := err != nil; failed != (tc.result == "FAIL") {
				t.Errorf("subprocess error %v, want failure: %v", err, tc.result == "FAIL")
			}
			for _, name := range server {
				result, text := itest.Result(out, name)
				if result != tc.result {
					t.Errorf("%s: %q, want %q", name, result, tc.result)
				} else if !strings.Contains(text, tc.message) || !strings.Contains(text, "integration/run.sh") {
					t.Errorf("%s: output does not name %q and integration/run.sh:\n%s", name, tc.message, text)
				}
			}
			if result, _ := itest.Result(out, "TestSmokeSQLite"); result != "PASS" {
				t.Errorf("TestSmokeSQLite: %q, want PASS", result)
			}
			if t.Failed() {
				t.Logf("subprocess output:\n%s", out)
			}
		})
	}
}
