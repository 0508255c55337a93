package stacks

// Query builders: goqu (github.com/doug-martin/goqu/v9) and squirrel
// (github.com/Masterminds/squirrel), on PostgreSQL (pgx's stdlib driver),
// through PgBouncer (pgx in exec or simple protocol mode with pgxulid),
// MariaDB and SQLite.

import (
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	sq "github.com/Masterminds/squirrel"
	"github.com/doug-martin/goqu/v9"
	_ "github.com/doug-martin/goqu/v9/dialect/mysql"
	_ "github.com/doug-martin/goqu/v9/dialect/postgres"
	_ "github.com/doug-martin/goqu/v9/dialect/sqlite3"
	"github.com/doug-martin/goqu/v9/exp"
	"github.com/jackc/pgx/v5"

	"github.com/ulidgo/ulid"
)

type builderDB struct {
	name, driver, env, keyType string
	goqu                       string            // goqu's dialect
	mode                       pgx.QueryExecMode // through PgBouncer, with pgxulid
	// goqu without Prepared(true), which writes a ULID's 16 bytes into the
	// SQL: the error of an insert and of a lookup of a stored row, first
	// with a ULID that has no zero byte, then with one that has; "" for no
	// error (the insert stores TEXT, the lookup finds nothing).
	trapInsert, trapLookup, trapZeroInsert, trapZeroLookup string
}

const (
	pg22P02        = "(SQLSTATE 22P02)" // invalid input syntax for type uuid
	pgMessage      = "invalid message format (SQLSTATE 08P01)"
	pgInsufficient = "insufficient data left in message (SQLSTATE 08P01)"
	my1406         = "Error 1406 (22001): Data too long for column 'id'"
	liteToken      = "unrecognized token"
)

