package integration

// The SQL kit on PostgreSQL (sql/postgres/ulid.sql): see sqlkit_test.go.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/ulidgo/ulid"
)

// pgKit is a PostgreSQL database with the kit installed by a role that is
// not a superuser, in a schema of its own named by that role's search_path.
type pgKit struct {
	dsn    string // the plain role's connection string, search_path set
	schema string
}

var (
	pgKitOnce   sync.Once
	pgKitShared pgKit
	pgKitErr    error
)

// installPgKit creates (once per test process) the role ulidkit, without
// superuser or any other attribute, and the schema ulidkit it owns, and
// installs sql/postgres/ulid.sql as that role: once with psql -f, as
// docs/sql.md shows, and once more as a migration tool sends it, in one
// simple-protocol exec, which must replace the functions without an error.
func installPgKit(t *testing.T) pgKit {
	t.Helper()
	admin := dsn(t, envPostgres)
	pgKitOnce.Do(func() { pgKitShared, pgKitErr = doInstallPgKit(t, admin) })
	if pgKitErr != nil {
		t.Fatal(pgKitErr)
	}
	return pgKitShared
}

func doInstallPgKit(t *testing.T, admin string) (pgKit, error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return pgKit{}, err
	}
	defer conn.Close(ctx)
	const role, schema = "ulidkit", "ulidkit"
	for _, q := range []string{
		"DROP SCHEMA IF EXISTS " + schema + " CASCADE",
		"DROP ROLE IF EXISTS " + role,
		"CREATE ROLE " + role + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD 'ulidkit'",
		"CREATE SCHEMA " + schema + " AUTHORIZATION " + role,
		"ALTER ROLE " + role + " SET search_path = " + schema,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return pgKit{}, fmt.Errorf("%s: %w", q, err)
		}
	}
	u, err := url.Parse(admin)
	if err != nil {
		return pgKit{}, err
	}
	u.User = url.UserPassword(role, "ulidkit")
	kit := pgKit{dsn: u.String(), schema: schema}

	// psql, as a user installs it.
	psql := findClient(t, []string{"psql"}, "/usr/lib/postgresql/*/bin")
	cmd := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", pgKitFile, kit.dsn)
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		return pgKit{}, fmt.Errorf("psql -f %s: %v\n%s", pgKitFile, err, out)
	}
	// And again, as a migration tool does: the whole file in one simple-query
	// exec. CREATE OR REPLACE makes this a no-op.
	kc, err := pgx.Connect(ctx, kit.dsn)
	if err != nil {
		return pgKit{}, err
	}
	defer kc.Close(ctx)
	if _, err := kc.PgConn().Exec(ctx, readKit(t, pgKitFile)).ReadAll(); err != nil {
		return pgKit{}, fmt.Errorf("second install, one multi-statement exec: %w", err)
	}
	return kit, nil
}

