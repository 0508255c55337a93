package integration

// The SQL kit on MariaDB (sql/mariadb/ulid.sql and ulid.migration.sql): see
// sqlkit_test.go.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

// mariadbDefault is the DEFAULT clause docs/sql.md gives for a BINARY(16)
// key: MariaDB takes no stored function in a DEFAULT, so it is the body of
// gen_random_ulid.
const mariadbDefault = "DEFAULT (CONCAT(UNHEX(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000), 12, '0')), RANDOM_BYTES(10)))"

var (
	mariadbKitOnce   sync.Once
	mariadbKitShared string // the kit user's DSN
	mariadbKitErr    error
)

// installMariaDBKit creates (once per test process) the database ulidkit and
// the user ulidkit, whose privileges are on that database only (CREATE
// ROUTINE, ALTER ROUTINE and EXECUTE, and those to make test tables), and
// installs sql/mariadb/ulid.sql as that user with the mariadb client, twice.
// It returns the user's DSN.
func installMariaDBKit(t *testing.T) string {
	t.Helper()
	admin := dsn(t, envMySQL)
	mariadbKitOnce.Do(func() { mariadbKitShared, mariadbKitErr = doInstallMariaDBKit(t, admin, "ulidkit", mariadbKitFile) })
	if mariadbKitErr != nil {
		t.Fatal(mariadbKitErr)
	}
	return mariadbKitShared
}

// mariadbKitUser creates the database name and a user of the same name with
// rights on it only, and returns the user's configuration.
func mariadbKitUser(admin, name string) (*mysql.Config, error) {
	db, err := sql.Open("mysql", admin)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	for _, q := range []string{
		"DROP DATABASE IF EXISTS " + name,
		"CREATE DATABASE " + name + " CHARACTER SET utf8mb4",
		"DROP USER IF EXISTS '" + name + "'@'%'",
		"CREATE USER '" + name + "'@'%' IDENTIFIED BY '" + name + "'",
		"GRANT CREATE ROUTINE, ALTER ROUTINE, EXECUTE, CREATE, DROP, ALTER, INDEX, SELECT, INSERT, UPDATE, DELETE, " +
			"CREATE TEMPORARY TABLES, TRIGGER ON " + name + ".* TO '" + name + "'@'%'",
	} {
		if _, err := db.Exec(q); err != nil {
			return nil, fmt.Errorf("%s: %w", q, err)
		}
	}
	cfg, err := mysql.ParseDSN(admin)
	if err != nil {
		return nil, err
	}
	cfg.User, cfg.Passwd, cfg.DBName = name, name, name
	return cfg, nil
}

// doInstallMariaDBKit creates the database and user name, whose privileges
// are on that database only, and installs the SQL file there as that user
// with the mariadb client, twice. It returns the user's DSN.
func doInstallMariaDBKit(t *testing.T, admin, name, file string) (string, error) {
	cfg, err := mariadbKitUser(admin, name)
	if err != nil {
		return "", err
	}
	client := findClient(t, []string{"mariadb", "mysql"})
	host, port, _ := strings.Cut(cfg.Addr, ":")
	for range 2 {
		cmd := exec.Command(client, "--no-defaults", "--protocol=tcp", "-h", host, "-P", port,
			"-u", cfg.User, "-p"+cfg.Passwd, cfg.DBName)
		f, err := os.Open(file)
		if err != nil {
			return "", err
		}
		cmd.Stdin = f
		out, err := cmd.CombinedOutput()
		f.Close()
		if err != nil || len(out) > 0 {
			return "", fmt.Errorf("mariadb %s < %s: %v\n%s", cfg.DBName, file, err, out)
		}
	}
	return cfg.FormatDSN(), nil
}

// openMariaDBKit opens a handle as the kit's user.
func openMariaDBKit(t *testing.T) *sql.DB {
	t.Helper()
	return openSQL(t, "mysql", installMariaDBKit(t))
}

