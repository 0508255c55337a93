package integration

// The SQL kit's speed on the real servers, and that of the formulations it
// was chosen over (benchmarks/sqlkit/). Not a test of correctness and not
// part of the default run: it takes minutes. Run it with
//
//	ULID_SQLKIT_SPEED=1 integration/run.sh -run TestSQLKitSpeed -v
//
// (or with the exports of integration/run.sh --serve). Each function runs over
// 1,000,000 rows in one statement, in rounds (ULID_SQLKIT_ROUNDS, default 3)
// that interleave all the functions, and the median of each is printed as a
// Markdown table: docs/performance.md and benchmarks/sqlkit/README.md hold
// the published runs.

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
)

const (
	pgFormulationsFile      = "../benchmarks/sqlkit/postgres-formulations.sql"
	mariadbFormulationsFile = "../benchmarks/sqlkit/mariadb-formulations.sql"
	speedRows               = 1_000_000
)

// A speedCase is one function timed over speedRows rows (or rows, for the
// slow loops): query runs it, and base names the case whose per-row cost it
// is compared with.
type speedCase struct {
	name, query, base string
	rows              int
}

func (c speedCase) n() int {
	if c.rows == 0 {
		return speedRows
	}
	return c.rows
}

func speedRounds(t *testing.T) int {
	if os.Getenv("ULID_SQLKIT_SPEED") == "" {
		t.Skip("set ULID_SQLKIT_SPEED=1 to time the SQL kit (minutes)")
	}
	n, err := strconv.Atoi(os.Getenv("ULID_SQLKIT_ROUNDS"))
	if err != nil || n < 1 {
		n = 3
	}
	return n
}

// timeCases runs every case rounds times, interleaved, with exec, and returns
// the median duration of each.
func timeCases(t *testing.T, rounds int, cases []speedCase, exec func(string) error) map[string]time.Duration {
	t.Helper()
	runs := map[string][]time.Duration{}
	for r := range rounds {
		for _, c := range cases {
			start := time.Now()
			if err := exec(c.query); err != nil {
				t.Fatalf("%s: %s: %v", c.name, c.query, err)
			}
			d := time.Since(start)
			runs[c.name] = append(runs[c.name], d)
			t.Logf("round %d: %-36s %v", r+1, c.name, d.Round(time.Millisecond))
		}
	}
	med := map[string]time.Duration{}
	for name, ds := range runs {
		slices.Sort(ds)
		med[name] = ds[len(ds)/2]
	}
	return med
}

