package integration

// ulid.Typed through pgxulid against the real PostgreSQL, directly and
// through PgBouncer in transaction pooling mode, in every query exec mode the
// route allows (see pgxulid_test.go), natively and through database/sql.
// Stored values are read back as id::text, without the adapter.

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

// The prefix types of the tests: two, to show that pgxulid needs no
// registration for each.
type (
	pgxUserPrefix  struct{}
	pgxOrderPrefix struct{}
)

func (pgxUserPrefix) Prefix() string  { return "user" }
func (pgxOrderPrefix) Prefix() string { return "order" }

type (
	pgxUserID  = ulid.Typed[pgxUserPrefix]
	pgxOrderID = ulid.Typed[pgxOrderPrefix]
)

// TestPgxTyped binds and scans Typed IDs, their pointers, sql.Null and
// slices, in every mode, directly and through PgBouncer, with pgxulid
// registered.
func TestPgxTyped(t *testing.T) {
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		ctx := testContext(t)
		conn := connectMode(t, r.env, mode, true)
		table := pgxTable(t, conn, "pgxulid_typed_"+r.name+"_"+modeName(mode))
		ins := "INSERT INTO " + table + " (id, parent) VALUES ($1, $2)"

		t.Run("bind", func(t *testing.T) {
			spec := ulid.TypedOf[pgxUserPrefix](ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
			a, b, c, d := ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxOrderPrefix](), ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxUserPrefix]()
			for _, args := range [][]any{
				{spec, &b}, // a Typed; a pointer to another prefix's
				{a, sql.Null[pgxUserID]{V: c, Valid: true}},                         // a valid sql.Null
				{&c, (*pgxOrderID)(nil)},                                            // a nil pointer: NULL
				{sql.Null[pgxUserID]{V: d, Valid: true}, sql.Null[pgxUserID]{V: a}}, // an invalid sql.Null: NULL
				{&sql.Null[pgxOrderID]{V: b, Valid: true}, &sql.Null[pgxUserID]{V: a}},
			} {
				if _, err := conn.Exec(ctx, ins, args...); err != nil {
					t.Fatalf("INSERT %v: %v", args, err)
				}
			}
			for _, tc := range []struct {
				id     ulid.ULID
				parent string
			}{
				{spec.ULID(), b.ULID().UUIDString()},
				{a.ULID(), c.ULID().UUIDString()},
				{c.ULID(), "NULL"},
				{d.ULID(), "NULL"},
				{b.ULID(), "NULL"},
			} {
				if got := stored(t, conn, table, "coalesce(parent::text, 'NULL')", tc.id); got != tc.parent {
					t.Errorf("row %v: parent %q, want %q", tc.id, got, tc.parent)
				}
			}
			if got := stored(t, conn, table, "id", spec.ULID()); got != "01563df3-6481-d676-4c61-efb99302bd5b" {
				t.Errorf("the ULID specification's example is stored as %q", got)
			}
			var n int
			if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE id = $1", a).Scan(&n); err != nil || n != 1 {
				t.Errorf("WHERE id = $1 (Typed): %d rows, %v", n, err)
			}
			rows, err := conn.Query(ctx, "SELECT id FROM "+table+" WHERE id = ANY($1) ORDER BY id", []pgxUserID{d, a, ulid.MakeTyped[pgxUserPrefix]()})
			if err != nil {
				t.Fatal(err)
			}
			got, err := pgx.CollectRows(rows, pgx.RowTo[pgxUserID])
			if err != nil || !slices.Equal(got, []pgxUserID{a, d}) {
				t.Errorf("WHERE id = ANY([]Typed) = %v, %v; want [%v %v]", got, err, a, d)
			}
			if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE id = ANY($1)", []*pgxUserID{&c, nil}).Scan(&n); err != nil || n != 1 {
				t.Errorf("WHERE id = ANY([]*Typed{&c, nil}): %d rows, %v", n, err)
			}
			if _, err := conn.Exec(ctx, "UPDATE "+table+" SET ids = $1 WHERE id = $2", []sql.Null[pgxUserID]{{V: c, Valid: true}, {}}, a); err != nil {
				t.Fatal(err)
			}
			if got := stored(t, conn, table, "ids", a.ULID()); got != "{"+c.ULID().UUIDString()+",NULL}" {
				t.Errorf("[]sql.Null[Typed] stored as %q", got)
			}
			if _, err := conn.Exec(ctx, "UPDATE "+table+" SET ids = $1 WHERE id = $2", []pgxUserID(nil), a); err != nil {
				t.Fatal(err)
			}
			if got := stored(t, conn, table, "coalesce(ids::text, 'NULL')", a.ULID()); got != "NULL" {
				t.Errorf("a nil []Typed stored as %q, want NULL", got)
			}
		})

		t.Run("scan", func(t *testing.T) {
			id, parent, x, y := ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxOrderPrefix](), ulid.MakeTyped[pgxOrderPrefix]()
			if _, err := conn.Exec(ctx, "INSERT INTO "+table+" (id, parent, ids) VALUES ($1::text::uuid, $2::text::uuid, $3::text::uuid[]), ($4::text::uuid, NULL, NULL)",
				id.ULID().UUIDString(), parent.ULID().UUIDString(), uuidArrayText(x.ULID(), y.ULID()), parent.ULID().UUIDString()); err != nil {
				t.Fatal(err)
			}
			var (
				gotID     pgxUserID
				gotParent *pgxUserID
				null      sql.Null[pgxUserID]
				ids       []pgxOrderID
			)
			q := "SELECT id, parent, parent, ids FROM " + table + " WHERE id = $1"
			if err := conn.QueryRow(ctx, q, id).Scan(&gotID, &gotParent, &null, &ids); err != nil {
				t.Fatal(err)
			}
			if gotID != id || gotParent == nil || *gotParent != parent || null != (sql.Null[pgxUserID]{V: parent, Valid: true}) || !slices.Equal(ids, []pgxOrderID{x, y}) {
				t.Errorf("scanned %v, %v, %+v, %v", gotID, gotParent, null, ids)
			}
			if err := conn.QueryRow(ctx, q, parent).Scan(&gotID, &gotParent, &null, &ids); err != nil {
				t.Fatal(err)
			}
			if gotID != parent || gotParent != nil || null.Valid || ids != nil {
				t.Errorf("NULLs scanned as %v, %+v, %v", gotParent, null, ids)
			}
			// NULL into a Typed: ulid.ErrNull, and the ID is unchanged.
			err := conn.QueryRow(ctx, "SELECT parent FROM "+table+" WHERE id = $1", parent).Scan(&gotID)
			if !errors.Is(err, ulid.ErrNull) || gotID != parent {
				t.Errorf("NULL into a Typed: %v (%v), want ulid.ErrNull", err, gotID)
			}
			// TypeID text: its own prefix's reads, another's is refused.
			var fromText pgxUserID
			if err := conn.QueryRow(ctx, "SELECT $1::text", id.String()).Scan(&fromText); err != nil || fromText != id {
				t.Errorf("scan of %q = %v, %v", id, fromText, err)
			}
			var wrong pgxUserID
			err = conn.QueryRow(ctx, "SELECT $1::text", x.String()).Scan(&wrong)
			if !errors.Is(err, ulid.ErrWrongPrefix) || !wrong.IsZero() {
				t.Errorf("scan of %q into a user ID = %v, %v; want ulid.ErrWrongPrefix", x, wrong, err)
			}
		})

		t.Run("CopyFrom", func(t *testing.T) {
			a, b, c := ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxUserPrefix]()
			rows := [][]any{
				{a, &b, []pgxUserID{b, c}},
				{b, (*pgxUserID)(nil), []*pgxUserID{&a, nil}},
				{c, sql.Null[pgxUserID]{}, nil},
			}
			n, err := conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"id", "parent", "ids"}, pgx.CopyFromRows(rows))
			if err != nil || n != 3 {
				t.Fatalf("CopyFrom = %d, %v", n, err)
			}
			for _, tc := range []struct {
				id          pgxUserID
				parent, ids string
			}{
				{a, b.ULID().UUIDString(), uuidArrayText(b.ULID(), c.ULID())},
				{b, "NULL", "{" + a.ULID().UUIDString() + ",NULL}"},
				{c, "NULL", "NULL"},
			} {
				if got := stored(t, conn, table, "coalesce(parent::text, 'NULL') || ' ' || coalesce(ids::text, 'NULL')", tc.id.ULID()); got != tc.parent+" "+tc.ids {
					t.Errorf("row %v: %q, want %q", tc.id, got, tc.parent+" "+tc.ids)
				}
			}
		})

		t.Run("text column", func(t *testing.T) {
			id := ulid.MakeTyped[pgxUserPrefix]()
			insertText(t, conn, table, id.ULID())
			_, err := conn.Exec(ctx, "UPDATE "+table+" SET label = $1 WHERE id = $2", id, id)
			if describes(mode) {
				if !errors.Is(err, ulid.ErrUnsupportedType) {
					t.Fatalf("Typed to text in %s mode: %v, want ulid.ErrUnsupportedType", mode, err)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if got := stored(t, conn, table, "label", id.ULID()); got != id.ULID().UUIDString() {
				// The server infers text and gets the UUID text, as for a ULID.
				t.Fatalf("Typed to text in %s mode stored %q, want the UUID text", mode, got)
			}
			// id.String() stores the TypeID text in every mode.
			if _, err := conn.Exec(ctx, "UPDATE "+table+" SET label = $1 WHERE id = $2", id.String(), id); err != nil {
				t.Fatal(err)
			}
			if got := stored(t, conn, table, "label", id.ULID()); got != id.String() {
				t.Fatalf("label %q, want %q", got, id.String())
			}
		})
	})
}

