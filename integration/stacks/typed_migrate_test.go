package stacks

// ulid.Typed[P] beside typed_orm_test.go: GORM's AutoMigrate makes the
// columns of a Typed model from the same type tags as for a ulid.ULID, with
// a sql.Null[ulid.Typed[P]] column beside the pointer; goqu takes Typed as
// it takes ULID; and in GORM, sqlx, bun, squirrel and goqu a column that
// holds another type's TypeID text is refused when read into a Typed, with
// ulid.ErrWrongPrefix.

import (
	"database/sql"
	"errors"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	"github.com/jmoiron/sqlx"
	"github.com/uptrace/bun"
	"gorm.io/gorm"

	"github.com/ulidgo/ulid"
)

// typedAccount is the GORM model of docs/stacks.md for a Typed key, as
// written for PostgreSQL: the tags of User, with Typed in place of ULID.
type typedAccount struct {
	ID      ulid.Typed[typedUser]           `gorm:"type:uuid;primaryKey;not null"`
	Manager *ulid.Typed[typedUser]          `gorm:"type:uuid"` // nil is NULL
	Auditor sql.Null[ulid.Typed[typedUser]] `gorm:"type:uuid"` // not Valid is NULL
	Name    string                          `gorm:"size:40"`
}

// typedAccountMy is typedAccount for MariaDB: binary(16).
type typedAccountMy struct {
	ID      ulid.Typed[typedUser]           `gorm:"type:binary(16);primaryKey;not null"`
	Manager *ulid.Typed[typedUser]          `gorm:"type:binary(16)"`
	Auditor sql.Null[ulid.Typed[typedUser]] `gorm:"type:binary(16)"`
	Name    string                          `gorm:"size:40"`
}

// typedAccountLite is typedAccount for SQLite: no type tag, GORM's blob.
type typedAccountLite struct {
	ID      ulid.Typed[typedUser] `gorm:"primaryKey;not null"`
	Manager *ulid.Typed[typedUser]
	Auditor sql.Null[ulid.Typed[typedUser]]
	Name    string `gorm:"size:40"`
}

func (typedAccount) TableName() string     { return "typed_accounts" }
func (typedAccountMy) TableName() string   { return "typed_accounts" }
func (typedAccountLite) TableName() string { return "typed_accounts" }

// The TypeID text of another type than typedUser.
const orderText = "order_01h455vb4pex5vsknk084sn02q"

func TestTypedGORMAutoMigrate(t *testing.T) {
	for _, d := range gormDBs {
		t.Run(d.name, func(t *testing.T) {
			db := d.open(t).WithContext(testContext(t))
			var model any
			switch d.idType {
			case "uuid":
				model = &typedAccount{}
			case "binary(16)":
				model = &typedAccountMy{}
			default:
				model = &typedAccountLite{}
			}
			if err := db.Migrator().DropTable("typed_accounts"); err != nil {
				t.Fatal(err)
			}
			if err := db.AutoMigrate(model); err != nil {
				t.Fatalf("AutoMigrate: %v", err)
			}
			for _, c := range []string{"id", "manager", "auditor"} {
				if got := strings.ToLower(d.columnType(t, db, "typed_accounts", c)); got != d.idType {
					t.Errorf("AutoMigrate: typed_accounts.%s is %q, want %q", c, got, d.idType)
				}
			}

			// The queries go through typedAccount, whose tags play no part in them.
			boss := typedAccount{ID: ulid.MakeTyped[typedUser](), Name: "boss"}
			clerk := typedAccount{ID: ulid.MakeTyped[typedUser](), Manager: &boss.ID,
				Auditor: sql.Null[ulid.Typed[typedUser]]{V: boss.ID, Valid: true}, Name: "clerk"}
			if err := db.Create(&[]typedAccount{boss, clerk}).Error; err != nil {
				t.Fatalf("Create: %v", err)
			}
			for _, want := range []typedAccount{boss, clerk} {
				var got typedAccount
				if err := db.First(&got, "id = ?", want.ID).Error; err != nil {
					t.Fatalf("First %v: %v", want.ID, err)
				}
				if got.ID != want.ID || got.Name != want.Name || got.Auditor != want.Auditor ||
					(got.Manager == nil) != (want.Manager == nil) || got.Manager != nil && *got.Manager != *want.Manager {
					t.Errorf("First %v = %+v, want %+v", want.ID, got, want)
				}
			}
			var reports []typedAccount
			if err := db.Where("auditor = ?", boss.ID).Find(&reports).Error; err != nil || len(reports) != 1 || reports[0].ID != clerk.ID {
				t.Errorf("Find by the sql.Null column = %+v, %v; want the clerk", reports, err)
			}
			var none typedAccount
			if err := db.First(&none, "id = ?", ulid.MakeTyped[typedUser]()).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
				t.Errorf("First of a key not there: %+v, %v; want gorm.ErrRecordNotFound", none, err)
			}

			// A column of another type's TypeID text is refused on read.
			var wrong []struct{ ID ulid.Typed[typedUser] }
			err := db.Raw("SELECT ? AS id", orderText).Scan(&wrong).Error
			if !errors.Is(err, ulid.ErrWrongPrefix) {
				t.Errorf("Scan of %s into a Typed[user] = %v, %v; want ulid.ErrWrongPrefix", orderText, wrong, err)
			}
		})
	}
}