// speedTable formats the medians: milliseconds per 1,000,000 rows, rows per
// second, and the cost per row beyond the scan (the case "scan" or
// "scan (table)") as a ratio of the base case's.
func speedTable(title string, cases []speedCase, med map[string]time.Duration, scan func(speedCase) string) string {
	byName := map[string]speedCase{}
	for _, c := range cases {
		byName[c.name] = c
	}
	// perRow is a case's median cost per row beyond its scan, in µs.
	perRow := func(c speedCase) float64 {
		return float64(med[c.name].Nanoseconds())/float64(c.n())/1000 -
			float64(med[scan(c)].Nanoseconds())/float64(byName[scan(c)].n())/1000
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s\n\n| function | rows | ms | rows/s | µs per row beyond the scan | ratio |\n|---|--:|--:|--:|--:|--:|\n", title)
	for _, c := range cases {
		d := med[c.name]
		ratio := ""
		if c.base != "" {
			ratio = fmt.Sprintf("%.2fx %s", perRow(c)/perRow(byName[c.base]), c.base)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.0f | %.2f | %s |\n", c.name, c.n(), d.Milliseconds(), float64(c.n())/d.Seconds(), perRow(c), ratio)
	}
	return b.String()
}

// kitFunction holds the names of the functions of sql/postgres/ulid.sql.
var kitFunction = map[string]bool{"gen_random_ulid": true, "gen_random_ulid_v7": true, "uuid_to_ulid": true,
	"ulid_to_uuid": true, "ulid_time": true, "ulid_min": true, "ulid_max": true}

func TestSQLKitSpeedPostgres(t *testing.T) {
	rounds := speedRounds(t)
	kit := installPgKit(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, kit.dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.PgConn().Exec(ctx, readKit(t, pgFormulationsFile)).ReadAll(); err != nil {
		t.Fatal(err)
	}
	// The kit again without its pinned search_path, in a schema of its own,
	// for what the pin costs a call.
	admin := connectPg(t, dsn(t, envPostgres))
	for _, q := range []string{"DROP SCHEMA IF EXISTS kit_unpinned CASCADE", "CREATE SCHEMA kit_unpinned AUTHORIZATION " + kit.schema} {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	defer admin.Exec(context.Background(), "DROP SCHEMA IF EXISTS kit_unpinned CASCADE")
	if _, err := conn.PgConn().Exec(ctx, "SET search_path = kit_unpinned;\n"+unpinned(t, pgKitFile)+";\nRESET search_path").ReadAll(); err != nil {
		t.Fatal(err)
	}
	var version string
	if err := conn.QueryRow(ctx, "SHOW server_version").Scan(&version); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"SET max_parallel_workers_per_gather = 0", // one core
		"DROP TABLE IF EXISTS kit_speed",
		fmt.Sprintf(`CREATE TABLE kit_speed AS SELECT id, uuid_to_ulid(id) AS s, ulid_time(id) AS t
			FROM (SELECT gen_random_ulid() AS id FROM generate_series(1, %d)) g`, speedRows),
		"VACUUM ANALYZE kit_speed",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	defer conn.Exec(context.Background(), "DROP TABLE IF EXISTS kit_speed")
	series := func(f string) string {
		return fmt.Sprintf("SELECT count(%s) FROM generate_series(1, %d)", f, speedRows)
	}
	table := func(f string) string { return "SELECT count(" + f + ") FROM kit_speed" }
	table100k := func(f string) string { return "SELECT count(" + f + ") FROM (SELECT * FROM kit_speed LIMIT 100000) s" }
	cases := []speedCase{
		{"scan", series("*"), "", 0},
		{"gen_random_uuid()", series("gen_random_uuid()"), "", 0},
		{"gen_random_ulid()", series("gen_random_ulid()"), "gen_random_uuid()", 0},
		{"gen_random_ulid_v7()", series("gen_random_ulid_v7()"), "gen_random_uuid()", 0},
		{"lab_gen_random_ulid_sql()", series("lab_gen_random_ulid_sql()"), "gen_random_uuid()", 0},
		{"lab_gen_random_ulid_sql_pinned()", series("lab_gen_random_ulid_sql_pinned()"), "gen_random_uuid()", 0},
		{"lab_gen_random_ulid_floor()", series("lab_gen_random_ulid_floor()"), "gen_random_uuid()", 0},
		{"lab_gen_random_ulid_bytea()", series("lab_gen_random_ulid_bytea()"), "gen_random_uuid()", 0},
		{"lab_gen_random_ulid_plpgsql()", series("lab_gen_random_ulid_plpgsql()"), "gen_random_uuid()", 0},
		{"scan (table)", table("id"), "", 0},
		{"id::text", table("id::text"), "", 0},
		{"lab_empty_sql(id)", table("lab_empty_sql(id)"), "", 0},
		{"lab_empty_plpgsql(id)", table("lab_empty_plpgsql(id)"), "", 0},
		{"uuid_to_ulid(id)", table("uuid_to_ulid(id)"), "id::text", 0},
		{"lab_uuid_to_ulid_substr(id)", table("lab_uuid_to_ulid_substr(id)"), "id::text", 0},
		{"lab_uuid_to_ulid_inline(id)", table100k("lab_uuid_to_ulid_inline(id)"), "id::text", 100_000},
		{"lab_uuid_to_ulid_loop(id)", table100k("lab_uuid_to_ulid_loop(id)"), "id::text", 100_000},
		{"s::uuid (a cast of UUID text)", table("id::text::uuid"), "", 0},
		{"ulid_to_uuid(s)", table("ulid_to_uuid(s)"), "", 0},
		{"lab_ulid_to_uuid_inline(s)", table100k("lab_ulid_to_uuid_inline(s)"), "", 100_000},
		{"lab_ulid_to_uuid_loop(s)", table100k("lab_ulid_to_uuid_loop(s)"), "", 100_000},
		{"ulid_time(id)", table("ulid_time(id)"), "", 0},
		{"lab_ulid_time_sql(id)", table("lab_ulid_time_sql(id)"), "", 0},
		{"lab_ulid_time_sql_pinned(id)", table("lab_ulid_time_sql_pinned(id)"), "", 0},
		{"lab_ulid_time_float(id)", table("lab_ulid_time_float(id)"), "", 0},
		{"lab_ulid_time_plpgsql(id)", table("lab_ulid_time_plpgsql(id)"), "", 0},
		{"ulid_min(t)", table("ulid_min(t)"), "", 0},
		{"ulid_max(t)", table("ulid_max(t)"), "", 0},
	}
	for _, c := range slices.Clone(cases) {
		if f, _, ok := strings.Cut(c.name, "("); ok && kitFunction[f] {
			c.name = "kit_unpinned." + c.name
			c.query = strings.Replace(c.query, "("+f+"(", "(kit_unpinned."+f+"(", 1)
			c.base = ""
			cases = append(cases, c)
		}
	}
	med := timeCases(t, rounds, cases, func(q string) error {
		_, err := conn.Exec(ctx, q)
		return err
	})
	scan := func(c speedCase) string {
		if strings.Contains(c.query, "generate_series") {
			return "scan"
		}
		return "scan (table)"
	}
	fmt.Print(speedTable(fmt.Sprintf("PostgreSQL %s, one core (max_parallel_workers_per_gather = 0), median of %d rounds:", version, rounds), cases, med, scan))
	fmt.Print(pinCostTable(cases, med, scan))
}

// pinCostTable formats what the pinned search_path costs each function of
// the kit: its median cost per row against that of its copy in the schema
// kit_unpinned (the same body without the SET clause), timed in the same
// rounds.
func pinCostTable(cases []speedCase, med map[string]time.Duration, scan func(speedCase) string) string {
	var b strings.Builder
	b.WriteString("\nThe pinned search_path, per call (µs per row beyond the scan):\n\n| function | pinned | not pinned | the pin |\n|---|--:|--:|--:|\n")
	perRow := func(c speedCase) float64 {
		return float64(med[c.name].Nanoseconds()-med[scan(c)].Nanoseconds()) / float64(c.n()) / 1000
	}
	for _, c := range cases {
		name, ok := strings.CutPrefix(c.name, "kit_unpinned.")
		if !ok {
			continue
		}
		i := slices.IndexFunc(cases, func(p speedCase) bool { return p.name == name })
		pinned, free := perRow(cases[i]), perRow(c)
		fmt.Fprintf(&b, "| %s | %.2f | %.2f | %+.2f |\n", name, pinned, free, pinned-free)
	}
	return b.String()
}

func TestSQLKitSpeedMariaDB(t *testing.T) {
	rounds := speedRounds(t)
	kitDSN := installMariaDBKit(t)
	cfg, err := mysql.ParseDSN(kitDSN)
	if err != nil {
		t.Fatal(err)
	}
	host, port, _ := strings.Cut(cfg.Addr, ":")
	cmd := exec.Command(findClient(t, []string{"mariadb", "mysql"}), "--no-defaults", "--protocol=tcp", "-h", host, "-P", port,
		"-u", cfg.User, "-p"+cfg.Passwd, cfg.DBName)
	f, err := os.Open(mariadbFormulationsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdin = f
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	ctx := context.Background()
	db, err := sql.Open("mysql", kitDSN)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version string
	if err := db.QueryRow("SELECT VERSION()").Scan(&version); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"DROP TABLE IF EXISTS kit_speed",
		"CREATE TABLE kit_speed (id BINARY(16) NOT NULL, s CHAR(26), t DATETIME(3), k VARCHAR(90))",
		// Not INSERT ... SELECT id, bin_to_ulid(id) FROM (SELECT
		// gen_random_ulid() AS id ...): MariaDB merges the derived table and
		// calls gen_random_ulid again for each mention of id.
		fmt.Sprintf("INSERT INTO kit_speed (id) SELECT gen_random_ulid() FROM seq_1_to_%d", speedRows),
		"UPDATE kit_speed SET s = bin_to_ulid(id), t = ulid_time(id), k = bin_to_typeid(id, 'user')",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	defer db.Exec("DROP TABLE IF EXISTS kit_speed")
	series := func(f string) string { return fmt.Sprintf("SELECT COUNT(%s) FROM seq_1_to_%d", f, speedRows) }
	table := func(f string) string { return "SELECT COUNT(" + f + ") FROM kit_speed" }
	table100k := func(f string) string { return "SELECT COUNT(" + f + ") FROM (SELECT * FROM kit_speed LIMIT 100000) s" }
	cases := []speedCase{
		{"scan", series("seq"), "", 0},
		{"UUID()", series("UUID()"), "lab_empty0()", 0},
		{"lab_empty0()", series("lab_empty0()"), "", 0},
		{"gen_random_ulid()", series("gen_random_ulid()"), "lab_empty0()", 0},
		{"gen_random_ulid_v7()", series("gen_random_ulid_v7()"), "lab_empty0()", 0},
		{"lab_gen_random_ulid_v7_four()", series("lab_gen_random_ulid_v7_four()"), "lab_empty0()", 0},
		{"lab_gen_random_ulid_unix()", series("lab_gen_random_ulid_unix()"), "lab_empty0()", 0},
		{"scan (table)", table("id"), "", 0},
		{"lab_empty(id)", table("lab_empty(id)"), "", 0},
		{"bin_to_ulid(id)", table("bin_to_ulid(id)"), "lab_empty(id)", 0},
		{"lab_bin_to_ulid_loop(id)", table100k("lab_bin_to_ulid_loop(id)"), "lab_empty(id)", 100_000},
		{"ulid_to_bin(s)", table("ulid_to_bin(s)"), "lab_empty(id)", 0},
		{"lab_ulid_to_bin_text(s)", table("lab_ulid_to_bin_text(s)"), "lab_empty(id)", 0},
		{"lab_ulid_to_bin_expr(s)", table100k("lab_ulid_to_bin_expr(s)"), "lab_empty(id)", 100_000},
		{"lab_ulid_to_bin_loop(s)", table100k("lab_ulid_to_bin_loop(s)"), "lab_empty(id)", 100_000},
		{"bin_to_typeid(id, 'user')", table("bin_to_typeid(id, 'user')"), "lab_empty(id)", 0},
		{"typeid_to_bin(k, 'user')", table("typeid_to_bin(k, 'user')"), "lab_empty(id)", 0},
		{"ulid_time(id)", table("ulid_time(id)"), "lab_empty(id)", 0},
		{"ulid_min(t)", table("ulid_min(t)"), "lab_empty(id)", 0},
		{"ulid_max(t)", table("ulid_max(t)"), "lab_empty(id)", 0},
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	med := timeCases(t, rounds, cases, func(q string) error {
		var n int
		return conn.QueryRowContext(ctx, q).Scan(&n)
	})
	scan := func(c speedCase) string {
		if strings.Contains(c.query, "seq_1_to") {
			return "scan"
		}
		return "scan (table)"
	}
	fmt.Print(speedTable(fmt.Sprintf("MariaDB %s, median of %d rounds:", version, rounds), cases, med, scan))
}

// TestSQLKitSpeedPostgresPublicID times ulid_mask and ulid_unmask over 100,000
// rows, pinned as installed and without the pins, for what the pinned
// search_path costs them.
func TestSQLKitSpeedPostgresPublicID(t *testing.T) {
	rounds := speedRounds(t)
	db := installPgPublicID(t)
	ctx := context.Background()
	conn := connectPg(t, db.owner)
	const rows = 100_000
	key := `'\x000102030405060708090a0b0c0d0e0f'::bytea`
	for _, q := range []string{
		"SET max_parallel_workers_per_gather = 0",
		"DROP SCHEMA IF EXISTS kit_unpinned CASCADE",
		"CREATE SCHEMA kit_unpinned",
		"SET search_path = kit_unpinned",
		unpinned(t, pgPublicIDFile),
		"SET search_path = pubid",
		"DROP TABLE IF EXISTS pubid_speed",
		fmt.Sprintf("CREATE TABLE pubid_speed AS SELECT id, ulid_mask(id, %s) AS p FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, %d)) g", key, rows),
		"VACUUM ANALYZE pubid_speed",
	} {
		if _, err := conn.PgConn().Exec(ctx, q).ReadAll(); err != nil {
			t.Fatalf("%.80s: %v", q, err)
		}
	}
	defer conn.Exec(context.Background(), "DROP TABLE IF EXISTS pubid_speed; DROP SCHEMA IF EXISTS kit_unpinned CASCADE")
	table := func(f string) string { return "SELECT count(" + f + ") FROM pubid_speed" }
	cases := []speedCase{
		{"scan (table)", table("id"), "", rows},
		{"ulid_mask(id, key)", table("ulid_mask(id, " + key + ")"), "", rows},
		{"ulid_unmask(p, key)", table("ulid_unmask(p, " + key + ")"), "", rows},
		{"kit_unpinned.ulid_mask(id, key)", table("kit_unpinned.ulid_mask(id, " + key + ")"), "", rows},
		{"kit_unpinned.ulid_unmask(p, key)", table("kit_unpinned.ulid_unmask(p, " + key + ")"), "", rows},
	}
	med := timeCases(t, rounds, cases, func(q string) error {
		_, err := conn.Exec(ctx, q)
		return err
	})
	scan := func(speedCase) string { return "scan (table)" }
	fmt.Print(speedTable(fmt.Sprintf("PostgreSQL public IDs, one core, median of %d rounds:", rounds), cases, med, scan))
	fmt.Print(pinCostTable(cases, med, scan))
}
