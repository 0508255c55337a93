package stacks

// Query builders: goqu (github.com/doug-martin/goqu/v9) and squirrel
// (github.com/Masterminds/squirrel), on PostgreSQL (pgx's stdlib driver),
// through PgBouncer (pgx in exec or simple protocol mode with pgxulid),
// MariaDB and SQLite.

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	_ "github.com/doug-martin/goqu/v9/dialect/mysql"
	_ "github.com/doug-martin/goqu/v9/dialect/postgres"
	_ "github.com/doug-martin/goqu/v9/dialect/sqlite3"
	"github.com/jackc/pgx/v5"

	"github.com/ulidgo/ulid"
)

type builderDB struct {
	name, driver, env, keyType string
	goqu                       string            // goqu's dialect
	mode                       pgx.QueryExecMode // through PgBouncer, with pgxulid
	trap                       string            // goqu's interpolated ULID: the error, "" if none
}

var builderDBs = []builderDB{
	{"postgres", "pgx", envPostgres, "uuid", "postgres", 0, "(SQLSTATE 22P02)"},
	{"pgbouncer-simple-pgxulid", "pgx", envPgBouncer, "uuid", "postgres", pgx.QueryExecModeSimpleProtocol, "(SQLSTATE 22P02)"},
	{"pgbouncer-exec-pgxulid", "pgx", envPgBouncer, "uuid", "postgres", pgx.QueryExecModeExec, "(SQLSTATE 22P02)"},
	{"mariadb", "mysql", envMySQL, "BINARY(16)", "mysql", 0, "Error 1406 (22001): Data too long for column 'id'"},
	{"sqlite", "sqlite", "", "BLOB", "sqlite3", 0, ""},
}

