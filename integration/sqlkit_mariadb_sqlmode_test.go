package integration

// The MariaDB kit whatever the sql_mode: the caller's, under which MariaDB
// converts a function's arguments to its parameters' types before the
// function runs, and the one the file was run under, which MariaDB keeps
// with each function and uses to read its body. See sqlkit_test.go.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

// mariadbTimeFormat is the form of a time the MariaDB kit's ulid_min and
// ulid_max read, as their error messages name it.
const mariadbTimeFormat = "YYYY-MM-DD[ hh:mm:ss[.ffffff]]"

// mariadbBadTime returns the message of the error ulid_min and ulid_max give
// for text that is not a time: the text quoted when it is at most 40
// printable bytes without a quote or backslash, its length otherwise.
func mariadbBadTime(s string) string {
	shown := fmt.Sprintf("of %d bytes", len(s))
	printable := true
	for i := range len(s) {
		if c := s[i]; c < ' ' || c > '~' || c == '\'' || c == '\\' {
			printable = false
		}
	}
	if printable && len(s) <= 40 {
		shown = "'" + s + "'"
	}
	return "ulid: invalid time " + shown + ", want a UTC time " + mariadbTimeFormat
}

// A mariadbTimeCase is an argument of ulid_min and ulid_max and what they
// must give: the millisecond, or an error.
type mariadbTimeCase struct {
	arg   any    // bound as a parameter
	ms    int64  // Unix milliseconds, if state is ""
	state string // the SQLSTATE of the error
	msg   string
}

// mariadbTimeCases returns the arguments ulid_min and ulid_max are checked
// on: text in each form they read, a time.Time (which the driver sends as a
// DATETIME), and text that is not a time or is before 1970, each error with
// the text the caller gave in its message.
func mariadbTimeCases() []mariadbTimeCase {
	good := func(s string) mariadbTimeCase {
		layout := "2006-01-02 15:04:05.999999"
		if len(s) == 10 {
			layout = "2006-01-02"
		}
		tm, err := time.Parse(layout, strings.Replace(s, "T", " ", 1))
		if err != nil {
			panic(err)
		}
		return mariadbTimeCase{arg: s, ms: tm.UnixMilli()}
	}
	invalid := func(s string) mariadbTimeCase { return mariadbTimeCase{s, 0, "22007", mariadbBadTime(s)} }
	early := func(s string) mariadbTimeCase {
		return mariadbTimeCase{s, 0, "22008", "ulid: time out of range: " + s + " is before 1970-01-01 00:00:00"}
	}
	cases := []mariadbTimeCase{
		good("1970-01-01"),
		good("1970-01-01 00:00:00"),
		good("1970-01-01 00:00:00.000999"),
		good("1970-01-01 00:00:00.001"),
		good("2016-07-30 22:36:16.385999"),
		good("2024-02-29 23:59:59.9"),
		good("2026-06-23T10:00:00.123456"),
		good("2026-06-23 10:00:00.99999"),
		good("2026-12-31"),
		good("9999-12-31 23:59:59.999999"),
		{arg: time.Date(2026, 6, 23, 10, 0, 0, 123456000, time.UTC), ms: time.Date(2026, 6, 23, 10, 0, 0, 123000000, time.UTC).UnixMilli()},
		{arg: time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC), ms: time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC).UnixMilli()},
		// An offset, which MariaDB's own conversion to DATETIME drops
		// (sql_mode '': 10:00 UTC, no error).
		invalid("2026-06-23 10:00:00+05:00"),
		invalid("2026-06-23 10:00:00Z"),
		invalid("2026-06-23T10:00:00-07:00"),
		invalid("garbage"),
		invalid(""),
		invalid(" 2026-06-23"),
		invalid("2026-06-23 "),
		invalid("2026-06-23 10:00"),
		invalid("2026-06-23 10:00:00."),
		invalid("2026-06-23 10:00:00.1234567"), // more digits than DATETIME(6): MariaDB rounds or truncates by sql_mode
		invalid("2026-6-23"),
		invalid("2026/06/23"),
		invalid("20260623100000"),
		invalid("2026-02-29"), // ALLOW_INVALID_DATES makes it 2026-03-01
		invalid("2026-02-30"),
		invalid("2026-04-31"),
		invalid("2026-13-01"),
		invalid("2026-00-10"),
		invalid("2026-06-00"),
		invalid("2026-06-23 24:00:00"),
		invalid("0000-00-00"), // MariaDB's zero date
		invalid("0000-00-00 00:00:00"),
		invalid("2026-06-23 10:60:00"),
		invalid("2026-06-23 10:00:60"),
		invalid("it's"),
		invalid(`2026\06\23`),
		invalid("2026-06-23\x00"),
		invalid(strings.Repeat("2026-06-23 10:00:00 ", 15)), // 300 bytes
		{arg: int64(20260623100000), state: "22007", msg: mariadbBadTime("20260623100000")},
		early("1969-12-31 23:59:59.999999"),
		early("0000-01-01"),
		early("1000-01-01 00:00:00"),
		{arg: time.Date(1969, 12, 31, 23, 59, 59, 999999000, time.UTC), state: "22008", msg: "ulid: time out of range: 1969-12-31 23:59:59.999999 is before 1970-01-01 00:00:00"},
	}
	return cases
}

