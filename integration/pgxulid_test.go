package integration

// Tests of github.com/ulidgo/ulid/pgxulid against the real PostgreSQL, both
// directly (ULID_PG_DSN) and through PgBouncer in transaction pooling mode
// (ULID_PGBOUNCER_DSN): every operation the adapter promises, in every pgx
// query exec mode, natively and through database/sql.
//
// Through PgBouncer only the modes that keep no prepared statement from one
// transaction to the next are tested: CacheDescribe, Exec and SimpleProtocol.
// PgBouncer 1.18 (Debian 12) forwards no prepared statements in transaction
// mode; TestPgBouncerPreparedStatements shows what happens to the other two.
//
// Stored values are checked with SQL that does not go through the adapter
// (id::text compared with a string), so that a wrong encoding cannot hide
// behind a matching wrong decoding.

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

var (
	allModes = []pgx.QueryExecMode{
		pgx.QueryExecModeCacheStatement,
		pgx.QueryExecModeCacheDescribe,
		pgx.QueryExecModeDescribeExec,
		pgx.QueryExecModeExec,
		pgx.QueryExecModeSimpleProtocol,
	}
	// The modes that work with PgBouncer in transaction pooling mode.
	bouncerModes = []pgx.QueryExecMode{
		pgx.QueryExecModeCacheDescribe,
		pgx.QueryExecModeExec,
		pgx.QueryExecModeSimpleProtocol,
	}
)

// A route is one way to reach the test database.
type route struct {
	name  string
	env   string
	modes []pgx.QueryExecMode
}

var routes = []route{
	{"direct", envPostgres, allModes},
	{"pgbouncer", envPgBouncer, bouncerModes},
}

// eachRoute runs test as a subtest for each route and each of its modes.
func eachRoute(t *testing.T, test func(t *testing.T, r route, mode pgx.QueryExecMode)) {
	for _, r := range routes {
		t.Run(r.name, func(t *testing.T) {
			for _, mode := range r.modes {
				t.Run(modeName(mode), func(t *testing.T) { test(t, r, mode) })
			}
		})
	}
}

// modeName is mode as pgx's default_query_exec_mode connection parameter
// spells it.
func modeName(mode pgx.QueryExecMode) string {
	return strings.ReplaceAll(mode.String(), " ", "_")
}

// describes reports whether pgx asks the server for the parameter types in
// mode, and so knows when a parameter is not a uuid.
func describes(mode pgx.QueryExecMode) bool {
	return mode != pgx.QueryExecModeExec && mode != pgx.QueryExecModeSimpleProtocol
}

