package integration

// The PostgreSQL kit whatever the caller's session: its settings, a pooler
// that hands one server connection to many clients, and the collation of the
// text it is given. See sqlkit_test.go.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/ulidgo/ulid"
)

// pgKitInputs are the values pgKitCheck gives the kit's functions.
type pgKitInputs struct {
	cases []kitCase
	times []time.Time
	bad   []badInput
}

// newPgKitInputs returns n valid cases and n/4 times (see kitCases and
// kitTimes), and the bad inputs whose messages quote a character the
// functions build with chr() or whose length they count: the quote, the
// backslash, a double quote, U, a multi-byte character, lengths 0, 25, 27.
func newPgKitInputs(t testing.TB, n int, seed uint64) pgKitInputs {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	in := pgKitInputs{cases: kitCases(n, rng), times: kitTimes(n/4, int64(ulid.MaxTimestamp), rng)}
	for _, b := range badKitInputs(t, false) {
		switch {
		case len(b.text) != 26 && len(b.text) <= 27,
			strings.ContainsAny(b.text, `'\"Ué`):
			in.bad = append(in.bad, b)
		}
	}
	return in
}

// pgKitCheck calls every function of the kit in schema through tx, each
// query in a savepoint of its own so that an error does not end the
// transaction, and returns what differs from this package: ulid_to_uuid
// against ulid.Parse (values, and errors with its message), uuid_to_ulid
// against String, ulid_time against Time, ulid_min and ulid_max against MinAt
// and MaxAt (and 22008 outside the range), the generators' values (the
// statement's milliseconds, version 7 where promised), NULL for NULL. The
// functions are called by their schema-qualified names, so that the check
// works under any search_path.
func pgKitCheck(ctx context.Context, tx pgx.Tx, schema string, in pgKitInputs) []string {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	fn := func(name string) string { return pgx.Identifier{schema}.Sanitize() + "." + name }
	// step runs f in a savepoint, then rolls back to it; an error f returns
	// is a problem. (A step that expects an error checks it and returns nil.)
	step := func(what string, f func(tx pgx.Tx) error) {
		sp, err := tx.Begin(ctx)
		if err != nil {
			bad("%s: savepoint: %v", what, err)
			return
		}
		if err := f(sp); err != nil {
			bad("%s: %v", what, err)
		}
		if err := sp.Rollback(ctx); err != nil {
			bad("%s: rollback to savepoint: %v", what, err)
		}
	}

	texts := make([]string, len(in.cases))
	uuids := make([]string, len(in.cases))
	for i, c := range in.cases {
		texts[i] = c.text
		uuids[i] = c.id.UUIDString()
	}
	// One function per query: one that fails must not keep the others
	// from being called (and compiled) here.
	step("ulid_to_uuid", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT n, "+fn("ulid_to_uuid")+"(s) FROM unnest($1::text[]) WITH ORDINALITY AS v(s, n) ORDER BY n", texts)
		if err != nil {
			return err
		}
		var i int
		var parsed [16]byte
		return forEachCase(rows, len(in.cases), []any{&i, &parsed}, func() {
			if c := in.cases[i-1]; ulid.ULID(parsed) != c.id {
				bad("ulid_to_uuid(%q) = %x, want %x (ulid.Parse)", c.text, parsed, c.id[:])
			}
		})
	})
	step("uuid_to_ulid", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT n, "+fn("uuid_to_ulid")+"(u) FROM unnest($1::uuid[]) WITH ORDINALITY AS v(u, n) ORDER BY n", uuids)
		if err != nil {
			return err
		}
		var i int
		var text string
		return forEachCase(rows, len(in.cases), []any{&i, &text}, func() {
			if c := in.cases[i-1]; text != c.id.String() {
				bad("uuid_to_ulid(%s) = %q, want %q", c.id.UUIDString(), text, c.id.String())
			}
		})
	})
	step("ulid_time", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT n, "+fn("ulid_time")+"(u) FROM unnest($1::uuid[]) WITH ORDINALITY AS v(u, n) ORDER BY n", uuids)
		if err != nil {
			return err
		}
		var i int
		var tm time.Time
		return forEachCase(rows, len(in.cases), []any{&i, &tm}, func() {
			if c := in.cases[i-1]; !tm.Equal(c.id.Time()) {
				bad("ulid_time(%s) = %v, want %v", c.id.UUIDString(), tm.UTC(), c.id.Time())
			}
		})
	})
	step("ulid_min, ulid_max", func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, fmt.Sprintf(`SELECT n, %s(t), %s(t) FROM unnest($1::timestamptz[]) WITH ORDINALITY AS v(t, n) ORDER BY n`,
			fn("ulid_min"), fn("ulid_max")), in.times)
		if err != nil {
			return err
		}
		var i int
		var lo, hi [16]byte
		return forEachCase(rows, len(in.times), []any{&i, &lo, &hi}, func() {
			tm := in.times[i-1]
			ms, _ := ulid.Timestamp(tm)
			wlo, _ := ulid.MinAt(ms)
			whi, _ := ulid.MaxAt(ms)
			if ulid.ULID(lo) != wlo || ulid.ULID(hi) != whi {
				bad("ulid_min, ulid_max(%v) = %x, %x; want %v, %v", tm, lo, hi, wlo, whi)
			}
		})
	})
	for _, tm := range []time.Time{time.UnixMicro(-1).UTC(), time.UnixMilli(int64(ulid.MaxTimestamp) + 1).UTC()} {
		for _, f := range []string{"ulid_min", "ulid_max"} {
			step(f+" out of range", func(tx pgx.Tx) error {
				var u *[16]byte
				err := tx.QueryRow(ctx, "SELECT "+fn(f)+"($1)", tm).Scan(&u)
				var pe *pgconn.PgError
				if !errors.As(err, &pe) || pe.Code != "22008" || !strings.HasPrefix(pe.Message, "ulid: time out of range: ") {
					bad("%s(%v) = %x, %v; want error 22008 ulid: time out of range", f, tm, u, err)
				}
				return nil
			})
		}
	}
	for _, b := range in.bad {
		step("ulid_to_uuid(bad)", func(tx pgx.Tx) error {
			var u *[16]byte
			err := tx.QueryRow(ctx, "SELECT "+fn("ulid_to_uuid")+"($1)", b.text).Scan(&u)
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "22P02" || pe.Message != b.err.Error() {
				bad("ulid_to_uuid(%q) = %x, %v; want error 22P02 %q", b.text, u, err, b.err)
			}
			return nil
		})
	}
	step("NULL", func(tx pgx.Tx) error {
		var nulls int
		err := tx.QueryRow(ctx, fmt.Sprintf("SELECT num_nulls(%s(NULL), %s(NULL), %s(NULL), %s(NULL), %s(NULL))",
			fn("ulid_to_uuid"), fn("uuid_to_ulid"), fn("ulid_time"), fn("ulid_min"), fn("ulid_max"))).Scan(&nulls)
		if err == nil && nulls != 5 {
			bad("NULL arguments: %d NULL results, want 5", nulls)
		}
		return err
	})
	step("gen_random_ulid, gen_random_ulid_v7", func(tx pgx.Tx) error {
		var before, after time.Time
		if err := tx.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&before); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, fmt.Sprintf("SELECT %s(), %s() FROM generate_series(1, 1000)", fn("gen_random_ulid"), fn("gen_random_ulid_v7")))
		if err != nil {
			return err
		}
		var ids [][2][16]byte
		var a, b [16]byte
		if _, err := pgx.ForEachRow(rows, []any{&a, &b}, func() error { ids = append(ids, [2][16]byte{a, b}); return nil }); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&after); err != nil {
			return err
		}
		if len(ids) != 1000 {
			return fmt.Errorf("%d rows, want 1000", len(ids))
		}
		for _, pair := range ids {
			for k, raw := range pair {
				id := ulid.ULID(raw)
				if ms := int64(id.Timestamp()); ms < before.UnixMilli() || ms > after.UnixMilli() {
					bad("generator %d: %v has the time %d ms, outside the statement's %d to %d", k, id, ms, before.UnixMilli(), after.UnixMilli())
				}
				if k == 1 && (id[6]>>4 != 7 || id[8]>>6 != 2) {
					bad("gen_random_ulid_v7: %s is not version 7, variant 10", id.UUIDString())
				}
			}
		}
		return nil
	})
	return problems
}

