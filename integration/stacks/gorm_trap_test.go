package stacks

// The ways GORM goes wrong with a ULID key when the recipe of
// docs/stacks.md is not followed. Each subtest pins what happens, so that the
// guide's warnings stay true (and a GORM release that fixes one shows here).

import (
	"errors"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

// bareUser is a model without the recipe: no type tag, no BeforeCreate hook.
type bareUser struct {
	ID   ulid.ULID `gorm:"primaryKey"`
	Name string    `gorm:"size:100"`
}

func TestGORMTraps(t *testing.T) {
	for _, d := range gormDBs {
		t.Run(d.name, func(t *testing.T) {
			db := d.open(t).WithContext(testContext(t))
			resetGORM(t, d, db)
			u := User{Name: "x"}
			if err := db.Create(&u).Error; err != nil {
				t.Fatal(err)
			}
			silent := d.name == "mariadb" || d.name == "sqlite"

			// The primary key as an inline condition: GORM calls Value, gets
			// the 16 bytes and expands them into IN (1,162,...), one integer
			// per byte. MariaDB and SQLite find nothing, though the row exists.
			var got User
			err := db.First(&got, u.ID).Error
			switch {
			case silent && !errors.Is(err, gorm.ErrRecordNotFound):
				t.Errorf("First(&u, id) = %v, want the trap: ErrRecordNotFound", err)
			case !silent && (err == nil || !strings.Contains(err.Error(), "uuid")):
				t.Errorf("First(&u, id) = %v, want a uuid encoding error", err)
			}
			var us []User
			err = db.Find(&us, u.ID).Error
			if silent && (err != nil || len(us) != 0) || !silent && err == nil {
				t.Errorf("Find(&us, id) = %d rows, %v; want 0 rows and no error (MariaDB, SQLite) or an error", len(us), err)
			}
			res := db.Delete(&User{}, u.ID)
			if silent && (res.Error != nil || res.RowsAffected != 0) || !silent && res.Error == nil {
				t.Errorf("Delete(&User{}, id) = %d rows, %v; want 0 rows and no error (MariaDB, SQLite) or an error", res.RowsAffected, res.Error)
			}
			// The row is still there, and the recipe's forms find it.
			if err := db.First(&got, "id = ?", u.ID).Error; err != nil || got.ID != u.ID {
				t.Errorf(`First(&u, "id = ?", id) = %v, %v`, got.ID, err)
			}

			// No type tag: PostgreSQL gets bytea, MariaDB refuses a key on a blob.
			if err := db.Migrator().DropTable(&bareUser{}); err != nil {
				t.Fatal(err)
			}
			err = db.AutoMigrate(&bareUser{})
			switch d.name {
			case "mariadb":
				if err == nil || !strings.Contains(err.Error(), "1170") {
					t.Fatalf("AutoMigrate without a type tag = %v, want Error 1170", err)
				}
				return
			case "sqlite":
				if err != nil || !strings.EqualFold(d.columnType(t, db, "bare_users", "id"), "blob") {
					t.Fatalf("AutoMigrate without a type tag = %v, %s; want BLOB", err, d.columnType(t, db, "bare_users", "id"))
				}
			default:
				if err != nil || d.columnType(t, db, "bare_users", "id") != "bytea" {
					t.Fatalf("AutoMigrate without a type tag = %v, %s; want the trap, bytea", err, d.columnType(t, db, "bare_users", "id"))
				}
			}

			// No hook: Create stores the zero ULID as the key, without an error.
			if err := db.Create(&bareUser{Name: "a"}).Error; err != nil {
				t.Fatalf("Create without an ID: %v", err)
			}
			var b bareUser
			if err := db.First(&b, "name = ?", "a").Error; err != nil {
				t.Fatal(err)
			}
			if !b.ID.IsZero() {
				t.Errorf("Create without an ID or hook stored %v, want the trap: the zero ULID", b.ID)
			}
			if err := db.Create(&bareUser{Name: "b"}).Error; !errors.Is(err, gorm.ErrDuplicatedKey) {
				t.Errorf("second Create without an ID = %v, want ErrDuplicatedKey", err)
			}
		})
	}

	// PreferSimpleProtocol without pgxulid: the 16 bytes go out as a bytea
	// literal, which uuid rejects.
	t.Run("pgbouncer-simple-without-pgxulid", func(t *testing.T) {
		db := gormOpen(t, postgres.New(postgres.Config{DSN: dsn(t, envPgBouncer), PreferSimpleProtocol: true}))
		db = db.WithContext(testContext(t))
		resetGORM(t, gormDBs[0], db)
		u := User{Name: "x"}
		if err := db.Create(&u).Error; err == nil || !strings.Contains(err.Error(), `invalid input syntax for type uuid: "\x`) {
			t.Errorf("Create = %v, want invalid input syntax for type uuid", err)
		}
		if err := db.First(&User{}, "id = ?", u.ID).Error; err == nil || !strings.Contains(err.Error(), "invalid input syntax for type uuid") {
			t.Errorf("First = %v, want invalid input syntax for type uuid", err)
		}
	})
}
