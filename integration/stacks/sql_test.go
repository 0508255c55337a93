package stacks

// database/sql on PostgreSQL beyond the default pgx recipe of
// docs/storing.md: lib/pq, and uuid[] arrays through lib/pq and through pgx's
// stdlib driver.

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/lib/pq"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

// sqlTable creates (anew) a table with a uuid key, a nullable uuid and a uuid[].
func sqlTable(t *testing.T, db *sql.DB) string {
	t.Helper()
	name := tableName(t, "sq")
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + name,
		"CREATE TABLE " + name + " (id uuid PRIMARY KEY, parent uuid NULL, ids uuid[] NULL)",
	} {
		if _, err := db.ExecContext(testContext(t), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return name
}

func openSQL(t *testing.T, driver, dsn string) *sql.DB {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// storedText returns expr::text of the row with the given UUID text, read
// with text only, so that no ULID encoding is involved.
func storedText(t *testing.T, db *sql.DB, table, expr string, id ulid.ULID) string {
	t.Helper()
	var s sql.NullString
	q := "SELECT (" + expr + ")::text FROM " + table + " WHERE id::text = $1"
	if err := db.QueryRowContext(testContext(t), q, id.UUIDString()).Scan(&s); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return s.String
}

func TestLibPQ(t *testing.T) {
	base := dsn(t, envPostgres)
	a := ulid.Make()

	t.Run("default", func(t *testing.T) {
		// lib/pq sends a []byte parameter as text, unescaped: the 16 bytes
		// are not valid UTF-8, let alone UUID text.
		db := openSQL(t, "postgres", base)
		table := sqlTable(t, db)
		ctx := testContext(t)
		_, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id) VALUES ($1)", a)
		if err == nil || !strings.HasPrefix(err.Error(), "pq: ") {
			t.Fatalf("INSERT with id = %v, want a pq error", err)
		}
		t.Logf("INSERT with id: %v", err)
		// UUID text works; scanning needs nothing.
		if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, parent) VALUES ($1, $2)", a.UUIDString(), nil); err != nil {
			t.Fatalf("INSERT with id.UUIDString(): %v", err)
		}
		var got ulid.ULID
		var parent *ulid.ULID
		if err := db.QueryRowContext(ctx, "SELECT id, parent FROM "+table+" WHERE id = $1", a.UUIDString()).Scan(&got, &parent); err != nil {
			t.Fatal(err)
		}
		if got != a || parent != nil {
			t.Errorf("scanned %v, %v; want %v, nil", got, parent, a)
		}
	})

	for _, route := range []struct{ name, env string }{{"binary_parameters", envPostgres}, {"pgbouncer_binary_parameters", envPgBouncer}} {
		t.Run(route.name, func(t *testing.T) { libPQBinary(t, dsn(t, route.env)) })
	}
}

// libPQBinary runs the binary_parameters recipe on the database at base.
func libPQBinary(t *testing.T, base string) {
	a, b := ulid.Make(), ulid.Make()
	db := openSQL(t, "postgres", base+"&binary_parameters=yes")
	table := sqlTable(t, db)
	ctx := testContext(t)
	for _, r := range []struct {
		id     ulid.ULID
		parent *ulid.ULID
	}{{a, nil}, {b, &a}} {
		if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, parent) VALUES ($1, $2)", r.id, r.parent); err != nil {
			t.Fatalf("INSERT: %v", err)
		}
	}
	if got := storedText(t, db, table, "parent", b); got != a.UUIDString() {
		t.Errorf("stored parent %q, want %q", got, a.UUIDString())
	}
	var got ulid.ULID
	var parent sql.Null[ulid.ULID]
	if err := db.QueryRowContext(ctx, "SELECT id, parent FROM "+table+" WHERE id = $1", b).Scan(&got, &parent); err != nil {
		t.Fatal(err)
	}
	if got != b || !parent.Valid || parent.V != a {
		t.Errorf("scanned %v, %+v; want %v, %v", got, parent, b, a)
	}
	if err := db.QueryRowContext(ctx, "SELECT parent FROM "+table+" WHERE id = $1", a).Scan(&parent); err != nil || parent.Valid {
		t.Errorf("NULL parent: %+v, %v", parent, err)
	}

	// Arrays: pq.Array scans uuid[] into a []ulid.ULID, each element
	// through Scan.
	var ids []ulid.ULID
	if err := db.QueryRowContext(ctx, "SELECT array_agg(id ORDER BY id) FROM "+table).Scan(pq.Array(&ids)); err != nil {
		t.Fatalf("Scan(pq.Array(&ids)): %v", err)
	}
	if !slices.Equal(ids, []ulid.ULID{a, b}) {
		t.Errorf("uuid[] = %v, want %v", ids, []ulid.ULID{a, b})
	}
	// To bind one, pass the UUID text: pq.Array of a []ulid.ULID writes
	// each element's 16 bytes as a bytea literal.
	if _, err := db.ExecContext(ctx, "UPDATE "+table+" SET ids = $1 WHERE id = $2", pq.Array([]ulid.ULID{a, b}), b); err == nil {
		t.Errorf("binding pq.Array([]ulid.ULID) worked; the guide says it does not")
	} else {
		t.Logf("binding pq.Array([]ulid.ULID): %v", err)
	}
	if _, err := db.ExecContext(ctx, "UPDATE "+table+" SET ids = $1 WHERE id = $2", pq.Array(uuidStrings(a, b)), b); err != nil {
		t.Fatalf("binding pq.Array of UUID text: %v", err)
	}
	if got := storedText(t, db, table, "ids", b); got != "{"+a.UUIDString()+","+b.UUIDString()+"}" {
		t.Errorf("stored ids %q", got)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE id = ANY($1)", pq.Array(uuidStrings(a, b))).Scan(&n); err != nil || n != 2 {
		t.Errorf("WHERE id = ANY($1): %d rows, %v", n, err)
	}
}

