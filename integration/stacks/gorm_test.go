package stacks

// GORM (gorm.io/gorm) with a ULID primary key and a nullable *ulid.ULID
// foreign key, on PostgreSQL (gorm.io/driver/postgres, which uses pgx v5),
// directly and through PgBouncer, MariaDB (gorm.io/driver/mysql) and SQLite
// (github.com/glebarez/sqlite, pure Go).
//
// GORM's `type` tag is the same for every database, so the column type is
// the one thing in the model that depends on the dialect: `type:uuid` for
// PostgreSQL, `type:binary(16)` for MariaDB/MySQL, and none (GORM's blob) for
// SQLite. Each dialect's subtest migrates its own variant of the documented
// model (gormUserMy, gormUserLite: the same fields, another tag) and checks
// the created column type; the queries then go through User and Post, whose
// tags play no part in them.

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/glebarez/sqlite"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
	"gorm.io/driver/mysql"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// User is the model of docs/stacks.md, as written for PostgreSQL.
type User struct {
	ID        ulid.ULID  `gorm:"type:uuid;primaryKey"`
	Name      string     `gorm:"size:100"`
	ManagerID *ulid.ULID `gorm:"type:uuid"` // NULL: no manager
	Manager   *User
	Posts     []Post
}

// BeforeCreate gives a new User a ULID when it has none, so that Create never
// stores the zero ULID as a key.
func (u *User) BeforeCreate(*gorm.DB) error {
	if u.ID.IsZero() {
		u.ID = ulid.Make()
	}
	return nil
}

// Post belongs to a User.
type Post struct {
	ID     ulid.ULID `gorm:"type:uuid;primaryKey"`
	UserID ulid.ULID `gorm:"type:uuid"`
	Title  string    `gorm:"size:100"`
}

func (p *Post) BeforeCreate(*gorm.DB) error {
	if p.ID.IsZero() {
		p.ID = ulid.Make()
	}
	return nil
}

// The model for MariaDB/MySQL: BINARY(16).
type gormUserMy struct {
	ID        ulid.ULID  `gorm:"type:binary(16);primaryKey"`
	Name      string     `gorm:"size:100"`
	ManagerID *ulid.ULID `gorm:"type:binary(16)"`
	Manager   *gormUserMy
	Posts     []gormPostMy `gorm:"foreignKey:UserID"`
}

type gormPostMy struct {
	ID     ulid.ULID `gorm:"type:binary(16);primaryKey"`
	UserID ulid.ULID `gorm:"type:binary(16)"`
	Title  string    `gorm:"size:100"`
}

// The model for SQLite: no type tag; GORM makes a [16]byte a blob.
type gormUserLite struct {
	ID        ulid.ULID `gorm:"primaryKey"`
	Name      string    `gorm:"size:100"`
	ManagerID *ulid.ULID
	Manager   *gormUserLite
	Posts     []gormPostLite `gorm:"foreignKey:UserID"`
}

type gormPostLite struct {
	ID     ulid.ULID `gorm:"primaryKey"`
	UserID ulid.ULID
	Title  string `gorm:"size:100"`
}

// A gormDB is one way to reach one database with GORM.
type gormDB struct {
	name string
	open func(t *testing.T) *gorm.DB
	// models are the dialect's variant of User and Post, for AutoMigrate.
	models []any
	// columnType returns the type of users.id and users.manager_id as the
	// database reports them.
	columnType func(t *testing.T, db *gorm.DB, table, column string) string
	idType     string
	// keySQL counts the users whose id is the 32 hex digits of its argument,
	// without going through ulid.ULID.Value.
	keySQL string
}

var gormConfig = &gorm.Config{Logger: logger.Discard, TranslateError: true}

// gormPgxULID opens GORM on PostgreSQL through pgx's database/sql driver
// with pgxulid registered on every connection, in the given exec mode: the
// recipe for PgBouncer and other poolers (simple protocol).
// gormOpen opens d with gormConfig and closes it when the test ends.
func gormOpen(t *testing.T, d gorm.Dialector) *gorm.DB {
	t.Helper()
	db, err := gorm.Open(d, gormConfig)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s, err := db.DB(); err == nil {
			s.Close()
		}
	})
	return db
}

func gormPgxULID(t *testing.T, env string, simple bool) *gorm.DB {
	config, err := pgx.ParseConfig(dsn(t, env))
	if err != nil {
		t.Fatal(err)
	}
	if simple {
		config.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
	}
	sqlDB := stdlib.OpenDB(*config, stdlib.OptionAfterConnect(func(_ context.Context, conn *pgx.Conn) error {
		pgxulid.Register(conn.TypeMap())
		return nil
	}))
	db, err := gorm.Open(postgres.New(postgres.Config{Conn: sqlDB}), gormConfig)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sqlDB.Close() })
	return db
}

func pgColumnType(t *testing.T, db *gorm.DB, table, column string) string {
	var typ string
	if err := db.Raw("SELECT data_type FROM information_schema.columns WHERE table_name = ? AND column_name = ?", table, column).Scan(&typ).Error; err != nil {
		t.Fatal(err)
	}
	return typ
}