// A mariadbTypeIDError is an argument pair of typeid_to_bin and the error
// the MariaDB kit must give for it.
type mariadbTypeIDError struct {
	text, prefix string
	state, msg   string
}

// mariadbTypeIDErrors returns the refusals mariadbKitCheck checks
// typeid_to_bin on: some of typeIDRefusals and longPrefixRefusals, text of
// 70,000 bytes, and the prefix arguments of badTypeIDPrefixes.
func mariadbTypeIDErrors(t *testing.T, rng *rand.Rand) []mariadbTypeIDError {
	t.Helper()
	var out []mariadbTypeIDError
	all := typeIDRefusals(t, rng)
	long := strings.Repeat("user_01h455vb4pex5vsknk084sn02q", 2300)[:70_000]
	for i, r := range append(append(all[:0:0], all...), longPrefixRefusals(t, rng, 10)...) {
		if i%25 == 0 || i >= len(all) {
			out = append(out, mariadbTypeIDError{r.text, r.prefix, "22018", mariadbMessage(t, r.err)})
		}
	}
	for _, prefix := range []string{"user", ""} {
		out = append(out, mariadbTypeIDError{long, prefix, "22018", typedRefusal(t, long, prefix).Error()})
	}
	for _, p := range badTypeIDPrefixes {
		out = append(out, mariadbTypeIDError{"user_01h455vb4pex5vsknk084sn02q", p, "22023", prefixRefusal(t, p).Error()})
	}
	return out
}