// connectMode connects to the database in the environment variable env with
// the default query exec mode, and registers pgxulid if register is set.
func connectMode(t *testing.T, env string, mode pgx.QueryExecMode, register bool) *pgx.Conn {
	t.Helper()
	config, err := pgx.ParseConfig(dsn(t, env))
	if err != nil {
		t.Fatalf("pgx.ParseConfig: %v", err)
	}
	config.DefaultQueryExecMode = mode
	conn, err := pgx.ConnectConfig(testContext(t), config)
	if err != nil {
		t.Fatalf("pgx.ConnectConfig (%s): %v", env, err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	if register {
		pgxulid.Register(conn.TypeMap())
	}
	return conn
}

// pgxTable creates (anew) the table the operations work on.
func pgxTable(t *testing.T, conn *pgx.Conn, name string) string {
	t.Helper()
	ctx := testContext(t)
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + name,
		"CREATE TABLE " + name + " (id uuid PRIMARY KEY, parent uuid NULL, ids uuid[] NULL, label text NULL, code char(26) NULL)",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return name
}

// stored returns the text of expr in the row of table whose id is the UUID
// text key, read without the adapter ("" for NULL).
func stored(t *testing.T, conn *pgx.Conn, table, expr string, key ulid.ULID) string {
	t.Helper()
	var s sql.Null[string]
	q := fmt.Sprintf("SELECT (%s)::text FROM %s WHERE id = $1::text::uuid", expr, table)
	if err := conn.QueryRow(testContext(t), q, key.UUIDString()).Scan(&s); err != nil {
		t.Fatalf("%s [%s]: %v", q, key.UUIDString(), err)
	}
	return s.V
}

// insertText inserts a row with id key (as UUID text, without the adapter).
func insertText(t *testing.T, conn *pgx.Conn, table string, key ulid.ULID) {
	t.Helper()
	q := fmt.Sprintf("INSERT INTO %s (id) VALUES ($1::text::uuid)", table)
	if _, err := conn.Exec(testContext(t), q, key.UUIDString()); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func uuidArrayText(ids ...ulid.ULID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.UUIDString()
	}
	return "{" + strings.Join(s, ",") + "}"
}

// pgxOps are the operations of the matrix, each run in every mode.
var pgxOps = []struct {
	name string
	run  func(t *testing.T, conn *pgx.Conn, mode pgx.QueryExecMode, table string)
}{
	{"bind ULID", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		for _, id := range []ulid.ULID{ulid.Make(), ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"), {}} {
			if _, err := conn.Exec(ctx, "INSERT INTO "+table+" (id) VALUES ($1)", id); err != nil {
				t.Fatalf("INSERT %v: %v", id, err)
			}
			if got := stored(t, conn, table, "id", id); got != id.UUIDString() {
				t.Fatalf("stored %q, want %q", got, id.UUIDString())
			}
			var n int
			if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE id = $1", id).Scan(&n); err != nil || n != 1 {
				t.Fatalf("WHERE id = $1: %d rows, %v", n, err)
			}
		}
		if got := stored(t, conn, table, "id", ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")); got != "01563df3-6481-d676-4c61-efb99302bd5b" {
			t.Fatalf("the ULID specification's example is stored as %q", got)
		}
	}},
	{"bind *ULID", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id, parent := ulid.Make(), ulid.Make()
		q := "INSERT INTO " + table + " (id, parent) VALUES ($1, $2)"
		if _, err := conn.Exec(ctx, q, &id, &parent); err != nil {
			t.Fatalf("INSERT: %v", err)
		}
		other := ulid.Make()
		if _, err := conn.Exec(ctx, q, &other, (*ulid.ULID)(nil)); err != nil {
			t.Fatalf("INSERT nil: %v", err)
		}
		if got := stored(t, conn, table, "parent", id); got != parent.UUIDString() {
			t.Fatalf("stored %q, want %q", got, parent.UUIDString())
		}
		if got := stored(t, conn, table, "coalesce(parent::text, 'NULL')", other); got != "NULL" {
			t.Fatalf("nil *ULID stored as %q, want NULL", got)
		}
	}},
	{"bind sql.Null", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id, parent, other := ulid.Make(), ulid.Make(), ulid.Make()
		q := "INSERT INTO " + table + " (id, parent) VALUES ($1, $2)"
		if _, err := conn.Exec(ctx, q, sql.Null[ulid.ULID]{V: id, Valid: true}, sql.Null[ulid.ULID]{V: parent, Valid: true}); err != nil {
			t.Fatalf("INSERT: %v", err)
		}
		if _, err := conn.Exec(ctx, q, other, sql.Null[ulid.ULID]{V: parent}); err != nil {
			t.Fatalf("INSERT NULL: %v", err)
		}
		if got := stored(t, conn, table, "parent", id); got != parent.UUIDString() {
			t.Fatalf("stored %q, want %q", got, parent.UUIDString())
		}
		if got := stored(t, conn, table, "coalesce(parent::text, 'NULL')", other); got != "NULL" {
			t.Fatalf("invalid sql.Null stored as %q, want NULL", got)
		}
	}},
	{"bind []ULID", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		a, b, c, absent := ulid.Make(), ulid.Make(), ulid.Make(), ulid.Make()
		for _, id := range []ulid.ULID{a, b, c} {
			insertText(t, conn, table, id)
		}
		query := func(arg any) []ulid.ULID {
			t.Helper()
			rows, err := conn.Query(ctx, "SELECT id FROM "+table+" WHERE id = ANY($1) ORDER BY id", arg)
			if err != nil {
				t.Fatalf("ANY(%v): %v", arg, err)
			}
			got, err := pgx.CollectRows(rows, pgx.RowTo[ulid.ULID])
			if err != nil {
				t.Fatalf("ANY(%v): %v", arg, err)
			}
			return got
		}
		if got := query([]ulid.ULID{c, absent, a}); !slices.Equal(got, []ulid.ULID{a, c}) {
			t.Errorf("WHERE id = ANY([c, absent, a]) = %v, want [a c]", got)
		}
		if got := query([]*ulid.ULID{&b, nil}); !slices.Equal(got, []ulid.ULID{b}) {
			t.Errorf("WHERE id = ANY([&b, nil]) = %v, want [b]", got)
		}
		if got := query([]ulid.ULID{}); len(got) != 0 {
			t.Errorf("WHERE id = ANY([]) = %v, want none", got)
		}
		// Into a uuid[] column.
		if _, err := conn.Exec(ctx, "UPDATE "+table+" SET ids = $1 WHERE id = $2", []ulid.ULID{b, c}, a); err != nil {
			t.Fatalf("UPDATE ids: %v", err)
		}
		if got := stored(t, conn, table, "ids", a); got != uuidArrayText(b, c) {
			t.Errorf("ids stored as %q, want %q", got, uuidArrayText(b, c))
		}
	}},
	{"scan ULID", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id := ulid.Make()
		insertText(t, conn, table, id)
		var got ulid.ULID
		if err := conn.QueryRow(ctx, "SELECT id FROM "+table+" WHERE id = $1::text::uuid", id.UUIDString()).Scan(&got); err != nil || got != id {
			t.Fatalf("scan = %v, %v; want %v", got, err, id)
		}
		// NULL into a ULID: ulid.ErrNull, and got is unchanged.
		err := conn.QueryRow(ctx, "SELECT parent FROM "+table+" WHERE id = $1", id).Scan(&got)
		if !errors.Is(err, ulid.ErrNull) {
			t.Fatalf("scan NULL: %v, want ulid.ErrNull", err)
		}
		if got != id {
			t.Fatalf("scan NULL changed the ULID to %v", got)
		}
	}},
	{"scan *ULID", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id := ulid.Make()
		insertText(t, conn, table, id)
		var p, null *ulid.ULID
		null = &id
		if err := conn.QueryRow(ctx, "SELECT id, parent FROM "+table+" WHERE id = $1", id).Scan(&p, &null); err != nil {
			t.Fatal(err)
		}
		if p == nil || *p != id || null != nil {
			t.Fatalf("scan = %v, %v; want &%v, nil", p, null, id)
		}
	}},
	{"scan sql.Null", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id := ulid.Make()
		insertText(t, conn, table, id)
		var v, null sql.Null[ulid.ULID]
		null = sql.Null[ulid.ULID]{V: id, Valid: true}
		if err := conn.QueryRow(ctx, "SELECT id, parent FROM "+table+" WHERE id = $1", id).Scan(&v, &null); err != nil {
			t.Fatal(err)
		}
		if v != (sql.Null[ulid.ULID]{V: id, Valid: true}) || null.Valid {
			t.Fatalf("scan = %+v, %+v", v, null)
		}
	}},
	{"scan []ULID", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id, a, b := ulid.Make(), ulid.Make(), ulid.Make()
		if _, err := conn.Exec(ctx, "INSERT INTO "+table+" (id, ids) VALUES ($1::text::uuid, $2::text::uuid[])",
			id.UUIDString(), uuidArrayText(a, b, id)); err != nil {
			t.Fatal(err)
		}
		var got []ulid.ULID
		if err := conn.QueryRow(ctx, "SELECT ids FROM "+table+" WHERE id = $1", id).Scan(&got); err != nil || !slices.Equal(got, []ulid.ULID{a, b, id}) {
			t.Fatalf("scan = %v, %v; want [%v %v %v]", got, err, a, b, id)
		}
		// NULL array: nil; NULL element: nil in []*ulid.ULID, ulid.ErrNull in []ulid.ULID.
		got = []ulid.ULID{a}
		if err := conn.QueryRow(ctx, "SELECT NULL::uuid[]").Scan(&got); err != nil || got != nil {
			t.Fatalf("scan NULL array = %v, %v; want nil", got, err)
		}
		var ptrs []*ulid.ULID
		q := "SELECT ARRAY[id, NULL] FROM " + table + " WHERE id = $1"
		if err := conn.QueryRow(ctx, q, id).Scan(&ptrs); err != nil || len(ptrs) != 2 || ptrs[0] == nil || *ptrs[0] != id || ptrs[1] != nil {
			t.Fatalf("scan into []*ULID = %v, %v", ptrs, err)
		}
		if err := conn.QueryRow(ctx, q, id).Scan(&got); !errors.Is(err, ulid.ErrNull) {
			t.Fatalf("scan array with NULL into []ulid.ULID: %v, want ulid.ErrNull", err)
		}
	}},
	{"CopyFrom", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		a, b, c, d := ulid.Make(), ulid.Make(), ulid.Make(), ulid.Make()
		rows := [][]any{
			{a, &b, []ulid.ULID{c, d}},
			{b, (*ulid.ULID)(nil), nil},
			{c, sql.Null[ulid.ULID]{V: a, Valid: true}, []ulid.ULID{}},
			{d, sql.Null[ulid.ULID]{}, []*ulid.ULID{&a, nil}},
		}
		n, err := conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"id", "parent", "ids"}, pgx.CopyFromRows(rows))
		if err != nil || n != int64(len(rows)) {
			t.Fatalf("CopyFrom = %d, %v", n, err)
		}
		for _, tc := range []struct {
			id          ulid.ULID
			parent, ids string
		}{
			{a, b.UUIDString(), uuidArrayText(c, d)},
			{b, "NULL", "NULL"},
			{c, a.UUIDString(), "{}"},
			{d, "NULL", "{" + a.UUIDString() + ",NULL}"},
		} {
			if got := stored(t, conn, table, "coalesce(parent::text, 'NULL')", tc.id); got != tc.parent {
				t.Errorf("row %v: parent %q, want %q", tc.id, got, tc.parent)
			}
			if got := stored(t, conn, table, "coalesce(ids::text, 'NULL')", tc.id); got != tc.ids {
				t.Errorf("row %v: ids %q, want %q", tc.id, got, tc.ids)
			}
		}
	}},
	{"ULID to text column", func(t *testing.T, conn *pgx.Conn, mode pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		for _, id := range []ulid.ULID{ulid.Make(), ulid.ULID([]byte("0123456789abcdef"))} {
			insertText(t, conn, table, id)
			_, err := conn.Exec(ctx, "UPDATE "+table+" SET label = $1 WHERE id = $2", id, id)
			if describes(mode) {
				// pgx knows the parameter is text: an error, nothing stored.
				if !errors.Is(err, ulid.ErrUnsupportedType) {
					t.Fatalf("ULID to text in %s mode: %v, want an error wrapping ulid.ErrUnsupportedType", mode, err)
				}
				if got := stored(t, conn, table, "coalesce(label, 'NULL')", id); got != "NULL" {
					t.Fatalf("after the error, label is %q", got)
				}
				continue
			}
			// Exec and SimpleProtocol: the server takes the text it is sent,
			// the UUID text; never the bytea literal.
			if err != nil {
				t.Fatalf("ULID to text in %s mode: %v", mode, err)
			}
			if got := stored(t, conn, table, "label", id); got != id.UUIDString() {
				t.Fatalf("ULID to text in %s mode stored %q, want the UUID text %q", mode, got, id.UUIDString())
			}
			var back ulid.ULID
			if err := conn.QueryRow(ctx, "SELECT label FROM "+table+" WHERE id = $1", id).Scan(&back); err != nil || back != id {
				t.Fatalf("label read back as %v, %v; want %v", back, err, id)
			}
			// char(26) is too short for it.
			_, err = conn.Exec(ctx, "UPDATE "+table+" SET code = $1 WHERE id = $2", id, id)
			var pgErr *pgconn.PgError
			if !errors.As(err, &pgErr) || pgErr.Code != "22001" {
				t.Fatalf("ULID to char(26) in %s mode: %v, want SQLSTATE 22001", mode, err)
			}
		}
	}},
	{"ULID text in text columns", func(t *testing.T, conn *pgx.Conn, _ pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id := ulid.Make()
		insertText(t, conn, table, id)
		if _, err := conn.Exec(ctx, "UPDATE "+table+" SET label = $1, code = $2 WHERE id = $3", id.String(), id.String(), id); err != nil {
			t.Fatal(err)
		}
		if got := stored(t, conn, table, "label || '/' || code", id); got != id.String()+"/"+id.String() {
			t.Fatalf("stored %q", got)
		}
		var label, code ulid.ULID
		if err := conn.QueryRow(ctx, "SELECT label, code FROM "+table+" WHERE label = $1", id.String()).Scan(&label, &code); err != nil || label != id || code != id {
			t.Fatalf("read back %v, %v, %v; want %v", label, code, err, id)
		}
		// Text that is no ULID or UUID is an error, not a zero ULID.
		var bad ulid.ULID
		err := conn.QueryRow(ctx, "SELECT $1::text", "01563df3-6481-d676-4c61-efb99302bd5g").Scan(&bad)
		var pe *ulid.ParseError
		if !errors.Is(err, ulid.ErrInvalidCharacter) || !errors.As(err, &pe) || pe.Offset != 35 || !bad.IsZero() {
			t.Fatalf("bad UUID text: %v (%v)", err, bad)
		}
		if err := conn.QueryRow(ctx, "SELECT 'not a ulid'::text").Scan(&bad); !errors.Is(err, ulid.ErrInvalidLength) {
			t.Fatalf("short text: %v, want ulid.ErrInvalidLength", err)
		}
	}},
	{"other UUID types", func(t *testing.T, conn *pgx.Conn, mode pgx.QueryExecMode, table string) {
		ctx := testContext(t)
		id := ulid.Make()
		insertText(t, conn, table, id)
		for _, arg := range []any{
			pgtype.UUID{Bytes: id, Valid: true},
			[16]byte(id),
			id.UUIDString(),
			uuid.UUID(id),
			&[]uuid.UUID{uuid.UUID(id)}[0],
		} {
			var n int
			err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE id = $1", arg).Scan(&n)
			if _, ok := arg.([16]byte); ok && !describes(mode) {
				// pgx has no default type for a bare [16]byte, so in Exec and
				// SimpleProtocol it cannot send one, with or without pgxulid
				// (pgxulid's unit tests compare the two).
				if err == nil || !strings.Contains(err.Error(), "cannot find encode plan") {
					t.Errorf("WHERE id = [16]byte in %s mode: %v; want pgx's encode error", mode, err)
				}
				continue
			}
			if err != nil || n != 1 {
				t.Errorf("WHERE id = %T: %d rows, %v", arg, n, err)
			}
		}
		var (
			pu pgtype.UUID
			gu uuid.UUID
			s  string
			gs []uuid.UUID
		)
		if err := conn.QueryRow(ctx, "SELECT id, id, id, ARRAY[id] FROM "+table+" WHERE id = $1", id).Scan(&pu, &gu, &s, &gs); err != nil {
			t.Fatal(err)
		}
		if pu != (pgtype.UUID{Bytes: id, Valid: true}) || gu != uuid.UUID(id) || s != id.UUIDString() || len(gs) != 1 || gs[0] != uuid.UUID(id) {
			t.Errorf("scanned %v, %v, %q, %v", pu, gu, s, gs)
		}
	}},
}

