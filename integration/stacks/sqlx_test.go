package stacks

// sqlx (github.com/jmoiron/sqlx): Get, Select, In and NamedExec with ULIDs,
// on PostgreSQL (pgx's stdlib driver), MariaDB and SQLite.

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	_ "github.com/glebarez/go-sqlite" // "sqlite"
	_ "github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // and the driver "pgx"
	"github.com/jmoiron/sqlx"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

// sqlxItem is the row type: db tags, a nullable parent.
type sqlxItem struct {
	ID     ulid.ULID  `db:"id"`
	Parent *ulid.ULID `db:"parent"` // nil is NULL
	Name   string     `db:"name"`
}

func TestSQLX(t *testing.T) {
	for _, d := range []struct {
		name, driver, env, keyType string
		mode                       pgx.QueryExecMode // through PgBouncer, with pgxulid
	}{
		{"postgres", "pgx", envPostgres, "uuid", 0},
		{"pgbouncer-simple-pgxulid", "pgx", envPgBouncer, "uuid", pgx.QueryExecModeSimpleProtocol},
		{"pgbouncer-exec-pgxulid", "pgx", envPgBouncer, "uuid", pgx.QueryExecModeExec},
		{"mariadb", "mysql", envMySQL, "BINARY(16)", 0},
		{"sqlite", "sqlite", "", "BLOB", 0},
	} {
		t.Run(d.name, func(t *testing.T) {
			source := "file:" + t.TempDir() + "/sqlx.db"
			if d.env != "" {
				source = dsn(t, d.env)
			}
			var db *sqlx.DB
			if d.env == envPgBouncer {
				db = sqlx.NewDb(pgxULIDDB(t, source, d.mode), "pgx")
			} else {
				var err error
				if db, err = sqlx.Open(d.driver, source); err != nil {
					t.Fatal(err)
				}
			}
			t.Cleanup(func() { db.Close() })
			ctx := testContext(t)
			table := tableName(t, "sx")
			for _, q := range []string{
				"DROP TABLE IF EXISTS " + table,
				"CREATE TABLE " + table + " (id " + d.keyType + " PRIMARY KEY, parent " + d.keyType + " NULL, name VARCHAR(20) NOT NULL)",
			} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}

			root := sqlxItem{ID: ulid.Make(), Name: "root"}
			a := sqlxItem{ID: ulid.Make(), Parent: &root.ID, Name: "a"}
			b := sqlxItem{ID: ulid.Make(), Parent: &root.ID, Name: "b"}
			ins := "INSERT INTO " + table + " (id, parent, name) VALUES (:id, :parent, :name)"
			if _, err := db.NamedExecContext(ctx, ins, root); err != nil {
				t.Fatalf("NamedExec: %v", err)
			}
			if _, err := db.NamedExecContext(ctx, ins, []sqlxItem{a, b}); err != nil {
				t.Fatalf("NamedExec (batch): %v", err)
			}

			var got sqlxItem
			if err := db.GetContext(ctx, &got, db.Rebind("SELECT id, parent, name FROM "+table+" WHERE id = ?"), a.ID); err != nil {
				t.Fatalf("Get: %v", err)
			}
			if got != (sqlxItem{a.ID, got.Parent, "a"}) || got.Parent == nil || *got.Parent != root.ID {
				t.Errorf("Get = %+v", got)
			}
			got = sqlxItem{}
			if err := db.GetContext(ctx, &got, db.Rebind("SELECT id, parent, name FROM "+table+" WHERE id = ?"), root.ID); err != nil || got.Parent != nil {
				t.Errorf("Get root = %+v, %v; want a nil Parent", got, err)
			}
			var id ulid.ULID
			if err := db.GetContext(ctx, &id, db.Rebind("SELECT id FROM "+table+" WHERE name = ?"), "b"); err != nil || id != b.ID {
				t.Errorf("Get into a ulid.ULID = %v, %v", id, err)
			}

			var items []sqlxItem
			if err := db.SelectContext(ctx, &items, db.Rebind("SELECT id, parent, name FROM "+table+" WHERE parent = ? ORDER BY id"), root.ID); err != nil {
				t.Fatalf("Select: %v", err)
			}
			if len(items) != 2 || items[0].ID != a.ID || items[1].ID != b.ID {
				t.Errorf("Select = %+v", items)
			}

			// In expands the slice into one placeholder per ULID.
			q, args, err := sqlx.In("SELECT id FROM "+table+" WHERE id IN (?) AND name <> ? ORDER BY id", []ulid.ULID{root.ID, b.ID, ulid.Make()}, "x")
			if err != nil {
				t.Fatalf("In: %v", err)
			}
			if len(args) != 4 {
				t.Fatalf("In gave %d args, want 4: %q", len(args), q)
			}
			var ids []ulid.ULID
			if err := db.SelectContext(ctx, &ids, db.Rebind(q), args...); err != nil {
				t.Fatalf("Select In: %v", err)
			}
			if !slices.Equal(ids, []ulid.ULID{root.ID, b.ID}) {
				t.Errorf("In = %v, want %v", ids, []ulid.ULID{root.ID, b.ID})
			}
			// A single ULID beside the slice stays one argument, but In
			// replaces it by its Value, the 16 bytes: pgxulid no longer sees
			// a ULID, and in simple protocol mode the bytes go out as bytea.
			q, args, err = sqlx.In("SELECT id FROM "+table+" WHERE parent = ? AND id IN (?) ORDER BY id", root.ID, []ulid.ULID{a.ID})
			if err != nil {
				t.Fatalf("In: %v", err)
			}
			ids = nil
			err = db.SelectContext(ctx, &ids, db.Rebind(q), args...)
			if d.env == envPgBouncer {
				if err == nil || !strings.Contains(err.Error(), "invalid input syntax for type uuid") {
					t.Errorf("Select In with a single ULID in simple mode = %v, want invalid input syntax for type uuid", err)
				}
				// The recipes there: the slice as one uuid[], or
				// id.UUIDString() for the single ULIDs (checked below).
				ids = nil
				if err := db.SelectContext(ctx, &ids, "SELECT id FROM "+table+" WHERE parent = $1 AND id = ANY($2) ORDER BY id", root.ID, []ulid.ULID{a.ID, b.ID}); err != nil {
					t.Fatalf("Select ANY: %v", err)
				}
				if !slices.Equal(ids, []ulid.ULID{a.ID, b.ID}) {
					t.Errorf("ANY = %v", ids)
				}
				q, args, err = sqlx.In("SELECT id FROM "+table+" WHERE parent = ? AND id IN (?) ORDER BY id", root.ID.UUIDString(), []ulid.ULID{a.ID})
				if err != nil {
					t.Fatal(err)
				}
				ids = nil
				err = db.SelectContext(ctx, &ids, db.Rebind(q), args...)
			}
			if err != nil {
				t.Fatalf("Select In: %v", err)
			}
			if !slices.Equal(ids, []ulid.ULID{a.ID}) {
				t.Errorf("In with a single ULID = %v (%d args: %q), want %v", ids, len(args), q, []ulid.ULID{a.ID})
			}

			// Named queries bind a ULID from a map too.
			rows, err := db.NamedQueryContext(ctx, "SELECT name FROM "+table+" WHERE id = :id", map[string]any{"id": b.ID})
			if err != nil {
				t.Fatalf("NamedQuery: %v", err)
			}
			var names []string
			for rows.Next() {
				var n string
				if err := rows.Scan(&n); err != nil {
					t.Fatal(err)
				}
				names = append(names, n)
			}
			rows.Close()
			if !slices.Equal(names, []string{"b"}) {
				t.Errorf("NamedQuery = %v", names)
			}
		})
	}
}

// pgxULIDDB opens a *sql.DB on pgx's stdlib driver in the given exec mode
// with pgxulid registered on every connection: the recipe for database/sql
// through PgBouncer (exec or simple protocol mode).
func pgxULIDDB(t *testing.T, dsn string, mode pgx.QueryExecMode) *sql.DB {
	t.Helper()
	config, err := pgx.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	config.DefaultQueryExecMode = mode
	db := stdlib.OpenDB(*config, stdlib.OptionAfterConnect(func(_ context.Context, conn *pgx.Conn) error {
		pgxulid.Register(conn.TypeMap())
		return nil
	}))
	t.Cleanup(func() { db.Close() })
	return db
}