// mariadbKitCheck calls every function of the kit through conn, with its
// session as the caller set it up, and returns what differs from this
// package: ulid_to_bin against ulid.Parse (values, and errors with its
// message and SQLSTATE 22018, for input up to 70,000 bytes long),
// bin_to_ulid against String and UnmarshalBinary, bin_to_typeid and
// typeid_to_bin against AppendTypeID and ParseTyped (values for several
// prefixes, the empty one and one of 63 bytes included, and the errors of
// typeIDErrors), ulid_time against Time, ulid_min and ulid_max against
// MinAt and MaxAt (and the errors of mariadbTimeCases), NULL for NULL. With
// emptyIsNull (the caller's sql_mode has EMPTY_STRING_IS_NULL), MariaDB
// passes an empty string as NULL, so the functions must return NULL for it
// instead of the error or the value, the empty prefix included.
func mariadbKitCheck(ctx context.Context, conn *sql.Conn, cases []kitCase, bad []badInput, typeIDErrors []mariadbTypeIDError, emptyIsNull bool) []string {
	var problems []string
	fail := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	// wantError checks that err is the kit's SIGNAL with state and msg for
	// the argument arg, got the result; for an empty arg under
	// EMPTY_STRING_IS_NULL, that there is no error and got is NULL.
	wantError := func(call string, arg []byte, got any, err error, state, msg string) {
		if emptyIsNull && len(arg) == 0 {
			if err != nil || got != nil {
				fail("%s of '' under EMPTY_STRING_IS_NULL = %v, %v; want NULL, as for NULL", call, got, err)
			}
			return
		}
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1644 || string(me.SQLState[:]) != state || me.Message != msg {
			fail("%s (%d bytes) = %v, %v; want error %s %q", call, len(arg), got, err, state, msg)
		}
	}

	for i, c := range cases {
		var parsed []byte
		var text string
		err := conn.QueryRowContext(ctx, "SELECT ulid_to_bin(?), bin_to_ulid(?)", []byte(c.text), c.id[:]).Scan(&parsed, &text)
		switch {
		case err != nil:
			fail("ulid_to_bin(%q), bin_to_ulid(%x): %v", c.text, c.id[:], err)
		case string(parsed) != string(c.id[:]):
			fail("ulid_to_bin(%q) = %x, want %x (ulid.Parse)", c.text, parsed, c.id[:])
		case text != c.id.String():
			fail("bin_to_ulid(%x) = %q, want %q", c.id[:], text, c.id.String())
		}
		prefixes := []string{"", "user", "order_line", kitLongPrefix(63)}
		prefix := prefixes[i%len(prefixes)]
		b, err := ulid.AppendTypeID(nil, prefix, c.id)
		if err != nil {
			fail("AppendTypeID(%q): %v", prefix, err)
		}
		var typed []byte
		var typeID sql.NullString
		err = conn.QueryRowContext(ctx, "SELECT typeid_to_bin(?, ?), bin_to_typeid(?, ?)", b, []byte(prefix), c.id[:], []byte(prefix)).Scan(&typed, &typeID)
		switch {
		case err != nil:
			fail("typeid_to_bin(%q, %q), bin_to_typeid(%x, %q): %v", b, prefix, c.id[:], prefix, err)
		case emptyIsNull && prefix == "":
			if typed != nil || typeID.Valid {
				fail("typeid_to_bin(%q, ''), bin_to_typeid(%x, '') under EMPTY_STRING_IS_NULL = %x, %v; want NULL, as for NULL", b, c.id[:], typed, typeID)
			}
			// The empty prefix as docs/sql.md gives it for this sql_mode.
			err := conn.QueryRowContext(ctx, "SELECT typeid_to_bin(?, SPACE(0)), bin_to_typeid(?, SPACE(0))", b, c.id[:]).Scan(&typed, &typeID)
			if err != nil || string(typed) != string(c.id[:]) || typeID.String != string(b) {
				fail("typeid_to_bin(%q, SPACE(0)), bin_to_typeid(%x, SPACE(0)) under EMPTY_STRING_IS_NULL = %x, %v, %v; want %[2]x, %[1]q", b, c.id[:], typed, typeID, err)
			}
		case string(typed) != string(c.id[:]):
			fail("typeid_to_bin(%q, %q) = %x, want %x", b, prefix, typed, c.id[:])
		case typeID.String != string(b):
			fail("bin_to_typeid(%x, %q) = %v, want %q", c.id[:], prefix, typeID, b)
		}
		if c.id.Timestamp() <= maxDatetimeMs {
			var tm time.Time
			if err := conn.QueryRowContext(ctx, "SELECT ulid_time(?)", c.id[:]).Scan(&tm); err != nil || !tm.Equal(c.id.Time()) {
				fail("ulid_time(%x) = %v, %v; want %v", c.id[:], tm, err, c.id.Time())
			}
		}
	}

	// Bad text, and text longer than any VARCHAR or VARBINARY parameter of
	// 255 bytes would hold.
	long := []string{strings.Repeat("0", 255), strings.Repeat("0", 256), strings.Repeat("0", 300), strings.Repeat("01ARYZ6S41TSV4RRFFQ69G5FAV", 2700)}
	for _, b := range bad {
		long = append(long, b.text)
	}
	for _, s := range long {
		_, want := ulid.Parse(s)
		var got any
		err := conn.QueryRowContext(ctx, "SELECT ulid_to_bin(?)", []byte(s)).Scan(&got)
		wantError(fmt.Sprintf("ulid_to_bin(%q)", s[:min(len(s), 40)]), []byte(s), got, err, "22018", want.Error())
	}
	for _, e := range typeIDErrors {
		var got any
		err := conn.QueryRowContext(ctx, "SELECT typeid_to_bin(?, ?)", []byte(e.text), []byte(e.prefix)).Scan(&got)
		call := fmt.Sprintf("typeid_to_bin(%q, %q)", e.text[:min(len(e.text), 40)], e.prefix)
		if emptyIsNull && e.prefix == "" {
			if err != nil || got != nil {
				fail("%s under EMPTY_STRING_IS_NULL = %v, %v; want NULL, as for a NULL prefix", call, got, err)
			}
			continue
		}
		wantError(call, []byte(e.text), got, err, e.state, e.msg)
	}
	for _, n := range []int{0, 15, 17, 26, 255, 256, 300, 70_000} {
		in := make([]byte, n)
		var id ulid.ULID
		want := id.UnmarshalBinary(in)
		for _, f := range []string{"bin_to_ulid", "ulid_time"} {
			var got any
			err := conn.QueryRowContext(ctx, "SELECT "+f+"(?)", in).Scan(&got)
			wantError(f, in, got, err, "22018", want.Error())
		}
	}

	for _, c := range mariadbTimeCases() {
		for _, f := range []string{"ulid_min", "ulid_max"} {
			var got []byte
			err := conn.QueryRowContext(ctx, "SELECT "+f+"(?)", c.arg).Scan(&got)
			if c.state != "" {
				arg := fmt.Append(nil, c.arg)
				if tm, ok := c.arg.(time.Time); ok {
					arg = []byte(tm.String())
				}
				var result any
				if got != nil {
					result = got
				}
				wantError(fmt.Sprintf("%s(%#v)", f, c.arg), arg, result, err, c.state, c.msg)
				continue
			}
			want, _ := ulid.MinAt(uint64(c.ms))
			if f == "ulid_max" {
				want, _ = ulid.MaxAt(uint64(c.ms))
			}
			if err != nil || string(got) != string(want[:]) {
				fail("%s(%#v) = %x, %v; want %v (%d ms)", f, c.arg, got, err, want, c.ms)
			}
		}
	}
	// Typed values, which MariaDB writes as text for the LONGBLOB parameter.
	at := time.Date(2026, 6, 23, 10, 0, 0, 123456000, time.UTC)
	for _, c := range []struct {
		expr string
		ms   int64
	}{
		{"CAST(? AS DATETIME(3))", at.UnixMilli()},
		{"CAST(? AS DATETIME(6))", at.UnixMilli()},
		{"CAST(? AS DATE)", at.Truncate(24 * time.Hour).UnixMilli()},
		{"CAST(? AS DATETIME)", at.Truncate(time.Second).UnixMilli()},
	} {
		var lo, hi []byte
		err := conn.QueryRowContext(ctx, fmt.Sprintf("SELECT ulid_min(%s), ulid_max(%[1]s)", c.expr), at.Format("2006-01-02 15:04:05.999999"), at.Format("2006-01-02 15:04:05.999999")).Scan(&lo, &hi)
		wlo, _ := ulid.MinAt(uint64(c.ms))
		whi, _ := ulid.MaxAt(uint64(c.ms))
		if err != nil || string(lo) != string(wlo[:]) || string(hi) != string(whi[:]) {
			fail("ulid_min, ulid_max(%s) = %x, %x, %v; want %v, %v", c.expr, lo, hi, err, wlo, whi)
		}
	}

	var nulls int
	if err := conn.QueryRowContext(ctx, `SELECT (ulid_to_bin(NULL) IS NULL) + (bin_to_ulid(NULL) IS NULL) + (ulid_time(NULL) IS NULL)
		+ (ulid_min(NULL) IS NULL) + (ulid_max(NULL) IS NULL) + (typeid_to_bin(NULL, 'user') IS NULL) + (typeid_to_bin('user', NULL) IS NULL)
		+ (bin_to_typeid(NULL, 'user') IS NULL) + (bin_to_typeid(X'01890A5DAC96774BBCCEB302099A8057', NULL) IS NULL)`).Scan(&nulls); err != nil || nulls != 9 {
		fail("NULL arguments: %d NULL results, %v; want 9", nulls, err)
	}
	return problems
}