// TestPgxULID runs every operation in every query exec mode, directly and
// through PgBouncer, with pgxulid registered.
func TestPgxULID(t *testing.T) {
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		conn := connectMode(t, r.env, mode, true)
		table := pgxTable(t, conn, "pgxulid_"+r.name+"_"+modeName(mode))
		for _, op := range pgxOps {
			t.Run(op.name, func(t *testing.T) { op.run(t, conn, mode, table) })
		}
	})
}

// TestPgxULIDWithoutRegister pins what pgxulid is for: without it, a plain
// ULID fails loudly in the Exec and SimpleProtocol modes (and a []ulid.ULID
// cannot be sent at all there: TestPgxULIDSliceWithoutRegister), while the
// describing modes take the 16 bytes. It also shows the silent failure
// Register removes: in those two modes, a ULID bound to a text column is
// stored as bytea hex.
func TestPgxULIDWithoutRegister(t *testing.T) {
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		ctx := testContext(t)
		conn := connectMode(t, r.env, mode, false)
		table := pgxTable(t, conn, "pgxulid_noreg_"+r.name+"_"+modeName(mode))
		id := ulid.Make()
		_, err := conn.Exec(ctx, "INSERT INTO "+table+" (id) VALUES ($1)", id)
		_, arrErr := conn.Exec(ctx, "SELECT count(*) FROM "+table+" WHERE id = ANY($1)", []ulid.ULID{id})
		if describes(mode) {
			if err != nil {
				t.Fatalf("without Register, %s mode: %v", mode, err)
			}
			if got := stored(t, conn, table, "id", id); got != id.UUIDString() {
				t.Fatalf("stored %q, want %q", got, id.UUIDString())
			}
			return
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "22P02" || !strings.Contains(pgErr.Message, `invalid input syntax for type uuid: "\x`) {
			t.Fatalf("without Register, a ULID in %s mode: %v; want SQLSTATE 22P02 for a bytea literal", mode, err)
		}
		if arrErr == nil || !strings.Contains(arrErr.Error(), "unable to encode") {
			t.Fatalf("without Register, a []ulid.ULID in %s mode: %v; want an encode error", mode, arrErr)
		}
		// The silent failure: a text column takes the bytea literal.
		insertText(t, conn, table, id)
		if _, err := conn.Exec(ctx, "UPDATE "+table+" SET label = $1 WHERE id = $2", id, id.UUIDString()); err != nil {
			t.Fatalf("UPDATE label: %v", err)
		}
		if got, want := stored(t, conn, table, "label", id), `\x`+fmt.Sprintf("%x", id[:]); got != want {
			t.Fatalf("without Register, label = %q; this test expected pgx's bytea literal %q", got, want)
		}
	})
}

