package stacks

// ulid.Typed[P] in the ORMs and query builders where ulid.ULID works: GORM,
// bun, sqlx and squirrel, on the databases their ULID tests use, each with
// the column type its ULID recipe gives. A Typed stores the ULID's 16
// bytes, so the same columns and the same recipes serve: a row written
// through the tool reads back through it, by key, NULL as nil, and a plain
// ulid.ULID reads the same bytes; a key that is not there is not found.

import (
	"database/sql"
	"errors"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/glebarez/sqlite"
	"github.com/jackc/pgx/v5"
	"github.com/jmoiron/sqlx"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/mysqldialect"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/schema"
	"gorm.io/driver/mysql"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"

	"github.com/ulidgo/ulid"
)

// typedRow is the row of these tests: a typed key and a nullable typed
// parent, with the tags of each tool.
type typedRow struct {
	bun.BaseModel `bun:"table:typed_rows"`

	ID       ulid.Typed[typedUser]  `gorm:"primaryKey" bun:"id,pk" db:"id"`
	ParentID *ulid.Typed[typedUser] `bun:"parent_id" db:"parent_id"` // nil is NULL
	Name     string                 `bun:"name" db:"name"`
}

// TableName names typedRow's table for GORM, as its bun tag does for bun.
func (typedRow) TableName() string { return "typed_rows" }

// A typedStack is one database with the column type of its ULID recipe,
// and how to reach it as database/sql.
type typedStack struct {
	name, keyType string
	placeholder   sq.PlaceholderFormat
	open          func(t *testing.T) *sql.DB
	gorm          func(db *sql.DB) gorm.Dialector
	bun           func() schema.Dialect // nil where bun's recipe is not for this stack
}

var typedStacks = []typedStack{
	{"postgres", "uuid", sq.Dollar,
		func(t *testing.T) *sql.DB { return openSQL(t, "pgx", dsn(t, envPostgres)) },
		func(db *sql.DB) gorm.Dialector { return postgres.New(postgres.Config{Conn: db}) }, nil},
	{"postgres-bytea", "bytea", sq.Dollar, // bun's recipe: it writes arguments into the SQL text
		func(t *testing.T) *sql.DB { return openSQL(t, "pgx", dsn(t, envPostgres)) },
		func(db *sql.DB) gorm.Dialector { return postgres.New(postgres.Config{Conn: db}) },
		func() schema.Dialect { return pgdialect.New() }},
	{"pgbouncer-simple-pgxulid", "uuid", sq.Dollar,
		func(t *testing.T) *sql.DB { return pgxULIDDB(t, dsn(t, envPgBouncer), pgx.QueryExecModeSimpleProtocol) },
		func(db *sql.DB) gorm.Dialector { return postgres.New(postgres.Config{Conn: db}) }, nil},
	{"mariadb", "binary(16)", sq.Question,
		func(t *testing.T) *sql.DB { return openSQL(t, "mysql", dsn(t, envMySQL)) },
		func(db *sql.DB) gorm.Dialector { return mysql.New(mysql.Config{Conn: db}) },
		func() schema.Dialect { return mysqldialect.New() }},
	{"sqlite", "blob", sq.Question,
		func(t *testing.T) *sql.DB { return openSQL(t, "sqlite", "file:"+t.TempDir()+"/typed.db") },
		func(db *sql.DB) gorm.Dialector { return sqlite.Dialector{Conn: db} },
		func() schema.Dialect { return sqlitedialect.New() }},
}

// typedRows returns two rows, the second the first's child, and a key
// that is in neither.
func typedRows() (root, child typedRow, missing ulid.Typed[typedUser]) {
	root = typedRow{ID: ulid.MakeTyped[typedUser](), Name: "root"}
	child = typedRow{ID: ulid.MakeTyped[typedUser](), ParentID: &root.ID, Name: "child"}
	return root, child, ulid.MakeTyped[typedUser]()
}

// checkTypedRows checks what a tool read back: got, the rows by key, as
// written; and that a plain ulid.ULID reads the same key bytes from db.
func checkTypedRows(t *testing.T, db *sql.DB, table string, p sq.PlaceholderFormat, got []typedRow, want ...typedRow) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("read %d rows %v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.ID != w.ID || g.Name != w.Name || (g.ParentID == nil) != (w.ParentID == nil) || g.ParentID != nil && *g.ParentID != *w.ParentID {
			t.Errorf("row %d = %+v, want %+v", i, g, w)
		}
	}
	q, _, _ := sq.Select("id").From(table).Where(sq.Eq{"name": want[0].Name}).PlaceholderFormat(p).ToSql()
	var plain ulid.ULID
	if err := db.QueryRowContext(testContext(t), q, want[0].Name).Scan(&plain); err != nil || plain != want[0].ID.ULID() {
		t.Errorf("a ulid.ULID reads %v, %v; want %v", plain, err, want[0].ID.ULID())
	}
}