// TestPgxTypedWithoutRegister pins what pgxulid adds for Typed: without it, a
// Typed works in the describing modes (pgx sends Typed.Value's 16 bytes to a
// uuid parameter) and is an error in Exec and SimpleProtocol mode, where pgx
// sends those bytes as a bytea literal and PostgreSQL refuses it for a uuid:
// an error, never a wrong value. A []Typed cannot be sent there at all.
func TestPgxTypedWithoutRegister(t *testing.T) {
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		ctx := testContext(t)
		conn := connectMode(t, r.env, mode, false)
		table := pgxTable(t, conn, "pgxulid_typed_noreg_"+r.name+"_"+modeName(mode))
		id := ulid.MakeTyped[pgxUserPrefix]()
		_, err := conn.Exec(ctx, "INSERT INTO "+table+" (id, parent) VALUES ($1, $2)", id, sql.Null[pgxUserID]{})
		_, arrErr := conn.Exec(ctx, "SELECT count(*) FROM "+table+" WHERE id = ANY($1)", []pgxUserID{id})
		if describes(mode) {
			if err != nil || arrErr != nil {
				t.Fatalf("without Register, %s mode: %v, %v", mode, err, arrErr)
			}
			if got := stored(t, conn, table, "id::text || ' ' || coalesce(parent::text, 'NULL')", id.ULID()); got != id.ULID().UUIDString()+" NULL" {
				t.Fatalf("stored %q", got)
			}
			return
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "22P02" || !strings.Contains(pgErr.Message, `invalid input syntax for type uuid: "\x`) {
			t.Fatalf("without Register, a Typed in %s mode: %v; want SQLSTATE 22P02 for a bytea literal", mode, err)
		}
		if arrErr == nil || !strings.Contains(arrErr.Error(), "cannot find encode plan") {
			t.Fatalf("without Register, a []Typed in %s mode: %v; want pgx's encode error", mode, arrErr)
		}
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d rows, %v; want none stored", n, err)
		}
	})
}

