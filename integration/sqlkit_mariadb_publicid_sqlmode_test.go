package integration

// The MariaDB public-ID kit whatever the sql_mode: the caller's, and the one
// the file was run under, which MariaDB keeps with each function and uses to
// read its body. See sqlkit_mariadb_sqlmode_test.go for the core kit, and
// the root package's TestMariaDBKitFilesNoEmptyLiteral for the check of the
// files that needs no server.

import (
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

// mariadbPublicIDModeCheck calls the public-ID functions through db, whose
// sessions have the caller's sql_mode, and checks them against this
// package: the vectors and refusals of testdata/publicid.json, typed and
// not; text with characters outside the alphabet (quote, backslash,
// Crockford's aliases, punctuation, bytes that are not ASCII) and of other
// lengths, each refused by ulid_unmask and ulid_unmask_typed with SQLSTATE
// 22018 and Unmask's message; and the prefixes Masker.Typed refuses, with
// its message. With emptyIsNull (the caller's sql_mode has
// EMPTY_STRING_IS_NULL), MariaDB passes an empty string as NULL, so the
// functions must return NULL for it.
func mariadbPublicIDModeCheck(t *testing.T, db *sql.DB, emptyIsNull bool) {
	t.Helper()
	ctx := testContext(t)
	d := loadPublicIDData(t)
	mariadbCheckVectors(t, db, d)
	mariadbCheckTypedVectors(t, db, d)
	mariadbCheckBadPrefixes(t, db, emptyIsNull)
	k128 := d.key["k128"]
	m := newMasker(t, k128)
	typed := typedOf(t, m, "user")
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	public, typedPublic := m.Mask(id), typed.Mask(id)
	var texts []string
	for _, c := range []string{`\`, "'", `"`, "!", " ", "I", "l", "O", "o", "U", "_", "-", "\x00", "\x80", "é", "€"} {
		for _, at := range []int{0, 7, 28} {
			texts = append(texts, public[:at]+c+public[at+1:])
		}
	}
	texts = append(texts, "", "'", public[:28], public+"0", strings.Repeat(public, 3))
	for _, s := range texts {
		for _, c := range []struct {
			m    *ulid.Masker
			call string
			text string
			args []any
		}{
			{m, "ulid_unmask(?, ?)", s, []any{[]byte(s), k128}},
			{typed, "ulid_unmask_typed(?, 'user', ?)", "user_" + strings.ToLower(s), []any{[]byte("user_" + strings.ToLower(s)), k128}},
		} {
			var got []byte
			err := db.QueryRowContext(ctx, "SELECT "+c.call, c.args...).Scan(&got)
			if emptyIsNull && c.text == "" {
				if err != nil || got != nil {
					t.Errorf("%s of '' under EMPTY_STRING_IS_NULL: %x, %v; want NULL, as for NULL", c.call, got, err)
				}
				continue
			}
			want := refusal(t, c.m, c.text)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1644 || string(me.SQLState[:]) != "22018" || me.Message != want.msg {
				t.Errorf("%s of %q: %x, %v; want error 22018 %q", c.call, c.text, got, err, want.msg)
			}
		}
	}
	var back, typedBack []byte
	if err := db.QueryRowContext(ctx, "SELECT ulid_unmask(?, ?), ulid_unmask_typed(?, 'user', ?)", public, k128, typedPublic, k128).Scan(&back, &typedBack); err != nil ||
		string(back) != string(id[:]) || string(typedBack) != string(id[:]) {
		t.Errorf("ulid_unmask(%s), ulid_unmask_typed(%s) = %x, %x, %v; want %x", public, typedPublic, back, typedBack, err, id[:])
	}
}

// mariadbPublicIDInstallModes are the sql_modes TestMariaDBPublicIDSQLMode
// runs the file under: none, the modes that change how a body reads its
// literals (ANSI's ANSI_QUOTES, NO_BACKSLASH_ESCAPES, EMPTY_STRING_IS_NULL)
// or its values (TRADITIONAL's strict modes, PAD_CHAR_TO_FULL_LENGTH), and
// ORACLE, under which MariaDB refuses the file.
var mariadbPublicIDInstallModes = []string{
	"",
	"ANSI,NO_BACKSLASH_ESCAPES",
	"TRADITIONAL,ALLOW_INVALID_DATES,TIME_ROUND_FRACTIONAL",
	"EMPTY_STRING_IS_NULL",
	"EMPTY_STRING_IS_NULL,PAD_CHAR_TO_FULL_LENGTH,ANSI,NO_BACKSLASH_ESCAPES",
	"ORACLE",
}

// Every public-ID function with the caller's sql_mode set to each of
// mariadbSQLModes (on the file installed under the server's default), and
// with the file installed under each of mariadbPublicIDInstallModes (called
// under the default and under EMPTY_STRING_IS_NULL): every value as this
// package gives it, every refusal with its SQLSTATE and this package's
// message. The empty literal is why: a body that holds one, installed under
// EMPTY_STRING_IS_NULL, reads it as NULL, and a refusal whose message is
// built with it signals error 1231, "Variable 'MESSAGE_TEXT' can't be set
// to the value of 'NULL'", instead of the package's message.
func TestMariaDBPublicIDSQLMode(t *testing.T) {
	admin := dsn(t, envMySQL)
	ctx := testContext(t)
	// What emptyLiterals takes for granted: in this mode an empty string
	// literal is NULL, and an empty hexadecimal literal is not.
	var emptyIsNull, hexIsNull bool
	a := openSQL(t, "mysql", admin)
	a.SetMaxOpenConns(1)
	if _, err := a.ExecContext(ctx, "SET SESSION sql_mode = 'EMPTY_STRING_IS_NULL'"); err != nil {
		t.Fatal(err)
	}
	if err := a.QueryRowContext(ctx, "SELECT '' IS NULL, X'' IS NULL").Scan(&emptyIsNull, &hexIsNull); err != nil {
		t.Fatal(err)
	}
	if !emptyIsNull || hexIsNull {
		t.Fatalf("under EMPTY_STRING_IS_NULL: '' IS NULL %v, X'' IS NULL %v; want true, false", emptyIsNull, hexIsNull)
	}

	callers := func(t *testing.T, dsn string, modes []string) {
		for _, mode := range modes {
			t.Run("caller="+mode, func(t *testing.T) {
				cfg, err := mysql.ParseDSN(dsn)
				if err != nil {
					t.Fatal(err)
				}
				cfg.Params = map[string]string{"sql_mode": "'" + mode + "'"}
				db := openSQL(t, "mysql", cfg.FormatDSN())
				var got string
				if err := db.QueryRowContext(testContext(t), "SELECT @@SESSION.sql_mode").Scan(&got); err != nil {
					t.Fatal(err)
				}
				t.Logf("the caller's sql_mode: %s", got)
				mariadbPublicIDModeCheck(t, db, strings.Contains(got, "EMPTY_STRING_IS_NULL"))
			})
		}
	}
	callers(t, installMariaDBPublicID(t), mariadbSQLModes)

	for i, mode := range mariadbPublicIDInstallModes {
		t.Run("installed="+mode, func(t *testing.T) {
			name := fmt.Sprintf("ulidpubid_mode%d", i)
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
			cfg.Params = map[string]string{"sql_mode": "'" + mode + "'"}
			kit := openSQL(t, "mysql", cfg.FormatDSN())
			_, err = kit.ExecContext(testContext(t), readKit(t, mariadbPublicIDMigrationFile))
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
			// Each function keeps the installer's sql_mode, as the server
			// spells it (information_schema writes ALLOW_INVALID_DATES as
			// INVALID_DATES).
			var stored, session string
			if err := kit.QueryRowContext(testContext(t), "SELECT (SELECT GROUP_CONCAT(DISTINCT SQL_MODE) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?), @@SESSION.sql_mode", name).Scan(&stored, &session); err != nil {
				t.Fatal(err)
			}
			if session = strings.Replace(session, "ALLOW_INVALID_DATES", "INVALID_DATES", 1); stored != session {
				t.Fatalf("the functions' sql_mode: %q; want %q, the installer's", stored, session)
			}
			cfg.MultiStatements = false
			callers(t, cfg.FormatDSN(), []string{mariadbSQLModes[1], "EMPTY_STRING_IS_NULL"})
		})
	}
}
