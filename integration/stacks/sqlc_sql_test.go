package stacks

// sqlc's MySQL and SQLite engines, with database/sql output and the
// overrides in sqlc.yaml that make BINARY(16) and BLOB columns ulid.ULID (a
// nullable one *ulid.ULID). The generated packages are sqlc/sqlcmy (from
// sqlc/mysql/) and sqlc/sqlclite (from sqlc/sqlite/); the test runs the
// same queries through both.

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/sqlc/sqlclite"
	"github.com/ulidgo/ulid/integration/stacks/sqlc/sqlcmy"
)

// sqlcQueries is what the test needs from a generated package; sqlcmy and
// sqlclite fill it with their own types.
type sqlcQueries struct {
	create     func(ctx context.Context, id ulid.ULID, name string, manager *ulid.ULID) error
	get        func(ctx context.Context, id ulid.ULID) (name string, manager *ulid.ULID, err error)
	list       func(ctx context.Context, ids []ulid.ULID) ([]ulid.ULID, error)
	reports    func(ctx context.Context, manager *ulid.ULID) ([]ulid.ULID, error)
	setManager func(ctx context.Context, id ulid.ULID, manager *ulid.ULID) error
}

func sqlcMyQueries(db *sql.DB) sqlcQueries {
	q := sqlcmy.New(db)
	return sqlcQueries{
		create: func(ctx context.Context, id ulid.ULID, name string, m *ulid.ULID) error {
			return q.CreateUser(ctx, sqlcmy.CreateUserParams{ID: id, Name: name, ManagerID: m})
		},
		get: func(ctx context.Context, id ulid.ULID) (string, *ulid.ULID, error) {
			u, err := q.GetUser(ctx, id)
			return u.Name, u.ManagerID, err
		},
		list: func(ctx context.Context, ids []ulid.ULID) ([]ulid.ULID, error) {
			us, err := q.ListUsers(ctx, ids)
			got := make([]ulid.ULID, len(us))
			for i, u := range us {
				got[i] = u.ID
			}
			return got, err
		},
		reports: q.ListReports,
		setManager: func(ctx context.Context, id ulid.ULID, m *ulid.ULID) error {
			return q.SetManager(ctx, sqlcmy.SetManagerParams{ID: id, ManagerID: m})
		},
	}
}

func sqlcLiteQueries(db *sql.DB) sqlcQueries {
	q := sqlclite.New(db)
	return sqlcQueries{
		create: func(ctx context.Context, id ulid.ULID, name string, m *ulid.ULID) error {
			return q.CreateUser(ctx, sqlclite.CreateUserParams{ID: id, Name: name, ManagerID: m})
		},
		get: func(ctx context.Context, id ulid.ULID) (string, *ulid.ULID, error) {
			u, err := q.GetUser(ctx, id)
			return u.Name, u.ManagerID, err
		},
		list: func(ctx context.Context, ids []ulid.ULID) ([]ulid.ULID, error) {
			us, err := q.ListUsers(ctx, ids)
			got := make([]ulid.ULID, len(us))
			for i, u := range us {
				got[i] = u.ID
			}
			return got, err
		},
		reports: q.ListReports,
		setManager: func(ctx context.Context, id ulid.ULID, m *ulid.ULID) error {
			return q.SetManager(ctx, sqlclite.SetManagerParams{ID: id, ManagerID: m})
		},
	}
}