var pgModels = []any{&User{}, &Post{}}

const pgKeySQL = "SELECT COUNT(*) FROM users WHERE id = ?::uuid"

var gormDBs = []gormDB{
	{
		name:       "postgres",
		open:       func(t *testing.T) *gorm.DB { return gormOpen(t, postgres.Open(dsn(t, envPostgres))) },
		models:     pgModels,
		columnType: pgColumnType,
		idType:     "uuid",
		keySQL:     pgKeySQL,
	},
	{
		name:       "postgres-simple-pgxulid",
		open:       func(t *testing.T) *gorm.DB { return gormPgxULID(t, envPostgres, true) },
		models:     pgModels,
		columnType: pgColumnType,
		idType:     "uuid",
		keySQL:     pgKeySQL,
	},
	{
		name:       "pgbouncer-simple-pgxulid",
		open:       func(t *testing.T) *gorm.DB { return gormPgxULID(t, envPgBouncer, true) },
		models:     pgModels,
		columnType: pgColumnType,
		idType:     "uuid",
		keySQL:     pgKeySQL,
	},
	{
		name:   "mariadb",
		open:   func(t *testing.T) *gorm.DB { return gormOpen(t, mysql.Open(dsn(t, envMySQL))) },
		models: []any{&gormUserMy{}, &gormPostMy{}},
		columnType: func(t *testing.T, db *gorm.DB, table, column string) string {
			var typ string
			if err := db.Raw("SELECT column_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?", table, column).Scan(&typ).Error; err != nil {
				t.Fatal(err)
			}
			return typ
		},
		idType: "binary(16)",
		keySQL: "SELECT COUNT(*) FROM users WHERE id = UNHEX(?)",
	},
	{
		name: "sqlite",
		open: func(t *testing.T) *gorm.DB {
			return gormOpen(t, sqlite.Open("file:"+t.TempDir()+"/gorm.db?_pragma=foreign_keys(1)"))
		},
		columnType: func(t *testing.T, db *gorm.DB, table, column string) string {
			var typ string
			if err := db.Raw("SELECT type FROM pragma_table_info(?) WHERE name = ?", table, column).Scan(&typ).Error; err != nil {
				t.Fatal(err)
			}
			return typ
		},
		models: []any{&gormUserLite{}, &gormPostLite{}},
		idType: "blob",
		keySQL: "SELECT COUNT(*) FROM users WHERE hex(id) = upper(?)",
	},
}

// resetGORM drops the tables and migrates the dialect's model.
func resetGORM(t *testing.T, d gormDB, db *gorm.DB) {
	t.Helper()
	if err := db.Migrator().DropTable("posts", "users"); err != nil {
		t.Fatalf("DropTable: %v", err)
	}
	if err := db.AutoMigrate(d.models...); err != nil {
		t.Fatalf("AutoMigrate: %v", err)
	}
}

func (gormUserMy) TableName() string   { return "users" }
func (gormPostMy) TableName() string   { return "posts" }
func (gormUserLite) TableName() string { return "users" }
func (gormPostLite) TableName() string { return "posts" }

