package stacks

// bun (github.com/uptrace/bun) on PostgreSQL. bun writes the arguments into
// the SQL text itself, whatever the driver: a ulid.ULID goes through Value,
// and bun writes the 16 bytes as a bytea literal, '\x01a2...'. A bytea column
// takes that; a uuid column does not.

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/ulidgo/ulid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/mysqldialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
)

// Account is the bun model of docs/stacks.md: ULIDs in bytea columns.
type Account struct {
	bun.BaseModel `bun:"table:bun_accounts"`

	ID       ulid.ULID  `bun:"id,pk,type:bytea"`
	ParentID *ulid.ULID `bun:"parent_id,type:bytea"` // nil is NULL
	Name     string     `bun:"name,notnull"`
}

var _ bun.BeforeAppendModelHook = (*Account)(nil)

// BeforeAppendModel gives a new Account a ULID when it has none.
func (a *Account) BeforeAppendModel(_ context.Context, q bun.Query) error {
	if _, ok := q.(*bun.InsertQuery); ok && a.ID.IsZero() {
		a.ID = ulid.Make()
	}
	return nil
}

// uuidAccount keeps its keys in uuid columns, as google/uuid's UUID, whose
// Value is the UUID text; ulid.ULID(a.ID) and uuid.UUID(id) convert.
type uuidAccount struct {
	bun.BaseModel `bun:"table:bun_uuid_accounts"`

	ID       uuid.UUID  `bun:"id,pk,type:uuid"`
	ParentID *uuid.UUID `bun:"parent_id,type:uuid"`
	Name     string     `bun:"name,notnull"`
}

// ulidInUUID is what does not work: a ulid.ULID in a uuid column.
type ulidInUUID struct {
	bun.BaseModel `bun:"table:bun_ulid_uuid"`

	ID ulid.ULID `bun:"id,pk,type:uuid"`
}

// bareAccount is Account without the hook.
type bareAccount struct {
	bun.BaseModel `bun:"table:bun_bare_accounts"`

	ID   ulid.ULID `bun:"id,pk,type:bytea"`
	Name string    `bun:"name,notnull"`
}

// openBun opens bun on the database in env, with query added to the
// connection string: through PgBouncer, default_query_exec_mode=exec or
// simple_protocol, and no pgxulid, as bun sends no arguments for it to encode.
func openBun(t *testing.T, env, query string) *bun.DB {
	t.Helper()
	sqlDB, err := sql.Open("pgx", dsn(t, env)+query)
	if err != nil {
		t.Fatal(err)
	}
	db := bun.NewDB(sqlDB, pgdialect.New())
	t.Cleanup(func() { db.Close() })
	return db
}

var _ = stdlib.GetDefaultDriver // registers "pgx"

// The MariaDB and SQLite variants of Account: the same table, another column
// type. The queries go through Account, whose type tag plays no part in them.
type accountMy struct {
	bun.BaseModel `bun:"table:bun_accounts"`

	ID       ulid.ULID  `bun:"id,pk,type:binary(16)"`
	ParentID *ulid.ULID `bun:"parent_id,type:binary(16)"`
	Name     string     `bun:"name,notnull,type:varchar(20)"`
}

type accountLite struct {
	bun.BaseModel `bun:"table:bun_accounts"`

	ID       ulid.ULID  `bun:"id,pk,type:blob"`
	ParentID *ulid.ULID `bun:"parent_id,type:blob"`
	Name     string     `bun:"name,notnull"`
}

func TestBun(t *testing.T) {
	pgModels := []any{(*Account)(nil), (*uuidAccount)(nil), (*ulidInUUID)(nil), (*bareAccount)(nil)}
	for _, tc := range []struct{ name, env, query string }{
		{"postgres", envPostgres, ""},
		{"pgbouncer-simple", envPgBouncer, "&default_query_exec_mode=simple_protocol"},
		{"pgbouncer-exec", envPgBouncer, "&default_query_exec_mode=exec"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testBun(t, openBun(t, tc.env, tc.query), pgModels, "SELECT encode(id, 'hex') FROM bun_accounts WHERE name = 'a'")
		})
	}
	t.Run("mariadb", func(t *testing.T) {
		sqlDB, err := sql.Open("mysql", dsn(t, envMySQL))
		if err != nil {
			t.Fatal(err)
		}
		db := bun.NewDB(sqlDB, mysqldialect.New())
		t.Cleanup(func() { db.Close() })
		testBun(t, db, []any{(*accountMy)(nil)}, "SELECT lower(hex(id)) FROM bun_accounts WHERE name = 'a'")
	})
	t.Run("sqlite", func(t *testing.T) {
		sqlDB, err := sql.Open("sqlite", "file:"+t.TempDir()+"/bun.db")
		if err != nil {
			t.Fatal(err)
		}
		db := bun.NewDB(sqlDB, sqlitedialect.New())
		t.Cleanup(func() { db.Close() })
		testBun(t, db, []any{(*accountLite)(nil)}, "SELECT lower(hex(id)) FROM bun_accounts WHERE name = 'a'")
	})
}

