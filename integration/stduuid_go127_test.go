//go:build go1.27

package integration

// The standard library's uuid.UUID (Go 1.27) beside ulid.ULID, as a query
// argument and as a Scan destination, on PostgreSQL (pgx), MariaDB
// (go-sql-driver/mysql) and SQLite (modernc.org/sqlite). database/sql turns a
// uuid.UUID argument into its 36-character text when the driver leaves the
// conversion to it; a ulid.ULID is 16 bytes, from its Value method. What each
// driver and column then does with the text is below; the silent failures
// (a value stored as text in a binary column, which reads back as the same
// UUID but is not found by its bytes) are pinned. This backs docs/storing.md,
// "The standard library's uuid.UUID", and docs/uuidv7.md.
//
// integration/run.sh runs these tests with the latest Go release (NEWEST_GO
// in .ci/go-versions) after the main run; under older Go this file is not
// built.

import (
	"bytes"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"uuid"

	"github.com/ulidgo/ulid"
)

// The conversion itself, without a server: database/sql's default converter
// (used when a driver has no NamedValueChecker, as modernc.org/sqlite) makes
// a uuid.UUID its text and a ulid.ULID its 16 bytes, and Scan reads both
// forms into a *uuid.UUID.
func TestStdUUIDConversion(t *testing.T) {
	u := uuid.NewV7()
	id := ulid.ULID(u)

	v, err := driver.DefaultParameterConverter.ConvertValue(u)
	if s, ok := v.(string); err != nil || !ok || s != id.UUIDString() || len(s) != 36 {
		t.Errorf("ConvertValue(uuid.UUID) = %T %v, %v; want the string %s", v, v, err, id.UUIDString())
	}
	v, err = driver.DefaultParameterConverter.ConvertValue(id)
	if b, ok := v.([]byte); err != nil || !ok || !bytes.Equal(b, id[:]) {
		t.Errorf("ConvertValue(ulid.ULID) = %T %v, %v; want the 16 bytes % x", v, v, err, id[:])
	}

	// sql.Null's Scan converts as Rows.Scan does.
	for _, src := range []any{id[:], id.UUIDString(), []byte(id.UUIDString())} {
		var n sql.Null[uuid.UUID]
		if err := n.Scan(src); err != nil || !n.Valid || n.V != u {
			t.Errorf("Scan(%T %v) into a uuid.UUID = %v, %v; want %v", src, src, n.V, err, u)
		}
	}
	for _, src := range []any{id.String(), id[:15]} {
		var n sql.Null[uuid.UUID]
		if err := n.Scan(src); err == nil {
			t.Errorf("Scan(%T %v) into a uuid.UUID = %v, want an error", src, src, n.V)
		}
	}
	// NULL is Valid false in a sql.Null[uuid.UUID]; into a *uuid.UUID it is
	// an error (TestStdUUIDBinding, "Scan errors").
	if n := (sql.Null[uuid.UUID]{V: u, Valid: true}); n.Scan(nil) != nil || n.Valid {
		t.Errorf("Scan(nil) into a sql.Null[uuid.UUID]: %+v", n)
	}
}

// stdUUIDTarget is one database and driver, for TestStdUUIDBinding.
type stdUUIDTarget struct {
	name string
	open func(t *testing.T) sqlDB
}

