package integration

// Storage tests: the same checks for every database, driver and column type.
//
// For each target below, and each of its two column types (the 16-byte one
// docs/storing.md recommends and a CHAR(26) text variant), the tests
//
//   - insert 10,000 ULIDs from ulid.Make(), made across several milliseconds,
//     in shuffled order, and check that ORDER BY id returns them in creation
//     order, every value equal bit for bit to the one inserted, stored in the
//     form the column is meant to hold;
//   - select a time window with ulid.MinAt / ulid.MaxAt and BETWEEN, and check
//     that it returns exactly the rows made in it;
//   - store and read NULL through sql.Null[ulid.ULID] and *ulid.ULID, and check
//     that scanning NULL into a plain ulid.ULID fails with ulid.ErrNull.
//
// A column's bind function is how a ULID is passed as a query argument. Where
// it is not the ULID itself, the driver cannot take ULID.Value's 16 bytes for
// that column, and the function is the one-liner users need (see
// docs/storing.md; binding_test.go pins what happens without it).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
)

// numIDs is how many ULIDs each ordering test stores.
const numIDs = 10_000

// A column is one way to store a ULID: its SQL type and how to pass a ULID to
// the driver for it.
type column struct {
	name string // subtest name
	ddl  string // SQL type of the id column

	// bind converts a ULID to the query argument for this column; bindNull
	// does the same for a nullable ULID.
	bind     func(ulid.ULID) any
	bindNull func(sql.Null[ulid.ULID]) any
	// bindPtrDirect reports that a *ulid.ULID can be passed as it is (nil for
	// NULL).
	bindPtrDirect bool

	// stored is an SQL expression over id that shows how the database holds
	// the value, and want is what it must return for a ULID.
	stored string
	want   func(ulid.ULID) string
}

// A target is one database reached through one driver.
type target struct {
	name    string
	open    func(t *testing.T) db
	columns []column
}

// db is what the shared tests need from a connection: *sql.DB (any driver)
// and native *pgx.Conn both provide it.
type db interface {
	exec(ctx context.Context, query string, args ...any) error
	queryRow(ctx context.Context, query string, args ...any) scanner
	// query calls each for every row of the result.
	query(ctx context.Context, query string, args []any, each func(scanner) error) error
	// insertIDs stores values in table's id column, as fast as the driver can.
	insertIDs(ctx context.Context, table string, values []any) error
	// ph returns the placeholder for the i-th argument (1-based).
	ph(i int) string
}

type scanner interface{ Scan(dest ...any) error }

func dollar(i int) string { return fmt.Sprintf("$%d", i) }
func question(int) string { return "?" }

// Columns shared by the targets.

// ulidText is the CHAR(26) text variant: a ULID is bound as its canonical
// string, id.String(); ULID.Scan reads the text back.
func ulidText(stored string, want func(ulid.ULID) string) column {
	return column{
		name:     "CHAR(26)",
		ddl:      "CHAR(26)",
		bind:     func(id ulid.ULID) any { return id.String() },
		bindNull: func(n sql.Null[ulid.ULID]) any { return sql.Null[string]{V: n.V.String(), Valid: n.Valid} },
		stored:   stored,
		want:     want,
	}
}

// Bind functions: direct passes the ULID itself, so the driver calls
// ULID.Value and gets the 16 bytes; uuidText passes the UUID text form.
func direct(id ulid.ULID) any              { return id }
func directNull(n sql.Null[ulid.ULID]) any { return n }
func uuidText(id ulid.ULID) any            { return id.UUIDString() }

func uuidTextNull(n sql.Null[ulid.ULID]) any {
	return sql.Null[string]{V: n.V.UUIDString(), Valid: n.Valid}
}

// Stored forms, as the databases render them.
func upperHex(id ulid.ULID) string      { return fmt.Sprintf("%X", id[:]) }
func canonical(id ulid.ULID) string     { return id.String() }
func canonicalUUID(id ulid.ULID) string { return id.UUIDString() }

func prefixed(p string, f func(ulid.ULID) string) func(ulid.ULID) string {
	return func(id ulid.ULID) string { return p + f(id) }
}

