package stacks

// ent (entgo.io/ent) with a ULID key, field.UUID("id", ulid.ULID{}), on
// PostgreSQL, MariaDB and SQLite. The schema is ent/schema/user.go; the
// client in ent/ is generated from it (go generate ./ent).

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	entdialect "entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/ent"
	_ "github.com/ulidgo/ulid/integration/stacks/ent/runtime" // the schema's defaults and hooks
	"github.com/ulidgo/ulid/integration/stacks/ent/schema"
	"github.com/ulidgo/ulid/integration/stacks/ent/user"
)

type entDB struct {
	name, dialect, driver, env string
	// columnSQL returns the type of a column ($1/? table, column).
	columnSQL string
	keyType   string // users.id as columnSQL reports it
	bareType  string // bares.id, ent's default
	keySQL    string // counts users whose id is the hex in its argument
	// mode is the exec mode through PgBouncer, with pgxulid registered.
	mode pgx.QueryExecMode
}

var entDBs = []entDB{
	{"postgres", entdialect.Postgres, "pgx", envPostgres,
		"SELECT data_type FROM information_schema.columns WHERE table_name = $1 AND column_name = $2",
		"uuid", "uuid", "SELECT count(*) FROM ent_users WHERE id = $1::uuid", 0},
	{"pgbouncer-simple-pgxulid", entdialect.Postgres, "pgx", envPgBouncer,
		"SELECT data_type FROM information_schema.columns WHERE table_name = $1 AND column_name = $2",
		"uuid", "uuid", "SELECT count(*) FROM ent_users WHERE id = $1::uuid", pgx.QueryExecModeSimpleProtocol},
	{"pgbouncer-exec-pgxulid", entdialect.Postgres, "pgx", envPgBouncer,
		"SELECT data_type FROM information_schema.columns WHERE table_name = $1 AND column_name = $2",
		"uuid", "uuid", "SELECT count(*) FROM ent_users WHERE id = $1::uuid", pgx.QueryExecModeExec},
	// lib/pq, ent's usual PostgreSQL driver (ent.Open("postgres", …)),
	// with binary_parameters=yes.
	{"postgres-libpq", entdialect.Postgres, "postgres", envPostgres,
		"SELECT data_type FROM information_schema.columns WHERE table_name = $1 AND column_name = $2",
		"uuid", "uuid", "SELECT count(*) FROM ent_users WHERE id = $1::uuid", 0},
	{"pgbouncer-libpq", entdialect.Postgres, "postgres", envPgBouncer,
		"SELECT data_type FROM information_schema.columns WHERE table_name = $1 AND column_name = $2",
		"uuid", "uuid", "SELECT count(*) FROM ent_users WHERE id = $1::uuid", 0},
	{"mariadb", entdialect.MySQL, "mysql", envMySQL,
		"SELECT column_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?",
		"binary(16)", "uuid", "SELECT count(*) FROM ent_users WHERE id = UNHEX(?)", 0},
	{"sqlite", entdialect.SQLite, "sqlite", "",
		"SELECT lower(type) FROM pragma_table_info(?) WHERE name = ?",
		"blob", "uuid", "SELECT count(*) FROM ent_users WHERE hex(id) = upper(?)", 0},
}