func TestStdUUIDBinding(t *testing.T) {
	postgres := func(param string) func(t *testing.T) sqlDB {
		return func(t *testing.T) sqlDB {
			d := dsn(t, envPostgres)
			if param != "" {
				d = withParam(d, param)
			}
			return sqlDB{openSQL(t, "pgx", d), dollar}
		}
	}
	mariadb := func(param string) func(t *testing.T) sqlDB {
		return func(t *testing.T) sqlDB {
			d := dsn(t, envMySQL)
			if param != "" {
				d = withParam(d, param)
			}
			return sqlDB{openSQL(t, "mysql", d), question}
		}
	}

	// PostgreSQL: pgx takes the uuid.UUID itself (its database/sql driver
	// converts nothing) and sends it as its String(), in every exec mode. A
	// uuid column reads the text as the UUID; a bytea column stores the 36
	// bytes of text.
	for i, tg := range []stdUUIDTarget{
		{"PostgreSQL/stdlib", postgres("")},
		{"PostgreSQL/stdlib/simple_protocol", postgres("default_query_exec_mode=simple_protocol")},
		{"PostgreSQL/stdlib/exec", postgres("default_query_exec_mode=exec")},
	} {
		t.Run(tg.name, func(t *testing.T) {
			d, ctx := tg.open(t), testContext(t)
			describes := tg.name == "PostgreSQL/stdlib" // ulid.ULID needs pgxulid in the other two

			t.Run("uuid", func(t *testing.T) {
				table := fmt.Sprintf("stduuid_pg%d_uuid", i)
				recreate(t, ctx, d, table, "id uuid PRIMARY KEY")
				u := uuid.NewV7()
				mustExec(t, d, "INSERT INTO "+table+" (id) VALUES ($1)", u)
				checkStored(t, d, "SELECT id::text FROM "+table, ulid.ULID(u).UUIDString())
				checkFound(t, d, "SELECT id FROM "+table+" WHERE id = $1", u, u)
				if describes {
					checkFound(t, d, "SELECT id FROM "+table+" WHERE id = $1", ulid.ULID(u), u)
				}
			})

			t.Run("bytea", func(t *testing.T) {
				table := fmt.Sprintf("stduuid_pg%d_bytea", i)
				recreate(t, ctx, d, table, "id bytea PRIMARY KEY")
				u := uuid.NewV7()
				mustExec(t, d, "INSERT INTO "+table+" (id) VALUES ($1)", u)
				// Silently wrong: 36 bytes of text, which its 16 bytes do
				// not find. pgx v5.12 refuses to scan them back into a
				// uuid.UUID (earlier versions read the text as the UUID).
				checkStored(t, d, "SELECT octet_length(id) || ':' || encode(id, 'escape') FROM "+table, "36:"+u.String())
				var back uuid.UUID
				if err := d.db.QueryRowContext(ctx, "SELECT id FROM "+table).Scan(&back); err == nil {
					t.Errorf("36 bytes of text scanned into a uuid.UUID: %v, want an error", back)
				}
				checkNotFound(t, d, "SELECT id FROM "+table+" WHERE id = $1", u[:])
				if describes {
					checkNotFound(t, d, "SELECT id FROM "+table+" WHERE id = $1", ulid.ULID(u))
				}
				// The fix: u[:], 16 bytes in every mode, read back into a
				// ulid.ULID (or a []byte): pgx v5.12 scans no bytea into a
				// uuid.UUID.
				mustExec(t, d, "DELETE FROM "+table)
				mustExec(t, d, "INSERT INTO "+table+" (id) VALUES ($1)", u[:])
				checkStored(t, d, "SELECT octet_length(id) || ':' || encode(id, 'hex') FROM "+table, "16:"+fmt.Sprintf("%x", u[:]))
				var id ulid.ULID
				if err := d.db.QueryRowContext(ctx, "SELECT id FROM "+table+" WHERE id = $1", u[:]).Scan(&id); err != nil || id != ulid.ULID(u) {
					t.Errorf("16 bytes read back into a ulid.ULID: %v, %v; want %v", id, err, ulid.ULID(u))
				}
				if err := d.db.QueryRowContext(ctx, "SELECT id FROM "+table+" WHERE id = $1", u[:]).Scan(&back); err == nil {
					t.Errorf("16 bytes of bytea scanned into a uuid.UUID: %v, want pgx v5.12's error", back)
				}
			})
		})
	}

	// MariaDB: go-sql-driver/mysql converts arguments itself, and it has no
	// case for a uuid.UUID, with prepared statements or interpolateParams:
	// an error, for any column. ulid.ULID(u) or u[:] is the 16 bytes for
	// BINARY(16); u.String() the text for a UUID column.
	for i, tg := range []stdUUIDTarget{
		{"MariaDB", mariadb("")},
		{"MariaDB/interpolateParams", mariadb("interpolateParams=true")},
	} {
		t.Run(tg.name, func(t *testing.T) {
			d, ctx := tg.open(t), testContext(t)
			for j, col := range []struct {
				ddl  string
				bind func(uuid.UUID) []any
			}{
				{"BINARY(16)", func(u uuid.UUID) []any { return []any{ulid.ULID(u), u[:]} }},
				{"UUID", func(u uuid.UUID) []any { return []any{u.String()} }},
			} {
				t.Run(col.ddl, func(t *testing.T) {
					table := fmt.Sprintf("stduuid_my%d_%d", i, j)
					recreate(t, ctx, d, table, "id "+col.ddl+" PRIMARY KEY")
					u := uuid.NewV7()
					err := d.exec(ctx, "INSERT INTO "+table+" (id) VALUES (?)", u)
					if err == nil || !strings.Contains(err.Error(), "unsupported type uuid.UUID, a array") {
						t.Fatalf("INSERT of a uuid.UUID: %v, want the driver's unsupported type error", err)
					}
					if err := d.queryRow(ctx, "SELECT id FROM "+table+" WHERE id = ?", u).Scan(new(uuid.UUID)); err == nil ||
						!strings.Contains(err.Error(), "unsupported type uuid.UUID") {
						t.Fatalf("WHERE id = (a uuid.UUID): %v, want the driver's unsupported type error", err)
					}
					for _, arg := range col.bind(u) {
						mustExec(t, d, "DELETE FROM "+table)
						mustExec(t, d, "INSERT INTO "+table+" (id) VALUES (?)", arg)
						checkStored(t, d, "SELECT HEX(id) FROM "+table, upperHex(ulid.ULID(u)))
						checkFound(t, d, "SELECT id FROM "+table+" WHERE id = ?", arg, u)
					}
				})
			}
		})
	}

	// SQLite: modernc.org/sqlite leaves the conversion to database/sql, so a
	// uuid.UUID arrives as 36 characters, and a BLOB column keeps them as
	// TEXT. It reads back as the same UUID, but its bytes do not find it,
	// and it sorts before every BLOB, whatever its time.
	t.Run("SQLite/BLOB", func(t *testing.T) {
		d, ctx := sqlDB{openSQLite(t), question}, testContext(t)
		recreate(t, ctx, d, "stduuid_lite", "id BLOB PRIMARY KEY NOT NULL")
		older := uuid.NewV7()
		time.Sleep(2 * time.Millisecond)
		u := uuid.NewV7()
		mustExec(t, d, "INSERT INTO stduuid_lite (id) VALUES (?)", u)
		checkStored(t, d, "SELECT typeof(id) || ':' || id FROM stduuid_lite", "text:"+u.String())
		checkFound(t, d, "SELECT id FROM stduuid_lite WHERE id = ?", u, u)
		checkNotFound(t, d, "SELECT id FROM stduuid_lite WHERE id = ?", ulid.ULID(u))
		checkNotFound(t, d, "SELECT id FROM stduuid_lite WHERE id = ?", u[:])
		var asULID ulid.ULID
		if err := d.queryRow(ctx, "SELECT id FROM stduuid_lite").Scan(&asULID); err != nil || asULID != ulid.ULID(u) {
			t.Fatalf("the TEXT row into a ulid.ULID: %v, %v; want %v", asULID, err, ulid.ULID(u))
		}
		// An older UUID stored as 16 bytes sorts after it.
		mustExec(t, d, "INSERT INTO stduuid_lite (id) VALUES (?)", older[:])
		var first uuid.UUID
		if err := d.queryRow(ctx, "SELECT id FROM stduuid_lite ORDER BY id LIMIT 1").Scan(&first); err != nil || first != u {
			t.Fatalf("ORDER BY id: first %v, %v; want the newer, TEXT row %v", first, err, u)
		}
		// The fix: ulid.ULID(u) or u[:], a BLOB of 16 bytes.
		for _, arg := range []any{ulid.ULID(u), u[:]} {
			mustExec(t, d, "DELETE FROM stduuid_lite")
			mustExec(t, d, "INSERT INTO stduuid_lite (id) VALUES (?)", arg)
			checkStored(t, d, "SELECT typeof(id) || ':' || hex(id) FROM stduuid_lite", "blob:"+upperHex(ulid.ULID(u)))
			checkFound(t, d, "SELECT id FROM stduuid_lite WHERE id = ?", arg, u)
		}
	})

	// A NULL into a *uuid.UUID is an error, as into a ulid.ULID, never the
	// nil UUID; so is ULID text.
	t.Run("Scan errors", func(t *testing.T) {
		for _, c := range []struct {
			name  string
			open  func(t *testing.T) sqlDB
			query string
		}{
			{"PostgreSQL NULL", postgres(""), "SELECT NULL::uuid"},
			{"MariaDB NULL", mariadb(""), "SELECT CAST(NULL AS BINARY(16))"},
			{"SQLite NULL", func(t *testing.T) sqlDB { return sqlDB{openSQLite(t), question} }, "SELECT NULL"},
			{"ULID text", func(t *testing.T) sqlDB { return sqlDB{openSQLite(t), question} }, "SELECT '" + ulid.Make().String() + "'"},
		} {
			d := c.open(t)
			u := uuid.Max()
			err := d.queryRow(testContext(t), c.query).Scan(&u)
			if err == nil || u != uuid.Max() {
				t.Errorf("%s: %s into a *uuid.UUID: %v, %v; want an error and u unchanged", c.name, c.query, u, err)
			}
			t.Logf("%s: %v", c.name, err)
		}
	})
}

