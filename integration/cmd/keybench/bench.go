package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// payloadSize is the length of every row's payload column, in bytes.
const payloadSize = 100

// rateChunks is how many parts of the load the insert rate is reported for
// (20 = every 5% of the rows; fewer if N is too small for that).
const rateChunks = 20

// A row is what a client sends for one table row.
type row struct {
	seq     int64 // insertion number, 0..n-1 (in order of the batches' start)
	key16   [16]byte
	keyText string
	payload string
}

// A backend is one database server.
type backend interface {
	// info returns the server version and the settings that matter here.
	info(ctx context.Context) (serverInfo, error)
	// columnType is the SQL type of the id column for k.
	columnType(k *kind) string
	drop(ctx context.Context, table string) error
	create(ctx context.Context, table string, k *kind) error
	// settle waits for the server to write out the work of earlier runs.
	settle(ctx context.Context) error
	// newClient opens a connection of its own that inserts into table.
	newClient(ctx context.Context, table string, k *kind, batch int) (client, error)
	// measure fills in r's size and scan fields after a load of r.N rows.
	measure(ctx context.Context, table string, k *kind, scans int, r *result) error
	close()
}

// A client inserts batches of rows over one connection; each insert call is
// one statement and one transaction.
type client interface {
	insert(ctx context.Context, rows []row) error
	close()
}

// serverInfo describes a database server.
type serverInfo struct {
	Name     string   `json:"name"`     // PostgreSQL, MariaDB
	Version  string   `json:"version"`  // as the server reports it
	Settings []string `json:"settings"` // name=value
	Method   string   `json:"method"`   // how rows are inserted
}

// A result is one run: one database, key kind and client count.
type result struct {
	DB      string  `json:"db"` // "pg", "mysql"
	Kind    string  `json:"kind"`
	Column  string  `json:"column"` // SQL type of id
	Clients int     `json:"clients"`
	N       int     `json:"n"`
	Seconds float64 `json:"insert_seconds"`
	Rate    float64 `json:"rows_per_second"`
	// Rates are the insert rates of all runs of this kind (-repeat), in
	// the order they ran; the other fields are of the median one.
	Rates  []float64 `json:"all_runs_rows_per_second"`
	Chunks []point   `json:"rate_over_time"`

	// Sizes in bytes. PostgreSQL: TableBytes = pg_relation_size(table) (the
	// heap), IndexBytes = pg_relation_size(primary key). MariaDB:
	// TableBytes = data_length (the clustered primary key, rows included),
	// IndexBytes = index_length (secondary indexes: none here).
	TableBytes int64 `json:"table_bytes"`
	IndexBytes int64 `json:"index_bytes"`
	// LeafPages is the primary key's leaf page count (pgstatindex;
	// mysql.innodb_index_stats n_leaf_pages).
	LeafPages int64 `json:"leaf_pages"`
	// PostgreSQL only: pgstatindex's avg_leaf_density and
	// leaf_fragmentation, in percent, and the tree depth.
	LeafDensity float64 `json:"avg_leaf_density,omitempty"`
	LeafFrag    float64 `json:"leaf_fragmentation,omitempty"`
	TreeLevel   int     `json:"tree_level,omitempty"`

	// The newest-1% read: how it selects the rows, the plan the server
	// chose, how many rows it read, and the median time.
	ScanHow    string  `json:"scan_how"`
	ScanPlan   string  `json:"scan_plan"`
	ScanRows   int64   `json:"scan_rows"`
	ScanMillis float64 `json:"scan_ms"`
}

// A point is the insert rate over one part of a load.
type point struct {
	Rows int     `json:"rows"` // rows in the table at the end of the part
	Rate float64 `json:"rows_per_second"`
}