// TestPgxTypedDatabaseSQL: Typed through database/sql with pgx's stdlib
// driver, pgxulid registered in the connector's AfterConnect, in every mode,
// directly and through PgBouncer.
func TestPgxTypedDatabaseSQL(t *testing.T) {
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		ctx := testContext(t)
		config, err := pgx.ParseConfig(withParam(dsn(t, r.env), "default_query_exec_mode="+modeName(mode)))
		if err != nil {
			t.Fatal(err)
		}
		db := sql.OpenDB(stdlib.GetConnector(*config, stdlib.OptionAfterConnect(
			func(ctx context.Context, conn *pgx.Conn) error {
				pgxulid.Register(conn.TypeMap())
				return nil
			})))
		t.Cleanup(func() { _ = db.Close() })
		table := "pgxulid_typed_sql_" + r.name + "_" + modeName(mode)
		for _, q := range []string{
			"DROP TABLE IF EXISTS " + table,
			"CREATE TABLE " + table + " (id uuid PRIMARY KEY, parent uuid NULL, ids uuid[] NULL)",
		} {
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		a, b, c := ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxUserPrefix](), ulid.MakeTyped[pgxUserPrefix]()
		ins := "INSERT INTO " + table + " (id, parent, ids) VALUES ($1, $2, $3)"
		for _, args := range [][]any{
			{a, &b, []pgxUserID{b, c}},
			{b, (*pgxUserID)(nil), nil},
			{c, sql.Null[pgxUserID]{}, []pgxUserID{}},
		} {
			if _, err := db.ExecContext(ctx, ins, args...); err != nil {
				t.Fatalf("INSERT %v: %v", args, err)
			}
		}
		var text string
		if err := db.QueryRowContext(ctx, "SELECT id::text || ' ' || parent::text || ' ' || ids::text FROM "+table+" WHERE id = $1::text::uuid", a.ULID().UUIDString()).Scan(&text); err != nil {
			t.Fatal(err)
		}
		if want := a.ULID().UUIDString() + " " + b.ULID().UUIDString() + " " + uuidArrayText(b.ULID(), c.ULID()); text != want {
			t.Fatalf("stored %q, want %q", text, want)
		}
		var nulls string
		if err := db.QueryRowContext(ctx, "SELECT coalesce(parent::text, 'NULL') || ' ' || coalesce(ids::text, 'NULL') FROM "+table+" WHERE id = $1", c).Scan(&nulls); err != nil || nulls != "NULL {}" {
			t.Fatalf("row c: %q, %v; want NULL parent and an empty array", nulls, err)
		}
		var (
			id     pgxUserID
			parent sql.Null[pgxUserID]
			p      *pgxUserID
		)
		if err := db.QueryRowContext(ctx, "SELECT id, parent, parent FROM "+table+" WHERE id = $1", a).Scan(&id, &parent, &p); err != nil {
			t.Fatal(err)
		}
		if id != a || parent != (sql.Null[pgxUserID]{V: b, Valid: true}) || p == nil || *p != b {
			t.Fatalf("scanned %v, %+v, %v", id, parent, p)
		}
		if err := db.QueryRowContext(ctx, "SELECT parent, parent FROM "+table+" WHERE id = $1", b).Scan(&parent, &p); err != nil || parent.Valid || p != nil {
			t.Fatalf("NULLs scanned as %+v, %v, %v", parent, p, err)
		}
	})
}
