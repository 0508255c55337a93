package stacks

// The ways GORM goes wrong with a ULID key when the recipe of
// docs/stacks.md is not followed. Each subtest pins what happens, so that the
// guide's warnings stay true (and a GORM release that fixes one shows here).

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

// bareUser is a model without the recipe: no type tag, no not null, no
// BeforeCreate hook.
type bareUser struct {
	ID   ulid.ULID `gorm:"primaryKey"`
	Name string    `gorm:"size:100"`
}

// loosePost has a required foreign key as a ulid.ULID without not null.
// It is not a key of its table, so no type tag is needed on any dialect.
type loosePost struct {
	ID     uint
	UserID ulid.ULID
	Title  string `gorm:"size:100"`
}

// loosePostPtr reads loose_posts with the key as a *ulid.ULID.
type loosePostPtr struct {
	ID     uint
	UserID *ulid.ULID
	Title  string `gorm:"size:100"`
}

func (loosePostPtr) TableName() string { return "loose_posts" }

func TestGORMTraps(t *testing.T) {
	for _, d := range gormDBs {
		t.Run(d.name, func(t *testing.T) {
			ctx := testContext(t)
			db := d.open(t).WithContext(ctx)
			resetGORM(t, d, db)
			u := User{Name: "x"}
			if err := db.Create(&u).Error; err != nil {
				t.Fatal(err)
			}
			v := User{Name: "y", ManagerID: &u.ID}
			if err := db.Create(&v).Error; err != nil {
				t.Fatal(err)
			}

			t.Run("inline-key", func(t *testing.T) { gormInlineKey(t, d, db, u) })
			t.Run("struct-condition", func(t *testing.T) { gormStructCondition(t, db, u) })
			t.Run("duplicate-key", func(t *testing.T) { gormDuplicateKey(t, db, u) })
			t.Run("null-into-ulid", func(t *testing.T) { gormNullIntoULID(t, db, u) })
			t.Run("no-tag-no-hook", func(t *testing.T) { gormBare(t, d, db) })
		})
	}

	// PreferSimpleProtocol without pgxulid: the 16 bytes go out as a bytea
	// literal, which uuid rejects; the same in exec mode.
	for _, tc := range []struct {
		name   string
		simple bool
		query  string // added to the connection string
	}{
		{"pgbouncer-simple-without-pgxulid", true, ""},
		{"pgbouncer-exec-without-pgxulid", false, "&default_query_exec_mode=exec"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := postgres.Config{DSN: dsn(t, envPgBouncer) + tc.query, PreferSimpleProtocol: tc.simple}
			db := gormOpen(t, postgres.New(cfg)).WithContext(testContext(t))
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
}

// gormInlineKey: the primary key as an inline condition. GORM calls Value,
// gets the 16 bytes and expands them into IN (1,162,...), one integer per
// byte. SQLite finds nothing, though the row exists. MariaDB compares each key
// with the integers as numbers: a key that starts with a byte that is not an
// ASCII digit (every ULID made before the year 2284) counts as 0. So a ULID
// without a zero byte finds nothing, and one with a zero byte (about one in
// 26 of them) matches every row: First returns a wrong row. Both keys are
// fixed here, so that each run sees both cases.
func gormInlineKey(t *testing.T, d gormDB, db *gorm.DB, u User) {
	noZero := ulid.ULID{0x01, 0x9a, 0xd0, 0x3c, 0x9c, 0x40, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa}
	withZero := noZero // sorts after noZero, so that First's row (the smallest key) is noZero
	withZero[9], withZero[15] = 0x45, 0
	for _, id := range []ulid.ULID{noZero, withZero} {
		if err := db.Create(&User{ID: id, Name: "fixed"}).Error; err != nil {
			t.Fatal(err)
		}
	}
	defer func() {
		if err := db.Where("id IN ?", []ulid.ULID{noZero, withZero}).Delete(&User{}).Error; err != nil {
			t.Fatal(err)
		}
	}()

	pg := d.name != "mariadb" && d.name != "sqlite"
	for _, id := range []ulid.ULID{u.ID, noZero, withZero} {
		wrongRows := d.name == "mariadb" && bytes.IndexByte(id[:], 0) >= 0
		var got User
		err := db.First(&got, id).Error
		switch {
		case pg && (err == nil || !strings.Contains(err.Error(), "uuid")):
			t.Errorf("First(&u, %v) = %v, want a uuid encoding error", id, err)
		case wrongRows && (err != nil || got.ID == id):
			t.Errorf("First(&u, %v) = %v, %v; want the trap: another row, and no error", id, got.ID, err)
		case !pg && !wrongRows && !errors.Is(err, gorm.ErrRecordNotFound):
			t.Errorf("First(&u, %v) = %v, %v; want the trap: ErrRecordNotFound", id, got.ID, err)
		}
		if wrongRows {
			t.Logf("MariaDB: First(&u, %v) = %v, a wrong row, no error", id, got.ID)
		}
		var us []User
		err = db.Find(&us, id).Error
		switch {
		case pg && err == nil:
			t.Errorf("Find(&us, %v) = %d rows, want an error", id, len(us))
		case wrongRows && (err != nil || len(us) < 3):
			t.Errorf("Find(&us, %v) = %d rows, %v; want the trap: every row", id, len(us), err)
		case !pg && !wrongRows && (err != nil || len(us) != 0):
			t.Errorf("Find(&us, %v) = %d rows, %v; want the trap: 0 rows and no error", id, len(us), err)
		}
		if !wrongRows { // with wrongRows, Delete would try every row
			res := db.Delete(&User{}, id)
			if pg && res.Error == nil || !pg && (res.Error != nil || res.RowsAffected != 0) {
				t.Errorf("Delete(&User{}, %v) = %d rows, %v; want an error (PostgreSQL) or the trap: 0 rows and no error", id, res.RowsAffected, res.Error)
			}
		}
		// The row is still there, and the recipe's form finds it, into a
		// fresh struct: GORM adds a destination's non-zero key to the
		// conditions, so a reused one that holds another row finds nothing.
		if got.ID != id && !got.ID.IsZero() {
			if err := db.First(&got, "id = ?", id).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
				t.Errorf(`First(&reused, "id = ?", %v) = %v, %v; want the trap: ErrRecordNotFound`, id, got.ID, err)
			}
		}
		got = User{}
		if err := db.First(&got, "id = ?", id).Error; err != nil || got.ID != id {
			t.Errorf(`First(&u, "id = ?", %v) = %v, %v`, id, got.ID, err)
		}
	}
}

// gormStructCondition: GORM leaves out the zero-valued fields of a struct
// condition. A zero ULID key is dropped, and First returns some other row,
// without an error; a nil pointer is dropped too, and matches every row.
func gormStructCondition(t *testing.T, db *gorm.DB, u User) {
	var zero ulid.ULID
	got := User{ID: zero}
	err := db.First(&got).Error
	t.Logf("First(&User{ID: zero}) = %v (%q), %v", got.ID, got.Name, err)
	if err != nil || got.ID != u.ID {
		t.Errorf("First(&User{ID: zero}) = %v, %v; want the trap: the first row, %v, and no error", got.ID, err, u.ID)
	}
	got = User{}
	err = db.Where(&User{ID: zero}).First(&got).Error
	t.Logf("Where(&User{ID: zero}).First(&u) = %v (%q), %v", got.ID, got.Name, err)
	if err != nil || got.ID != u.ID {
		t.Errorf("Where(&User{ID: zero}).First(&u) = %v, %v; want the trap: the first row, %v, and no error", got.ID, err, u.ID)
	}
	// The recipe: the condition string binds the zero ULID as a value.
	got = User{}
	err = db.First(&got, "id = ?", zero).Error
	t.Logf(`First(&u, "id = ?", zero) = %v, %v`, got.ID, err)
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		t.Errorf(`First(&u, "id = ?", zero) = %v, %v; want ErrRecordNotFound`, got.ID, err)
	}

	// A *ulid.ULID field: a non-nil pointer stays in the condition, even to
	// the zero ULID (TestGORM); a nil one is dropped, so "no manager" finds
	// everyone.
	var none *ulid.ULID
	var us []User
	if err := db.Where(&User{ManagerID: none}).Order("id").Find(&us).Error; err != nil {
		t.Fatal(err)
	}
	if len(us) != 2 {
		t.Errorf("Where(&User{ManagerID: nil}) = %v, want the trap: both users", userIDs(us))
	}
	us = nil
	if err := db.Where("manager_id IS NULL").Find(&us).Error; err != nil || len(us) != 1 || us[0].ID != u.ID {
		t.Errorf("Where(manager_id IS NULL) = %v, %v; want %v", userIDs(us), err, u.ID)
	}
}

