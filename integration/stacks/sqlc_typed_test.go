package stacks

// ulid.Typed[P] in sqlc, with pgx/v5 output, beside sqlc_test.go. sqlc
// writes an override's go_type by the name it is given, so the typed key is
// an alias, typedids.AccountID = ulid.Typed[account], named in column
// overrides (sqlc_typed.yaml); sqlc/sqlctyped is generated from
// sqlc/typed/query.sql.

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/sqlc/sqlctyped"
	"github.com/ulidgo/ulid/integration/stacks/sqlc/typedids"
)

func TestTypedSQLC(t *testing.T) {
	// The overrides docs/stacks.md shows are sqlc_typed.yaml's.
	md, err := os.ReadFile("../../docs/stacks.md")
	if err != nil {
		t.Fatal(err)
	}
	config, err := os.ReadFile("sqlc_typed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, shown, _ := strings.Cut(string(md), "In sqlc, an alias")
	_, shown, _ = strings.Cut(shown, "```yaml\n")
	shown, _, _ = strings.Cut(shown, "```")
	if shown == "" {
		t.Error("docs/stacks.md shows no overrides for the sqlc alias")
	}
	for line := range strings.Lines(shown) {
		if !strings.Contains(string(config), strings.TrimSpace(line)) {
			t.Errorf("docs/stacks.md: %q is not in sqlc_typed.yaml", strings.TrimSpace(line))
		}
	}

	for _, c := range []struct {
		name, env string
		mode      pgx.QueryExecMode
		register  bool
	}{
		{"postgres", envPostgres, pgx.QueryExecModeCacheStatement, false},
		{"pgbouncer-simple-pgxulid", envPgBouncer, pgx.QueryExecModeSimpleProtocol, true},
		{"pgbouncer-exec-pgxulid", envPgBouncer, pgx.QueryExecModeExec, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			conn := sqlcConnect(t, c.env, c.mode, c.register)
			ctx := testContext(t)
			for _, q := range []string{"DROP TABLE IF EXISTS sqlc_typed_accounts", sqlcTypedSchema(t)} {
				if _, err := conn.Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			queries := sqlctyped.New(conn)
			boss, clerk := ulid.MakeTyped[typedids.AccountPrefix](), ulid.MakeTyped[typedids.AccountPrefix]()
			if err := queries.CreateAccount(ctx, sqlctyped.CreateAccountParams{ID: boss, Name: "boss"}); err != nil {
				t.Fatal(err)
			}
			if err := queries.CreateAccount(ctx, sqlctyped.CreateAccountParams{ID: clerk, Name: "clerk", ManagerID: &boss}); err != nil {
				t.Fatal(err)
			}
			got, err := queries.GetAccount(ctx, clerk)
			if err != nil || got.ID != clerk || got.Name != "clerk" || got.ManagerID == nil || *got.ManagerID != boss {
				t.Errorf("GetAccount(%v) = %+v, %v; want the clerk, managed by %v", clerk, got, err, boss)
			}
			if got, err := queries.GetAccount(ctx, boss); err != nil || got.ManagerID != nil {
				t.Errorf("GetAccount(boss) = %+v, %v; want a nil ManagerID", got, err)
			}
			reports, err := queries.ListReports(ctx, &boss)
			if err != nil || len(reports) != 1 || reports[0] != clerk {
				t.Errorf("ListReports = %v, %v; want the clerk", reports, err)
			}
			if got, err := queries.GetAccount(ctx, ulid.MakeTyped[typedids.AccountPrefix]()); !errors.Is(err, pgx.ErrNoRows) {
				t.Errorf("GetAccount of a key not there = %+v, %v; want pgx.ErrNoRows", got, err)
			}
			var plain ulid.ULID
			if err := conn.QueryRow(ctx, "SELECT id FROM sqlc_typed_accounts WHERE name = 'boss'").Scan(&plain); err != nil || plain != boss.ULID() {
				t.Errorf("a ulid.ULID reads %v, %v; want %v", plain, err, boss.ULID())
			}
			// The key from a request: another type's TypeID text is refused.
			if _, err := ulid.ParseTyped[typedids.AccountPrefix](orderText); !errors.Is(err, ulid.ErrWrongPrefix) {
				t.Errorf("ParseTyped(%s) = %v, want ulid.ErrWrongPrefix", orderText, err)
			}
		})
	}
}

// sqlcTypedSchema returns sqlc/typed/schema.sql.
func sqlcTypedSchema(t *testing.T) string {
	t.Helper()
	schema, err := os.ReadFile("sqlc/typed/schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	return string(schema)
}