// mariadbFunctions returns, for each function of the database schema, its
// IS_DETERMINISTIC, SQL_DATA_ACCESS and SECURITY_TYPE, separated by spaces.
func mariadbFunctions(t *testing.T, db *sql.DB, schema string) map[string]string {
	t.Helper()
	rows, err := db.QueryContext(testContext(t), `SELECT ROUTINE_NAME, IS_DETERMINISTIC, SQL_DATA_ACCESS, SECURITY_TYPE
		FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_TYPE = 'FUNCTION'`, schema)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var name, det, access, security string
		if err := rows.Scan(&name, &det, &access, &security); err != nil {
			t.Fatal(err)
		}
		got[name] = det + " " + access + " " + security
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// The functions are in the user's database, declared as they behave; the
// migration form of the file installs, twice, as one multi-statement exec.
// That it is the client form without DELIMITER lines needs no server: the
// root package's TestMariaDBMigrationFiles checks it.
func TestMariaDBKitInstall(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	got := mariadbFunctions(t, db, "ulidkit")
	want := map[string]string{
		"gen_random_ulid":    "NO NO SQL INVOKER",
		"gen_random_ulid_v7": "NO NO SQL INVOKER",
		"ulid_to_bin":        "YES NO SQL INVOKER",
		"bin_to_ulid":        "YES NO SQL INVOKER",
		"bin_to_typeid":      "YES NO SQL INVOKER",
		"typeid_to_bin":      "YES NO SQL INVOKER",
		"ulid_time":          "YES NO SQL INVOKER",
		"ulid_min":           "YES NO SQL INVOKER",
		"ulid_max":           "YES NO SQL INVOKER",
		"_ulid_fail":         "YES NO SQL INVOKER",
		"_ulid_text_error":   "YES NO SQL INVOKER",
		"_ulid_time_error":   "YES NO SQL INVOKER",
		"_ulid_prefix_error": "YES NO SQL INVOKER",
		"_ulid_typeid_error": "YES NO SQL INVOKER",
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %q, want %q", name, got[name], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("functions %v, want %d", got, len(want))
	}

	cfg, err := mariadbKitUser(dsn(t, envMySQL), "ulidkit_migration")
	if err != nil {
		t.Fatal(err)
	}
	cfg.MultiStatements = true
	mig := openSQL(t, "mysql", cfg.FormatDSN())
	for range 2 {
		if _, err := mig.ExecContext(ctx, readKit(t, mariadbMigrationFile)); err != nil {
			t.Fatalf("%s in one multi-statement exec: %v", mariadbMigrationFile, err)
		}
	}
	var text string
	if err := mig.QueryRowContext(ctx, "SELECT bin_to_ulid(ulid_to_bin('01arYZ6s41tsv4rrffq69g5fav'))").Scan(&text); err != nil || text != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
		t.Fatalf("after the migration form: %q, %v", text, err)
	}
}