var builderDBs = []builderDB{
	// pgx sends an Exec without arguments, and everything in simple
	// protocol mode, as a simple query ("invalid message format" when the
	// text ends early); other queries are parsed first ("insufficient data").
	{"postgres", "pgx", envPostgres, "uuid", "postgres", 0, pg22P02, pg22P02, pgMessage, pgInsufficient},
	{"pgbouncer-simple-pgxulid", "pgx", envPgBouncer, "uuid", "postgres", pgx.QueryExecModeSimpleProtocol, pg22P02, pg22P02, pgMessage, pgMessage},
	{"pgbouncer-exec-pgxulid", "pgx", envPgBouncer, "uuid", "postgres", pgx.QueryExecModeExec, pg22P02, pg22P02, pgMessage, pgInsufficient},
	{"mariadb", "mysql", envMySQL, "BINARY(16)", "mysql", 0, my1406, "", my1406, ""},
	{"sqlite", "sqlite", "", "BLOB", "sqlite3", 0, "", "", liteToken, liteToken},
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
	// goqu's In takes ...any: a []ulid.ULID goes in whole, In(ids), and
	// In(ids...) does not compile.
	in, _ := reflect.TypeFor[exp.IdentifierExpression]().MethodByName("In")
	if last := in.Type.In(in.Type.NumIn() - 1); !in.Type.IsVariadic() || reflect.TypeFor[[]ulid.ULID]().AssignableTo(last) {
		t.Errorf("goqu's In is %v: In(ids...) with a []ulid.ULID compiles; update docs/stacks.md", in.Type)
	}

	// The recipe: every dataset passes its values to the driver as
	// arguments, as with Prepared(true). The traps below say
	// Prepared(false).
	goqu.SetDefaultPrepared(true) // once, at start: every dataset passes its values as arguments
	t.Cleanup(func() { goqu.SetDefaultPrepared(false) })

	for _, d := range builderDBs {
		t.Run(d.name, func(t *testing.T) {
			db, table := openBuilderDB(t, d)
			ctx := testContext(t)
			g := goqu.Dialect(d.goqu)
			root, child := ulid.Make(), ulid.Make()
			// Through PgBouncer, the UUID text: goqu passes a ULID's
			// Value, the 16 bytes, which pgxulid does not see as a ULID.
			key := func(id ulid.ULID) any { return id }
			if d.env == envPgBouncer {
				key = uuidArg
			}
			count := func() (n int) {
				t.Helper()
				if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			empty := func() {
				t.Helper()
				if _, err := db.ExecContext(ctx, "DELETE FROM "+table); err != nil {
					t.Fatal(err)
				}
			}

			// The trap: without Prepared(true), goqu writes the ULID's
			// Value, its 16 bytes, into the SQL as a string literal. Two
			// fixed ULIDs, one with a zero byte (about one ULID in 16),
			// where PostgreSQL's protocol and SQLite end the text.
			trap := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
			withZero := trap
			withZero[9] = 0
			for _, c := range []struct {
				id             ulid.ULID
				insert, lookup string
			}{{trap, d.trapInsert, d.trapLookup}, {withZero, d.trapZeroInsert, d.trapZeroLookup}} {
				q, _, err := g.Insert(table).Prepared(false).Rows(goqu.Record{"id": c.id}).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				_, err = db.ExecContext(ctx, q)
				switch {
				case c.insert != "":
					if n := count(); err == nil || !strings.Contains(err.Error(), c.insert) || n != 0 {
						t.Errorf("interpolated insert of %v: %v, %d rows; want %s and none", c.id, err, n, c.insert)
					}
				default:
					// SQLite stores TEXT, with no error: goqu wrote each
					// byte that is not UTF-8 as U+FFFD (EFBFBD). No lookup
					// with the ULID finds the row.
					const stored = "01563DEFBFBD64EFBFBDEFBFBD764C61EFB99302EFBFBD5B" // trap's 01563DF36481D6764C61EFB99302BD5B
					var typ, hex string
					var n int
					if err != nil || db.QueryRowContext(ctx, "SELECT typeof(id), hex(id), (SELECT count(*) FROM "+table+" WHERE id = ?) FROM "+table, c.id).Scan(&typ, &hex, &n) != nil ||
						typ != "text" || hex != stored || n != 0 {
						t.Errorf("interpolated insert of %v: %v, stored as %s %s, %d found; want no error, text %s, 0 (the trap)", c.id, err, typ, hex, n, stored)
					}
				}
				empty()

				// A lookup of a row stored by the recipe.
				q, args, err := g.Insert(table).Rows(goqu.Record{"id": key(c.id)}).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.ExecContext(ctx, q, args...); err != nil {
					t.Fatalf("%s %v: %v", q, args, err)
				}
				q, _, err = g.From(table).Select("id").Prepared(false).Where(goqu.C("id").Eq(c.id)).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				err = db.QueryRowContext(ctx, q).Scan(new(ulid.ULID))
				if c.lookup != "" && (err == nil || !strings.Contains(err.Error(), c.lookup)) ||
					c.lookup == "" && !errors.Is(err, sql.ErrNoRows) {
					want := c.lookup
					if want == "" {
						want = "sql.ErrNoRows, a row that exists not found (the trap)"
					}
					t.Errorf("interpolated lookup of %v: %v; want %s", c.id, err, want)
				}
				empty()
			}

			if d.goqu == "postgres" {
				// On PostgreSQL alone, the UUID text works written into
				// the SQL, zero byte or not.
				for _, id := range []ulid.ULID{trap, withZero} {
					ins, _, err := g.Insert(table).Prepared(false).Rows(goqu.Record{"id": id.UUIDString()}).ToSQL()
					if err != nil {
						t.Fatal(err)
					}
					sel, _, err := g.From(table).Select("id").Prepared(false).Where(goqu.C("id").Eq(id.UUIDString())).ToSQL()
					if err != nil {
						t.Fatal(err)
					}
					var got ulid.ULID
					if _, err := db.ExecContext(ctx, ins); err != nil {
						t.Errorf("%s: %v", ins, err)
					} else if err := db.QueryRowContext(ctx, sel).Scan(&got); err != nil || got != id {
						t.Errorf("%s = %v, %v; want %v", sel, got, err, id)
					}
				}
				empty()
			}

			// The recipe.
			var parent *ulid.ULID // nil: root has no parent
			for _, r := range []goqu.Record{
				{"id": key(root), "parent": orNull(parent)},
				{"id": key(child), "parent": key(root)},
			} {
				q, args, err := g.Insert(table).Rows(r).ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.ExecContext(ctx, q, args...); err != nil {
					t.Fatalf("%s %v: %v", q, args, err)
				}
			}
			ids := func(ds *goqu.SelectDataset) ([]ulid.ULID, error) {
				t.Helper()
				q, args, err := ds.ToSQL()
				if err != nil {
					t.Fatal(err)
				}
				rows, err := db.QueryContext(ctx, q, args...)
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
			from := g.From(table).Select("id").Order(goqu.C("id").Asc())
			some := []ulid.ULID{root, child, ulid.Make()}
			var keys []any
			for _, id := range some {
				keys = append(keys, key(id))
			}
			for _, c := range []struct {
				name      string
				ds        *goqu.SelectDataset
				want      []ulid.ULID
				pgbouncer string // the error through PgBouncer; "" if it works
			}{
				{"Eq", from.Where(goqu.C("id").Eq(key(child))), []ulid.ULID{child}, ""},
				{"In(ids)", from.Where(goqu.C("id").In(some)), []ulid.ULID{root, child}, "22P02"},
				{"In(keys...)", from.Where(goqu.C("id").In(keys...)), []ulid.ULID{root, child}, ""},
				{"parent Eq", from.Where(goqu.C("parent").Eq(key(root))), []ulid.ULID{child}, ""},
				{"IsNull", from.Where(goqu.C("parent").IsNull()), []ulid.ULID{root}, ""},
				{"orNull(nil)", from.Where(goqu.C("parent").Eq(orNull(parent))), []ulid.ULID{root}, ""},
				// The nil *ulid.ULID itself binds NULL to "parent" = $1,
				// which matches no row, with no error.
				{"nil *ulid.ULID", from.Where(goqu.C("parent").Eq(parent)), nil, ""},
				// Through PgBouncer, goqu passes a ULID's Value, the 16
				// bytes, even when prepared: pgxulid does not see a ULID.
				{"Eq ULID", from.Where(goqu.C("id").Eq(child)), []ulid.ULID{child}, "22P02"},
			} {
				got, err := ids(c.ds)
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

			// What the nil *ulid.ULID becomes: a comparison with NULL.
			q, args, err := from.Where(goqu.C("parent").Eq(parent)).ToSQL()
			want := "WHERE (`parent` = ?)"
			if d.goqu == "postgres" {
				want = `WHERE ("parent" = $1)`
			}
			if err != nil || !strings.Contains(q, want) || len(args) != 1 || args[0] != nil {
				t.Errorf("Eq(nil *ulid.ULID) = %q %#v, %v; want %s with NULL", q, args, err, want)
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