// The GORM tests share the tables users and posts, so they do not run in parallel.
func TestGORM(t *testing.T) {
	for _, d := range gormDBs {
		t.Run(d.name, func(t *testing.T) {
			db := d.open(t).WithContext(testContext(t))
			resetGORM(t, d, db)

			for _, c := range []struct{ table, column string }{
				{"users", "id"}, {"users", "manager_id"}, {"posts", "id"}, {"posts", "user_id"},
			} {
				if got := strings.ToLower(d.columnType(t, db, c.table, c.column)); got != d.idType {
					t.Errorf("AutoMigrate: %s.%s is %q, want %q", c.table, c.column, got, d.idType)
				}
			}

			// Create: the hook fills the missing IDs.
			boss := User{Name: "boss"}
			if err := db.Create(&boss).Error; err != nil {
				t.Fatalf("Create: %v", err)
			}
			if boss.ID.IsZero() {
				t.Fatal("Create left the ID zero")
			}
			staff := []User{{Name: "ann", ManagerID: &boss.ID}, {Name: "bob", ManagerID: &boss.ID}}
			if err := db.Create(&staff).Error; err != nil {
				t.Fatalf("Create (batch): %v", err)
			}
			if staff[0].ID.Compare(boss.ID) <= 0 || staff[1].ID.Compare(staff[0].ID) <= 0 {
				t.Fatalf("IDs not in creation order: %v %v %v", boss.ID, staff[0].ID, staff[1].ID)
			}
			post := Post{UserID: staff[0].ID, Title: "hello"}
			if err := db.Create(&post).Error; err != nil {
				t.Fatalf("Create post: %v", err)
			}

			// The stored key is the 16 bytes.
			var n int64
			hex := strings.ReplaceAll(boss.ID.UUIDString(), "-", "")
			if err := db.Raw(d.keySQL, hex).Scan(&n).Error; err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("no row with id = %s found in SQL", boss.ID.UUIDString())
			}

			// First by key: the condition form, and the primary key in the struct.
			var got User
			if err := db.First(&got, "id = ?", staff[0].ID).Error; err != nil {
				t.Fatalf(`First(&u, "id = ?", id): %v`, err)
			}
			if got.ID != staff[0].ID || got.Name != "ann" || got.ManagerID == nil || *got.ManagerID != boss.ID {
				t.Errorf("First = %+v", got)
			}
			got = User{ID: staff[1].ID}
			if err := db.First(&got).Error; err != nil {
				t.Fatalf("First(&User{ID: id}): %v", err)
			}
			if got.Name != "bob" {
				t.Errorf("First(&User{ID: id}) = %+v", got)
			}
			got = User{}
			if err := db.First(&got, "id = ?", ulid.Make()).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
				t.Errorf("First of a missing ID: %v, want ErrRecordNotFound", err)
			}

			// NULL foreign key.
			if err := db.First(&got, "id = ?", boss.ID).Error; err != nil {
				t.Fatal(err)
			}
			if got.ManagerID != nil {
				t.Errorf("boss.ManagerID = %v, want nil", got.ManagerID)
			}

			// Where with a struct, and IN.
			var us []User
			if err := db.Where(&User{ManagerID: &boss.ID}).Order("id").Find(&us).Error; err != nil {
				t.Fatalf("Where(struct): %v", err)
			}
			if ids := userIDs(us); !slices.Equal(ids, []ulid.ULID{staff[0].ID, staff[1].ID}) {
				t.Errorf("Where(&User{ManagerID: &id}) = %v", ids)
			}
			us = nil
			if err := db.Where("id IN ?", []ulid.ULID{boss.ID, staff[1].ID}).Order("id").Find(&us).Error; err != nil {
				t.Fatalf("Where IN: %v", err)
			}
			if ids := userIDs(us); !slices.Equal(ids, []ulid.ULID{boss.ID, staff[1].ID}) {
				t.Errorf("Where(\"id IN ?\", ids) = %v", ids)
			}
			us = nil
			if err := db.Where("manager_id IS NULL").Find(&us).Error; err != nil {
				t.Fatal(err)
			}
			if ids := userIDs(us); !slices.Equal(ids, []ulid.ULID{boss.ID}) {
				t.Errorf("manager_id IS NULL = %v", ids)
			}
			// ORDER BY id is creation order.
			us = nil
			if err := db.Order("id").Find(&us).Error; err != nil {
				t.Fatal(err)
			}
			if ids := userIDs(us); !slices.Equal(ids, []ulid.ULID{boss.ID, staff[0].ID, staff[1].ID}) {
				t.Errorf("Order(id) = %v, want creation order", ids)
			}

			// Preload both ways: belongs-to through the nullable key, has-many.
			us = nil
			if err := db.Preload("Manager").Preload("Posts").Where("manager_id = ?", boss.ID).Order("id").Find(&us).Error; err != nil {
				t.Fatalf("Preload: %v", err)
			}
			if len(us) != 2 || us[0].Manager == nil || us[0].Manager.ID != boss.ID || len(us[0].Posts) != 1 || us[0].Posts[0].ID != post.ID || len(us[1].Posts) != 0 {
				t.Errorf("Preload = %+v", us)
			}

			// Updates, including a key column, and back to NULL.
			if err := db.Model(&staff[1]).Updates(map[string]any{"name": "bobby", "manager_id": staff[0].ID}).Error; err != nil {
				t.Fatalf("Updates: %v", err)
			}
			got = User{}
			if err := db.First(&got, "id = ?", staff[1].ID).Error; err != nil {
				t.Fatal(err)
			}
			if got.Name != "bobby" || got.ManagerID == nil || *got.ManagerID != staff[0].ID {
				t.Errorf("after Updates: %+v", got)
			}
			if err := db.Model(&staff[1]).Update("manager_id", nil).Error; err != nil {
				t.Fatalf("Update to NULL: %v", err)
			}
			got = User{}
			if err := db.First(&got, "id = ?", staff[1].ID).Error; err != nil {
				t.Fatal(err)
			}
			if got.ManagerID != nil {
				t.Errorf("after Update(nil): ManagerID = %v", got.ManagerID)
			}

			// Delete by the struct's key.
			if err := db.Delete(&post).Error; err != nil {
				t.Fatalf("Delete(&post): %v", err)
			}
			res := db.Delete(&staff[1])
			if res.Error != nil || res.RowsAffected != 1 {
				t.Fatalf("Delete(&user): %v, %d rows", res.Error, res.RowsAffected)
			}
			if err := db.Model(&User{}).Count(&n).Error; err != nil || n != 2 {
				t.Errorf("after Delete: %d users (%v), want 2", n, err)
			}
		})
	}
}

func userIDs(us []User) []ulid.ULID {
	ids := make([]ulid.ULID, len(us))
	for i, u := range us {
		ids[i] = u.ID
	}
	return ids
}