// forEachCase scans each row of rows into dest and calls f, and returns an
// error if there are not n rows.
func forEachCase(rows pgx.Rows, n int, dest []any, f func()) error {
	count := 0
	_, err := pgx.ForEachRow(rows, dest, func() error {
		f()
		count++
		return nil
	})
	if err == nil && count != n {
		err = fmt.Errorf("%d rows, want %d", count, n)
	}
	return err
}

// reportProblems fails t with at most 20 of problems, prefixed by what.
func reportProblems(t *testing.T, what string, problems []string) {
	t.Helper()
	if len(problems) == 0 {
		return
	}
	shown := problems[:min(len(problems), 20)]
	t.Errorf("%s: %d problems:\n\t%s", what, len(problems), strings.Join(shown, "\n\t"))
}

// pgKitSettings are the session settings that change how PostgreSQL reads
// or writes a literal, each with values that differ from the defaults: the
// kit's functions must not depend on any of them.
var pgKitSettings = []struct {
	name string
	set  [][2]string // parameter, value
}{
	{"standard_conforming_strings=off", [][2]string{{"standard_conforming_strings", "off"}}},
	{"standard_conforming_strings=off,backslash_quote=on", [][2]string{{"standard_conforming_strings", "off"}, {"backslash_quote", "on"}, {"escape_string_warning", "off"}}},
	{"standard_conforming_strings=off,backslash_quote=off", [][2]string{{"standard_conforming_strings", "off"}, {"backslash_quote", "off"}}},
	{"bytea_output=escape", [][2]string{{"bytea_output", "escape"}}},
	{"DateStyle=SQL,DMY", [][2]string{{"DateStyle", "SQL, DMY"}}},
	{"DateStyle=German", [][2]string{{"DateStyle", "German"}}},
	{"DateStyle=Postgres,MDY", [][2]string{{"DateStyle", "Postgres, MDY"}}},
	{"IntervalStyle=sql_standard", [][2]string{{"IntervalStyle", "sql_standard"}}},
	{"IntervalStyle=iso_8601", [][2]string{{"IntervalStyle", "iso_8601"}}},
	{"IntervalStyle=postgres_verbose", [][2]string{{"IntervalStyle", "postgres_verbose"}}},
	{"TimeZone=Asia/Kathmandu", [][2]string{{"TimeZone", "Asia/Kathmandu"}}},
	{"TimeZone=America/St_Johns", [][2]string{{"TimeZone", "America/St_Johns"}}},
	{"TimeZone=Pacific/Kiritimati", [][2]string{{"TimeZone", "Pacific/Kiritimati"}}},
	{"extra_float_digits=-15", [][2]string{{"extra_float_digits", "-15"}}},
	{"extra_float_digits=3", [][2]string{{"extra_float_digits", "3"}}},
	{"search_path=empty", [][2]string{{"search_path", ""}}},
	{"search_path=public", [][2]string{{"search_path", "public"}}},
	{"plpgsql.extra_errors=all", [][2]string{{"plpgsql.extra_errors", "all"}, {"plpgsql.extra_warnings", "all"}}},
	{"all", [][2]string{
		{"standard_conforming_strings", "off"}, {"backslash_quote", "on"}, {"bytea_output", "escape"},
		{"DateStyle", "German"}, {"IntervalStyle", "iso_8601"}, {"TimeZone", "America/St_Johns"},
		{"extra_float_digits", "-15"}, {"search_path", ""}, {"plpgsql.extra_errors", "all"},
	}},
}