// loadKitCases stores the cases in the temporary table kit_in (n, s, b).
func loadKitCases(t *testing.T, conn *sql.Conn, cases []kitCase) {
	t.Helper()
	ctx := testContext(t)
	if _, err := conn.ExecContext(ctx, "CREATE TEMPORARY TABLE kit_in (n INT PRIMARY KEY, s VARBINARY(255), b BINARY(16))"); err != nil {
		t.Fatal(err)
	}
	const batch = 1000
	for i := 0; i < len(cases); i += batch {
		end := min(i+batch, len(cases))
		args := make([]any, 0, 3*(end-i))
		for j := i; j < end; j++ {
			args = append(args, j, cases[j].text, cases[j].id[:])
		}
		q := "INSERT INTO kit_in VALUES " + strings.TrimSuffix(strings.Repeat("(?, ?, ?), ", end-i), ", ")
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
}

// Every function against this package, on 100,000 values: ulid_to_bin against
// ulid.Parse, bin_to_ulid against String, ulid_time against Time (where
// DATETIME holds it, an error after); ulid_min and ulid_max against MinAt
// and MaxAt on 10,000 times; NULL gives NULL.
func TestMariaDBKitDifferential(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	cases := kitCases(kitValues, rng)
	loadKitCases(t, conn, cases)
	rows, err := conn.QueryContext(ctx, `SELECT n, ulid_to_bin(s), bin_to_ulid(b),
		CASE WHEN SUBSTR(b, 1, 6) <= UNHEX('E677D21FDBFF') THEN ulid_time(b) END FROM kit_in ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	n, late := 0, 0
	for rows.Next() {
		var i int
		var parsed []byte
		var text string
		var tm sql.NullTime
		if err := rows.Scan(&i, &parsed, &text, &tm); err != nil {
			t.Fatal(err)
		}
		c := cases[i]
		if string(parsed) != string(c.id[:]) {
			t.Errorf("ulid_to_bin(%q) = %x, want %x (ulid.Parse)", c.text, parsed, c.id[:])
		}
		if text != c.id.String() {
			t.Errorf("bin_to_ulid(%x) = %q, want %q", c.id[:], text, c.id.String())
		}
		switch {
		case c.id.Timestamp() > maxDatetimeMs:
			late++
		case !tm.Valid || !tm.Time.Equal(c.id.Time()):
			t.Errorf("ulid_time(%x) = %v, want %v", c.id[:], tm, c.id.Time())
		}
		n++
	}
	if err := rows.Err(); err != nil || n != len(cases) {
		t.Fatalf("%d rows, %v; want %d", n, err, len(cases))
	}
	if late == 0 || late == n {
		t.Fatalf("%d of %d ULIDs after DATETIME's range; want some, not all", late, n)
	}

	// After 9999-12-31 23:59:59.999 ulid_time is an error, not NULL.
	for _, ms := range []uint64{maxDatetimeMs + 1, ulid.MaxTimestamp} {
		id := ulid.MustNew(ms, strings.NewReader(strings.Repeat("\xff", 10)))
		var tm sql.NullTime
		err := conn.QueryRowContext(ctx, "SELECT ulid_time(?)", id[:]).Scan(&tm)
		if !isMariaDBError(err, "22008", "ulid: time out of range: ") {
			t.Errorf("ulid_time(%v) = %v, %v; want error 22008", id, tm, err)
		}
	}

	times := kitTimes(10_000, maxDatetimeMs, rng)
	if _, err := conn.ExecContext(ctx, "CREATE TEMPORARY TABLE kit_t (n INT PRIMARY KEY, t DATETIME(6))"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(times); i += 1000 {
		end := min(i+1000, len(times))
		args := make([]any, 0, 2*(end-i))
		for j := i; j < end; j++ {
			args = append(args, j, times[j])
		}
		if _, err := conn.ExecContext(ctx, "INSERT INTO kit_t VALUES "+strings.TrimSuffix(strings.Repeat("(?, ?), ", end-i), ", "), args...); err != nil {
			t.Fatal(err)
		}
	}
	rows, err = conn.QueryContext(ctx, "SELECT n, t, ulid_min(t), ulid_max(t) FROM kit_t ORDER BY n")
	if err != nil {
		t.Fatal(err)
	}
	n = 0
	for rows.Next() {
		var i int
		var stored time.Time
		var lo, hi []byte
		if err := rows.Scan(&i, &stored, &lo, &hi); err != nil {
			t.Fatal(err)
		}
		if !stored.Equal(times[i]) {
			t.Fatalf("DATETIME(6) stored %v as %v", times[i], stored)
		}
		wlo, whi := minMaxAt(t, times[i])
		if string(lo) != string(wlo[:]) || string(hi) != string(whi[:]) {
			t.Errorf("ulid_min, ulid_max(%v) = %x, %x; want %v, %v", times[i], lo, hi, wlo, whi)
		}
		n++
	}
	if err := rows.Err(); err != nil || n != len(times) {
		t.Fatalf("%d rows, %v; want %d", n, err, len(times))
	}
	for _, f := range []string{"ulid_min", "ulid_max"} {
		var b []byte
		err := conn.QueryRowContext(ctx, "SELECT "+f+"('1969-12-31 23:59:59.999999')").Scan(&b)
		if !isMariaDBError(err, "22008", "ulid: time out of range: ") {
			t.Errorf("%s(1969-12-31 23:59:59.999999) = %x, %v; want error 22008", f, b, err)
		}
	}

	var nulls int
	if err := conn.QueryRowContext(ctx, `SELECT (ulid_to_bin(NULL) IS NULL) + (bin_to_ulid(NULL) IS NULL) + (ulid_time(NULL) IS NULL)
		+ (ulid_min(NULL) IS NULL) + (ulid_max(NULL) IS NULL)`).Scan(&nulls); err != nil || nulls != 5 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 5", nulls, err)
	}
}

// isMariaDBError reports whether err is a SIGNAL from the kit with the state
// and a message that begins with prefix.
func isMariaDBError(err error, state, prefix string) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1644 && string(me.SQLState[:]) == state && strings.HasPrefix(me.Message, prefix)
}

// Each bad input is an error with SQLSTATE 22018 and ulid.Parse's message, so
// the same offset; never NULL, never a value. So are binary values of another
// length than 16 bytes, with UnmarshalBinary's message.
func TestMariaDBKitBadInput(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	bad := badKitInputs(t, true)
	if len(bad) < 300 {
		t.Fatalf("only %d bad inputs", len(bad))
	}
	for _, b := range bad {
		var got []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_to_bin(?)", []byte(b.text)).Scan(&got)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != b.err.Error() {
			t.Errorf("ulid_to_bin(%q) = %x, %v; want error 22018 %q (offset %d)", b.text, got, err, b.err, b.err.Offset)
		}
	}
	for n := range 41 {
		if n == 16 {
			continue
		}
		in := make([]byte, n)
		var want ulid.ULID
		wantErr := want.UnmarshalBinary(in)
		for _, f := range []string{"bin_to_ulid", "ulid_time"} {
			var got any
			err := db.QueryRowContext(ctx, "SELECT "+f+"(?)", in).Scan(&got)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || wantErr == nil || me.Message != wantErr.Error() {
				t.Errorf("%s(%d bytes) = %v, %v; want error 22018 %q", f, n, got, err, wantErr)
			}
		}
	}
}

// gen_random_ulid and gen_random_ulid_v7: 1,000,000 of each in one statement,
// all distinct, of the statement's millisecond, every random bit taking both
// values; the v7 ones with version 7 and variant 10 in every value. Then a
// primary key filled by 4 sessions at once, 1,000,000 rows through the
// DEFAULT docs/sql.md gives.
func TestMariaDBKitGenerate(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const nowMs = "TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000"
	for _, f := range []string{"gen_random_ulid", "gen_random_ulid_v7"} {
		t.Run(f, func(t *testing.T) {
			var before, after int64
			if err := conn.QueryRowContext(ctx, "SELECT "+nowMs).Scan(&before); err != nil {
				t.Fatal(err)
			}
			if _, err := conn.ExecContext(ctx, fmt.Sprintf("CREATE TEMPORARY TABLE gen ENGINE=InnoDB AS SELECT %s() AS id FROM seq_1_to_%d", f, kitGenerate)); err != nil {
				t.Fatal(err)
			}
			defer conn.ExecContext(context.Background(), "DROP TEMPORARY TABLE IF EXISTS gen")
			if err := conn.QueryRowContext(ctx, "SELECT "+nowMs).Scan(&after); err != nil {
				t.Fatal(err)
			}
			// Per entropy byte, the AND and the OR over all values.
			var cols []string
			for k := 7; k <= 16; k++ {
				cols = append(cols, fmt.Sprintf("BIT_AND(ORD(SUBSTR(id, %d, 1))), BIT_OR(ORD(SUBSTR(id, %d, 1)))", k, k))
			}
			var total, distinct, v7 int
			dest := []any{&total, &distinct, &v7}
			and, or := make([]int, 10), make([]int, 10)
			for k := range 10 {
				dest = append(dest, &and[k], &or[k])
			}
			if err := conn.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT id),
					SUM(ORD(SUBSTR(id, 7, 1)) >> 4 = 7 AND ORD(SUBSTR(id, 9, 1)) >> 6 = 2), `+strings.Join(cols, ", ")+` FROM gen`).Scan(dest...); err != nil {
				t.Fatal(err)
			}
			if total != kitGenerate || distinct != kitGenerate {
				t.Fatalf("%d values, %d distinct; want %d", total, distinct, kitGenerate)
			}
			for k := range 10 {
				wantAnd, wantOr := 0, 255
				if f == "gen_random_ulid_v7" {
					switch k {
					case 0: // byte 6: version 0111 in the high nibble
						wantAnd, wantOr = 0x70, 0x7f
					case 2: // byte 8: variant 10 in the top bits
						wantAnd, wantOr = 0x80, 0xbf
					}
				}
				if and[k] != wantAnd || or[k] != wantOr {
					t.Errorf("byte %d: AND over all values %#x, OR %#x; want %#x, %#x", k+6, and[k], or[k], wantAnd, wantOr)
				}
			}
			if f == "gen_random_ulid_v7" && v7 != kitGenerate {
				t.Errorf("%d of %d values have version 7 and variant 10", v7, kitGenerate)
			}
			rows, err := conn.QueryContext(ctx, "SELECT id FROM gen")
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for rows.Next() {
				var raw []byte
				if err := rows.Scan(&raw); err != nil {
					t.Fatal(err)
				}
				var id ulid.ULID
				if err := id.UnmarshalBinary(raw); err != nil {
					t.Fatal(err)
				}
				if ms := int64(id.Timestamp()); ms < before || ms > after {
					t.Fatalf("%v: timestamp %d outside %d to %d", id, ms, before, after)
				}
				n++
			}
			if err := rows.Err(); err != nil || n != kitGenerate {
				t.Fatalf("read %d values: %v", n, err)
			}
			rows, err = conn.QueryContext(ctx, "SELECT id, bin_to_ulid(id) FROM gen LIMIT 10000")
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var raw []byte
				var text string
				if err := rows.Scan(&raw, &text); err != nil {
					t.Fatal(err)
				}
				if id, err := ulid.Parse(text); err != nil || string(id[:]) != string(raw) {
					t.Fatalf("ulid.Parse(bin_to_ulid(%x)) = %v, %v", raw, id, err)
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
		})
	}

	// A trap docs/sql.md warns of: MariaDB merges a derived table into the
	// outer query, so each mention of its gen_random_ulid() column calls the
	// function again, and the two mentions differ.
	var differ int
	if err := conn.QueryRowContext(ctx, "SELECT SUM(id <> ulid_to_bin(bin_to_ulid(id))) FROM (SELECT gen_random_ulid() AS id FROM seq_1_to_1000) g").Scan(&differ); err != nil {
		t.Fatal(err)
	}
	if differ == 0 {
		t.Errorf("a merged derived table's gen_random_ulid() column read the same twice: docs/sql.md says it does not")
	}

	for _, c := range []struct {
		name, ddl string
		rows      int
	}{
		{"DEFAULT", "CREATE TABLE events (id BINARY(16) NOT NULL PRIMARY KEY " + mariadbDefault + ", n INT NOT NULL)", kitGenerate},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, q := range []string{"DROP TABLE IF EXISTS events", c.ddl} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			defer db.ExecContext(context.Background(), "DROP TABLE IF EXISTS events")
			const sessions = 4
			var wg sync.WaitGroup
			errs := make([]error, sessions)
			for s := range sessions {
				wg.Go(func() {
					_, errs[s] = db.ExecContext(ctx, fmt.Sprintf("INSERT INTO events (n) SELECT seq FROM seq_1_to_%d", c.rows/sessions))
				})
			}
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err) // a duplicate key would be an error here
			}
			var total, distinct, zero int
			if err := db.QueryRowContext(ctx, "SELECT COUNT(*), COUNT(DISTINCT id), SUM(SUBSTR(id, 1, 6) = REPEAT(x'00', 6)) FROM events").Scan(&total, &distinct, &zero); err != nil || total != c.rows || distinct != total || zero != 0 {
				t.Fatalf("%d rows, %d distinct ids, %d with timestamp 0, %v; want %d, all distinct, none 0", total, distinct, zero, err, c.rows)
			}
		})
	}
}

