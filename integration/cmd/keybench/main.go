// Command keybench measures primary-key kinds on real database servers:
// ULID (16 bytes), UUIDv4, UUIDv7, an auto-increment integer, and ULID as
// CHAR(26) text, in PostgreSQL and MariaDB (InnoDB).
//
// For every database, key kind and client count (1, then -clients) it
// creates a fresh table
//
//	id <key type> PRIMARY KEY, seq BIGINT NOT NULL, payload <100 characters>
//
// loads -n rows in batches of -batch rows (PostgreSQL: one COPY per batch
// through pgx CopyFrom; MariaDB: one prepared multi-row INSERT per batch;
// every batch is its own transaction), and reports insert throughput, the
// insert rate per 5% of the load as the table grows, the size of the table
// and of its primary-key index (PostgreSQL: pg_relation_size and pgstatindex;
// MariaDB: information_schema.TABLES after ANALYZE TABLE, and the PK's leaf
// pages from mysql.innodb_index_stats), and the time to read the newest 1% of
// the rows.
//
// "The newest 1%" is read through the key where the key has a time order
// (bigserial, ULID, UUIDv7, ULID text): WHERE id >= the key of the N/100-th
// row from the end in key order, an index range scan. A UUIDv4 key has no
// time order, so there is no key range for its newest rows; its table is
// scanned with WHERE seq >= N - N/100 (seq is the row's insertion number,
// not indexed), which is what a v4 table without an extra index on a
// creation-time column has to do.
//
// Every kind and client count runs -repeat times (default 3), the kinds in a
// rotated order each time, and the run with the median insert rate is
// reported along with the range of all runs. Before each run PostgreSQL
// checkpoints and InnoDB flushes its dirty pages, so that no run pays for
// the writes of the one before.
//
// Usage (servers from integration/run.sh, as root):
//
//	bash integration/run.sh --serve            # in one terminal; prints exports
//	source /tmp/ulid-it.XXXXXX/env.sh          # in another
//	cd integration && go run ./cmd/keybench -n 1000000 -repeat 5 -out cmd/keybench/results
//
// It writes results.md (also printed), results.json and PNG plots to -out
// (default: a new temporary directory, printed at the end). DSNs come from
// ULID_PG_DSN and ULID_MYSQL_DSN. Its tables (named -prefix_*) are dropped
// before and after the runs. Its smoke test (keybench_test.go, N = 2000) runs
// in integration/run.sh's `go test ./...`.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
)

func main() {
	cfg, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "keybench:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "keybench:", err)
		os.Exit(1)
	}
}

// config is what the flags select.
type config struct {
	n        int      // rows per run
	batch    int      // rows per INSERT / COPY
	clients  int      // concurrent clients of the second run (the first has 1)
	dbs      []string // "pg", "mysql"
	kinds    []*kind
	out      string // output directory ("" = new temp dir)
	prefix   string // table name prefix
	pgDSN    string
	mysqlDSN string
	scans    int // timed repetitions of the range scan (median reported)
	repeat   int // runs of each kind and client count (median reported)
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("keybench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg config
	var dbs, kinds string
	fs.IntVar(&cfg.n, "n", 1_000_000, "rows per run (per table)")
	fs.IntVar(&cfg.batch, "batch", 1000, "rows per multi-row INSERT (MariaDB) or COPY (PostgreSQL)")
	fs.IntVar(&cfg.clients, "clients", 4, "concurrent clients of the second run of each kind (the first run uses 1); 1 = single-client runs only")
	fs.StringVar(&dbs, "db", "pg,mysql", "databases: pg (ULID_PG_DSN), mysql (ULID_MYSQL_DSN)")
	fs.StringVar(&kinds, "kinds", strings.Join(kindNames(), ","), "key kinds")
	fs.StringVar(&cfg.out, "out", "", "output directory (default: a new temporary directory)")
	fs.StringVar(&cfg.prefix, "prefix", "keybench", "prefix of the table names")
	fs.IntVar(&cfg.repeat, "repeat", 3, "runs of each kind and client count; the run with the median insert rate is reported")
	fs.IntVar(&cfg.scans, "scans", 5, "timed repetitions of the newest-1% scan (the median is reported)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: keybench [flags]\n\nMeasures primary-key kinds (%s) in PostgreSQL and MariaDB.\nDSNs: $ULID_PG_DSN, $ULID_MYSQL_DSN (see integration/run.sh).\n\n", strings.Join(kindNames(), ", "))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	if fs.NArg() > 0 {
		return cfg, fmt.Errorf("unexpected arguments: %q", fs.Args())
	}
	if cfg.n < 100 {
		return cfg, fmt.Errorf("-n %d: need at least 100 rows (the scan reads the newest 1%%)", cfg.n)
	}
	if cfg.batch < 1 || cfg.batch > 10_000 {
		return cfg, fmt.Errorf("-batch %d: want 1..10000", cfg.batch)
	}
	if cfg.clients < 1 || cfg.clients > 64 {
		return cfg, fmt.Errorf("-clients %d: want 1..64", cfg.clients)
	}
	if cfg.repeat < 1 || cfg.repeat > 20 {
		return cfg, fmt.Errorf("-repeat %d: want 1..20", cfg.repeat)
	}
	if cfg.scans < 1 {
		return cfg, fmt.Errorf("-scans %d: want at least 1", cfg.scans)
	}
	if !validIdent(cfg.prefix) {
		return cfg, fmt.Errorf("-prefix %q: want letters, digits and underscores", cfg.prefix)
	}
	for _, d := range splitList(dbs) {
		switch d {
		case "pg", "postgres", "postgresql":
			d = "pg"
		case "mysql", "mariadb":
			d = "mysql"
		default:
			return cfg, fmt.Errorf("-db: unknown database %q (want pg, mysql)", d)
		}
		if !slices.Contains(cfg.dbs, d) {
			cfg.dbs = append(cfg.dbs, d)
		}
	}
	if len(cfg.dbs) == 0 {
		return cfg, fmt.Errorf("-db: no database selected")
	}
	for _, name := range splitList(kinds) {
		k := kindByName(name)
		if k == nil {
			return cfg, fmt.Errorf("-kinds: unknown kind %q (want some of %s)", name, strings.Join(kindNames(), ", "))
		}
		if !slices.Contains(cfg.kinds, k) {
			cfg.kinds = append(cfg.kinds, k)
		}
	}
	if len(cfg.kinds) == 0 {
		return cfg, fmt.Errorf("-kinds: no kind selected")
	}
	cfg.pgDSN = os.Getenv("ULID_PG_DSN")
	cfg.mysqlDSN = os.Getenv("ULID_MYSQL_DSN")
	if slices.Contains(cfg.dbs, "pg") && cfg.pgDSN == "" {
		return cfg, fmt.Errorf("ULID_PG_DSN is not set (start the servers with integration/run.sh --serve and source its exports, or pass -db mysql)")
	}
	if slices.Contains(cfg.dbs, "mysql") && cfg.mysqlDSN == "" {
		return cfg, fmt.Errorf("ULID_MYSQL_DSN is not set (start the servers with integration/run.sh --serve and source its exports, or pass -db pg)")
	}
	return cfg, nil
}

// clientCounts returns the client counts to run: 1, and cfg.clients if more.
func (cfg config) clientCounts() []int {
	if cfg.clients > 1 {
		return []int{1, cfg.clients}
	}
	return []int{1}
}

func splitList(s string) []string {
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.ToLower(strings.TrimSpace(f)); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func validIdent(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
