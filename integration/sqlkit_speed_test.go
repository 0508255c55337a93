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

// A speedCase is one function timed over speedRows rows: query runs it, and
// base names the case whose per-row cost it is compared with.
type speedCase struct {
	name, query, base string
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
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s\n\n| function | ms per 1,000,000 rows | rows/s | per row beyond the scan | ratio |\n|---|--:|--:|--:|--:|\n", title)
	for _, c := range cases {
		d := med[c.name]
		net := d - med[scan(c)]
		ratio := ""
		if c.base != "" {
			ratio = fmt.Sprintf("%.2fx %s", float64(net)/float64(med[c.base]-med[scan(c)]), c.base)
		}
		fmt.Fprintf(&b, "| %s | %d | %.0f | %.2f µs | %s |\n", c.name, d.Milliseconds(), speedRows/d.Seconds(), float64(net.Nanoseconds())/speedRows/1000, ratio)
	}
	return b.String()
}

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
	cases := []speedCase{
		{"scan", series("*"), ""},
		{"gen_random_uuid()", series("gen_random_uuid()"), ""},
		{"gen_random_ulid()", series("gen_random_ulid()"), "gen_random_uuid()"},
		{"gen_random_ulid_v7()", series("gen_random_ulid_v7()"), "gen_random_uuid()"},
		{"lab_gen_random_ulid_floor()", series("lab_gen_random_ulid_floor()"), "gen_random_uuid()"},
		{"lab_gen_random_ulid_bytea()", series("lab_gen_random_ulid_bytea()"), "gen_random_uuid()"},
		{"lab_gen_random_ulid_plpgsql()", series("lab_gen_random_ulid_plpgsql()"), "gen_random_uuid()"},
		{"scan (table)", table("id"), ""},
		{"id::text", table("id::text"), ""},
		{"lab_empty_sql(id)", table("lab_empty_sql(id)"), ""},
		{"lab_empty_plpgsql(id)", table("lab_empty_plpgsql(id)"), ""},
		{"uuid_to_ulid(id)", table("uuid_to_ulid(id)"), "id::text"},
		{"lab_uuid_to_ulid_substr(id)", table("lab_uuid_to_ulid_substr(id)"), "id::text"},
		{"lab_uuid_to_ulid_inline(id)", table("lab_uuid_to_ulid_inline(id)"), "id::text"},
		{"lab_uuid_to_ulid_loop(id)", table("lab_uuid_to_ulid_loop(id)"), "id::text"},
		{"s::uuid (a cast of UUID text)", table("id::text::uuid"), ""},
		{"ulid_to_uuid(s)", table("ulid_to_uuid(s)"), ""},
		{"lab_ulid_to_uuid_inline(s)", table("lab_ulid_to_uuid_inline(s)"), ""},
		{"lab_ulid_to_uuid_loop(s)", table("lab_ulid_to_uuid_loop(s)"), ""},
		{"ulid_time(id)", table("ulid_time(id)"), ""},
		{"lab_ulid_time_float(id)", table("lab_ulid_time_float(id)"), ""},
		{"lab_ulid_time_plpgsql(id)", table("lab_ulid_time_plpgsql(id)"), ""},
		{"ulid_min(t)", table("ulid_min(t)"), ""},
		{"ulid_max(t)", table("ulid_max(t)"), ""},
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
		"CREATE TABLE kit_speed (id BINARY(16) NOT NULL, s CHAR(26) NOT NULL, t DATETIME(3) NOT NULL)",
		fmt.Sprintf("INSERT INTO kit_speed SELECT id, bin_to_ulid(id), ulid_time(id) FROM (SELECT gen_random_ulid() AS id FROM seq_1_to_%d) g", speedRows),
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	defer db.Exec("DROP TABLE IF EXISTS kit_speed")
	series := func(f string) string { return fmt.Sprintf("SELECT COUNT(%s) FROM seq_1_to_%d", f, speedRows) }
	table := func(f string) string { return "SELECT COUNT(" + f + ") FROM kit_speed" }
	cases := []speedCase{
		{"scan", series("seq"), ""},
		{"UUID()", series("UUID()"), "lab_empty0()"},
		{"lab_empty0()", series("lab_empty0()"), ""},
		{"gen_random_ulid()", series("gen_random_ulid()"), "lab_empty0()"},
		{"gen_random_ulid_v7()", series("gen_random_ulid_v7()"), "lab_empty0()"},
		{"lab_gen_random_ulid_unix()", series("lab_gen_random_ulid_unix()"), "lab_empty0()"},
		{"scan (table)", table("id"), ""},
		{"lab_empty(id)", table("lab_empty(id)"), ""},
		{"bin_to_ulid(id)", table("bin_to_ulid(id)"), "lab_empty(id)"},
		{"lab_bin_to_ulid_loop(id)", table("lab_bin_to_ulid_loop(id)"), "lab_empty(id)"},
		{"ulid_to_bin(s)", table("ulid_to_bin(s)"), "lab_empty(id)"},
		{"lab_ulid_to_bin_expr(s)", table("lab_ulid_to_bin_expr(s)"), "lab_empty(id)"},
		{"lab_ulid_to_bin_loop(s)", table("lab_ulid_to_bin_loop(s)"), "lab_empty(id)"},
		{"ulid_time(id)", table("ulid_time(id)"), "lab_empty(id)"},
		{"ulid_min(t)", table("ulid_min(t)"), "lab_empty(id)"},
		{"ulid_max(t)", table("ulid_max(t)"), "lab_empty(id)"},
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