func createTypedTable(t *testing.T, db *sql.DB, keyType string) {
	t.Helper()
	for _, q := range []string{
		"DROP TABLE IF EXISTS typed_rows",
		"CREATE TABLE typed_rows (id " + keyType + " PRIMARY KEY, parent_id " + keyType + " NULL, name varchar(20) NOT NULL)",
	} {
		if _, err := db.ExecContext(testContext(t), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func TestTypedORMs(t *testing.T) {
	for _, s := range typedStacks {
		t.Run(s.name, func(t *testing.T) {
			db := s.open(t)
			ctx := testContext(t)

			t.Run("gorm", func(t *testing.T) {
				createTypedTable(t, db, s.keyType)
				g, err := gorm.Open(s.gorm(db), gormConfig)
				if err != nil {
					t.Fatal(err)
				}
				root, child, missing := typedRows()
				if err := g.Create(&root).Error; err != nil {
					t.Fatal(err)
				}
				if err := g.Create(&child).Error; err != nil {
					t.Fatal(err)
				}
				var got1, got2 typedRow
				if err := g.First(&got1, "id = ?", root.ID).Error; err != nil {
					t.Fatal(err)
				}
				if err := g.Where(&typedRow{ParentID: &root.ID}).First(&got2).Error; err != nil {
					t.Fatal(err)
				}
				checkTypedRows(t, db, "typed_rows", s.placeholder, []typedRow{got1, got2}, root, child)
				var none typedRow
				if err := g.First(&none, "id = ?", missing).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
					t.Errorf("First of a key not there: %+v, %v; want gorm.ErrRecordNotFound", none, err)
				}
			})

			t.Run("sqlx", func(t *testing.T) {
				createTypedTable(t, db, s.keyType)
				x := sqlx.NewDb(db, map[sq.PlaceholderFormat]string{sq.Dollar: "pgx", sq.Question: "mysql"}[s.placeholder])
				root, child, missing := typedRows()
				insert := x.Rebind("INSERT INTO typed_rows (id, parent_id, name) VALUES (:id, :parent_id, :name)")
				if _, err := x.NamedExecContext(ctx, insert, []typedRow{root, child}); err != nil {
					t.Fatal(err)
				}
				query, args, err := sqlx.In("SELECT id, parent_id, name FROM typed_rows WHERE id IN (?) ORDER BY name DESC", []ulid.Typed[typedUser]{root.ID, child.ID, missing})
				if err != nil {
					t.Fatal(err)
				}
				var got []typedRow
				if err := x.SelectContext(ctx, &got, x.Rebind(query), args...); err != nil {
					t.Fatal(err)
				}
				checkTypedRows(t, db, "typed_rows", s.placeholder, got, root, child)
				var none typedRow
				if err := x.GetContext(ctx, &none, x.Rebind("SELECT id, parent_id, name FROM typed_rows WHERE id = ?"), missing); !errors.Is(err, sql.ErrNoRows) {
					t.Errorf("Get of a key not there: %+v, %v; want sql.ErrNoRows", none, err)
				}
			})

			t.Run("squirrel", func(t *testing.T) {
				createTypedTable(t, db, s.keyType)
				b := sq.StatementBuilder.PlaceholderFormat(s.placeholder).RunWith(db)
				root, child, missing := typedRows()
				for _, r := range []typedRow{root, child} {
					var parent any // sq.Eq and Values take nil as NULL
					if r.ParentID != nil {
						parent = *r.ParentID
					}
					if _, err := b.Insert("typed_rows").Columns("id", "parent_id", "name").Values(r.ID, parent, r.Name).ExecContext(ctx); err != nil {
						t.Fatal(err)
					}
				}
				var got []typedRow
				// A single ID in a string condition and a slice in sq.Eq, as
				// the squirrel recipe says: sq.Eq replaces a single value by
				// its Value, which pgxulid then never sees (through PgBouncer).
				for _, where := range []sq.Sqlizer{sq.Expr("id = ?", root.ID), sq.Expr("parent_id = ?", root.ID), sq.Eq{"id": []ulid.Typed[typedUser]{missing}}} {
					rows, err := b.Select("id", "parent_id", "name").From("typed_rows").Where(where).QueryContext(ctx)
					if err != nil {
						t.Fatal(err)
					}
					for rows.Next() {
						var r typedRow
						if err := rows.Scan(&r.ID, &r.ParentID, &r.Name); err != nil {
							t.Fatal(err)
						}
						got = append(got, r)
					}
					if err := rows.Close(); err != nil {
						t.Fatal(err)
					}
				}
				checkTypedRows(t, db, "typed_rows", s.placeholder, got, root, child) // none for missing
			})

			if s.bun == nil {
				return
			}
			t.Run("bun", func(t *testing.T) {
				createTypedTable(t, db, s.keyType)
				bdb := bun.NewDB(db, s.bun())
				root, child, missing := typedRows()
				if _, err := bdb.NewInsert().Model(&[]typedRow{root, child}).Exec(ctx); err != nil {
					t.Fatal(err)
				}
				var got []typedRow
				if err := bdb.NewSelect().Model(&got).Where("id IN (?)", bun.In([]ulid.Typed[typedUser]{root.ID, child.ID, missing})).Order("name DESC").Scan(ctx); err != nil {
					t.Fatal(err)
				}
				checkTypedRows(t, db, "typed_rows", s.placeholder, got, root, child)
				var none typedRow
				if err := bdb.NewSelect().Model(&none).Where("id = ?", missing).Scan(ctx); !errors.Is(err, sql.ErrNoRows) {
					t.Errorf("a key not there: %+v, %v; want sql.ErrNoRows", none, err)
				}
			})
		})
	}
}