// mariadbSQLModes are the caller's sql_modes TestMariaDBKitSQLMode calls the
// kit under: none, the server's default, and the modes that change how
// MariaDB converts values or reads literals.
var mariadbSQLModes = []string{
	"",
	"STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION",
	"STRICT_ALL_TABLES",
	"TRADITIONAL",
	"ANSI",
	"NO_BACKSLASH_ESCAPES",
	"ALLOW_INVALID_DATES",
	"TIME_ROUND_FRACTIONAL",
	"EMPTY_STRING_IS_NULL",
	"PAD_CHAR_TO_FULL_LENGTH",
	"ORACLE",
}

// Every function with the caller's sql_mode set to each of mariadbSQLModes
// (on the kit installed under the server's default), and with the kit
// installed under other sql_modes (called under the default): every value
// as this package gives it, every error the kit's, with SQLSTATE 22018 and
// ulid.Parse's message for bad text however long, 22007 and the caller's
// text for a time that is not one, 22008 for a time before 1970. Without
// the kit's LONGBLOB parameters, MariaDB itself would convert the argument
// first: in a strict mode an error 1406 (22001) "Data too long" or 1292
// (22007) "Incorrect datetime value", without one a truncated value with a
// warning (a time with an offset read as UTC, garbage as 0000-00-00). The
// conversions MariaDB still makes (a TIMESTAMP to text in the session's time
// zone, text in another character set) are checked as docs/sql.md states
// them; under sql_mode ORACLE the file is refused.
func TestMariaDBKitSQLMode(t *testing.T) {
	// No literal NO_BACKSLASH_ESCAPES could read otherwise; docs/sql.md
	// says so.
	for _, f := range []string{mariadbKitFile, mariadbMigrationFile} {
		if strings.Contains(readKit(t, f), `\`) {
			t.Errorf("%s has a backslash", f)
		}
	}
	db := openMariaDBKit(t)
	rng := rand.New(rand.NewPCG(13, 14))
	cases := kitCases(300, rng)
	typeIDErrors := mariadbTypeIDErrors(t, rng)
	var bad []badInput
	for _, b := range badKitInputs(t, true) {
		if len(b.text) != 26 || strings.ContainsAny(b.text, "'\\\"U\x00\x80é") {
			bad = append(bad, b)
		}
	}
	check := func(t *testing.T, db *sql.DB, mode string) {
		ctx := testContext(t)
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		for _, q := range []string{"SET SESSION time_zone = '+00:00'", "SET SESSION sql_mode = '" + mode + "'"} {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		reportProblems(t, fmt.Sprintf("sql_mode '%s'", mode), mariadbKitCheck(ctx, conn, cases, bad, typeIDErrors, strings.Contains(mode, "EMPTY_STRING_IS_NULL")))
	}

	for _, mode := range mariadbSQLModes {
		t.Run("caller="+mode, func(t *testing.T) { check(t, db, mode) })
	}

	// What MariaDB still does to an argument before the function runs, as
	// docs/sql.md says: a TIMESTAMP arrives as its text in the session's time
	// zone; text in another character set as its bytes in that set.
	t.Run("conversions", func(t *testing.T) {
		ctx := testContext(t)
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		at := time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC)
		for _, q := range []string{
			"SET SESSION time_zone = '+00:00'",
			"CREATE TEMPORARY TABLE kit_ts (t TIMESTAMP(6) NOT NULL)",
			"INSERT INTO kit_ts VALUES ('" + at.Format("2006-01-02 15:04:05") + "')",
		} {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		for _, tz := range []struct {
			zone  string
			shift time.Duration
		}{{"+00:00", 0}, {"+05:00", 5 * time.Hour}, {"-07:00", -7 * time.Hour}} {
			if _, err := conn.ExecContext(ctx, "SET SESSION time_zone = '"+tz.zone+"'"); err != nil {
				t.Fatal(err)
			}
			var got []byte
			want, _ := ulid.MinAt(uint64(at.Add(tz.shift).UnixMilli()))
			if err := conn.QueryRowContext(ctx, "SELECT ulid_min(t) FROM kit_ts").Scan(&got); err != nil || string(got) != string(want[:]) {
				t.Errorf("time_zone %s: ulid_min(TIMESTAMP column holding %v) = %x, %v; want %v, the local time read as UTC", tz.zone, at, got, err, want)
			}
		}
		for _, c := range []struct{ expr, want string }{
			{"CONVERT('01ARYZ6S41TSV4RRFFQ69G5FAé' USING latin1)", "ulid: invalid character 0xe9 at offset 25"},
			{"CONVERT('01ARYZ6S41TSV4RRFFQ69G5FAé' USING utf8mb4)", "ulid: invalid length 27 bytes, want 26"},
			{"CONVERT('01ARYZ6S41TSV4RRFFQ69G5FA' USING ucs2)", "ulid: invalid length 50 bytes, want 26"},
		} {
			var got []byte
			err := conn.QueryRowContext(ctx, "SELECT ulid_to_bin("+c.expr+")").Scan(&got)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != c.want {
				t.Errorf("ulid_to_bin(%s) = %x, %v; want error 22018 %q", c.expr, got, err, c.want)
			}
		}
	})

	// The sql_mode when the file runs is the one each function's body is
	// read in, whatever the caller's is later.
	admin := dsn(t, envMySQL)
	for i, mode := range []string{"", "ANSI,NO_BACKSLASH_ESCAPES", "TRADITIONAL,ALLOW_INVALID_DATES,TIME_ROUND_FRACTIONAL", "EMPTY_STRING_IS_NULL,PAD_CHAR_TO_FULL_LENGTH", "ORACLE"} {
		t.Run("installed="+mode, func(t *testing.T) {
			name := fmt.Sprintf("ulidkit_mode%d", i)
			cfg, err := mariadbKitUser(admin, name)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() {
				a := openSQL(t, "mysql", admin)
				_, _ = a.Exec("DROP DATABASE IF EXISTS " + name)
				_, _ = a.Exec("DROP USER IF EXISTS '" + name + "'@'%'")
			})
			cfg.MultiStatements = true
			kit := openSQL(t, "mysql", cfg.FormatDSN())
			ctx := testContext(t)
			conn, err := kit.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			_, err = conn.ExecContext(ctx, "SET SESSION sql_mode = '"+mode+"';\n"+readKit(t, mariadbMigrationFile))
			conn.Close()
			if mode == "ORACLE" {
				// Another syntax for stored functions: the file is refused.
				var me *mysql.MySQLError
				if !errors.As(err, &me) || me.Number != 1064 {
					t.Fatalf("install under sql_mode ORACLE: %v; want a syntax error (1064)", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("install under sql_mode '%s': %v", mode, err)
			}
			var stored string
			if err := kit.QueryRowContext(ctx, "SELECT SQL_MODE FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_NAME = 'ulid_to_bin'", name).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			t.Logf("the functions' sql_mode: %s", stored)
			check(t, kit, "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION")
		})
	}
}
