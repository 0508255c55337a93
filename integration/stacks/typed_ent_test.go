package stacks

// ulid.Typed[P] in ent, on the databases of ent_test.go. ent writes the
// name of a field's Go type into its generated code; for a generic type
// that name carries the prefix type's whole import path
// ("ulid.Typed[example.com/app/schema.user]"), which does not compile. A
// defined struct type with a Typed field, and the Typed's Value and Scan,
// has a plain name: enttyped/schema's AccountID, with field.UUID and the
// column types of the ULID recipe.

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	entdialect "entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/schema/field"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/enttyped"
	"github.com/ulidgo/ulid/integration/stacks/enttyped/account"
	"github.com/ulidgo/ulid/integration/stacks/enttyped/schema"
)

func TestTypedEnt(t *testing.T) {
	// Why the embedding: ent's name for a Typed field's type.
	if info := field.UUID("id", ulid.Typed[typedUser]{}).Descriptor().Info; !strings.Contains(info.Ident, "/") {
		t.Errorf("ent names ulid.Typed %q, without an import path: a Typed may work in ent as it is; update docs/stacks.md", info.Ident)
	}

	// Why the Typed is a named field, not embedded: ent's IDs scans the id
	// column into a struct type by its fields, and reaches the embedded
	// Typed's unexported field of that name.
	type embedded struct{ ulid.Typed[typedUser] }
	db := openSQL(t, "sqlite", "file:"+t.TempDir()+"/embedded.db")
	rows, err := db.QueryContext(testContext(t), "SELECT x'0123456789abcdeffedcba9876543210' AS id")
	if err != nil {
		t.Fatal(err)
	}
	func() {
		defer rows.Close()
		defer func() {
			if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "unexported field") {
				t.Errorf("ent's ScanSlice into an embedded Typed: recovered %v; want a panic on an unexported field (the trap is gone, update docs/stacks.md)", r)
			}
		}()
		var ids []embedded
		_ = entsql.ScanSlice(rows, &ids)
	}()

	for _, d := range entDBs {
		t.Run(d.name, func(t *testing.T) {
			source := "file:" + t.TempDir() + "/ent.db?_pragma=foreign_keys(1)"
			if d.env != "" {
				source = dsn(t, d.env)
			}
			if d.driver == "postgres" {
				source += "&binary_parameters=yes"
			}
			var db *sql.DB
			if d.env == envPgBouncer && d.driver == "pgx" {
				db = pgxULIDDB(t, source, d.mode)
			} else {
				db = openSQL(t, d.driver, source)
			}
			ctx := testContext(t)
			if _, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS ent_typed_accounts"); err != nil {
				t.Fatal(err)
			}
			client := enttyped.NewClient(enttyped.Driver(entsql.OpenDB(d.dialect, db)))
			if err := client.Schema.Create(ctx); err != nil {
				t.Fatalf("Schema.Create: %v", err)
			}
			for _, col := range []string{"id", "manager_id"} {
				var typ string
				if err := db.QueryRowContext(ctx, d.columnSQL, "ent_typed_accounts", col).Scan(&typ); err != nil || typ != d.keyType {
					t.Errorf("ent_typed_accounts.%s is %s, %v; want %s", col, typ, err, d.keyType)
				}
			}

			boss, err := client.Account.Create().SetID(schema.NewAccountID()).SetName("boss").Save(ctx)
			if d.mode != 0 {
				// pgxulid binds the types of package ulid only: pgx takes
				// AccountID's Value, the 16 bytes, which PostgreSQL refuses as
				// uuid text in exec and simple protocol modes.
				if err == nil || !strings.Contains(err.Error(), pg22P02) {
					t.Errorf("Create through PgBouncer with pgx in mode %v: %v; want %s (the trap is gone, update docs/stacks.md)", d.mode, err, pg22P02)
				}
				return
			}
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			clerk, err := client.Account.Create().SetID(schema.NewAccountID()).SetName("clerk").SetManagerID(boss.ID).Save(ctx)
			if err != nil {
				t.Fatalf("Create: %v", err)
			}

			// By key, from TypeID text, as a handler would.
			id, err := schema.ParseAccountID(clerk.ID.String())
			if err != nil {
				t.Fatal(err)
			}
			got, err := client.Account.Get(ctx, id)
			if err != nil || got.Name != "clerk" || got.ManagerID == nil || *got.ManagerID != boss.ID {
				t.Errorf("Get %v = %+v, %v; want the clerk, managed by %v", id, got, err, boss.ID)
			}
			if got, err := client.Account.Get(ctx, boss.ID); err != nil || got.ManagerID != nil {
				t.Errorf("Get boss = %+v, %v; want a nil ManagerID", got, err)
			}
			reports, err := client.Account.Query().Where(account.ManagerID(boss.ID)).All(ctx)
			if err != nil || len(reports) != 1 || reports[0].ID != clerk.ID {
				t.Errorf("by manager = %v, %v; want the clerk", reports, err)
			}
			ids, err := client.Account.Query().Where(account.IDIn(boss.ID, clerk.ID, schema.NewAccountID())).Order(enttyped.Asc(account.FieldID)).IDs(ctx)
			if err != nil || len(ids) != 2 || ids[0] != boss.ID || ids[1] != clerk.ID {
				t.Errorf("IDIn = %v, %v; want %v, %v", ids, err, boss.ID, clerk.ID)
			}
			if _, err := client.Account.Get(ctx, schema.NewAccountID()); !enttyped.IsNotFound(err) {
				t.Errorf("Get of a key not there: %v, want not found", err)
			}

			// The column holds the ULID's 16 bytes: a plain ulid.ULID reads them.
			q := "SELECT id FROM ent_typed_accounts WHERE name = ?"
			if d.dialect == entdialect.Postgres {
				q = "SELECT id FROM ent_typed_accounts WHERE name = $1"
			}
			var plain ulid.ULID
			if err := db.QueryRowContext(ctx, q, "boss").Scan(&plain); err != nil || plain != boss.ID.Typed.ULID() {
				t.Errorf("a ulid.ULID reads %v, %v; want %v", plain, err, boss.ID.Typed.ULID())
			}

			// Another type's TypeID text is refused before any query.
			if _, err := schema.ParseAccountID(orderText); !errors.Is(err, ulid.ErrWrongPrefix) {
				t.Errorf("ParseAccountID(%s) = %v, want ulid.ErrWrongPrefix", orderText, err)
			}
		})
	}
}