// testBun runs the recipe on db after creating the tables of models; hexSQL
// reads the key of the account named a as lower-case hex.
func testBun(t *testing.T, db *bun.DB, models []any, hexSQL string) {
	ctx := testContext(t)
	pg := len(models) > 1
	for _, m := range models {
		if _, err := db.NewDropTable().Model(m).IfExists().Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := db.NewCreateTable().Model(m).Exec(ctx); err != nil {
			t.Fatalf("CreateTable %T: %v", m, err)
		}
	}

	t.Run("recipe", func(t *testing.T) {
		root := Account{Name: "root"}
		if _, err := db.NewInsert().Model(&root).Exec(ctx); err != nil {
			t.Fatalf("Insert: %v", err)
		}
		if root.ID.IsZero() {
			t.Fatal("the hook left the ID zero")
		}
		kids := []Account{{Name: "a", ParentID: &root.ID}, {Name: "b", ParentID: &root.ID}}
		if _, err := db.NewInsert().Model(&kids).Exec(ctx); err != nil {
			t.Fatalf("Insert (bulk): %v", err)
		}
		if kids[0].ID.IsZero() || kids[1].ID.Compare(kids[0].ID) <= 0 {
			t.Fatalf("bulk IDs %v %v", kids[0].ID, kids[1].ID)
		}
		// Stored as the 16 bytes.
		var hex string
		if err := db.NewRaw(hexSQL).Scan(ctx, &hex); err != nil {
			t.Fatal(err)
		}
		if want := strings.ReplaceAll(kids[0].ID.UUIDString(), "-", ""); hex != want {
			t.Errorf("stored %s, want %s", hex, want)
		}

		got := Account{ID: kids[0].ID}
		if err := db.NewSelect().Model(&got).WherePK().Scan(ctx); err != nil {
			t.Fatalf("Select WherePK: %v", err)
		}
		if got.Name != "a" || got.ParentID == nil || *got.ParentID != root.ID {
			t.Errorf("WherePK = %+v", got)
		}
		got = Account{}
		if err := db.NewSelect().Model(&got).Where("id = ?", root.ID).Scan(ctx); err != nil {
			t.Fatalf("Select id = ?: %v", err)
		}
		if got.Name != "root" || got.ParentID != nil {
			t.Errorf("root = %+v", got)
		}
		var all []Account
		if err := db.NewSelect().Model(&all).Where("id IN (?)", bun.In([]ulid.ULID{root.ID, kids[1].ID})).Order("id").Scan(ctx); err != nil {
			t.Fatalf("Select IN: %v", err)
		}
		if len(all) != 2 || all[0].ID != root.ID || all[1].ID != kids[1].ID {
			t.Errorf("IN = %+v", all)
		}
		all = nil
		if err := db.NewSelect().Model(&all).Order("id").Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if ids := []ulid.ULID{all[0].ID, all[1].ID, all[2].ID}; !slices.Equal(ids, []ulid.ULID{root.ID, kids[0].ID, kids[1].ID}) {
			t.Errorf("Order(id) = %v, want creation order", ids)
		}
		if _, err := db.NewUpdate().Model(&kids[1]).Set("parent_id = ?", kids[0].ID).WherePK().Exec(ctx); err != nil {
			t.Fatalf("Update: %v", err)
		}
		if _, err := db.NewDelete().Model(&kids[0]).WherePK().Exec(ctx); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		n, err := db.NewSelect().Model((*Account)(nil)).Count(ctx)
		if err != nil || n != 2 {
			t.Errorf("Count = %d, %v; want 2", n, err)
		}
	})

	if !pg {
		return // the rest is about PostgreSQL's uuid
	}

	t.Run("no-hook", func(t *testing.T) {
		// Without the hook, an Account made without an ID has the zero
		// ULID, and bun stores it as the key.
		if _, err := db.NewInsert().Model(&bareAccount{Name: "x"}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		var got bareAccount
		if err := db.NewSelect().Model(&got).Where("name = 'x'").Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if !got.ID.IsZero() {
			t.Errorf("stored %v, want the trap: the zero ULID", got.ID)
		}
	})

	t.Run("ulid-in-uuid-column", func(t *testing.T) {
		_, err := db.NewInsert().Model(&ulidInUUID{ID: ulid.Make()}).Exec(ctx)
		if err == nil || !strings.Contains(err.Error(), "invalid input syntax for type uuid") {
			t.Fatalf("Insert = %v, want invalid input syntax for type uuid", err)
		}
		t.Log(err)
	})

	t.Run("uuid", func(t *testing.T) {
		id, parent := ulid.Make(), ulid.Make()
		p := uuid.UUID(parent)
		for _, a := range []uuidAccount{{ID: uuid.UUID(parent), Name: "p"}, {ID: uuid.UUID(id), ParentID: &p, Name: "c"}} {
			if _, err := db.NewInsert().Model(&a).Exec(ctx); err != nil {
				t.Fatalf("Insert: %v", err)
			}
		}
		var got uuidAccount
		if err := db.NewSelect().Model(&got).Where("id = ?", uuid.UUID(id)).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		if ulid.ULID(got.ID) != id || got.ParentID == nil || ulid.ULID(*got.ParentID) != parent {
			t.Errorf("got %+v", got)
		}
		var text string
		if err := db.NewRaw("SELECT id::text FROM bun_uuid_accounts WHERE name = 'c'").Scan(ctx, &text); err != nil || text != id.UUIDString() {
			t.Errorf("stored %q, %v; want %s", text, err, id.UUIDString())
		}
	})
}