// createTypedRefs makes a table whose ref column holds text, and a row
// whose ref is orderText, and returns the row's key.
func createTypedRefs(t *testing.T, db *sql.DB, keyType string, p sq.PlaceholderFormat) ulid.Typed[typedUser] {
	t.Helper()
	for _, q := range []string{
		"DROP TABLE IF EXISTS typed_refs",
		"CREATE TABLE typed_refs (id " + keyType + " PRIMARY KEY, ref varchar(40) NOT NULL)",
	} {
		if _, err := db.ExecContext(testContext(t), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	id := ulid.MakeTyped[typedUser]()
	if _, err := sq.Insert("typed_refs").Columns("id", "ref").Values(id, orderText).PlaceholderFormat(p).RunWith(db).ExecContext(testContext(t)); err != nil {
		t.Fatal(err)
	}
	return id
}

// typedRef is a typed_refs row read with its ref as a Typed.
type typedRef struct {
	bun.BaseModel `bun:"table:typed_refs"`

	ID  ulid.Typed[typedUser] `bun:"id,pk" db:"id"`
	Ref ulid.Typed[typedUser] `bun:"ref" db:"ref"`
}

func TestTypedWrongPrefixInTools(t *testing.T) {
	for _, s := range typedStacks {
		t.Run(s.name, func(t *testing.T) {
			db := s.open(t)
			ctx := testContext(t)
			id := createTypedRefs(t, db, s.keyType, s.placeholder)
			query := sq.Select("id", "ref").From("typed_refs").Where("id = ?", id).PlaceholderFormat(s.placeholder)
			text, args, err := query.ToSql()
			if err != nil {
				t.Fatal(err)
			}
			check := func(tool string, got typedRef, err error) {
				t.Helper()
				if !errors.Is(err, ulid.ErrWrongPrefix) || !got.Ref.IsZero() {
					t.Errorf("%s: reading %s into a Typed[user] = %v, %v; want ulid.ErrWrongPrefix", tool, orderText, got.Ref, err)
				}
			}

			var viaSQLX typedRef
			err = sqlx.NewDb(db, "pgx").GetContext(ctx, &viaSQLX, text, args...)
			check("sqlx", viaSQLX, err)

			var viaSquirrel typedRef
			err = query.RunWith(db).QueryRowContext(ctx).Scan(&viaSquirrel.ID, &viaSquirrel.Ref)
			check("squirrel", viaSquirrel, err)

			var viaGORM typedRef
			g, err := gorm.Open(s.gorm(db), gormConfig)
			if err != nil {
				t.Fatal(err)
			}
			err = g.Table("typed_refs").Where("id = ?", id).Take(&viaGORM).Error
			check("gorm", viaGORM, err)

			if s.bun != nil {
				var viaBun typedRef
				err = bun.NewDB(db, s.bun()).NewSelect().Model(&viaBun).Where("id = ?", id).Scan(ctx)
				check("bun", viaBun, err)
			}
		})
	}
}

func TestTypedGoqu(t *testing.T) {
	for _, d := range builderDBs {
		t.Run(d.name, func(t *testing.T) {
			db, table := openBuilderDB(t, d)
			ctx := testContext(t)
			g := goqu.New(d.goqu, db)
			root, child, missing := ulid.MakeTyped[typedUser](), ulid.MakeTyped[typedUser](), ulid.MakeTyped[typedUser]()
			// Prepared(true), as the goqu recipe says: the values go to the
			// driver as arguments. Through PgBouncer, as for a ULID, the UUID
			// text: goqu passes on a Valuer's 16 bytes, which pgxulid then
			// never sees.
			arg := func(id ulid.Typed[typedUser]) any { return id }
			nullArg := func(id sql.Null[ulid.Typed[typedUser]]) any { return id }
			if d.mode != 0 {
				arg = func(id ulid.Typed[typedUser]) any { return id.ULID().UUIDString() }
				nullArg = func(id sql.Null[ulid.Typed[typedUser]]) any {
					if !id.Valid {
						return nil
					}
					return arg(id.V)
				}
			}
			rows := []goqu.Record{
				{"id": arg(root), "parent": nullArg(sql.Null[ulid.Typed[typedUser]]{})},
				{"id": arg(child), "parent": nullArg(sql.Null[ulid.Typed[typedUser]]{V: root, Valid: true})},
			}
			if _, err := g.Insert(table).Prepared(true).Rows(rows[0], rows[1]).Executor().ExecContext(ctx); err != nil {
				t.Fatal(err)
			}
			type row struct {
				ID     ulid.Typed[typedUser]           `db:"id"`
				Parent sql.Null[ulid.Typed[typedUser]] `db:"parent"`
			}
			for _, want := range []row{{root, sql.Null[ulid.Typed[typedUser]]{}}, {child, sql.Null[ulid.Typed[typedUser]]{V: root, Valid: true}}} {
				var got row
				found, err := g.From(table).Prepared(true).Where(goqu.C("id").Eq(arg(want.ID))).ScanStructContext(ctx, &got)
				if err != nil || !found || got != want {
					t.Errorf("lookup of %v = %v, %v, %v; want %v", want.ID, got, found, err, want)
				}
			}
			var byParent []row
			if err := g.From(table).Prepared(true).Where(goqu.C("parent").In([]any{arg(root), arg(missing)})).ScanStructsContext(ctx, &byParent); err != nil || len(byParent) != 1 || byParent[0].ID != child {
				t.Errorf("In of the parent = %v, %v; want the child", byParent, err)
			}
			var none row
			if found, err := g.From(table).Prepared(true).Where(goqu.C("id").Eq(arg(missing))).ScanStructContext(ctx, &none); err != nil || found {
				t.Errorf("lookup of a key not there = %v, %v, %v; want not found", none, found, err)
			}
		})
	}
}