// Every function under each session setting that changes how PostgreSQL
// reads a literal (standard_conforming_strings, backslash_quote), writes a
// value as text (bytea_output, DateStyle, IntervalStyle, TimeZone,
// extra_float_digits) or finds a name (search_path), and under PL/pgSQL's
// extra checks: each on a new connection, so that PL/pgSQL compiles the
// functions under the setting, then again on that connection after RESET,
// because PL/pgSQL keeps a function's plans for the life of the server
// process, which a pooler lends to later clients. Each check is
// pgKitCheck's: values against this package, errors with ulid.Parse's
// message.
func TestPostgresKitSettings(t *testing.T) {
	// No literal a setting could read otherwise; docs/sql.md says so.
	if strings.Contains(readKit(t, pgKitFile), `\`) {
		t.Errorf("%s has a backslash", pgKitFile)
	}
	kit := installPgKit(t)
	in := newPgKitInputs(t, 2000, 7)
	for _, s := range pgKitSettings {
		t.Run(s.name, func(t *testing.T) {
			ctx := testContext(t)
			conn := connectPgKit(t, kit) // a new server process: nothing compiled yet
			check := func(what string) {
				t.Helper()
				tx, err := conn.Begin(ctx)
				if err != nil {
					t.Fatal(err)
				}
				defer tx.Rollback(context.Background())
				reportProblems(t, what, pgKitCheck(ctx, tx, kit.schema, in))
			}
			for _, kv := range s.set {
				var got string
				if err := conn.QueryRow(ctx, "SELECT set_config($1, $2, false)", kv[0], kv[1]).Scan(&got); err != nil {
					t.Fatalf("SET %s = %q: %v", kv[0], kv[1], err)
				}
			}
			check("under " + s.name)
			for _, kv := range s.set {
				if _, err := conn.Exec(ctx, "RESET "+kv[0]); err != nil {
					t.Fatal(err)
				}
			}
			check("after RESET, on the connection that ran under " + s.name)
		})
	}
}

// The poisoning sequence through PgBouncer in transaction pooling mode: one
// client sets standard_conforming_strings = off for one transaction (SET
// LOCAL) and calls every function, the first calls on that server
// connection; then five more clients, one after another, call them with the
// default settings. PgBouncer hands them the same server connection (the
// test fails if none of them gets it), with the plans PL/pgSQL made in the
// first transaction. Every client must get this package's values.
func TestPostgresKitPgBouncer(t *testing.T) {
	ctx := testContext(t)
	const schema = "ulidkit_bouncer"
	// A new copy of the kit, whose functions no server connection has
	// compiled yet, installed directly (not through the pooler).
	admin := connectPostgres(t)
	for _, q := range []string{"DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema, "SET search_path = " + schema} {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := admin.PgConn().Exec(ctx, readKit(t, pgKitFile)).ReadAll(); err != nil {
		t.Fatalf("install %s in %s: %v", pgKitFile, schema, err)
	}
	t.Cleanup(func() { _, _ = admin.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+schema+" CASCADE") })

	in := newPgKitInputs(t, 500, 9)
	// client runs one transaction through PgBouncer on a connection of its
	// own, and returns the server process that ran it.
	client := func(what string, setup string) int {
		t.Helper()
		config, err := pgx.ParseConfig(dsn(t, envPgBouncer))
		if err != nil {
			t.Fatal(err)
		}
		// Exec mode: no prepared statement outlives a transaction.
		config.DefaultQueryExecMode = pgx.QueryExecModeExec
		conn, err := pgx.ConnectConfig(ctx, config)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(context.Background())
		if setup != "" {
			if _, err := tx.Exec(ctx, setup); err != nil {
				t.Fatalf("%s: %v", setup, err)
			}
		}
		var pid int
		if err := tx.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
			t.Fatal(err)
		}
		reportProblems(t, fmt.Sprintf("%s (server process %d)", what, pid), pgKitCheck(ctx, tx, schema, in))
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		return pid
	}
	poisoned := client("the client with SET LOCAL standard_conforming_strings = off", "SET LOCAL standard_conforming_strings = off")
	same := 0
	for i := range 5 {
		if client(fmt.Sprintf("later client %d", i+1), "") == poisoned {
			same++
		}
	}
	if same == 0 {
		t.Fatalf("no later client got server process %d, the one that ran with standard_conforming_strings = off: the test shows nothing", poisoned)
	}
	t.Logf("%d of 5 later clients ran on server process %d", same, poisoned)
}

// The functions under a nondeterministic collation, as used for
// case-insensitive columns: the argument with COLLATE, and a column of that
// collation. The collation is ICU's und-u-ks-level2 (case-insensitive).
func TestPostgresKitCollation(t *testing.T) {
	kit := installPgKit(t)
	conn := connectPgKit(t, kit)
	ctx := testContext(t)
	if _, err := conn.Exec(ctx, "CREATE COLLATION IF NOT EXISTS kit_ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)"); err != nil {
		t.Fatalf("create an ICU collation (PostgreSQL built with ICU needed): %v", err)
	}
	var deterministic bool
	if err := conn.QueryRow(ctx, "SELECT collisdeterministic FROM pg_collation WHERE collname = 'kit_ci'").Scan(&deterministic); err != nil || deterministic {
		t.Fatalf("kit_ci: deterministic = %v, %v; want a nondeterministic collation", deterministic, err)
	}
	// The collation really compares case-insensitively.
	var equal bool
	if err := conn.QueryRow(ctx, "SELECT '01arYZ' = '01ARYZ' COLLATE kit_ci").Scan(&equal); err != nil || !equal {
		t.Fatalf("'01arYZ' = '01ARYZ' COLLATE kit_ci: %v, %v; want true", equal, err)
	}
	in := newPgKitInputs(t, 2000, 11)

	// ulidToUUID calls ulid_to_uuid on text of the collation kit_ci, as an
	// argument with COLLATE or as a column of that collation.
	ulidToUUID := func(t *testing.T, column bool, text string) ([16]byte, error) {
		t.Helper()
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(context.Background())
		var u [16]byte
		if !column {
			err := tx.QueryRow(ctx, "SELECT ulid_to_uuid($1::text COLLATE kit_ci)", text).Scan(&u)
			return u, err
		}
		if _, err := tx.Exec(ctx, "CREATE TEMP TABLE kit_ci_col (s text COLLATE kit_ci) ON COMMIT DROP"); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO kit_ci_col VALUES ($1)", text); err != nil {
			t.Fatal(err)
		}
		err = tx.QueryRow(ctx, "SELECT ulid_to_uuid(s) FROM kit_ci_col").Scan(&u)
		return u, err
	}
	for _, column := range []bool{false, true} {
		name := map[bool]string{false: "an argument", true: "a column"}[column]
		t.Run(name, func(t *testing.T) {
			var problems []string
			for _, c := range in.cases[:200] {
				if u, err := ulidToUUID(t, column, c.text); err != nil || ulid.ULID(u) != c.id {
					problems = append(problems, fmt.Sprintf("ulid_to_uuid(%q) = %x, %v; want %x", c.text, u, err, c.id[:]))
				}
			}
			for _, b := range in.bad {
				u, err := ulidToUUID(t, column, b.text)
				var pe *pgconn.PgError
				if !errors.As(err, &pe) || pe.Code != "22P02" || pe.Message != b.err.Error() {
					problems = append(problems, fmt.Sprintf("ulid_to_uuid(%q) = %x, %v; want error 22P02 %q", b.text, u, err, b.err))
				}
			}
			reportProblems(t, "text COLLATE kit_ci, as "+name, problems)
		})
	}

	// The whole column at once, and uuid_to_ulid's text compared in the
	// column's collation.
	t.Run("table", func(t *testing.T) {
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(context.Background())
		texts := make([]string, len(in.cases))
		for i, c := range in.cases {
			texts[i] = c.text
		}
		if _, err := tx.Exec(ctx, "CREATE TEMP TABLE kit_ci_tab (n int, s text COLLATE kit_ci)"); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO kit_ci_tab SELECT n, s FROM unnest($1::text[]) WITH ORDINALITY AS v(s, n)", texts); err != nil {
			t.Fatal(err)
		}
		rows, err := tx.Query(ctx, "SELECT n, ulid_to_uuid(s), s = uuid_to_ulid(ulid_to_uuid(s)) COLLATE kit_ci FROM kit_ci_tab ORDER BY n")
		if err != nil {
			t.Fatal(err)
		}
		var problems []string
		var n int
		var u [16]byte
		var same bool
		count := 0
		_, err = pgx.ForEachRow(rows, []any{&n, &u, &same}, func() error {
			c := in.cases[n-1]
			if ulid.ULID(u) != c.id {
				problems = append(problems, fmt.Sprintf("ulid_to_uuid(%q) = %x, want %x", c.text, u, c.id[:]))
			}
			// Case-insensitive: equal unless the text has an alias (I, L, O).
			if want := strings.EqualFold(c.text, c.id.String()); same != want {
				problems = append(problems, fmt.Sprintf("%q = uuid_to_ulid(…) COLLATE kit_ci: %v, want %v", c.text, same, want))
			}
			count++
			return nil
		})
		if err != nil || count != len(in.cases) {
			t.Fatalf("%d rows, %v; want %d", count, err, len(in.cases))
		}
		reportProblems(t, "a kit_ci column", problems)
	})
}