// TestStdUUIDColumns stores IDs of each kind, uuid.NewV7's, Make's and
// MakeV7's, in each 16-byte column, bound the way docs/uuidv7.md says, and
// checks that ORDER BY id is creation order and that a lookup by key finds
// its row. (A MariaDB UUID column with Make's ULIDs is TestMariaDBUUID's, in
// integration/stacks: refused or misordered.)
func TestStdUUIDColumns(t *testing.T) {
	const n = 2000
	type kind struct {
		name string
		make func() ulid.ULID
		std  bool // bound and scanned as a uuid.UUID
	}
	kinds := []kind{
		{"uuid.NewV7", func() ulid.ULID { return ulid.ULID(uuid.NewV7()) }, true},
		{"ulid.Make", ulid.Make, false},
		{"ulid.MakeV7", ulid.MakeV7, false},
	}
	// bind is the argument for id in a column: ddl and kind.
	bind := func(ddl string, k kind, id ulid.ULID) any {
		u := uuid.UUID(id)
		switch {
		case ddl == "UUID" && k.std:
			return u.String()
		case ddl == "UUID":
			return id.UUIDString()
		case ddl == "uuid" && k.std:
			return u
		case k.std:
			return u[:]
		}
		return id
	}
	for ci, col := range []struct {
		name string
		open func(t *testing.T) sqlDB
		ddl  string
	}{
		{"PostgreSQL/uuid", func(t *testing.T) sqlDB { return sqlDB{openPostgres(t), dollar} }, "uuid"},
		{"MariaDB/BINARY(16)", func(t *testing.T) sqlDB { return sqlDB{openMySQL(t), question} }, "BINARY(16)"},
		{"MariaDB/UUID", func(t *testing.T) sqlDB { return sqlDB{openMySQL(t), question} }, "UUID"},
		{"SQLite/BLOB", func(t *testing.T) sqlDB { return sqlDB{openSQLite(t), question} }, "BLOB"},
	} {
		t.Run(col.name, func(t *testing.T) {
			d, ctx := col.open(t), testContext(t)
			for ki, k := range kinds {
				if col.ddl == "UUID" && k.name == "ulid.Make" {
					continue
				}
				t.Run(k.name, func(t *testing.T) {
					ids := make([]ulid.ULID, n)
					for i := range ids {
						if i%(n/5) == 0 {
							time.Sleep(2 * time.Millisecond)
						}
						ids[i] = k.make()
					}
					if !slices.IsSortedFunc(ids, ulid.ULID.Compare) {
						t.Fatalf("%s did not make increasing IDs", k.name)
					}
					table := fmt.Sprintf("stduuid_col%d_k%d", ci, ki)
					recreate(t, ctx, d, table, "id "+col.ddl+" NOT NULL PRIMARY KEY")
					values := make([]any, n)
					for i, p := range rand.Perm(n) {
						values[i] = bind(col.ddl, k, ids[p])
					}
					if err := d.insertIDs(ctx, table, values); err != nil {
						t.Fatalf("insert %d IDs: %v", n, err)
					}
					var got []ulid.ULID
					err := d.query(ctx, "SELECT id FROM "+table+" ORDER BY id", nil, func(r scanner) error {
						if k.std {
							var u uuid.UUID
							err := r.Scan(&u)
							got = append(got, ulid.ULID(u))
							return err
						}
						var id ulid.ULID
						err := r.Scan(&id)
						got = append(got, id)
						return err
					})
					if err != nil {
						t.Fatal(err)
					}
					checkSame(t, "ORDER BY id", got, ids)
					for i := 0; i < n; i += 401 {
						var found ulid.ULID
						q := fmt.Sprintf("SELECT id FROM %s WHERE id = %s", table, d.ph(1))
						if err := d.queryRow(ctx, q, bind(col.ddl, k, ids[i])).Scan(&found); err != nil || found != ids[i] {
							t.Fatalf("WHERE id = %s: %v, %v", ids[i].UUIDString(), found, err)
						}
					}
				})
			}
		})
	}
}