// openBuilderDB opens d's database and creates a table with a ULID key and
// a nullable ULID parent.
func openBuilderDB(t *testing.T, d builderDB) (*sql.DB, string) {
	source := "file:" + t.TempDir() + "/qb.db"
	if d.env != "" {
		source = dsn(t, d.env)
	}
	var db *sql.DB
	if d.env == envPgBouncer {
		db = pgxULIDDB(t, source, d.mode)
	} else {
		db = openSQL(t, d.driver, source)
	}
	table := tableName(t, "qb")
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + table,
		"CREATE TABLE " + table + " (id " + d.keyType + " PRIMARY KEY, parent " + d.keyType + " NULL)",
	} {
		if _, err := db.ExecContext(testContext(t), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return db, table
}

// orNull returns p's ULID, or nil for a nil p: sq.Eq and goqu's Eq make nil
// "IS NULL", and sq.Eq panics on a nil *ulid.ULID.
func orNull(p *ulid.ULID) any {
	if p == nil {
		return nil
	}
	return *p
}

// uuidArg is the recipe through PgBouncer: the UUID text, which a uuid
// column takes in every mode, where the builders pass on the 16 bytes.
func uuidArg(id ulid.ULID) any { return id.UUIDString() }

func TestGoqu(t *testing.T) {
	for _, d := range builderDBs {
		t.Run(d.name, func(t *testing.T) {
			db, table := openBuilderDB(t, d)
			ctx := testContext(t)
			g := goqu.Dialect(d.goqu)
			root, child := ulid.Make(), ulid.Make()

			// The trap: goqu's default writes the ULID's Value, its 16
			// bytes, into the SQL as a string literal. (A fixed ULID with
			// no zero byte: SQLite ends the literal at a zero byte and
			// fails, so that it is silent for most ULIDs, not all.)
			trap := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
			q, _, err := g.Insert(table).Rows(goqu.Record{"id": trap}).ToSQL()
			if err != nil {
				t.Fatal(err)
			}
			_, err = db.ExecContext(ctx, q)
			if d.trap != "" {
				if err == nil || !strings.Contains(err.Error(), d.trap) {
					t.Errorf("interpolated ULID: %v; want %s", err, d.trap)
				}
			} else {
				// SQLite stores the bytes as TEXT, with no error, and no
				// lookup with the ULID finds the row.
				var typ string
				var n int
				if err != nil || db.QueryRowContext(ctx, "SELECT typeof(id), (SELECT count(*) FROM "+table+" WHERE id = ?) FROM "+table, trap).Scan(&typ, &n) != nil || typ != "text" || n != 0 {
					t.Errorf("SQLite, interpolated ULID: %v, stored as %q, %d found; want no error, text, 0 (the trap)", err, typ, n)
				}
				withZero := trap
				withZero[9] = 0
				q, _, err := g.Insert(table).Rows(goqu.Record{"id": withZero}).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "unrecognized token") {
					t.Errorf("SQLite, interpolated ULID with a zero byte: %v; want unrecognized token", err)
				}
				if _, err := db.ExecContext(ctx, "DELETE FROM "+table); err != nil {
					t.Fatal(err)
				}
			}

			// The recipe: Prepared(true), so that goqu passes arguments to
			// the driver; through PgBouncer, the UUID text.
			key := func(id ulid.ULID) any { return id }
			if d.env == envPgBouncer {
				key = uuidArg
			}
			var parent *ulid.ULID // nil: root has no parent
			for _, r := range []goqu.Record{
				{"id": key(root), "parent": orNull(parent)},
				{"id": key(child), "parent": key(root)},
			} {
				q, args, err := g.Insert(table).Prepared(true).Rows(r).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.ExecContext(ctx, q, args...); err != nil {
					t.Fatalf("%s %v: %v", q, args, err)
				}
			}
			ids := func(ds *goqu.SelectDataset) []ulid.ULID {
				t.Helper()
				q, args, err := ds.Prepared(true).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				rows, err := db.QueryContext(ctx, q, args...)
				if err != nil {
					t.Fatalf("%s: %v", q, err)
				}
				defer rows.Close()
				var got []ulid.ULID
				for rows.Next() {
					var id ulid.ULID
					if err := rows.Scan(&id); err != nil {
						t.Fatal(err)
					}
					got = append(got, id)
				}
				if err := rows.Err(); err != nil {
					t.Fatal(err)
				}
				return got
			}
			from := g.From(table).Select("id").Order(goqu.C("id").Asc())
			for _, c := range []struct {
				name string
				ds   *goqu.SelectDataset
				want []ulid.ULID
			}{
				{"Eq", from.Where(goqu.C("id").Eq(key(child))), []ulid.ULID{child}},
				{"In", from.Where(goqu.C("id").In(key(root), key(child), key(ulid.Make()))), []ulid.ULID{root, child}},
				{"parent Eq", from.Where(goqu.C("parent").Eq(key(root))), []ulid.ULID{child}},
				{"IsNull", from.Where(goqu.C("parent").IsNull()), []ulid.ULID{root}},
				{"orNull(nil)", from.Where(goqu.C("parent").Eq(orNull(parent))), []ulid.ULID{root}},
				// The nil *ulid.ULID itself becomes "parent = NULL", which
				// matches no row, with no error.
				{"nil *ulid.ULID", from.Where(goqu.C("parent").Eq(parent)), nil},
			} {
				if got := ids(c.ds); !slices.Equal(got, c.want) {
					t.Errorf("%s = %v, want %v", c.name, got, c.want)
				}
			}
			if d.env == envPgBouncer {
				// Through PgBouncer, goqu passes a ULID's Value, the 16
				// bytes, even when prepared: pgxulid does not see a ULID.
				q, args, err := from.Where(goqu.C("id").Eq(child)).Prepared(true).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				if err := db.QueryRowContext(ctx, q, args...).Scan(new(ulid.ULID)); err == nil || !strings.Contains(err.Error(), "22P02") {
					t.Errorf("prepared ULID through PgBouncer: %v; want SQLSTATE 22P02", err)
				}
			}
		})
	}
}