func TestEnt(t *testing.T) {
	// The schema's hook guards the creates; no update builder can set a key.
	for _, typ := range []reflect.Type{reflect.TypeFor[*ent.UserUpdate](), reflect.TypeFor[*ent.UserUpdateOne]()} {
		if _, ok := typ.MethodByName("SetID"); ok {
			t.Errorf("%v has SetID: refuseZeroID in ent/schema must cover updates too", typ)
		}
	}
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
				var err error
				if db, err = sql.Open(d.driver, source); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
			}
			ctx := testContext(t)
			for _, q := range []string{"DROP TABLE IF EXISTS ent_users", "DROP TABLE IF EXISTS ent_bares"} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			client := ent.NewClient(ent.Driver(entsql.OpenDB(d.dialect, db)))
			if err := client.Schema.Create(ctx); err != nil {
				t.Fatalf("Schema.Create: %v", err)
			}
			column := func(table, col string) string {
				var typ string
				if err := db.QueryRowContext(ctx, d.columnSQL, table, col).Scan(&typ); err != nil {
					t.Fatalf("%s.%s: %v", table, col, err)
				}
				return typ
			}
			for _, col := range []string{"id", "manager_id"} {
				if got := column("ent_users", col); got != d.keyType {
					t.Errorf("ent_users.%s is %s, want %s", col, got, d.keyType)
				}
			}

			// The zero ULID as a key: Default(ulid.Make) fills only a key
			// that is not set, and the schema's hook refuses a zero one, in
			// Create and in CreateBulk, before any row is written.
			var zero ulid.ULID
			for _, c := range []struct {
				name string
				save func(context.Context) error
			}{
				{"Create SetID", client.User.Create().SetName("zero").SetID(zero).Exec},
				{"Create SetNillableID", client.User.Create().SetName("zero").SetNillableID(&zero).Exec},
				{"CreateBulk", client.User.CreateBulk(
					client.User.Create().SetName("ok"),
					client.User.Create().SetName("zero").SetID(zero),
				).Exec},
			} {
				err := c.save(ctx)
				var n int
				if err := db.QueryRowContext(ctx, "SELECT count(*) FROM ent_users").Scan(&n); err != nil {
					t.Fatal(err)
				}
				if !errors.Is(err, schema.ErrZeroID) || err.Error() != "User: the zero ULID is not a key" || n != 0 {
					t.Errorf("%s with the zero ULID: %v, %d rows stored; want schema.ErrZeroID (User: the zero ULID is not a key) and none", c.name, err, n)
					if _, err := db.ExecContext(ctx, "DELETE FROM ent_users"); err != nil {
						t.Fatal(err)
					}
				}
			}

			// Without SchemaType, ent's column for field.UUID on MariaDB is
			// its UUID type, which refuses the 16 bytes.
			if got := column("ent_bares", "id"); got != d.bareType {
				t.Errorf("ent_bares.id (no SchemaType) is %s, want %s", got, d.bareType)
			}
			_, err := client.Bare.Create().Save(ctx)
			if d.name == "mariadb" {
				if err == nil || !strings.Contains(err.Error(), "1292") {
					t.Errorf("Bare.Create on MariaDB = %v, want Error 1292 (Incorrect uuid value)", err)
				}
			} else if err != nil {
				t.Errorf("Bare.Create: %v", err)
			}

			// Create: the Default fills the keys.
			boss, err := client.User.Create().SetName("boss").Save(ctx)
			if err != nil {
				t.Fatalf("Create: %v", err)
			}
			if boss.ID.IsZero() {
				t.Fatal("Create left the ID zero")
			}
			staff, err := client.User.CreateBulk(
				client.User.Create().SetName("ann").SetManagerID(boss.ID),
				client.User.Create().SetName("bob").SetManager(boss),
			).Save(ctx)
			if err != nil {
				t.Fatalf("CreateBulk: %v", err)
			}
			var n int
			if err := db.QueryRowContext(ctx, d.keySQL, strings.ReplaceAll(boss.ID.UUIDString(), "-", "")).Scan(&n); err != nil || n != 1 {
				t.Errorf("the stored key is not the 16 bytes of %s: %d, %v", boss.ID.UUIDString(), n, err)
			}

			got, err := client.User.Get(ctx, staff[0].ID)
			if err != nil {
				t.Fatalf("Get: %v", err)
			}
			if got.Name != "ann" || got.ManagerID == nil || *got.ManagerID != boss.ID {
				t.Errorf("Get = %+v", got)
			}
			if got, err := client.User.Get(ctx, boss.ID); err != nil || got.ManagerID != nil {
				t.Errorf("Get boss = %+v, %v; want a nil ManagerID", got, err)
			}
			if _, err := client.User.Get(ctx, ulid.Make()); !ent.IsNotFound(err) {
				t.Errorf("Get of a missing ID: %v, want not found", err)
			}

			us, err := client.User.Query().Where(user.IDIn(boss.ID, staff[1].ID)).Order(ent.Asc(user.FieldID)).All(ctx)
			if err != nil {
				t.Fatalf("IDIn: %v", err)
			}
			if len(us) != 2 || us[0].ID != boss.ID || us[1].ID != staff[1].ID {
				t.Errorf("IDIn = %v", us)
			}
			ids, err := client.User.Query().Order(ent.Asc(user.FieldID)).IDs(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(ids, []ulid.ULID{boss.ID, staff[0].ID, staff[1].ID}) {
				t.Errorf("ORDER BY id = %v, want creation order", ids)
			}

			// Select().Scan() into a struct: a NULL into a ulid.ULID field
			// is the zero ULID, with no error (ent scans nullable columns
			// into its own wrapper, not through ulid's Scan); into a
			// *ulid.ULID it is nil, the recipe.
			var plain []struct {
				ID        ulid.ULID `json:"id"`
				ManagerID ulid.ULID `json:"manager_id"`
			}
			if err := client.User.Query().Where(user.ID(boss.ID)).Select(user.FieldID, user.FieldManagerID).Scan(ctx, &plain); err != nil || len(plain) != 1 || plain[0].ID != boss.ID || !plain[0].ManagerID.IsZero() {
				t.Errorf("Select().Scan() of a NULL into a ulid.ULID = %+v, %v; want the zero ULID and no error (the trap)", plain, err)
			}
			var scanned []struct {
				ID        ulid.ULID  `json:"id"`
				ManagerID *ulid.ULID `json:"manager_id"` // nil is NULL
			}
			if err := client.User.Query().Where(user.IDIn(boss.ID, staff[0].ID)).Order(ent.Asc(user.FieldID)).Select(user.FieldID, user.FieldManagerID).Scan(ctx, &scanned); err != nil ||
				len(scanned) != 2 || scanned[0].ManagerID != nil || scanned[1].ManagerID == nil || *scanned[1].ManagerID != boss.ID {
				t.Errorf("Select().Scan() into *ulid.ULID = %+v, %v; want nil, then %v", scanned, err, boss.ID)
			}

			// Edges, both ways, and eager loading.
			reports, err := client.User.QueryReports(boss).Order(ent.Asc(user.FieldID)).IDs(ctx)
			if err != nil || !slices.Equal(reports, []ulid.ULID{staff[0].ID, staff[1].ID}) {
				t.Errorf("QueryReports = %v, %v", reports, err)
			}
			withManager, err := client.User.Query().Where(user.ManagerID(boss.ID)).WithManager().Order(ent.Asc(user.FieldID)).All(ctx)
			if err != nil {
				t.Fatalf("WithManager: %v", err)
			}
			if len(withManager) != 2 || withManager[0].Edges.Manager == nil || withManager[0].Edges.Manager.ID != boss.ID {
				t.Errorf("WithManager = %v", withManager)
			}

			// Update, to NULL and back, and Delete.
			if err := client.User.UpdateOneID(staff[1].ID).ClearManagerID().Exec(ctx); err != nil {
				t.Fatalf("ClearManagerID: %v", err)
			}
			if got, err := client.User.Get(ctx, staff[1].ID); err != nil || got.ManagerID != nil {
				t.Errorf("after ClearManagerID: %+v, %v", got, err)
			}
			if err := client.User.UpdateOneID(staff[1].ID).SetManagerID(staff[0].ID).Exec(ctx); err != nil {
				t.Fatalf("SetManagerID: %v", err)
			}
			if err := client.User.DeleteOneID(staff[1].ID).Exec(ctx); err != nil {
				t.Fatalf("DeleteOneID: %v", err)
			}
			if n, err := client.User.Query().Count(ctx); err != nil || n != 2 {
				t.Errorf("Count after delete = %d, %v", n, err)
			}
		})
	}
}