// TestPgxULIDDatabaseSQL is the matrix through database/sql with pgx's
// stdlib driver, pgxulid registered in the connector's AfterConnect.
func TestPgxULIDDatabaseSQL(t *testing.T) {
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		ctx := testContext(t)
		config, err := pgx.ParseConfig(withParam(dsn(t, r.env), "default_query_exec_mode="+modeName(mode)))
		if err != nil {
			t.Fatal(err)
		}
		if config.DefaultQueryExecMode != mode {
			t.Fatalf("DSN gave mode %v, want %v", config.DefaultQueryExecMode, mode)
		}
		db := sql.OpenDB(stdlib.GetConnector(*config, stdlib.OptionAfterConnect(
			func(ctx context.Context, conn *pgx.Conn) error {
				pgxulid.Register(conn.TypeMap())
				return nil
			})))
		t.Cleanup(func() { _ = db.Close() })
		table := "pgxulid_sql_" + r.name + "_" + modeName(mode)
		for _, q := range []string{
			"DROP TABLE IF EXISTS " + table,
			"CREATE TABLE " + table + " (id uuid PRIMARY KEY, parent uuid NULL, ids uuid[] NULL)",
		} {
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		a, b, c := ulid.Make(), ulid.Make(), ulid.Make()
		ins := "INSERT INTO " + table + " (id, parent, ids) VALUES ($1, $2, $3)"
		for _, args := range [][]any{
			{a, &b, []ulid.ULID{b, c}},
			{b, (*ulid.ULID)(nil), nil},
			{c, sql.Null[ulid.ULID]{V: a, Valid: true}, []ulid.ULID{}},
		} {
			if _, err := db.ExecContext(ctx, ins, args...); err != nil {
				t.Fatalf("INSERT %v: %v", args, err)
			}
		}
		var text string
		if err := db.QueryRowContext(ctx, "SELECT id::text || ' ' || parent::text || ' ' || ids::text FROM "+table+" WHERE id = $1::text::uuid", a.UUIDString()).Scan(&text); err != nil {
			t.Fatal(err)
		}
		if want := a.UUIDString() + " " + b.UUIDString() + " " + uuidArrayText(b, c); text != want {
			t.Fatalf("stored %q, want %q", text, want)
		}

		rows, err := db.QueryContext(ctx, "SELECT id FROM "+table+" WHERE id = ANY($1) ORDER BY id", []ulid.ULID{c, a})
		if err != nil {
			t.Fatal(err)
		}
		var got []ulid.ULID
		for rows.Next() {
			var id ulid.ULID
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			got = append(got, id)
		}
		if err := rows.Err(); err != nil || !slices.Equal(got, []ulid.ULID{a, c}) {
			t.Fatalf("ANY([c a]) = %v, %v; want [a c]", got, err)
		}

		var (
			id, plain ulid.ULID
			p, nilP   *ulid.ULID
			n, nullN  sql.Null[ulid.ULID]
			ids       []ulid.ULID
		)
		plain = a
		m := pgtype.NewMap() // database/sql hands arrays over as text; a registered Map reads them
		pgxulid.Register(m)
		q := "SELECT id, parent, parent, parent, ids FROM " + table + " WHERE id = $1"
		if err := db.QueryRowContext(ctx, q, a).Scan(&id, &p, &n, &nilP, m.SQLScanner(&ids)); err != nil {
			t.Fatal(err)
		}
		if id != a || p == nil || *p != b || n != (sql.Null[ulid.ULID]{V: b, Valid: true}) || nilP == nil || !slices.Equal(ids, []ulid.ULID{b, c}) {
			t.Fatalf("scanned %v, %v, %+v, %v, %v", id, p, n, nilP, ids)
		}
		if err := db.QueryRowContext(ctx, q, b).Scan(&id, &p, &nullN, &nilP, m.SQLScanner(&ids)); err != nil {
			t.Fatal(err)
		}
		if p != nil || nullN.Valid || nilP != nil || ids != nil {
			t.Fatalf("NULLs scanned as %v, %+v, %v, %v", p, nullN, nilP, ids)
		}
		err = db.QueryRowContext(ctx, "SELECT parent FROM "+table+" WHERE id = $1", b).Scan(&plain)
		if !errors.Is(err, ulid.ErrNull) || plain != a {
			t.Fatalf("NULL into ulid.ULID: %v (%v), want ulid.ErrNull", err, plain)
		}
	})
}

