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
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/glebarez/sqlite"
	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
	"gorm.io/driver/mysql"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// User is the model of docs/stacks.md, as written for PostgreSQL. The key is
// NOT NULL in every dialect: PostgreSQL and MariaDB imply it for a primary
// key, SQLite does not (see TestGORMTraps).
type User struct {
	ID        ulid.ULID  `gorm:"type:uuid;primaryKey;not null"`
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

// Post belongs to a User. UserID is required, so NOT NULL: GORM leaves a
// ulid.ULID field zero for a NULL (it does not call Scan), where ulid's Scan
// would refuse it (see TestGORMTraps).
type Post struct {
	ID     ulid.ULID `gorm:"type:uuid;primaryKey;not null"`
	UserID ulid.ULID `gorm:"type:uuid;not null"`
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
	ID        ulid.ULID  `gorm:"type:binary(16);primaryKey;not null"`
	Name      string     `gorm:"size:100"`
	ManagerID *ulid.ULID `gorm:"type:binary(16)"`
	Manager   *gormUserMy
	Posts     []gormPostMy `gorm:"foreignKey:UserID"`
}

type gormPostMy struct {
	ID     ulid.ULID `gorm:"type:binary(16);primaryKey;not null"`
	UserID ulid.ULID `gorm:"type:binary(16);not null"`
	Title  string    `gorm:"size:100"`
}

// The model for SQLite: no type tag; GORM makes a [16]byte a blob.
type gormUserLite struct {
	ID        ulid.ULID `gorm:"primaryKey;not null"`
	Name      string    `gorm:"size:100"`
	ManagerID *ulid.ULID
	Manager   *gormUserLite
	Posts     []gormPostLite `gorm:"foreignKey:UserID"`
}

type gormPostLite struct {
	ID     ulid.ULID `gorm:"primaryKey;not null"`
	UserID ulid.ULID `gorm:"not null"`
	Title  string    `gorm:"size:100"`
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
	// nullableSQL returns YES or NO for a table and column: whether the
	// column takes NULL.
	nullableSQL string
	// bareHexSQL returns bare_users.id of the row with the given name as
	// lower-case hex, the bytes as stored (empty for MariaDB, where the
	// untagged table cannot be made).
	bareHexSQL string
	// pgxULID is set for the setups that register pgxulid in exec or simple
	// protocol mode.
	pgxULID bool
}

var gormConfig = &gorm.Config{Logger: logger.Discard, TranslateError: true}

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

// gormPgxULID opens GORM on PostgreSQL through pgx's database/sql driver
// with pgxulid registered on every connection, in the given exec mode: the
// recipe for PgBouncer and other poolers (exec or simple protocol).
func gormPgxULID(t *testing.T, env string, mode pgx.QueryExecMode) *gorm.DB {
	return gormOpen(t, postgres.New(postgres.Config{Conn: pgxULIDDB(t, dsn(t, env), mode)}))
}

func pgColumnType(t *testing.T, db *gorm.DB, table, column string) string {
	var typ string
	if err := db.Raw("SELECT data_type FROM information_schema.columns WHERE table_name = ? AND column_name = ?", table, column).Scan(&typ).Error; err != nil {
		t.Fatal(err)
	}
	return typ
}

var pgModels = []any{&User{}, &Post{}}

const (
	pgKeySQL      = "SELECT COUNT(*) FROM users WHERE id = ?::uuid"
	pgNullableSQL = "SELECT is_nullable FROM information_schema.columns WHERE table_name = ? AND column_name = ?"
	pgBareHexSQL  = "SELECT encode(id, 'hex') FROM bare_users WHERE name = ?"
)

var gormDBs = []gormDB{
	{
		name:        "postgres",
		open:        func(t *testing.T) *gorm.DB { return gormOpen(t, postgres.Open(dsn(t, envPostgres))) },
		models:      pgModels,
		columnType:  pgColumnType,
		idType:      "uuid",
		keySQL:      pgKeySQL,
		nullableSQL: pgNullableSQL,
		bareHexSQL:  pgBareHexSQL,
	},
	{
		name:        "postgres-simple-pgxulid",
		open:        func(t *testing.T) *gorm.DB { return gormPgxULID(t, envPostgres, pgx.QueryExecModeSimpleProtocol) },
		models:      pgModels,
		columnType:  pgColumnType,
		idType:      "uuid",
		keySQL:      pgKeySQL,
		nullableSQL: pgNullableSQL,
		bareHexSQL:  pgBareHexSQL,
		pgxULID:     true,
	},
	{
		name:        "pgbouncer-simple-pgxulid",
		open:        func(t *testing.T) *gorm.DB { return gormPgxULID(t, envPgBouncer, pgx.QueryExecModeSimpleProtocol) },
		models:      pgModels,
		columnType:  pgColumnType,
		idType:      "uuid",
		keySQL:      pgKeySQL,
		nullableSQL: pgNullableSQL,
		bareHexSQL:  pgBareHexSQL,
		pgxULID:     true,
	},
	{
		name:        "pgbouncer-exec-pgxulid",
		open:        func(t *testing.T) *gorm.DB { return gormPgxULID(t, envPgBouncer, pgx.QueryExecModeExec) },
		models:      pgModels,
		columnType:  pgColumnType,
		idType:      "uuid",
		keySQL:      pgKeySQL,
		nullableSQL: pgNullableSQL,
		bareHexSQL:  pgBareHexSQL,
		pgxULID:     true,
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
		idType:      "binary(16)",
		keySQL:      "SELECT COUNT(*) FROM users WHERE id = UNHEX(?)",
		nullableSQL: "SELECT is_nullable FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?",
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
		models:      []any{&gormUserLite{}, &gormPostLite{}},
		idType:      "blob",
		keySQL:      "SELECT COUNT(*) FROM users WHERE hex(id) = upper(?)",
		nullableSQL: `SELECT CASE "notnull" WHEN 0 THEN 'YES' ELSE 'NO' END FROM pragma_table_info(?) WHERE name = ?`,
		bareHexSQL:  "SELECT lower(hex(id)) FROM bare_users WHERE name = ?",
	},
}

// nullable reports whether table.column takes NULL, as the database says.
func (d gormDB) nullable(t *testing.T, db *gorm.DB, table, column string) bool {
	t.Helper()
	var s string
	if err := db.Raw(d.nullableSQL, table, column).Scan(&s).Error; err != nil {
		t.Fatal(err)
	}
	switch s {
	case "YES":
		return true
	case "NO":
		return false
	}
	t.Fatalf("%s.%s: is_nullable = %q", table, column, s)
	return false
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

			for _, c := range []struct {
				table, column string
				nullable      bool
			}{
				{"users", "id", false}, {"users", "manager_id", true}, {"posts", "id", false}, {"posts", "user_id", false},
			} {
				if got := strings.ToLower(d.columnType(t, db, c.table, c.column)); got != d.idType {
					t.Errorf("AutoMigrate: %s.%s is %q, want %q", c.table, c.column, got, d.idType)
				}
				if got := d.nullable(t, db, c.table, c.column); got != c.nullable {
					t.Errorf("AutoMigrate: %s.%s nullable = %v, want %v", c.table, c.column, got, c.nullable)
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

			// First by key, with the condition string: a missing key and the
			// zero ULID are not found.
			var got User
			if err := db.First(&got, "id = ?", staff[0].ID).Error; err != nil {
				t.Fatalf(`First(&u, "id = ?", id): %v`, err)
			}
			if got.ID != staff[0].ID || got.Name != "ann" || got.ManagerID == nil || *got.ManagerID != boss.ID {
				t.Errorf("First = %+v", got)
			}
			for _, id := range []ulid.ULID{ulid.Make(), {}} {
				got = User{}
				if err := db.First(&got, "id = ?", id).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
					t.Errorf(`First(&u, "id = ?", %v) = %v, %v; want ErrRecordNotFound`, id, got.ID, err)
				}
			}

			// NULL foreign key.
			if err := db.First(&got, "id = ?", boss.ID).Error; err != nil {
				t.Fatal(err)
			}
			if got.ManagerID != nil {
				t.Errorf("boss.ManagerID = %v, want nil", got.ManagerID)
			}

			// Where with a condition string, a non-nil pointer in a struct
			// (kept even when it points to the zero ULID), and IN.
			var us []User
			if err := db.Where("manager_id = ?", boss.ID).Order("id").Find(&us).Error; err != nil {
				t.Fatalf("Where(manager_id = ?): %v", err)
			}
			if ids := userIDs(us); !slices.Equal(ids, []ulid.ULID{staff[0].ID, staff[1].ID}) {
				t.Errorf(`Where("manager_id = ?", id) = %v`, ids)
			}
			us = nil
			if err := db.Where(&User{ManagerID: &boss.ID}).Order("id").Find(&us).Error; err != nil {
				t.Fatalf("Where(struct): %v", err)
			}
			if ids := userIDs(us); !slices.Equal(ids, []ulid.ULID{staff[0].ID, staff[1].ID}) {
				t.Errorf("Where(&User{ManagerID: &id}) = %v", ids)
			}
			us = nil
			var zero ulid.ULID
			if err := db.Where(&User{ManagerID: &zero}).Find(&us).Error; err != nil || len(us) != 0 {
				t.Errorf("Where(&User{ManagerID: &zero}) = %v, %v; want no rows", userIDs(us), err)
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

			// A required key cannot be set to NULL: the column is NOT NULL.
			if err := db.Exec("UPDATE posts SET user_id = NULL").Error; !isNotNullError(err) {
				t.Errorf("UPDATE posts SET user_id = NULL = %v, want a NOT NULL error", err)
			} else {
				t.Logf("UPDATE posts SET user_id = NULL: %v", err)
			}
			// Nor can a key be left out: a row made from a map, which runs
			// no hook, is refused.
			if err := db.Model(&User{}).Create(map[string]any{"name": "m"}).Error; !isNotNullError(err) {
				t.Errorf("Create(map) without an id = %v, want a NOT NULL error", err)
			} else {
				t.Logf("Create(map) without an id: %v", err)
			}

			// Delete by the struct's key; a zero key deletes nothing and says so.
			if err := db.Delete(&User{}).Error; !errors.Is(err, gorm.ErrMissingWhereClause) {
				t.Errorf("Delete(&User{}) = %v, want ErrMissingWhereClause", err)
			}
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

// isNotNullError reports whether err is a database's refusal of a NULL in a
// NOT NULL column: PostgreSQL's 23502, MariaDB's 1048 (or, for a column left
// out of an INSERT, 1364), SQLite's NOT NULL constraint.
func isNotNullError(err error) bool {
	if err == nil {
		return false
	}
	for _, s := range []string{"SQLSTATE 23502", "Error 1048", "Error 1364", "NOT NULL constraint failed"} {
		if strings.Contains(err.Error(), s) {
			return true
		}
	}
	return false
}

func userIDs(us []User) []ulid.ULID {
	ids := make([]ulid.ULID, len(us))
	for i, u := range us {
		ids[i] = u.ID
	}
	return ids
}