// TestEntLibPQ pins ent on lib/pq without binary_parameters=yes: lib/pq
// sends the 16 bytes as text, and every insert fails.
func TestEntLibPQ(t *testing.T) {
	db := openSQL(t, "postgres", dsn(t, envPostgres))
	ctx := testContext(t)
	if _, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS ent_users"); err != nil {
		t.Fatal(err)
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(entdialect.Postgres, db)))
	if err := client.Schema.Create(ctx); err != nil {
		t.Fatal(err)
	}
	_, err := client.User.Create().SetName("x").Save(ctx)
	if err == nil || !strings.Contains(err.Error(), `invalid byte sequence for encoding "UTF8"`) {
		t.Errorf("Create on lib/pq without binary_parameters: %v; want invalid byte sequence for encoding \"UTF8\"", err)
	}

	// The recipe, as ent.Open spells it.
	client, err = ent.Open(entdialect.Postgres, dsn(t, envPostgres)+"&binary_parameters=yes")
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	u, err := client.User.Create().SetName("x").Save(ctx)
	if err != nil {
		t.Fatalf("Create on lib/pq with binary_parameters=yes: %v", err)
	}
	if got, err := client.User.Get(ctx, u.ID); err != nil || got.ID != u.ID {
		t.Errorf("Get = %v, %v; want %v", got, err, u.ID)
	}
}