// A time range on a BINARY(16) primary key, WHERE id >= ulid_min(?) AND id <
// ulid_min(?), is a range scan of the primary key, with literals and with
// parameters of a prepared statement, and returns exactly that range's rows.
func TestMariaDBKitRangeScan(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	for _, q := range []string{"DROP TABLE IF EXISTS kit_events", "CREATE TABLE kit_events (id BINARY(16) NOT NULL PRIMARY KEY, body TEXT NOT NULL)"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	defer db.ExecContext(context.Background(), "DROP TABLE IF EXISTS kit_events")
	start := time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC)
	const n = 100_000
	for i := 0; i < n; i += 1000 {
		args := make([]any, 0, 1000)
		for j := i; j < i+1000; j++ {
			id := ulid.MustNew(uint64(start.Add(time.Duration(j)*time.Second).UnixMilli()), nil)
			args = append(args, id[:])
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO kit_events VALUES "+strings.TrimSuffix(strings.Repeat("(?, 'event'), ", 1000), ", "), args...); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.ExecContext(ctx, "ANALYZE TABLE kit_events"); err != nil {
		t.Fatal(err)
	}
	from, to := start.Add(1000*time.Second), start.Add(1060*time.Second)
	const where = "FROM kit_events WHERE id >= ulid_min(?) AND id < ulid_min(?)"
	var count int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) "+where, from, to).Scan(&count); err != nil || count != 60 {
		t.Fatalf("SELECT COUNT(*) %s: %d rows, %v; want 60", where, count, err)
	}
	literal := strings.NewReplacer("ulid_min(?)", "ulid_min('%s')").Replace(where)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{"EXPLAIN SELECT COUNT(*) " + where, []any{from, to}},
		{fmt.Sprintf("EXPLAIN SELECT COUNT(*) "+literal, from.Format("2006-01-02 15:04:05"), to.Format("2006-01-02 15:04:05")), nil},
	} {
		var id int
		var selectType, table, typ string
		var possible, key, keyLen, ref, rows, extra sql.NullString
		if err := db.QueryRowContext(ctx, q.sql, q.args...).Scan(&id, &selectType, &table, &typ, &possible, &key, &keyLen, &ref, &rows, &extra); err != nil {
			t.Fatal(err)
		}
		if typ != "range" || key.String != "PRIMARY" {
			t.Errorf("%s: access type %q on key %q (rows %s, %s), want a range scan of PRIMARY", q.sql, typ, key.String, rows.String, extra.String)
		}
	}
}
