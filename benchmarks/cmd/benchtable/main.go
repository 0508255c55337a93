// Command benchtable turns the output of the comparison benchmarks in
// ../../compare_test.go into a Markdown table: one row per operation, one
// column per package, each cell the median time per operation over all runs
// (-count), and for every other package the ratio of our median to theirs.
//
// Usage:
//
//	benchtable [-ours ulidgo] [-baselines timenow,cryptorand,stringcopy,return16] [file ...]
//
// It reads standard input when no file is given. Benchmarks must be named
// Benchmark<Operation>/pkg=<package>, as in compare_test.go; results without
// a pkg key are ignored. A row is shown at a single GOMAXPROCS: the smallest
// in the input, or the largest for operations whose name contains
// "Parallel". Configuration lines in the input (date, goversion, cpu, goos,
// goarch) are printed above the table.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// peerOrder is the column order of the packages that compare_test.go knows:
// our own UUIDv7-compatible generator and the standard library's uuid (Go
// 1.27 on) first, then the other modules; any other package follows them in
// order of appearance.
var peerOrder = []string{"ulidgov7", "stduuid", "stduuidv4", "oklog", "googleuuid", "gofrsuuid", "xid", "ksuid"}

// samples holds one package's measurements of one operation at one
// GOMAXPROCS.
type samples struct {
	ns     []float64
	allocs []float64
}

// row is one operation at one GOMAXPROCS.
type row struct {
	op    string
	procs int
	pkgs  map[string]*samples
}