// report is everything a run of the command produces.
type report struct {
	Date    time.Time             `json:"date"`
	Go      string                `json:"go"`
	Machine string                `json:"machine"`
	Load    string                `json:"loadavg_before"` // /proc/loadavg: other work on the machine
	N       int                   `json:"n"`
	Batch   int                   `json:"batch"`
	Scans   int                   `json:"scans"`
	Repeat  int                   `json:"repeat"`
	Clients []int                 `json:"clients"`
	Kinds   []string              `json:"kinds"`
	DBs     []string              `json:"dbs"`
	Servers map[string]serverInfo `json:"servers"`
	Results []result              `json:"results"`
	Elapsed float64               `json:"elapsed_seconds"`
}

func (rep *report) server(db string) serverInfo { return rep.Servers[db] }

// run runs every selected database, client count and kind, then writes the
// report and plots to cfg.out (or a new temporary directory).
func run(ctx context.Context, cfg config, stdout, stderr io.Writer) error {
	begin := time.Now()
	out := cfg.out
	if out == "" {
		var err error
		if out, err = os.MkdirTemp("", "keybench-"); err != nil {
			return err
		}
	} else if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}

	rep := &report{
		Date:    begin.UTC(),
		Go:      runtime.Version(),
		Machine: machine(),
		Load:    loadavg(),
		N:       cfg.n,
		Batch:   cfg.batch,
		Scans:   cfg.scans,
		Repeat:  cfg.repeat,
		Clients: cfg.clientCounts(),
		DBs:     cfg.dbs,
		Servers: map[string]serverInfo{},
	}
	for _, k := range cfg.kinds {
		rep.Kinds = append(rep.Kinds, k.name)
	}
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "keybench: "+format+"\n", args...) }
	logf("N=%d rows per run, batch %d, clients %v, kinds %s, databases %s; output in %s",
		cfg.n, cfg.batch, rep.Clients, strings.Join(rep.Kinds, ","), strings.Join(cfg.dbs, ","), out)

	for _, db := range cfg.dbs {
		if err := runDB(ctx, cfg, db, rep, logf); err != nil {
			return err
		}
	}
	rep.Elapsed = time.Since(begin).Seconds()

	md := markdown(rep)
	if err := os.WriteFile(filepath.Join(out, "results.md"), []byte(md), 0o644); err != nil {
		return err
	}
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "results.json"), append(js, '\n'), 0o644); err != nil {
		return err
	}
	files, err := writePlots(rep, out)
	if err != nil {
		return fmt.Errorf("plots: %w", err)
	}
	if _, err := io.WriteString(stdout, md); err != nil {
		return err
	}
	logf("done in %s; wrote results.md, results.json, %s in %s",
		time.Since(begin).Round(time.Second), strings.Join(files, ", "), out)
	return nil
}

func openBackend(ctx context.Context, cfg config, db string) (backend, error) {
	switch db {
	case "pg":
		return openPostgres(ctx, cfg.pgDSN)
	case "mysql":
		return openMySQL(ctx, cfg.mysqlDSN, cfg.clients)
	}
	return nil, fmt.Errorf("unknown database %q", db)
}

func tableName(cfg config, k *kind, clients int) string {
	return fmt.Sprintf("%s_%s_c%d", cfg.prefix, strings.ReplaceAll(k.name, "-", "_"), clients)
}