func TestSquirrel(t *testing.T) {
	for _, d := range builderDBs {
		t.Run(d.name, func(t *testing.T) {
			db, table := openBuilderDB(t, d)
			ctx := testContext(t)
			var format sq.PlaceholderFormat = sq.Question
			if d.driver == "pgx" {
				format = sq.Dollar
			}
			b := sq.StatementBuilder.PlaceholderFormat(format).RunWith(db)
			root, child := ulid.Make(), ulid.Make()
			var parent *ulid.ULID // nil: root has no parent

			// Insert passes its values to the driver as they are: a ULID, and
			// a *ulid.ULID that is nil for NULL.
			if _, err := b.Insert(table).Columns("id", "parent").Values(root, parent).Values(child, &root).ExecContext(ctx); err != nil {
				t.Fatalf("Insert: %v", err)
			}
			ids := func(s sq.SelectBuilder) ([]ulid.ULID, error) {
				t.Helper()
				rows, err := s.QueryContext(ctx)
				if err != nil {
					return nil, err
				}
				defer rows.Close()
				var got []ulid.ULID
				for rows.Next() {
					var id ulid.ULID
					if err := rows.Scan(&id); err != nil {
						t.Fatal(err)
					}
					got = append(got, id)
				}
				return got, rows.Err()
			}
			from := b.Select("id").From(table).OrderBy("id")
			for _, c := range []struct {
				name      string
				s         sq.SelectBuilder
				want      []ulid.ULID
				pgbouncer string // the error through PgBouncer; "" if it works
			}{
				{"Where string", from.Where("id = ?", child), []ulid.ULID{child}, ""},
				{"Where string parent", from.Where("parent = ?", root), []ulid.ULID{child}, ""},
				{"Eq nil", from.Where(sq.Eq{"parent": nil}), []ulid.ULID{root}, ""},
				{"Eq orNull(nil)", from.Where(sq.Eq{"parent": orNull(parent)}), []ulid.ULID{root}, ""},
				{"Eq orNull(&root)", from.Where(sq.Eq{"parent": orNull(&root)}), []ulid.ULID{child}, "22P02"},
				// sq.Eq replaces a single ULID by its Value, the 16 bytes:
				// pgxulid does not see a ULID (as for sqlx.In). A slice's
				// elements are passed on as they are.
				{"Eq", from.Where(sq.Eq{"id": child}), []ulid.ULID{child}, "22P02"},
				{"Eq slice", from.Where(sq.Eq{"id": []ulid.ULID{root, child}}), []ulid.ULID{root, child}, ""},
			} {
				got, err := ids(c.s)
				if d.env == envPgBouncer && c.pgbouncer != "" {
					if err == nil || !strings.Contains(err.Error(), c.pgbouncer) {
						t.Errorf("%s through PgBouncer = %v, %v; want %s", c.name, got, err, c.pgbouncer)
					}
					continue
				}
				if err != nil || !slices.Equal(got, c.want) {
					t.Errorf("%s = %v, %v; want %v", c.name, got, err, c.want)
				}
			}
			if d.driver == "pgx" {
				// The recipe through PgBouncer (and anywhere on
				// PostgreSQL): a string condition, and a []ulid.ULID as one
				// uuid[] (pgxulid; in pgx's default mode, pgx itself).
				got, err := ids(from.Where("id = ANY(?)", []ulid.ULID{root, child}))
				if err != nil || !slices.Equal(got, []ulid.ULID{root, child}) {
					t.Errorf("ANY = %v, %v", got, err)
				}
				got, err = ids(from.Where(sq.Eq{"id": uuidArg(child)}))
				if err != nil || !slices.Equal(got, []ulid.ULID{child}) {
					t.Errorf("Eq with the UUID text = %v, %v", got, err)
				}
			}

			// The trap: sq.Eq with a nil *ulid.ULID panics (it calls Value
			// on the nil pointer).
			func() {
				defer func() {
					if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "nil *ULID pointer") {
						t.Errorf("sq.Eq with a nil *ulid.ULID: recovered %v; want the nil pointer panic: the trap is gone, update docs/stacks.md", r)
					}
				}()
				_, _, _ = from.Where(sq.Eq{"parent": parent}).ToSql()
			}()
		})
	}
}