func TestSQLCDatabaseSQL(t *testing.T) {
	for _, d := range []struct {
		name, driver, env, schema, check, refusal string
		queries                                   func(*sql.DB) sqlcQueries
	}{
		{"mariadb", "mysql", envMySQL, "sqlc/mysql/schema.sql", zeroKey["mariadb"].column, zeroKey["mariadb"].refusal, sqlcMyQueries},
		{"sqlite", "sqlite", "", "sqlc/sqlite/schema.sql", zeroKey["sqlite"].column, zeroKey["sqlite"].refusal, sqlcLiteQueries},
	} {
		t.Run(d.name, func(t *testing.T) {
			schema, err := os.ReadFile(d.schema)
			if err != nil {
				t.Fatal(err)
			}
			// The schema's key column is the recipe of zerokey_test.go.
			check := d.check[strings.Index(d.check, " CHECK"):]
			if !strings.Contains(string(schema), check+",") {
				t.Fatalf("%s: the key has no%s", d.schema, check)
			}
			source := "file:" + t.TempDir() + "/sqlc.db?_pragma=foreign_keys(1)"
			if d.env != "" {
				source = dsn(t, d.env)
			}
			db := openSQL(t, d.driver, source)
			ctx := testContext(t)
			reset := func(schema string) {
				t.Helper()
				for _, s := range []string{"DROP TABLE IF EXISTS sqlc_users", schema} {
					if _, err := db.ExecContext(ctx, s); err != nil {
						t.Fatalf("%s: %v", s, err)
					}
				}
			}
			q := d.queries(db)
			stored := func(name string) string {
				t.Helper()
				var h string
				if err := db.QueryRowContext(ctx, "SELECT lower(hex(id)) FROM sqlc_users WHERE name = ?", name).Scan(&h); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				return h
			}

			// The trap: without the CHECK, a forgotten ID is stored as the
			// zero ULID, without an error.
			reset(strings.Replace(string(schema), check, "", 1))
			var zero ulid.ULID
			if err := q.create(ctx, zero, "forgot", nil); err != nil {
				t.Fatalf("CreateUser without an ID and the CHECK = %v, want the trap: stored", err)
			}
			if h := stored("forgot"); h != strings.Repeat("0", 32) {
				t.Errorf("stored %s, want the trap: the zero ULID", h)
			} else {
				t.Logf("CreateUser without an ID, schema without the CHECK: stored %s, no error", h)
			}

			// The recipe.
			reset(string(schema))
			err = q.create(ctx, zero, "forgot", nil)
			t.Logf("CreateUser without an ID: %v", err)
			if err == nil || !strings.Contains(err.Error(), d.refusal) {
				t.Errorf("CreateUser without an ID = %v, want %q", err, d.refusal)
			}
			boss, ann, bob := ulid.Make(), ulid.Make(), ulid.Make()
			for _, u := range []struct {
				id      ulid.ULID
				name    string
				manager *ulid.ULID
			}{{boss, "boss", nil}, {ann, "ann", &boss}, {bob, "bob", &boss}} {
				if err := q.create(ctx, u.id, u.name, u.manager); err != nil {
					t.Fatalf("CreateUser %s: %v", u.name, err)
				}
			}
			if h := stored("ann"); h != strings.ToLower(strings.ReplaceAll(ann.UUIDString(), "-", "")) {
				t.Errorf("stored %s, want the 16 bytes of %v", h, ann)
			}
			name, manager, err := q.get(ctx, bob)
			if err != nil || name != "bob" || manager == nil || *manager != boss {
				t.Errorf("GetUser = %q, %v, %v", name, manager, err)
			}
			if _, manager, err := q.get(ctx, boss); err != nil || manager != nil {
				t.Errorf("GetUser boss = %v, %v; want a nil manager", manager, err)
			}
			if _, _, err := q.get(ctx, ulid.Make()); !errors.Is(err, sql.ErrNoRows) {
				t.Errorf("GetUser of a missing ID = %v, want sql.ErrNoRows", err)
			}
			// sqlc.slice: one placeholder per ULID, each bound as one value.
			ids, err := q.list(ctx, []ulid.ULID{bob, boss, ulid.Make()})
			if err != nil || !slices.Equal(ids, []ulid.ULID{boss, bob}) {
				t.Errorf("ListUsers = %v, %v; want %v", ids, err, []ulid.ULID{boss, bob})
			}
			reports, err := q.reports(ctx, &boss)
			if err != nil || !slices.Equal(reports, []ulid.ULID{ann, bob}) {
				t.Errorf("ListReports = %v, %v", reports, err)
			}
			if err := q.setManager(ctx, bob, nil); err != nil {
				t.Fatalf("SetManager(nil): %v", err)
			}
			if _, manager, err := q.get(ctx, bob); err != nil || manager != nil {
				t.Errorf("after SetManager(nil): %v, %v", manager, err)
			}
			// The foreign key holds: a manager that is no user is refused.
			if err := q.setManager(ctx, bob, &zero); err == nil {
				t.Errorf("SetManager to a missing user worked; want a foreign key error")
			}
		})
	}
}