func runDB(ctx context.Context, cfg config, db string, rep *report, logf func(string, ...any)) (err error) {
	b, err := openBackend(ctx, cfg, db)
	if err != nil {
		return fmt.Errorf("%s: %w", db, err)
	}
	defer b.close()
	info, err := b.info(ctx)
	if err != nil {
		return fmt.Errorf("%s: server info: %w", db, err)
	}
	rep.Servers[db] = info
	logf("%s %s (%s)", info.Name, info.Version, strings.Join(info.Settings, ", "))

	var tables []string
	for _, c := range rep.Clients {
		for _, k := range cfg.kinds {
			tables = append(tables, tableName(cfg, k, c))
		}
	}
	dropAll := func(ctx context.Context) error {
		var errs []error
		for _, t := range tables {
			if err := b.drop(ctx, t); err != nil {
				errs = append(errs, fmt.Errorf("drop %s: %w", t, err))
			}
		}
		return errors.Join(errs...)
	}
	if err := dropAll(ctx); err != nil {
		return fmt.Errorf("%s: %w", info.Name, err)
	}
	defer func() {
		// Also after an error or Ctrl-C: a fresh context, bounded.
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if derr := dropAll(cctx); derr != nil && err == nil {
			err = fmt.Errorf("%s: %w", info.Name, derr)
		}
	}()

	for _, clients := range rep.Clients {
		// Every kind runs cfg.repeat times, in a rotated order each time so
		// that no kind always follows the same one; the run with the median
		// insert rate is reported.
		runs := make(map[*kind][]result)
		for rp := range cfg.repeat {
			for i := range cfg.kinds {
				k := cfg.kinds[(i+rp)%len(cfg.kinds)]
				table := tableName(cfg, k, clients)
				r, err := runOne(ctx, cfg, b, db, table, k, clients)
				if err != nil {
					return fmt.Errorf("%s %s, %d client(s): %w", info.Name, k.name, clients, err)
				}
				logf("%-10s %-9s %d client(s) run %d/%d: %d rows in %5.1fs = %7.0f rows/s; table %s, PK %s; newest 1%%: %d rows in %.1f ms (%s)",
					info.Name, k.name, clients, rp+1, cfg.repeat, r.N, r.Seconds, r.Rate, mib(r.TableBytes), mib(r.IndexBytes), r.ScanRows, r.ScanMillis, r.ScanPlan)
				runs[k] = append(runs[k], r)
				if err := b.drop(ctx, table); err != nil {
					return fmt.Errorf("drop %s: %w", table, err)
				}
			}
		}
		for _, k := range cfg.kinds {
			rep.Results = append(rep.Results, median(runs[k]))
		}
	}
	return nil
}

// median returns the run with the median insert rate (of an even number,
// the slower middle one), with the rates of all runs.
func median(runs []result) result {
	sorted := slices.Clone(runs)
	slices.SortFunc(sorted, func(a, b result) int { return cmp.Compare(a.Rate, b.Rate) })
	m := sorted[(len(sorted)-1)/2]
	for _, r := range runs {
		m.Rates = append(m.Rates, r.Rate)
	}
	return m
}

// payloads returns a pool of distinct random payloads, reused round-robin:
// generating 100 random bytes per row would cost the client CPU the servers
// need, and neither server compresses values this small.
func payloads() []string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	r := rand.New(rand.NewPCG(1, 2))
	pool := make([]string, 4096)
	b := make([]byte, payloadSize)
	for i := range pool {
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		pool[i] = string(b)
	}
	return pool
}

// progress records, after every committed batch, how many rows are in the
// table and when.
type progress struct {
	mu     sync.Mutex
	start  time.Time
	done   int
	events []event
}

type event struct {
	rows int
	at   time.Duration
}

func (p *progress) add(n int) {
	now := time.Now()
	p.mu.Lock()
	p.done += n
	p.events = append(p.events, event{p.done, now.Sub(p.start)})
	p.mu.Unlock()
}

// chunkRates turns the events of a load of n rows into the insert rate over
// each of parts equal parts (each part ends at the first batch that reaches
// its share of the rows).
func chunkRates(events []event, n, parts int) []point {
	var pts []point
	prev := event{}
	i := 0
	for k := 1; k <= parts; k++ {
		target := (n*k + parts - 1) / parts
		for i < len(events) && events[i].rows < target {
			i++
		}
		if i == len(events) {
			break
		}
		e := events[i]
		if e.rows == prev.rows || e.at <= prev.at {
			continue // one batch covered several parts
		}
		pts = append(pts, point{Rows: e.rows, Rate: float64(e.rows-prev.rows) / (e.at - prev.at).Seconds()})
		prev = e
	}
	return pts
}