// connectPgKit connects as the kit's plain role.
func connectPgKit(t *testing.T, kit pgKit) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(testContext(t), kit.dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// The functions are where the role's search_path says, declared as they
// behave, and the role is a plain one.
func TestPostgresKitInstall(t *testing.T) {
	kit := installPgKit(t)
	conn := connectPgKit(t, kit)
	ctx := testContext(t)
	var super bool
	if err := conn.QueryRow(ctx, "SELECT rolsuper FROM pg_roles WHERE rolname = current_user").Scan(&super); err != nil || super {
		t.Fatalf("the kit's role: superuser = %v, %v; want a plain role", super, err)
	}
	rows, err := conn.Query(ctx, `SELECT p.proname, n.nspname, p.provolatile::text, p.proisstrict, p.proparallel::text, l.lanname
		FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
		WHERE p.proname IN ('gen_random_ulid', 'gen_random_ulid_v7', 'ulid_to_uuid', 'uuid_to_ulid', 'ulid_time', 'ulid_min', 'ulid_max')
		ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	type fn struct {
		schema, volatile string
		strict           bool
		parallel, lang   string
	}
	got := map[string]fn{}
	for rows.Next() {
		var name string
		var f fn
		if err := rows.Scan(&name, &f.schema, &f.volatile, &f.strict, &f.parallel, &f.lang); err != nil {
			t.Fatal(err)
		}
		if _, dup := got[name]; dup {
			t.Errorf("%s exists twice (a second copy in %s)", name, f.schema)
		}
		got[name] = f
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// Volatility: i immutable, v volatile; parallel: s safe.
	want := map[string]fn{
		"gen_random_ulid":    {kit.schema, "v", false, "s", "plpgsql"},
		"gen_random_ulid_v7": {kit.schema, "v", false, "s", "plpgsql"},
		"ulid_to_uuid":       {kit.schema, "i", true, "s", "plpgsql"},
		"uuid_to_ulid":       {kit.schema, "i", true, "s", "plpgsql"},
		"ulid_time":          {kit.schema, "i", true, "s", "plpgsql"},
		"ulid_min":           {kit.schema, "i", true, "s", "plpgsql"},
		"ulid_max":           {kit.schema, "i", true, "s", "plpgsql"},
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: %+v, want %+v", name, got[name], w)
		}
	}

	// An immutable function of a constant is folded at plan time, pinned
	// search_path and all (no function is inlined: a SET clause rules that
	// out, see docs/sql.md).
	var plan string
	// An immutable function of a constant is folded at plan time.
	if err := conn.QueryRow(ctx, "EXPLAIN (VERBOSE, FORMAT JSON) SELECT ulid_to_uuid('01ARYZ6S41TSV4RRFFQ69G5FAV'), ulid_min('2016-07-30 22:36:16.385+00')").Scan(&plan); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, "01563df3-6481-d676-4c61-efb99302bd5b") || !strings.Contains(plan, "01563df3-6481-0000-0000-000000000000") {
		t.Errorf("ulid_to_uuid and ulid_min of constants are not folded to constants: %s", plan)
	}
}

// Every function against this package, on 100,000 values: ulid_to_uuid
// against ulid.Parse, uuid_to_ulid against String, ulid_time against Time;
// ulid_min and ulid_max against MinAt and MaxAt on 10,000 times; NULL gives
// NULL.
func TestPostgresKitDifferential(t *testing.T) {
	conn := connectPgKit(t, installPgKit(t))
	ctx := testContext(t)
	rng := rand.New(rand.NewPCG(1, 2))
	cases := kitCases(kitValues, rng)
	texts := make([]string, len(cases))
	uuids := make([]string, len(cases))
	for i, c := range cases {
		texts[i] = c.text
		uuids[i] = c.id.UUIDString()
	}
	rows, err := conn.Query(ctx, `SELECT n, ulid_to_uuid(s), uuid_to_ulid(u), ulid_time(u)
		FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS v(s, u, n) ORDER BY n`, texts, uuids)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var i int
		var parsed [16]byte
		var text string
		var tm time.Time
		if err := rows.Scan(&i, &parsed, &text, &tm); err != nil {
			t.Fatal(err)
		}
		c := cases[i-1]
		if ulid.ULID(parsed) != c.id {
			t.Errorf("ulid_to_uuid(%q) = %x, want %x (ulid.Parse)", c.text, parsed, c.id[:])
		}
		if text != c.id.String() {
			t.Errorf("uuid_to_ulid(%s) = %q, want %q", c.id.UUIDString(), text, c.id.String())
		}
		if !tm.Equal(c.id.Time()) {
			t.Errorf("ulid_time(%s) = %v, want %v", c.id.UUIDString(), tm.UTC(), c.id.Time())
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(cases) {
		t.Fatalf("%d rows, want %d", n, len(cases))
	}

	times := kitTimes(10_000, int64(ulid.MaxTimestamp), rng)
	rows, err = conn.Query(ctx, `SELECT n, ulid_min(t), ulid_max(t) FROM unnest($1::timestamptz[]) WITH ORDINALITY AS v(t, n) ORDER BY n`, times)
	if err != nil {
		t.Fatal(err)
	}
	n = 0
	for rows.Next() {
		var i int
		var lo, hi [16]byte
		if err := rows.Scan(&i, &lo, &hi); err != nil {
			t.Fatal(err)
		}
		wlo, whi := minMaxAt(t, times[i-1])
		if ulid.ULID(lo) != wlo || ulid.ULID(hi) != whi {
			t.Errorf("ulid_min, ulid_max(%v) = %x, %x; want %v, %v", times[i-1], lo, hi, wlo, whi)
		}
		n++
	}
	if err := rows.Err(); err != nil || n != len(times) {
		t.Fatalf("%d rows, %v; want %d", n, err, len(times))
	}

	var nulls int
	if err := conn.QueryRow(ctx, `SELECT num_nulls(ulid_to_uuid(NULL), uuid_to_ulid(NULL), ulid_time(NULL), ulid_min(NULL), ulid_max(NULL))`).Scan(&nulls); err != nil || nulls != 5 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 5", nulls, err)
	}

	// Times outside a ULID's range are errors, not wrapped values.
	for _, tm := range []string{"1969-12-31 23:59:59.999999+00", "10889-08-02 05:31:50.656+00", "infinity", "-infinity"} {
		for _, f := range []string{"ulid_min", "ulid_max"} {
			var u [16]byte
			err := conn.QueryRow(ctx, "SELECT "+f+"($1::timestamptz)", tm).Scan(&u)
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "22008" || !strings.HasPrefix(pe.Message, "ulid: time out of range: ") {
				t.Errorf("%s(%s) = %x, %v; want error 22008 ulid: time out of range", f, tm, u, err)
			}
		}
	}
}

// Each bad input is an error with SQLSTATE 22P02 and ulid.Parse's message,
// so the same offset; never NULL, never a value.
func TestPostgresKitBadText(t *testing.T) {
	conn := connectPgKit(t, installPgKit(t))
	ctx := testContext(t)
	bad := badKitInputs(t, false)
	if len(bad) < 300 {
		t.Fatalf("only %d bad inputs", len(bad))
	}
	for _, b := range bad {
		var u *[16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_to_uuid($1)", b.text).Scan(&u)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) {
			t.Errorf("ulid_to_uuid(%q) = %x, %v; want the error %q", b.text, u, err, b.err)
			continue
		}
		if pe.Code != "22P02" || pe.Message != b.err.Error() {
			t.Errorf("ulid_to_uuid(%q): error %s %q, want 22P02 %q (offset %d)", b.text, pe.Code, pe.Message, b.err, b.err.Offset)
		}
	}
}

// gen_random_ulid and gen_random_ulid_v7: 1,000,000 of each in one
// statement, all distinct, in the statement's milliseconds, every one of the
// 80 (or 74) random bits taking both values; the v7 ones with version 7 and
// variant 10 in every value. Then a primary key with DEFAULT gen_random_ulid()
// filled by 4 sessions at once with 1,000,000 rows.
func TestPostgresKitGenerate(t *testing.T) {
	kit := installPgKit(t)
	conn := connectPgKit(t, kit)
	ctx := testContext(t)
	for _, f := range []string{"gen_random_ulid", "gen_random_ulid_v7"} {
		t.Run(f, func(t *testing.T) {
			var before, after time.Time
			if err := conn.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&before); err != nil {
				t.Fatal(err)
			}
			if _, err := conn.Exec(ctx, fmt.Sprintf("CREATE TEMP TABLE gen AS SELECT %s() AS id FROM generate_series(1, %d)", f, kitGenerate)); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _, _ = conn.Exec(context.Background(), "DROP TABLE IF EXISTS gen") })
			if err := conn.QueryRow(ctx, "SELECT clock_timestamp()").Scan(&after); err != nil {
				t.Fatal(err)
			}
			var total, distinct, v7 int
			var lo, hi time.Time
			var and, or string
			if err := conn.QueryRow(ctx, `SELECT count(*), count(DISTINCT id), min(ulid_time(id)), max(ulid_time(id)),
					count(*) FILTER (WHERE get_byte(uuid_send(id), 6) >> 4 = 7 AND get_byte(uuid_send(id), 8) >> 6 = 2),
					bit_and(('x' || encode(uuid_send(id), 'hex'))::bit(128))::text,
					bit_or(('x' || encode(uuid_send(id), 'hex'))::bit(128))::text
				FROM gen`).Scan(&total, &distinct, &lo, &hi, &v7, &and, &or); err != nil {
				t.Fatal(err)
			}
			if total != kitGenerate || distinct != kitGenerate {
				t.Fatalf("%d values, %d distinct; want %d", total, distinct, kitGenerate)
			}
			if lo.Before(before.Truncate(time.Millisecond)) || hi.After(after) {
				t.Errorf("timestamps from %v to %v, outside the statement's %v to %v", lo, hi, before, after)
			}
			// Bits 48 to 127: each one must be 0 in some value and 1 in
			// another (for a random bit, missing either in 1,000,000 values
			// has the odds 2^-999999), except the v7 version and variant.
			for i := 48; i < 128; i++ {
				fixed := f == "gen_random_ulid_v7" && (i >= 48 && i < 52 || i == 64 || i == 65)
				random := and[i] == '0' && or[i] == '1'
				if random == fixed {
					t.Errorf("bit %d: AND over all values %c, OR %c; fixed = %v", i, and[i], or[i], fixed)
				}
			}
			if f == "gen_random_ulid_v7" && v7 != kitGenerate {
				t.Errorf("%d of %d values have version 7 and variant 10", v7, kitGenerate)
			}

			// Every value, read in Go, is a ULID of those milliseconds (and
			// v7 where it should be).
			rows, err := conn.Query(ctx, "SELECT id FROM gen")
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			var raw [16]byte
			_, err = pgx.ForEachRow(rows, []any{&raw}, func() error {
				id := ulid.ULID(raw)
				if ms := int64(id.Timestamp()); ms < before.UnixMilli() || ms > after.UnixMilli() {
					return fmt.Errorf("%v: timestamp %d outside %d to %d", id, ms, before.UnixMilli(), after.UnixMilli())
				}
				if f == "gen_random_ulid_v7" && (id[6]>>4 != 7 || id[8]>>6 != 2) {
					return fmt.Errorf("%v (%s): not version 7, variant 10", id, id.UUIDString())
				}
				n++
				return nil
			})
			if err != nil || n != kitGenerate {
				t.Fatalf("read %d values: %v", n, err)
			}
			// And the text of 10,000 of them, as uuid_to_ulid writes it,
			// reads back with ulid.Parse to the same bytes.
			rows, err = conn.Query(ctx, "SELECT id, uuid_to_ulid(id) FROM gen LIMIT 10000")
			if err != nil {
				t.Fatal(err)
			}
			var text string
			_, err = pgx.ForEachRow(rows, []any{&raw, &text}, func() error {
				if id, err := ulid.Parse(text); err != nil || id != ulid.ULID(raw) {
					return fmt.Errorf("ulid.Parse(uuid_to_ulid(%x)) = %v, %v", raw, id, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}

	t.Run("DEFAULT", func(t *testing.T) {
		if _, err := conn.Exec(ctx, "DROP TABLE IF EXISTS kit_default"); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, "CREATE UNLOGGED TABLE kit_default (id uuid PRIMARY KEY DEFAULT gen_random_ulid(), n int NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _, _ = conn.Exec(context.Background(), "DROP TABLE IF EXISTS kit_default") })
		const sessions = 4
		var wg sync.WaitGroup
		errs := make([]error, sessions)
		for s := range sessions {
			wg.Go(func() {
				c, err := pgx.Connect(ctx, kit.dsn)
				if err != nil {
					errs[s] = err
					return
				}
				defer c.Close(context.Background())
				_, errs[s] = c.Exec(ctx, "INSERT INTO kit_default (n) SELECT generate_series(1, $1)", kitGenerate/sessions)
			})
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err) // a duplicate key would be an error here
		}
		var total, distinct int
		if err := conn.QueryRow(ctx, "SELECT count(*), count(DISTINCT id) FROM kit_default").Scan(&total, &distinct); err != nil || total != kitGenerate || distinct != total {
			t.Fatalf("%d rows, %d distinct ids, %v; want %d", total, distinct, err, kitGenerate)
		}
	})
}

// A time range on a uuid primary key, WHERE id >= ulid_min($1) AND id <
// ulid_min($2), is an index range scan, as a custom and as a generic plan,
// and returns exactly the rows of that range.
func TestPostgresKitRangeScan(t *testing.T) {
	conn := connectPgKit(t, installPgKit(t))
	ctx := testContext(t)
	if _, err := conn.Exec(ctx, "DROP TABLE IF EXISTS kit_events"); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "CREATE TABLE kit_events (id uuid PRIMARY KEY, body text NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = conn.Exec(context.Background(), "DROP TABLE IF EXISTS kit_events") })
	// 100,000 ULIDs, one per second from start, so each minute holds 60.
	start := time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC)
	const n = 100_000
	ids := make([]string, n)
	for i := range n {
		ids[i] = ulid.MustNew(uint64(start.Add(time.Duration(i)*time.Second).UnixMilli()), nil).UUIDString()
	}
	if _, err := conn.Exec(ctx, "INSERT INTO kit_events SELECT u, 'event' FROM unnest($1::uuid[]) AS u", ids); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "ANALYZE kit_events"); err != nil {
		t.Fatal(err)
	}
	from, to := start.Add(1000*time.Second), start.Add(1060*time.Second)
	const q = "SELECT count(*) FROM kit_events WHERE id >= ulid_min($1) AND id < ulid_min($2)"
	var count int
	if err := conn.QueryRow(ctx, q, from, to).Scan(&count); err != nil || count != 60 {
		t.Fatalf("%s: %d rows, %v; want 60", q, count, err)
	}
	for _, mode := range []string{"force_custom_plan", "force_generic_plan"} {
		if _, err := conn.Exec(ctx, "SET plan_cache_mode = "+mode); err != nil {
			t.Fatal(err)
		}
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, "PREPARE kit_range(timestamptz, timestamptz) AS "+q); err != nil {
			t.Fatal(err)
		}
		var plan string
		if err := tx.QueryRow(ctx, fmt.Sprintf("EXPLAIN (FORMAT JSON) EXECUTE kit_range('%s', '%s')", from.Format(time.RFC3339Nano), to.Format(time.RFC3339Nano))).Scan(&plan); err != nil {
			t.Fatal(err)
		}
		if _, err := tx.Exec(ctx, "DEALLOCATE kit_range"); err != nil {
			t.Fatal(err)
		}
		_ = tx.Rollback(ctx)
		nodes := planNodes(t, plan)
		if !strings.Contains(nodes, "Index Only Scan on kit_events_pkey") && !strings.Contains(nodes, "Index Scan on kit_events_pkey") {
			t.Errorf("%s: plan %s, want a range scan of kit_events_pkey", mode, nodes)
		}
		if strings.Contains(nodes, "Seq Scan") {
			t.Errorf("%s: plan %s has a sequential scan", mode, nodes)
		}
	}
	if _, err := conn.Exec(ctx, "RESET plan_cache_mode"); err != nil {
		t.Fatal(err)
	}
}

// planNodes returns the node types of a JSON plan with their relations and
// indexes, as "Aggregate; Index Only Scan on kit_events_pkey".
func planNodes(t *testing.T, plan string) string {
	t.Helper()
	var p []struct{ Plan pgPlanNode }
	if err := json.Unmarshal([]byte(plan), &p); err != nil || len(p) != 1 {
		t.Fatalf("EXPLAIN output %s: %v", plan, err)
	}
	var out []string
	var walk func(n pgPlanNode)
	walk = func(n pgPlanNode) {
		s := n.NodeType
		if n.IndexName != "" {
			s += " on " + n.IndexName
		} else if n.RelationName != "" {
			s += " on " + n.RelationName
		}
		out = append(out, s)
		for _, c := range n.Plans {
			walk(c)
		}
	}
	walk(p[0].Plan)
	return strings.Join(out, "; ")
}

type pgPlanNode struct {
	NodeType     string       `json:"Node Type"`
	RelationName string       `json:"Relation Name"`
	IndexName    string       `json:"Index Name"`
	Plans        []pgPlanNode `json:"Plans"`
}