// gormDuplicateKey: a second row with the same key fails with
// gorm.ErrDuplicatedKey only with TranslateError in the gorm.Config;
// without it, the error is the driver's.
func gormDuplicateKey(t *testing.T, db *gorm.DB, u User) {
	if err := db.Create(&User{ID: u.ID, Name: "again"}).Error; !errors.Is(err, gorm.ErrDuplicatedKey) {
		t.Errorf("Create of an existing key with TranslateError = %v, want ErrDuplicatedKey", err)
	}
	raw := db.Session(&gorm.Session{})
	raw.Config.TranslateError = false // Session copied the Config
	err := raw.Create(&User{ID: u.ID, Name: "again"}).Error
	t.Logf("without TranslateError: %v", err)
	if err == nil || errors.Is(err, gorm.ErrDuplicatedKey) {
		t.Errorf("Create of an existing key without TranslateError = %v, want the driver's error", err)
	}
}

// gormNullIntoULID: GORM does not call Scan for a NULL into a non-pointer
// field; it leaves the field zero. A ulid.ULID foreign key that is NULL in
// the database reads as the zero ULID, without an error, where ulid's Scan
// would have returned ErrNull.
func gormNullIntoULID(t *testing.T, db *gorm.DB, u User) {
	if err := db.Migrator().DropTable(&loosePost{}); err != nil {
		t.Fatal(err)
	}
	if err := db.AutoMigrate(&loosePost{}); err != nil {
		t.Fatal(err)
	}
	p := loosePost{UserID: u.ID, Title: "t"}
	if err := db.Create(&p).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec("UPDATE loose_posts SET user_id = NULL").Error; err != nil {
		t.Fatal(err)
	}
	var got loosePost
	err := db.First(&got, "id = ?", p.ID).Error
	t.Logf("First of a NULL into ulid.ULID: UserID = %v, err = %v", got.UserID, err)
	if err != nil || !got.UserID.IsZero() {
		t.Errorf("First = %v, %v; want the trap: the zero ULID and no error", got.UserID, err)
	}
	// database/sql's Scan, on the same row, refuses it.
	var id ulid.ULID
	if err := db.Raw("SELECT user_id FROM loose_posts WHERE id = ?", p.ID).Row().Scan(&id); !errors.Is(err, ulid.ErrNull) {
		t.Errorf("Row().Scan(&id) of a NULL = %v, want ulid.ErrNull", err)
	}
	// The recipe for an optional key: *ulid.ULID, nil for NULL.
	var ptr loosePostPtr
	if err := db.First(&ptr, "id = ?", p.ID).Error; err != nil || ptr.UserID != nil {
		t.Errorf("First into *ulid.ULID = %v, %v; want nil", ptr.UserID, err)
	}
	// Scan into a struct that is not a model does the same: the zero ULID
	// for a NULL in a ulid.ULID field, nil in a *ulid.ULID.
	var plain struct{ UserID ulid.ULID }
	if err := db.Table("loose_posts").Select("user_id").Where("id = ?", p.ID).Scan(&plain).Error; err != nil || !plain.UserID.IsZero() {
		t.Errorf("Scan of a NULL into a ulid.ULID = %v, %v; want the trap: the zero ULID and no error", plain.UserID, err)
	}
	var scanned struct {
		UserID *ulid.ULID // nil is NULL
	}
	if err := db.Table("loose_posts").Select("user_id").Where("id = ?", p.ID).Scan(&scanned).Error; err != nil || scanned.UserID != nil {
		t.Errorf("Scan of a NULL into a *ulid.ULID = %v, %v; want nil", scanned.UserID, err)
	}
}