// runOne loads cfg.n rows into a new table with clients concurrent clients
// and measures the result.
func runOne(ctx context.Context, cfg config, b backend, db, table string, k *kind, clients int) (result, error) {
	r := result{DB: db, Kind: k.name, Column: b.columnType(k), Clients: clients, N: cfg.n}
	if err := b.drop(ctx, table); err != nil {
		return r, fmt.Errorf("drop: %w", err)
	}
	if err := b.create(ctx, table, k); err != nil {
		return r, fmt.Errorf("create: %w", err)
	}
	if err := b.settle(ctx); err != nil {
		return r, fmt.Errorf("settle: %w", err)
	}
	cs := make([]client, 0, clients)
	defer func() {
		for _, c := range cs {
			c.close()
		}
	}()
	for range clients {
		c, err := b.newClient(ctx, table, k, cfg.batch)
		if err != nil {
			return r, fmt.Errorf("connect: %w", err)
		}
		cs = append(cs, c)
	}

	pool := payloads()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var next atomic.Int64 // next batch to claim
	prog := &progress{start: time.Now()}
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Go(func() {
			rows := make([]row, cfg.batch)
			for ctx.Err() == nil {
				lo := int(next.Add(1)-1) * cfg.batch
				if lo >= cfg.n {
					return
				}
				batch := rows[:min(cfg.batch, cfg.n-lo)]
				for i := range batch {
					seq := lo + i
					batch[i].seq = int64(seq)
					batch[i].payload = pool[seq%len(pool)]
					switch {
					case k.serverGenerated:
					case k.text:
						batch[i].keyText = k.keyText()
					default:
						batch[i].key16 = k.key16()
					}
				}
				if err := c.insert(ctx, batch); err != nil {
					cancel(fmt.Errorf("insert rows %d..%d: %w", lo, lo+len(batch)-1, err))
					return
				}
				prog.add(len(batch))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(prog.start)
	if err := context.Cause(ctx); err != nil {
		return r, err
	}
	r.Seconds = elapsed.Seconds()
	r.Rate = float64(cfg.n) / r.Seconds
	// A part of at least two batches per client, so that batches that
	// finish together do not make a spike.
	parts := max(1, min(rateChunks, cfg.n/(2*clients*cfg.batch)))
	r.Chunks = chunkRates(prog.events, cfg.n, parts)

	if err := b.measure(ctx, table, k, cfg.scans, &r); err != nil {
		return r, fmt.Errorf("measure: %w", err)
	}
	if want := int64(cfg.n / 100); r.ScanRows != want {
		return r, fmt.Errorf("newest-1%% read returned %d rows, want %d", r.ScanRows, want)
	}
	return r, nil
}

// scanHow describes the newest-1% read for k.
func scanHow(k *kind) string {
	if k.ordered {
		return "id >= key of the N/100-th newest row"
	}
	return "seq >= N - N/100 (no time order in the key)"
}

// timeScan runs query scans+1 times (the first warms the caches and the
// statement) and returns the rows it counts and the median time.
func timeScan(scans int, query func() (int64, error)) (rows int64, ms float64, err error) {
	if rows, err = query(); err != nil {
		return 0, 0, err
	}
	times := make([]float64, scans)
	for i := range times {
		start := time.Now()
		n, err := query()
		if err != nil {
			return 0, 0, err
		}
		times[i] = float64(time.Since(start).Microseconds()) / 1000
		if n != rows {
			return 0, 0, fmt.Errorf("scan returned %d rows, then %d", rows, n)
		}
	}
	slices.Sort(times)
	return rows, times[len(times)/2], nil
}

// machine describes the CPU, memory and OS.
func machine() string {
	var desc strings.Builder
	fmt.Fprintf(&desc, "%s/%s, %d CPUs", runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(b)) {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				_, name, _ = strings.Cut(name, ":")
				fmt.Fprintf(&desc, " (%s)", strings.TrimSpace(name))
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		var kb int64
		for line := range strings.Lines(string(b)) {
			if _, err := fmt.Sscanf(line, "MemTotal: %d kB", &kb); err == nil {
				fmt.Fprintf(&desc, ", %.0f GiB RAM", float64(kb)/(1<<20))
				break
			}
		}
	}
	return desc.String()
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

// loadavg returns the 1, 5 and 15 minute load averages, or "".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}
