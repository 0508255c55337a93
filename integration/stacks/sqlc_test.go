package stacks

// sqlc (github.com/sqlc-dev/sqlc) with pgx/v5 output and the override that
// makes uuid columns ulid.ULID (sqlc.yaml). The queries are sqlc/query.sql;
// sqlc/sqlcdb is generated from them.

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/sqlc/sqlcdb"
	"github.com/ulidgo/ulid/pgxulid"
)

// sqlcConnect connects in mode, registering pgxulid if register is set.
func sqlcConnect(t *testing.T, env string, mode pgx.QueryExecMode, register bool) *pgx.Conn {
	t.Helper()
	config, err := pgx.ParseConfig(dsn(t, env))
	if err != nil {
		t.Fatal(err)
	}
	config.DefaultQueryExecMode = mode
	conn, err := pgx.ConnectConfig(testContext(t), config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if register {
		pgxulid.Register(conn.TypeMap())
	}
	return conn
}

// sqlcCheck is the CHECK in sqlc/schema.sql that refuses the zero ULID as a
// key, as docs/storing.md gives it (zeroKey in zerokey_test.go).
const sqlcCheck = " CHECK (id <> '00000000-0000-0000-0000-000000000000')"

func TestSQLC(t *testing.T) {
	schema, err := os.ReadFile("sqlc/schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(zeroKey["postgres"].column, sqlcCheck) || !strings.Contains(string(schema), "id         uuid PRIMARY KEY"+sqlcCheck+",") {
		t.Fatalf("sqlc/schema.sql does not give sqlc_users.id the CHECK%s", sqlcCheck)
	}

	// The trap: without the CHECK, a forgotten ID is stored as the zero
	// ULID, without an error.
	t.Run("postgres-without-check", func(t *testing.T) {
		conn := sqlcConnect(t, envPostgres, pgx.QueryExecModeCacheStatement, false)
		ctx := testContext(t)
		for _, q := range []string{"DROP TABLE IF EXISTS sqlc_users", strings.Replace(string(schema), sqlcCheck, "", 1)} {
			if _, err := conn.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		u, err := sqlcdb.New(conn).CreateUser(ctx, sqlcdb.CreateUserParams{Name: "forgot", Friends: []ulid.ULID{}})
		if err != nil {
			t.Fatalf("CreateUser without an ID = %v, want the trap: stored", err)
		}
		var text string
		if err := conn.QueryRow(ctx, "SELECT id::text FROM sqlc_users WHERE name = 'forgot'").Scan(&text); err != nil {
			t.Fatal(err)
		}
		t.Logf("CreateUser without an ID: returned %v, stored %s, no error", u.ID, text)
		if !u.ID.IsZero() || text != "00000000-0000-0000-0000-000000000000" {
			t.Errorf("CreateUser without an ID stored %s, want the trap: the zero ULID", text)
		}
	})

	for _, tc := range []struct {
		name     string
		env      string
		mode     pgx.QueryExecMode
		register bool
		fails    bool
	}{
		{"postgres-default", envPostgres, pgx.QueryExecModeCacheStatement, false, false},
		{"postgres-exec-without-pgxulid", envPostgres, pgx.QueryExecModeExec, false, true},
		{"postgres-simple-without-pgxulid", envPostgres, pgx.QueryExecModeSimpleProtocol, false, true},
		{"postgres-exec-pgxulid", envPostgres, pgx.QueryExecModeExec, true, false},
		{"postgres-simple-pgxulid", envPostgres, pgx.QueryExecModeSimpleProtocol, true, false},
		{"pgbouncer-simple-pgxulid", envPgBouncer, pgx.QueryExecModeSimpleProtocol, true, false},
		{"pgbouncer-exec-pgxulid", envPgBouncer, pgx.QueryExecModeExec, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn := sqlcConnect(t, tc.env, tc.mode, tc.register)
			ctx := testContext(t)
			for _, q := range []string{"DROP TABLE IF EXISTS sqlc_users", string(schema)} {
				if _, err := conn.Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			q := sqlcdb.New(conn)

			boss, err := q.CreateUser(ctx, sqlcdb.CreateUserParams{ID: ulid.Make(), Name: "boss", Friends: []ulid.ULID{}})
			if tc.fails {
				// Without pgxulid, pgx sends the ULID's 16 bytes as a bytea
				// literal, and cannot encode a []ulid.ULID at all.
				if err == nil || !strings.Contains(err.Error(), "unable to encode []ulid.ULID") {
					t.Errorf("CreateUser = %v, want unable to encode []ulid.ULID", err)
				}
				_, err := q.GetUser(ctx, ulid.Make())
				if err == nil || !strings.Contains(err.Error(), "invalid input syntax for type uuid") {
					t.Errorf("GetUser = %v, want invalid input syntax for type uuid", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("CreateUser: %v", err)
			}
			// A forgotten ID is the zero ULID; the schema's CHECK refuses it.
			_, err = q.CreateUser(ctx, sqlcdb.CreateUserParams{Name: "forgot", Friends: []ulid.ULID{}})
			if err == nil || !strings.Contains(err.Error(), `violates check constraint "sqlc_users_id_check" (SQLSTATE 23514)`) {
				t.Errorf("CreateUser without an ID = %v, want violates check constraint", err)
			}
			if boss.ManagerID != nil {
				t.Errorf("boss.ManagerID = %v, want nil", boss.ManagerID)
			}
			ann, err := q.CreateUser(ctx, sqlcdb.CreateUserParams{ID: ulid.Make(), Name: "ann", ManagerID: &boss.ID, Friends: []ulid.ULID{boss.ID}})
			if err != nil {
				t.Fatal(err)
			}
			bob, err := q.CreateUser(ctx, sqlcdb.CreateUserParams{ID: ulid.Make(), Name: "bob", ManagerID: &boss.ID, Friends: []ulid.ULID{boss.ID, ann.ID}})
			if err != nil {
				t.Fatal(err)
			}
			var text string
			if err := conn.QueryRow(ctx, "SELECT friends::text FROM sqlc_users WHERE id::text = $1", bob.ID.UUIDString()).Scan(&text); err != nil {
				t.Fatal(err)
			}
			if want := "{" + boss.ID.UUIDString() + "," + ann.ID.UUIDString() + "}"; text != want {
				t.Errorf("stored friends %s, want %s", text, want)
			}

			got, err := q.GetUser(ctx, bob.ID)
			if err != nil {
				t.Fatalf("GetUser: %v", err)
			}
			if got.Name != "bob" || got.ManagerID == nil || *got.ManagerID != boss.ID || !slices.Equal(got.Friends, []ulid.ULID{boss.ID, ann.ID}) {
				t.Errorf("GetUser = %+v", got)
			}
			users, err := q.ListUsers(ctx, []ulid.ULID{bob.ID, boss.ID, ulid.Make()})
			if err != nil {
				t.Fatalf("ListUsers: %v", err)
			}
			if len(users) != 2 || users[0].ID != boss.ID || users[1].ID != bob.ID {
				t.Errorf("ListUsers = %+v", users)
			}
			reports, err := q.ListReports(ctx, &boss.ID)
			if err != nil || !slices.Equal(reports, []ulid.ULID{ann.ID, bob.ID}) {
				t.Errorf("ListReports = %v, %v", reports, err)
			}
			ids, err := q.ReportIDs(ctx, &boss.ID)
			if err != nil || !slices.Equal(ids, []ulid.ULID{ann.ID, bob.ID}) {
				t.Errorf("ReportIDs (uuid[]) = %v, %v", ids, err)
			}
			if err := q.SetManager(ctx, sqlcdb.SetManagerParams{ID: bob.ID, ManagerID: nil}); err != nil {
				t.Fatalf("SetManager(nil): %v", err)
			}
			if got, err := q.GetUser(ctx, bob.ID); err != nil || got.ManagerID != nil {
				t.Errorf("after SetManager(nil): %+v, %v", got, err)
			}
		})
	}
}