func main() {
	ours := flag.String("ours", "ulidgo", "the `pkg` value of the package under test")
	baselines := flag.String("baselines", "timenow,cryptorand,stringcopy,return16", "comma-separated `pkg` values that are baselines, not peers")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: benchtable [flags] [file ...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()

	if err := run(os.Stdout, flag.Args(), *ours, strings.Split(*baselines, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, paths []string, ours string, baselines []string) error {
	files := &benchfmt.Files{Paths: paths, AllowStdin: true}
	rows := map[string]map[int]*row{} // operation → GOMAXPROCS → row
	var ops []string                  // operations in order of appearance
	var pkgs []string                 // packages in order of appearance
	config := map[string]string{}
	configKeys := []string{"date", "goversion", "cpu", "goos", "goarch"}

	for files.Scan() {
		switch rec := files.Result().(type) {
		case *benchfmt.SyntaxError:
			fmt.Fprintln(os.Stderr, "benchtable: skipping:", rec)
		case *benchfmt.Result:
			for _, k := range configKeys {
				if v := rec.GetConfig(k); v != "" && config[k] == "" {
					config[k] = v
				}
			}
			op, pkg, procs, ok := splitName(rec.Name)
			if !ok {
				continue
			}
			sec, ok := rec.Value("sec/op")
			if !ok {
				continue
			}
			byProcs := rows[op]
			if byProcs == nil {
				byProcs = map[int]*row{}
				rows[op] = byProcs
				ops = append(ops, op)
			}
			r := byProcs[procs]
			if r == nil {
				r = &row{op: op, procs: procs, pkgs: map[string]*samples{}}
				byProcs[procs] = r
			}
			s := r.pkgs[pkg]
			if s == nil {
				s = &samples{}
				r.pkgs[pkg] = s
				if !slices.Contains(pkgs, pkg) {
					pkgs = append(pkgs, pkg)
				}
			}
			s.ns = append(s.ns, sec*1e9)
			if a, ok := rec.Value("allocs/op"); ok {
				s.allocs = append(s.allocs, a)
			}
		}
	}
	if err := files.Err(); err != nil {
		return err
	}
	if len(ops) == 0 {
		return fmt.Errorf("no Benchmark<Operation>/pkg=<package> results in the input")
	}

	// Columns: ours, the known peers, any other package, then one column for
	// all baselines.
	var peers []string
	for _, p := range peerOrder {
		if slices.Contains(pkgs, p) {
			peers = append(peers, p)
		}
	}
	for _, p := range pkgs {
		if p != ours && !slices.Contains(peers, p) && !slices.Contains(baselines, p) {
			peers = append(peers, p)
		}
	}

	// Pick each operation's row and count the runs behind the medians.
	var table []*row
	minRuns, maxRuns := 0, 0
	for _, op := range ops {
		var procs []int
		for p := range rows[op] {
			procs = append(procs, p)
		}
		slices.Sort(procs)
		pick := procs[0]
		if strings.Contains(op, "Parallel") {
			pick = procs[len(procs)-1]
		}
		r := rows[op][pick]
		table = append(table, r)
		for _, s := range r.pkgs {
			n := len(s.ns)
			if minRuns == 0 || n < minRuns {
				minRuns = n
			}
			maxRuns = max(maxRuns, n)
		}
	}

	fmt.Fprintf(w, "### %s compared with other Go ID packages\n\n", ours)
	if v := config["date"]; v != "" {
		fmt.Fprintf(w, "- Date (UTC): %s\n", v)
	}
	if v := config["goversion"]; v != "" {
		fmt.Fprintf(w, "- Go: %s\n", v)
	}
	if v := config["cpu"]; v != "" {
		fmt.Fprintf(w, "- CPU: %s", v)
		if config["goos"] != "" {
			fmt.Fprintf(w, " (%s/%s)", config["goos"], config["goarch"])
		}
		fmt.Fprintln(w)
	}
	runs := fmt.Sprintf("%d runs", minRuns)
	switch {
	case maxRuns != minRuns:
		runs = fmt.Sprintf("%d to %d runs", minRuns, maxRuns)
	case minRuns == 1:
		runs = "1 run"
	}
	fmt.Fprintf(w, "- Each cell: median ns/op of %s, at GOMAXPROCS 1 (-cpu 1) unless the row says otherwise.\n", runs)
	fmt.Fprintf(w, "- (r×) is %s's median divided by that column's: below 1 means %s is faster. — means the package has no API for the operation.\n\n", ours, ours)

	hasBaseline := false
	for _, p := range baselines {
		hasBaseline = hasBaseline || slices.Contains(pkgs, p)
	}
	header := []string{"Operation", ours + " ns/op", ours + " allocs/op"}
	header = append(header, peers...)
	if hasBaseline {
		header = append(header, "baseline")
	}
	fmt.Fprintf(w, "| %s |\n", strings.Join(header, " | "))
	align := make([]string, len(header))
	for i := range align {
		align[i] = "---:"
	}
	align[0] = ":---"
	fmt.Fprintf(w, "|%s|\n", strings.Join(align, "|"))

	for _, r := range table {
		label := r.op
		if r.procs != 1 || strings.Contains(r.op, "Parallel") {
			label += fmt.Sprintf(" (-cpu %d)", r.procs)
		}
		cells := []string{label}
		our := r.pkgs[ours]
		ourNs := 0.0
		if our != nil {
			ourNs = median(our.ns)
			cells = append(cells, formatNs(ourNs))
			if len(our.allocs) > 0 {
				cells = append(cells, strconv.FormatFloat(median(our.allocs), 'f', -1, 64))
			} else {
				cells = append(cells, "?")
			}
		} else {
			cells = append(cells, "—", "—")
		}
		for _, p := range peers {
			cells = append(cells, cell(r.pkgs[p], ourNs))
		}
		if hasBaseline {
			var base []string
			for _, p := range baselines {
				if s := r.pkgs[p]; s != nil {
					base = append(base, p+" "+cell(s, ourNs))
				}
			}
			if len(base) == 0 {
				base = []string{"—"}
			}
			cells = append(cells, strings.Join(base, ", "))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	return nil
}

// splitName splits a benchmark name such as
// "BenchmarkParseLenient/pkg=oklog-2" into the operation "ParseLenient", the
// package "oklog" and GOMAXPROCS 2. Sub-benchmark keys other than pkg stay in
// the operation. ok is false if the name has no pkg key.
func splitName(name benchfmt.Name) (op, pkg string, procs int, ok bool) {
	base, parts := name.Parts()
	op = strings.TrimPrefix(string(base), "Benchmark")
	procs = 1
	for _, part := range parts {
		s := string(part)
		switch {
		case strings.HasPrefix(s, "/pkg="):
			pkg, ok = strings.TrimPrefix(s, "/pkg="), true
		case strings.HasPrefix(s, "-"):
			if n, err := strconv.Atoi(s[1:]); err == nil {
				procs = n
			}
		default:
			op += s
		}
	}
	return op, pkg, procs, ok
}

// cell formats a package's median and our ratio to it.
func cell(s *samples, ourNs float64) string {
	if s == nil || len(s.ns) == 0 {
		return "—"
	}
	m := median(s.ns)
	if ourNs == 0 || m == 0 {
		return formatNs(m)
	}
	return fmt.Sprintf("%s (%.2f×)", formatNs(m), ourNs/m)
}

// formatNs formats a time in nanoseconds to about three significant digits.
func formatNs(ns float64) string {
	switch {
	case ns < 10:
		return strconv.FormatFloat(ns, 'f', 2, 64)
	case ns < 100:
		return strconv.FormatFloat(ns, 'f', 1, 64)
	}
	return strconv.FormatFloat(ns, 'f', 0, 64)
}

// median returns the median of xs, which must not be empty.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.SortFunc(s, cmp.Compare)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