var (
	// PostgreSQL uuid with pgx's default query exec mode (cache_statement):
	// pgx encodes ULID.Value's 16 bytes as a uuid.
	pgUUID = column{
		name: "uuid", ddl: "uuid",
		bind: direct, bindNull: directNull, bindPtrDirect: true,
		stored: "id::text", want: canonicalUUID,
	}
	// PostgreSQL uuid with default_query_exec_mode=simple_protocol (or exec):
	// arguments go as text, and 16 bytes become a bytea literal that uuid
	// rejects. The UUID text form works.
	pgUUIDText = column{
		name: "uuid", ddl: "uuid",
		bind: uuidText, bindNull: uuidTextNull,
		stored: "id::text", want: canonicalUUID,
	}
	pgText = ulidText("id::text", canonical)

	myBinary = column{
		name: "BINARY(16)", ddl: "BINARY(16)",
		bind: direct, bindNull: directNull, bindPtrDirect: true,
		stored: "HEX(id)", want: upperHex,
	}
	myText = ulidText("id", canonical)

	liteBlob = column{
		name: "BLOB", ddl: "BLOB",
		bind: direct, bindNull: directNull, bindPtrDirect: true,
		stored: "typeof(id) || ':' || hex(id)", want: prefixed("blob:", upperHex),
	}
	liteText = ulidText("typeof(id) || ':' || id", prefixed("text:", canonical))
)

var targets = []target{
	{"PostgreSQL/stdlib", func(t *testing.T) db { return sqlDB{openPostgres(t), dollar} },
		[]column{pgUUID, pgText}},
	{"PostgreSQL/stdlib/simple_protocol", func(t *testing.T) db {
		return sqlDB{openSQL(t, "pgx", withParam(dsn(t, envPostgres), "default_query_exec_mode=simple_protocol")), dollar}
	}, []column{pgUUIDText, pgText}},
	{"PostgreSQL/pgx", func(t *testing.T) db { return pgxDB{connectPostgres(t)} },
		[]column{pgUUID, pgText}},
	{"PostgreSQL/pgx/simple_protocol", func(t *testing.T) db {
		return pgxDB{connectPostgresMode(t, pgx.QueryExecModeSimpleProtocol)}
	}, []column{pgUUIDText, pgText}},
	{"MariaDB", func(t *testing.T) db { return sqlDB{openMySQL(t), question} },
		[]column{myBinary, myText}},
	{"MariaDB/interpolateParams", func(t *testing.T) db {
		return sqlDB{openSQL(t, "mysql", withParam(dsn(t, envMySQL), "interpolateParams=true")), question}
	}, []column{myBinary, myText}},
	{"SQLite", func(t *testing.T) db { return sqlDB{openSQLite(t), question} },
		[]column{liteBlob, liteText}},
}

func TestStorage(t *testing.T) {
	for ti, tg := range targets {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			d := tg.open(t)
			for ci, col := range tg.columns {
				t.Run(col.name, func(t *testing.T) {
					// Targets share the PostgreSQL and MariaDB databases.
					table := fmt.Sprintf("ulid_t%d_c%d", ti, ci)
					t.Run("order and window", func(t *testing.T) { testOrderAndWindow(t, d, col, table) })
					t.Run("NULL", func(t *testing.T) { testNull(t, d, col, table+"_null") })
				})
			}
		})
	}
}

// makeIDs returns n ULIDs from ulid.Make, in creation order, made in chunks
// a few milliseconds apart so that they span several timestamps.
func makeIDs(t *testing.T, n int) []ulid.ULID {
	t.Helper()
	const chunks = 10
	ids := make([]ulid.ULID, 0, n)
	for i := range n {
		if i > 0 && i%(n/chunks) == 0 {
			time.Sleep(3 * time.Millisecond)
		}
		ids = append(ids, ulid.Make())
	}
	if len(ids) != n {
		t.Fatalf("made %d ULIDs, want %d", len(ids), n)
	}
	if !slices.IsSortedFunc(ids, ulid.ULID.Compare) {
		t.Fatal("ulid.Make did not return increasing ULIDs")
	}
	return ids
}

// recreate drops table and creates it with the given column definitions.
func recreate(t *testing.T, ctx context.Context, d db, table, columns string) {
	t.Helper()
	if err := d.exec(ctx, "DROP TABLE IF EXISTS "+table); err != nil {
		t.Fatalf("drop %s: %v", table, err)
	}
	if err := d.exec(ctx, "CREATE TABLE "+table+" ("+columns+")"); err != nil {
		t.Fatalf("create %s: %v", table, err)
	}
}