// prepareHook calls after when a pgx connection has prepared (or described)
// a statement, between that round trip and the one that executes it.
type prepareHook struct{ after func() }

func (prepareHook) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	return ctx
}
func (prepareHook) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (prepareHook) TracePrepareStart(ctx context.Context, _ *pgx.Conn, _ pgx.TracePrepareStartData) context.Context {
	return ctx
}
func (h prepareHook) TracePrepareEnd(context.Context, *pgx.Conn, pgx.TracePrepareEndData) { h.after() }

// TestPgBouncerPreparedStatements shows why CacheStatement and DescribeExec
// are not in the PgBouncer matrix: in transaction pooling mode a prepared
// statement stays on the server connection it was made on, and the client's
// next transaction may run on another. (PgBouncer 1.21 and later can track
// named prepared statements, with max_prepared_statements; this test is for
// Debian 12's 1.18. If it fails on a newer PgBouncer, revisit bouncerModes.)
func TestPgBouncerPreparedStatements(t *testing.T) {
	ctx := testContext(t)
	// holdServer keeps the server connection whose backend is pid busy in a
	// transaction of another client, and all connections it tried on the way.
	holdServer := func(t *testing.T, pid uint32) {
		t.Helper()
		for range 20 { // default_pool_size in run.sh
			h := connectMode(t, envPgBouncer, pgx.QueryExecModeSimpleProtocol, false)
			tx, err := h.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = tx.Rollback(context.Background()) })
			var got uint32
			if err := tx.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got == pid {
				return
			}
		}
		t.Fatalf("no client got the server connection of backend %d", pid)
	}

	t.Run("cache_statement", func(t *testing.T) {
		conn := connectMode(t, envPgBouncer, pgx.QueryExecModeCacheStatement, true)
		// pgx names a cached statement after its SQL, and a statement
		// prepared by an earlier client can still be on the server connection
		// (then even the first query fails, with SQLSTATE 42P05): make the
		// SQL new.
		q := "SELECT pg_backend_pid() -- " + ulid.Make().String()
		var pid uint32
		// Prepares a named statement on one server connection, and runs it.
		if err := conn.QueryRow(ctx, q).Scan(&pid); err != nil {
			t.Fatalf("first query: %v", err)
		}
		holdServer(t, pid)
		err := conn.QueryRow(ctx, q).Scan(&pid)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "26000" {
			t.Fatalf("cached statement on another server connection: %v; want SQLSTATE 26000 (prepared statement does not exist)", err)
		}
		t.Logf("as expected: %v", err)
	})

	t.Run("describe_exec", func(t *testing.T) {
		// Between DescribeExec's two round trips another client runs a query
		// with the same number of parameters. PgBouncer reuses the most
		// recently released server connection, so that query replaces the
		// unnamed statement there, and the first client then executes the
		// other client's statement with its own argument.
		helper := connectMode(t, envPgBouncer, pgx.QueryExecModeExec, true)
		config, err := pgx.ParseConfig(dsn(t, envPgBouncer))
		if err != nil {
			t.Fatal(err)
		}
		config.DefaultQueryExecMode = pgx.QueryExecModeDescribeExec
		interfere := true
		config.Tracer = prepareHook{after: func() {
			if interfere {
				var x int32
				if err := helper.QueryRow(ctx, "SELECT $1::int4 * 100", int32(5)).Scan(&x); err != nil {
					t.Errorf("helper: %v", err)
				}
			}
		}}
		conn, err := pgx.ConnectConfig(ctx, config)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = conn.Close(context.Background()) })
		var got int32
		err = conn.QueryRow(ctx, "SELECT $1::int4 + 1", int32(41)).Scan(&got)
		if err == nil && got == 42 {
			t.Fatalf("DescribeExec through PgBouncer got the right answer while another client ran between its round trips; revisit bouncerModes")
		}
		t.Logf("as expected, SELECT 41 + 1 gave %d, %v", got, err)
	})
}

