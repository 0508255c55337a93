package stacks

// A key column that refuses the zero ULID, the recipe of docs/storing.md
// ("Refusing the zero ULID") for the stacks that have no hook or default to
// fill a key: plain database/sql, sqlx, lib/pq (and sqlc, in sqlc_test.go).
// A forgotten ID is the zero ULID, which Value sends as 16 zero bytes and
// every database stores as a key without complaint, once; the CHECK turns
// that into an error at the INSERT.

import (
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx"
	"github.com/ulidgo/ulid"
)

// zeroKey is the recipe per database: the key column's definition, and what
// the database's refusal of the zero ULID says.
var zeroKey = map[string]struct{ column, refusal string }{
	"postgres": {"id uuid PRIMARY KEY CHECK (id <> '00000000-0000-0000-0000-000000000000')", "violates check constraint"},
	"mariadb":  {"id BINARY(16) PRIMARY KEY CHECK (id <> X'00000000000000000000000000000000')", "Error 4025"},
	"sqlite":   {"id BLOB PRIMARY KEY NOT NULL CHECK (id <> X'00000000000000000000000000000000')", "CHECK constraint failed"},
}

func TestZeroKeyCheck(t *testing.T) {
	for _, d := range []struct {
		name, dialect, env string
		open               func(t *testing.T, dsn string) *sqlx.DB
	}{
		{"postgres-pgx", "postgres", envPostgres, func(t *testing.T, dsn string) *sqlx.DB { return sqlx.NewDb(openSQL(t, "pgx", dsn), "pgx") }},
		{"pgbouncer-simple-pgxulid", "postgres", envPgBouncer, func(t *testing.T, dsn string) *sqlx.DB {
			return sqlx.NewDb(pgxULIDDB(t, dsn, pgx.QueryExecModeSimpleProtocol), "pgx")
		}},
		{"pgbouncer-exec-pgxulid", "postgres", envPgBouncer, func(t *testing.T, dsn string) *sqlx.DB {
			return sqlx.NewDb(pgxULIDDB(t, dsn, pgx.QueryExecModeExec), "pgx")
		}},
		{"postgres-libpq", "postgres", envPostgres, func(t *testing.T, dsn string) *sqlx.DB {
			return sqlx.NewDb(openSQL(t, "postgres", dsn+"&binary_parameters=yes"), "postgres")
		}},
		{"pgbouncer-libpq", "postgres", envPgBouncer, func(t *testing.T, dsn string) *sqlx.DB {
			return sqlx.NewDb(openSQL(t, "postgres", dsn+"&binary_parameters=yes"), "postgres")
		}},
		{"mariadb", "mariadb", envMySQL, func(t *testing.T, dsn string) *sqlx.DB { return sqlx.NewDb(openSQL(t, "mysql", dsn), "mysql") }},
		{"sqlite", "sqlite", "", func(t *testing.T, _ string) *sqlx.DB {
			return sqlx.NewDb(openSQL(t, "sqlite", "file:"+t.TempDir()+"/zero.db"), "sqlite")
		}},
	} {
		t.Run(d.name, func(t *testing.T) {
			source := ""
			if d.env != "" {
				source = dsn(t, d.env)
			}
			db := d.open(t, source)
			ctx := testContext(t)
			recipe := zeroKey[d.dialect]
			// The key column without the recipe: the type and PRIMARY KEY only.
			plain := recipe.column[:strings.Index(recipe.column, " PRIMARY KEY")+len(" PRIMARY KEY")]
			hexSQL := map[string]string{
				"postgres": "SELECT replace(id::text, '-', '') FROM %s WHERE name = ?",
				"mariadb":  "SELECT lower(hex(id)) FROM %s WHERE name = ?",
				"sqlite":   "SELECT lower(hex(id)) FROM %s WHERE name = ?",
			}[d.dialect]
			keyType := strings.Fields(plain)[1]

			for _, tc := range []struct {
				name, column string
				refuses      bool
			}{
				{"without-check", plain, false},
				{"with-check", recipe.column, true},
			} {
				t.Run(tc.name, func(t *testing.T) {
					table := tableName(t, "zk")
					for _, q := range []string{
						"DROP TABLE IF EXISTS " + table,
						"CREATE TABLE " + table + " (" + tc.column + ", parent " + keyType + " NULL, name VARCHAR(20) NOT NULL)",
					} {
						if _, err := db.ExecContext(ctx, q); err != nil {
							t.Fatalf("%s: %v", q, err)
						}
					}
					stored := func(name string) string {
						t.Helper()
						var h string
						if err := db.GetContext(ctx, &h, db.Rebind(strings.Replace(hexSQL, "%s", table, 1)), name); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						return h
					}

					// A forgotten ID: sqlx's NamedExec of a struct, and plain
					// database/sql with the zero value of a ulid.ULID.
					forgot := sqlxItem{Name: "forgot"}
					_, errNamed := db.NamedExecContext(ctx, "INSERT INTO "+table+" (id, parent, name) VALUES (:id, :parent, :name)", forgot)
					var zero ulid.ULID
					_, errExec := db.ExecContext(ctx, db.Rebind("INSERT INTO "+table+" (id, name) VALUES (?, ?)"), zero, "forgot2")
					if !tc.refuses {
						if errNamed != nil {
							t.Fatalf("NamedExec of a forgotten ID = %v, want the trap: stored", errNamed)
						}
						if h := stored("forgot"); h != strings.Repeat("0", 32) {
							t.Errorf("stored %s, want the trap: the zero ULID", h)
						} else {
							t.Logf("NamedExec of a forgotten ID: stored %s, no error", h)
						}
						// The second one is a duplicate key, but only because
						// the first took the zero ULID.
						if errExec == nil {
							t.Errorf("a second zero key was stored")
						}
					} else {
						for _, err := range []error{errNamed, errExec} {
							if err == nil || !strings.Contains(err.Error(), recipe.refusal) {
								t.Errorf("INSERT of the zero ULID = %v, want %q", err, recipe.refusal)
							}
						}
						t.Logf("INSERT of the zero ULID: %v", errNamed)
					}

					// Every other ULID is taken, zero bytes and all.
					for i, id := range []ulid.ULID{{15: 1}, {0: 1}, ulid.Make()} {
						name := "ok" + string(rune('a'+i))
						if _, err := db.ExecContext(ctx, db.Rebind("INSERT INTO "+table+" (id, name) VALUES (?, ?)"), id, name); err != nil {
							t.Errorf("INSERT %v: %v", id, err)
						} else if h := stored(name); h != strings.ToLower(strings.ReplaceAll(id.UUIDString(), "-", "")) {
							t.Errorf("stored %s for %v", h, id)
						}
					}

					// A key left out of the INSERT is NULL: refused by a
					// PRIMARY KEY on PostgreSQL and MariaDB, taken by SQLite's
					// unless it is NOT NULL.
					_, err := db.ExecContext(ctx, "INSERT INTO "+table+" (name) VALUES ('nokey')")
					if d.dialect == "sqlite" && !tc.refuses {
						var n int
						if err != nil {
							t.Errorf("INSERT without the key on SQLite = %v, want the trap: a NULL key", err)
						} else if err := db.GetContext(ctx, &n, "SELECT count(*) FROM "+table+" WHERE id IS NULL"); err != nil || n != 1 {
							t.Errorf("rows with a NULL key = %d, %v; want the trap: 1", n, err)
						}
					} else if err == nil {
						t.Errorf("INSERT without the key worked; want an error")
					} else {
						t.Logf("INSERT without the key: %v", err)
					}
				})
			}
		})
	}
}