func uuidStrings(ids ...ulid.ULID) []string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.UUIDString()
	}
	return s
}

// TestSQLArrays: uuid[] through database/sql with pgx's stdlib driver and
// pgxulid, directly in the default mode and through PgBouncer in simple
// protocol and exec mode.
func TestSQLArrays(t *testing.T) {
	t.Run("postgres", func(t *testing.T) {
		config, err := pgx.ParseConfig(dsn(t, envPostgres))
		if err != nil {
			t.Fatal(err)
		}
		db := sql.OpenDB(stdlib.GetConnector(*config, stdlib.OptionAfterConnect(func(_ context.Context, conn *pgx.Conn) error {
			pgxulid.Register(conn.TypeMap())
			return nil
		})))
		t.Cleanup(func() { db.Close() })
		sqlArrays(t, db)
	})
	t.Run("pgbouncer-simple-pgxulid", func(t *testing.T) { sqlArrays(t, pgxULIDDB(t, dsn(t, envPgBouncer), pgx.QueryExecModeSimpleProtocol)) })
	t.Run("pgbouncer-exec-pgxulid", func(t *testing.T) { sqlArrays(t, pgxULIDDB(t, dsn(t, envPgBouncer), pgx.QueryExecModeExec)) })
}

func sqlArrays(t *testing.T, db *sql.DB) {
	table := sqlTable(t, db)
	ctx := testContext(t)
	a, b := ulid.Make(), ulid.Make()

	// Binding a []ulid.ULID works: pgx's stdlib driver hands it to pgx,
	// which encodes it as uuid[] with pgxulid.
	if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, ids) VALUES ($1, $2)", a, []ulid.ULID{a, b}); err != nil {
		t.Fatalf("INSERT []ulid.ULID: %v", err)
	}
	if got := storedText(t, db, table, "ids", a); got != "{"+a.UUIDString()+","+b.UUIDString()+"}" {
		t.Errorf("stored ids %q", got)
	}

	// Scanning does not: database/sql gets the array's text and has no
	// way to put it into a []ulid.ULID.
	var ids []ulid.ULID
	err := db.QueryRowContext(ctx, "SELECT ids FROM "+table+" WHERE id = $1", a).Scan(&ids)
	if err == nil || !strings.Contains(err.Error(), "unsupported Scan") {
		t.Fatalf("Scan(&ids) = %v, want unsupported Scan", err)
	}

	// pgtype.Map.SQLScanner does it, with pgxulid registered on the map.
	m := pgtype.NewMap()
	pgxulid.Register(m)
	if err := db.QueryRowContext(ctx, "SELECT ids FROM "+table+" WHERE id = $1", a).Scan(m.SQLScanner(&ids)); err != nil {
		t.Fatalf("Scan(m.SQLScanner(&ids)): %v", err)
	}
	if !slices.Equal(ids, []ulid.ULID{a, b}) {
		t.Errorf("ids = %v, want %v", ids, []ulid.ULID{a, b})
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE id = ANY($1)", []ulid.ULID{a, b}).Scan(&n); err != nil || n != 1 {
		t.Errorf("WHERE id = ANY($1): %d rows, %v", n, err)
	}
}