// TestPgxULIDBytea pins what a registered ULID does to a bytea column. In
// the describing modes pgx knows the column's type and sends the 16 bytes.
// In Exec and SimpleProtocol mode the server infers the type and gets the
// UUID text, which bytea stores as 36 ASCII bytes, and then a lookup with
// the ULID misses rows stored as 16 bytes: the package doc warns of it, and
// id[:] stores the 16 bytes in every mode.
func TestPgxULIDBytea(t *testing.T) {
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	for _, mode := range allModes {
		t.Run(mode.String(), func(t *testing.T) {
			conn := connectMode(t, envPostgres, mode, true)
			ctx := testContext(t)
			table := "pgxulid_bytea"
			for _, q := range []string{"DROP TABLE IF EXISTS " + table, "CREATE TABLE " + table + " (n int, b bytea)"} {
				if _, err := conn.Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			if _, err := conn.Exec(ctx, "INSERT INTO "+table+" VALUES (1, $1), (2, $2)", id[:], id); err != nil {
				t.Fatal(err)
			}
			textModes := mode == pgx.QueryExecModeExec || mode == pgx.QueryExecModeSimpleProtocol
			for n, want := range map[int]string{1: "01563df36481d6764c61efb99302bd5b", 2: "01563df36481d6764c61efb99302bd5b"} {
				if n == 2 && textModes {
					want = hex.EncodeToString([]byte(id.UUIDString())) // the trap: 36 ASCII bytes
				}
				var got string
				if err := conn.QueryRow(ctx, "SELECT encode(b, 'hex') FROM "+table+" WHERE n = $1", n).Scan(&got); err != nil || got != want {
					t.Errorf("row %d: bytea %s, %v; want %s", n, got, err, want)
				}
			}
			var found int
			if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE n = 1 AND b = $1", id[:]).Scan(&found); err != nil || found != 1 {
				t.Errorf("lookup with id[:] found %d rows, %v; want 1", found, err)
			}
		})
	}
}