func testOrderAndWindow(t *testing.T, d db, col column, table string) {
	ctx := testContext(t)
	recreate(t, ctx, d, table, "id "+col.ddl+" NOT NULL PRIMARY KEY")

	ids := makeIDs(t, numIDs)
	shuffled := slices.Clone(ids)
	rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	values := make([]any, len(shuffled))
	for i, id := range shuffled {
		values[i] = col.bind(id)
	}
	start := time.Now()
	if err := d.insertIDs(ctx, table, values); err != nil {
		t.Fatalf("insert %d ULIDs: %v", len(values), err)
	}
	t.Logf("inserted %d ULIDs in %v", len(values), time.Since(start).Round(time.Millisecond))

	// ORDER BY id is creation order, and every value comes back bit for bit.
	got := queryIDs(t, ctx, d, "SELECT id FROM "+table+" ORDER BY id")
	checkSame(t, "ORDER BY id", got, ids)

	// The database holds the form the column is meant for (16 bytes, or the
	// text), not something the driver made up on the way.
	n := 0
	err := d.query(ctx, "SELECT id, "+col.stored+" FROM "+table, nil, func(r scanner) error {
		var id ulid.ULID
		var stored string
		if err := r.Scan(&id, &stored); err != nil {
			return err
		}
		if want := col.want(id); stored != want {
			return fmt.Errorf("%s for %s = %q, want %q", col.stored, id, stored, want)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatalf("stored form: %v", err)
	}
	if n != len(ids) {
		t.Fatalf("stored form: checked %d rows, want %d", n, len(ids))
	}

	// A time window from MinAt/MaxAt selects exactly the ULIDs made in it.
	var stamps []uint64
	for _, id := range ids {
		if len(stamps) == 0 || stamps[len(stamps)-1] != id.Timestamp() {
			stamps = append(stamps, id.Timestamp())
		}
	}
	if len(stamps) < 4 {
		t.Fatalf("ULIDs span %d milliseconds; need at least 4 for a strict window", len(stamps))
	}
	from, to := stamps[1], stamps[len(stamps)-2] // leave out the first and last millisecond
	lo, err := ulid.MinAt(from)
	if err != nil {
		t.Fatal(err)
	}
	hi, err := ulid.MaxAt(to)
	if err != nil {
		t.Fatal(err)
	}
	var want []ulid.ULID
	for _, id := range ids {
		if ms := id.Timestamp(); from <= ms && ms <= to {
			want = append(want, id)
		}
	}
	if len(want) == 0 || len(want) == len(ids) {
		t.Fatalf("window %d..%d holds %d of %d ULIDs; want a non-empty strict subset", from, to, len(want), len(ids))
	}
	q := fmt.Sprintf("SELECT id FROM %s WHERE id BETWEEN %s AND %s ORDER BY id", table, d.ph(1), d.ph(2))
	got = queryIDs(t, ctx, d, q, col.bind(lo), col.bind(hi))
	checkSame(t, "time window", got, want)
	t.Logf("%d milliseconds; window of %d ms selected %d of %d rows", len(stamps), len(stamps)-2, len(got), len(ids))
}

func testNull(t *testing.T, d db, col column, table string) {
	ctx := testContext(t)
	recreate(t, ctx, d, table, "k INT NOT NULL PRIMARY KEY, id "+col.ddl+" NULL")

	id := ulid.Make()
	type row struct {
		k   int
		arg any
		// want is the stored value; nil for NULL.
		want *ulid.ULID
	}
	rows := []row{
		{1, col.bindNull(sql.Null[ulid.ULID]{V: id, Valid: true}), &id},
		{2, col.bindNull(sql.Null[ulid.ULID]{}), nil},
	}
	if col.bindPtrDirect {
		rows = append(rows, row{3, &id, &id}, row{4, (*ulid.ULID)(nil), nil})
	}
	insert := fmt.Sprintf("INSERT INTO %s (k, id) VALUES (%s, %s)", table, d.ph(1), d.ph(2))
	for _, r := range rows {
		if err := d.exec(ctx, insert, r.k, r.arg); err != nil {
			t.Fatalf("insert k=%d (%T): %v", r.k, r.arg, err)
		}
	}

	sel := fmt.Sprintf("SELECT id FROM %s WHERE k = %s", table, d.ph(1))
	for _, r := range rows {
		var n sql.Null[ulid.ULID]
		if err := d.queryRow(ctx, sel, r.k).Scan(&n); err != nil {
			t.Fatalf("k=%d: scan into sql.Null[ulid.ULID]: %v", r.k, err)
		}
		if n.Valid != (r.want != nil) || r.want != nil && n.V != *r.want {
			t.Errorf("k=%d: sql.Null[ulid.ULID] = %+v, want %v", r.k, n, r.want)
		}

		sentinel := ulid.Make()
		p := &sentinel
		if err := d.queryRow(ctx, sel, r.k).Scan(&p); err != nil {
			t.Fatalf("k=%d: scan into *ulid.ULID: %v", r.k, err)
		}
		if (p == nil) != (r.want == nil) || p != nil && *p != *r.want {
			t.Errorf("k=%d: *ulid.ULID = %v, want %v", r.k, p, r.want)
		}

		plain := sentinel
		err := d.queryRow(ctx, sel, r.k).Scan(&plain)
		switch {
		case r.want == nil && !errors.Is(err, ulid.ErrNull):
			t.Errorf("k=%d: scanning NULL into ulid.ULID: err = %v, want one wrapping ulid.ErrNull", r.k, err)
		case r.want == nil && plain != sentinel:
			t.Errorf("k=%d: scanning NULL into ulid.ULID changed it to %v", r.k, plain)
		case r.want == nil:
			t.Logf("NULL into ulid.ULID: %v", err)
		case err != nil:
			t.Errorf("k=%d: scan into ulid.ULID: %v", r.k, err)
		case plain != *r.want:
			t.Errorf("k=%d: ulid.ULID = %v, want %v", r.k, plain, *r.want)
		}
	}
}

func queryIDs(t *testing.T, ctx context.Context, d db, q string, args ...any) []ulid.ULID {
	t.Helper()
	var ids []ulid.ULID
	err := d.query(ctx, q, args, func(r scanner) error {
		var id ulid.ULID
		if err := r.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return ids
}

func checkSame(t *testing.T, what string, got, want []ulid.ULID) {
	t.Helper()
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("%s: row %d is %s (% x), want %s (% x)", what, i, got[i], got[i][:], want[i], want[i][:])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
	}
}

// withParam adds a query parameter to a URL-style or go-sql-driver/mysql DSN.
func withParam(dsn, param string) string {
	if strings.Contains(dsn, "?") {
		return dsn + "&" + param
	}
	return dsn + "?" + param
}

// connectPostgresMode is connectPostgres with another default query exec mode.
func connectPostgresMode(t *testing.T, mode pgx.QueryExecMode) *pgx.Conn {
	t.Helper()
	cfg, err := pgx.ParseConfig(dsn(t, envPostgres))
	if err != nil {
		t.Fatalf("pgx.ParseConfig: %v", err)
	}
	cfg.DefaultQueryExecMode = mode
	conn, err := pgx.ConnectConfig(testContext(t), cfg)
	if err != nil {
		t.Fatalf("pgx.ConnectConfig: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// sqlDB is a database/sql handle with its driver's placeholder style.
type sqlDB struct {
	db          *sql.DB
	placeholder func(int) string
}

func (d sqlDB) ph(i int) string { return d.placeholder(i) }

func (d sqlDB) exec(ctx context.Context, q string, args ...any) error {
	_, err := d.db.ExecContext(ctx, q, args...)
	return err
}

func (d sqlDB) queryRow(ctx context.Context, q string, args ...any) scanner {
	return d.db.QueryRowContext(ctx, q, args...)
}

func (d sqlDB) query(ctx context.Context, q string, args []any, each func(scanner) error) error {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// insertIDs uses multi-row INSERTs of up to 1,000 rows in one transaction.
func (d sqlDB) insertIDs(ctx context.Context, table string, values []any) error {
	const batch = 1000
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	for start := 0; start < len(values); start += batch {
		chunk := values[start:min(start+batch, len(values))]
		var q strings.Builder
		q.WriteString("INSERT INTO " + table + " (id) VALUES ")
		for i := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(" + d.ph(i+1) + ")")
		}
		if _, err := tx.ExecContext(ctx, q.String(), chunk...); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// pgxDB is a native pgx connection.
type pgxDB struct{ conn *pgx.Conn }

func (pgxDB) ph(i int) string { return dollar(i) }

func (d pgxDB) exec(ctx context.Context, q string, args ...any) error {
	_, err := d.conn.Exec(ctx, q, args...)
	return err
}

func (d pgxDB) queryRow(ctx context.Context, q string, args ...any) scanner {
	return d.conn.QueryRow(ctx, q, args...)
}

func (d pgxDB) query(ctx context.Context, q string, args []any, each func(scanner) error) error {
	rows, err := d.conn.Query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// insertIDs uses COPY (pgx.CopyFrom), the fast path for bulk loads.
func (d pgxDB) insertIDs(ctx context.Context, table string, values []any) error {
	rows := make([][]any, len(values))
	for i, v := range values {
		rows[i] = []any{v}
	}
	n, err := d.conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"id"}, pgx.CopyFromRows(rows))
	if err == nil && n != int64(len(rows)) {
		err = fmt.Errorf("CopyFrom copied %d rows, want %d", n, len(rows))
	}
	return err
}