func mustExec(t *testing.T, d sqlDB, q string, args ...any) {
	t.Helper()
	if err := d.exec(testContext(t), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// checkStored checks the one row of q, a text expression of how the
// database holds the value.
func checkStored(t *testing.T, d sqlDB, q, want string) {
	t.Helper()
	var got string
	if err := d.queryRow(testContext(t), q).Scan(&got); err != nil || got != want {
		t.Fatalf("%s = %q, %v; want %q", q, got, err, want)
	}
}

// checkFound checks that q with arg (none if nil) returns the one row, read
// into a *uuid.UUID as want.
func checkFound(t *testing.T, d sqlDB, q string, arg any, want uuid.UUID) {
	t.Helper()
	var args []any
	if arg != nil {
		args = []any{arg}
	}
	var got uuid.UUID
	if err := d.queryRow(testContext(t), q, args...).Scan(&got); err != nil || got != want {
		t.Fatalf("%s with %T: %v, %v; want %v", q, arg, got, err, want)
	}
}

// checkNotFound checks that q with arg returns no row, and no error.
func checkNotFound(t *testing.T, d sqlDB, q string, arg any) {
	t.Helper()
	var got uuid.UUID
	if err := d.queryRow(testContext(t), q, arg).Scan(&got); !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("%s with %T: %v, %v; want sql.ErrNoRows", q, arg, got, err)
	}
}