// TestPgxULIDSliceWithoutRegister pins where a []ulid.ULID fails without
// pgxulid, for the package doc: statement by statement, in every mode,
// directly and through PgBouncer. In the describing modes pgx learns the
// parameter's type from the server and sends each element's 16 bytes, which
// uuid[] and bytea[] take; text[] takes them as text, so most ULIDs fail with
// SQLSTATE 22021 but one whose 16 bytes are valid UTF-8 is stored as those
// characters. In Exec and SimpleProtocol mode pgx has no type to encode a
// []ulid.ULID as, and nothing is sent.
func TestPgxULIDSliceWithoutRegister(t *testing.T) {
	spec := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")   // bytes 01 56 3d f3 ...: not UTF-8
	ascii := ulid.ULID([]byte("0123456789abcdef"))         // 16 bytes that are UTF-8 text
	absent := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAW") // in no row
	statements := []struct {
		name  string
		query string // $1 is the []ulid.ULID; SELECTs return one text
		set   string // for an UPDATE, the column read back as text
		ids   []ulid.ULID
		want  string // the text read back, where it works
		code  string // the SQLSTATE where it fails in the describing modes
	}{
		{"uuid = ANY($1)", "SELECT count(*)::text FROM %s WHERE id = ANY($1)", "", []ulid.ULID{absent, spec}, "1", ""},
		{"bytea = ANY($1)", "SELECT count(*)::text FROM %s WHERE b = ANY($1)", "", []ulid.ULID{absent, spec}, "1", ""},
		{"text = ANY($1)", "SELECT count(*)::text FROM %s WHERE t = ANY($1)", "", []ulid.ULID{absent, spec}, "", "22021"},
		{"uuid[] column", "UPDATE %s SET ids = $1", "ids", []ulid.ULID{spec, ascii}, uuidArrayText(spec, ascii), ""},
		{"bytea[] column", "UPDATE %s SET bs = $1", "bs", []ulid.ULID{spec}, `{"\\x01563df36481d6764c61efb99302bd5b"}`, ""},
		{"text[] column", "UPDATE %s SET ts = $1", "ts", []ulid.ULID{spec}, "", "22021"},
		// The silent failure: the 16 bytes stored as 16 characters.
		{"text[] column, UTF-8 bytes", "UPDATE %s SET ts = $1", "ts", []ulid.ULID{ascii}, "{0123456789abcdef}", ""},
	}
	eachRoute(t, func(t *testing.T, r route, mode pgx.QueryExecMode) {
		ctx := testContext(t)
		conn := connectMode(t, r.env, mode, false)
		table := "pgxulid_noreg_slice_" + r.name + "_" + modeName(mode)
		for _, q := range []string{
			"DROP TABLE IF EXISTS " + table,
			"CREATE TABLE " + table + " (id uuid, b bytea, t text, ids uuid[], bs bytea[], ts text[])",
			// The spec's ULID in every scalar form, written without ULIDs.
			"INSERT INTO " + table + " (id, b, t) VALUES ('" + spec.UUIDString() + "', '\\x01563df36481d6764c61efb99302bd5b', '" + spec.UUIDString() + "')",
		} {
			if _, err := conn.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		for _, st := range statements {
			q := fmt.Sprintf(st.query, table)
			var got string
			var err error
			if st.set == "" {
				err = conn.QueryRow(ctx, q, st.ids).Scan(&got)
			} else if _, err = conn.Exec(ctx, q, st.ids); err == nil {
				err = conn.QueryRow(ctx, "SELECT "+st.set+"::text FROM "+table).Scan(&got)
			}
			var pgErr *pgconn.PgError
			switch {
			case !describes(mode):
				if err == nil || !strings.Contains(err.Error(), "unable to encode []ulid.ULID") || !strings.Contains(err.Error(), "cannot find encode plan") {
					t.Errorf("%s in %s mode: %q, %v; want pgx's encode error", st.name, mode, got, err)
				}
			case st.code != "":
				if !errors.As(err, &pgErr) || pgErr.Code != st.code {
					t.Errorf("%s in %s mode: %q, %v; want SQLSTATE %s", st.name, mode, got, err, st.code)
				}
			case err != nil || got != st.want:
				t.Errorf("%s in %s mode: %q, %v; want %q", st.name, mode, got, err, st.want)
			}
		}
	})
}