// gormBare: no type tag, no not null, no hook.
func gormBare(t *testing.T, d gormDB, db *gorm.DB) {
	// No type tag: PostgreSQL gets bytea, MariaDB refuses a key on a blob.
	if err := db.Migrator().DropTable(&bareUser{}); err != nil {
		t.Fatal(err)
	}
	err := db.AutoMigrate(&bareUser{})
	switch d.name {
	case "mariadb":
		if err == nil || !strings.Contains(err.Error(), "1170") {
			t.Fatalf("AutoMigrate without a type tag = %v, want Error 1170", err)
		}
		t.Logf("AutoMigrate without a type tag: %v", err)
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
	// stored returns the stored key of the row named name, as hex.
	stored := func(name string) string {
		t.Helper()
		var h string
		if err := db.Raw(d.bareHexSQL, name).Scan(&h).Error; err != nil {
			t.Fatal(err)
		}
		return h
	}
	// want is what a bytea column holds for id: the 16 bytes, but through
	// pgxulid in exec or simple mode the 36 bytes of the UUID text (the
	// server infers the parameter's type from the column, and pgxulid
	// sends the text that suits a uuid).
	want := func(id ulid.ULID) string {
		if d.pgxULID {
			return hex.EncodeToString([]byte(id.UUIDString()))
		}
		return hex.EncodeToString(id[:])
	}

	id := ulid.Make()
	if err := db.Create(&bareUser{ID: id, Name: "k"}).Error; err != nil {
		t.Fatal(err)
	}
	got := stored("k")
	t.Logf("stored key: %d bytes, %s", len(got)/2, got)
	if got != want(id) {
		t.Errorf("stored key %s (%d bytes), want %s", got, len(got)/2, want(id))
	}
	var b bareUser
	if err := db.First(&b, "id = ?", id).Error; err != nil || b.ID != id {
		t.Errorf(`First(&b, "id = ?", id) in the same mode = %v, %v`, b.ID, err)
	}
	if d.pgxULID {
		// The trap: a row written in the default mode (16 bytes) is not
		// found through pgxulid in exec or simple mode, and the other way
		// round. Both report ErrRecordNotFound for a row that exists.
		def := gormOpen(t, postgres.Open(dsn(t, envPostgres))).WithContext(db.Statement.Context)
		other := ulid.Make()
		if err := def.Create(&bareUser{ID: other, Name: "default"}).Error; err != nil {
			t.Fatal(err)
		}
		if h := stored("default"); h != hex.EncodeToString(other[:]) {
			t.Errorf("default mode stored %s, want the 16 bytes", h)
		}
		b = bareUser{}
		err := db.First(&b, "id = ?", other).Error
		t.Logf("row written in the default mode, read in this one: %v", err)
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			t.Errorf("First of a row written in the default mode = %v, %v; want the trap: ErrRecordNotFound", b.ID, err)
		}
		b = bareUser{}
		err = def.First(&b, "id = ?", id).Error
		t.Logf("row written in this mode, read in the default one: %v", err)
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			t.Errorf("default-mode First of a row written in this mode = %v, %v; want the trap: ErrRecordNotFound", b.ID, err)
		}
	}

	// No hook: Create stores the zero ULID as the key, without an error.
	if err := db.Create(&bareUser{Name: "a"}).Error; err != nil {
		t.Fatalf("Create without an ID: %v", err)
	}
	if got := stored("a"); got != want(ulid.ULID{}) {
		t.Errorf("Create without an ID or hook stored %s, want the trap: the zero ULID, %s", got, want(ulid.ULID{}))
	}
	if err := db.Create(&bareUser{Name: "b"}).Error; !errors.Is(err, gorm.ErrDuplicatedKey) {
		t.Errorf("second Create without an ID = %v, want ErrDuplicatedKey", err)
	}

	// No not null, on SQLite: a row made from a map runs no hook, and
	// SQLite takes a NULL primary key that is not an INTEGER PRIMARY KEY.
	// Find then reads it as the zero ULID. PostgreSQL refuses the NULL.
	err = db.Model(&bareUser{}).Create(map[string]any{"name": "m"}).Error
	if d.name != "sqlite" {
		if !isNotNullError(err) {
			t.Errorf("Create(map) without an id = %v, want a NOT NULL error", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("Create(map) without an id on SQLite = %v, want the trap: no error", err)
	}
	var n int64
	if err := db.Raw("SELECT count(*) FROM bare_users WHERE id IS NULL").Scan(&n).Error; err != nil || n != 1 {
		t.Errorf("rows with a NULL key: %d, %v; want the trap: 1", n, err)
	}
	var bs []bareUser
	if err := db.Where("name = ?", "m").Find(&bs).Error; err != nil || len(bs) != 1 || !bs[0].ID.IsZero() {
		t.Errorf("Find of the NULL-key row = %+v, %v; want the trap: one row with the zero ULID", bs, err)
	} else {
		t.Logf("Find of the NULL-key row: ID %v, no error", bs[0].ID)
	}
}
