package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// dbTitle is the section title of a database.
func dbTitle(rep *report, db string) string {
	si := rep.server(db)
	v := si.Version
	if i := strings.IndexAny(v, " -"); i > 0 {
		v = v[:i]
	}
	if db == "mysql" {
		return si.Name + " " + v + " (InnoDB)"
	}
	return si.Name + " " + v
}

// markdown renders the report as a Markdown document.
func markdown(rep *report) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# keybench: primary-key kinds, measured\n\n")
	p("- Date: %s (UTC)\n", rep.Date.Format("2006-01-02 15:04"))
	p("- N = %s rows per table, each with a %d-byte payload; inserted in batches of %s rows, by 1 client and then by %d concurrent clients (a new table for each run)\n",
		thousands(int64(rep.N)), payloadSize, thousands(int64(rep.Batch)), rep.Clients[len(rep.Clients)-1])
	p("- Each key kind and client count ran %d times, the kinds in a rotated order each time; the table shows the run with the median insert rate, and the range of the rates of all runs\n", rep.Repeat)
	p("- Machine: %s; Go %s; whole run %s", rep.Machine, strings.TrimPrefix(rep.Go, "go"), time.Duration(rep.Elapsed*float64(time.Second)).Round(time.Second))
	if rep.Load != "" {
		p("; load average before it %s (other work on the machine adds noise)", rep.Load)
	}
	p("\n")
	for _, db := range rep.DBs {
		si := rep.server(db)
		p("- %s %s: %s; %s\n", si.Name, si.Version, si.Method, strings.Join(si.Settings, ", "))
	}
	p("- **Durability was off**: the servers are integration/run.sh's throwaway ones (PostgreSQL fsync=off, synchronous_commit=off, full_page_writes=off; MariaDB innodb_flush_log_at_trx_commit=2, innodb_doublewrite=0), with the data on a local disk and its files in the OS page cache. Absolute rates are higher than on a durable server; the comparison between key kinds is the point.\n")
	p("- Table: `id <key> PRIMARY KEY, seq BIGINT NOT NULL, payload (%d characters) NOT NULL`. Keys are made by the client as each batch is built (`ulid.Make()`, google/uuid `uuid.New()` / `uuid.NewV7()`), except bigserial / AUTO_INCREMENT, which the server assigns.\n\n", payloadSize)

	for _, db := range rep.DBs {
		p("## %s\n\n", dbTitle(rep, db))
		switch db {
		case "pg":
			p("| key | column | clients | insert s | rows/s | range of runs | vs bigserial | table MiB | PK index MiB | PK leaf pages | avg leaf density | leaf fragmentation | newest 1%% read ms | plan |\n")
			p("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n")
		case "mysql":
			p("| key | column | clients | insert s | rows/s | range of runs | vs AUTO_INCREMENT | clustered PK (data_length) MiB | bytes/row | PK leaf pages | rows/leaf page | newest 1%% read ms | plan |\n")
			p("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n")
		}
		for _, r := range rep.Results {
			if r.DB != db {
				continue
			}
			rel := "–"
			if base := baseline(rep, r); base > 0 {
				rel = fmt.Sprintf("%.2f×", r.Rate/base)
			}
			label := kindLabel(db, r.Kind)
			common := fmt.Sprintf("| %s | `%s` | %d | %.1f | %s | %s | %s", label, r.Column, r.Clients, r.Seconds, thousands(int64(r.Rate+0.5)), rateRange(r.Rates), rel)
			switch db {
			case "pg":
				p("%s | %.1f | %.1f | %s | %.1f%% | %.1f%% | %s | %s |\n", common,
					mebi(r.TableBytes), mebi(r.IndexBytes), thousands(r.LeafPages), r.LeafDensity, r.LeafFrag, ms(r.ScanMillis), r.ScanPlan)
			case "mysql":
				perLeaf := "–"
				if r.LeafPages > 0 {
					perLeaf = fmt.Sprintf("%.0f", float64(r.N)/float64(r.LeafPages))
				}
				p("%s | %.1f | %.0f | %s | %s | %s | %s |\n", common,
					mebi(r.TableBytes), float64(r.TableBytes)/float64(r.N), thousands(r.LeafPages), perLeaf, ms(r.ScanMillis), r.ScanPlan)
			}
		}
		p("\n")
	}

	p("## Columns\n\n")
	p("- **insert s, rows/s**: wall time of the whole load and N divided by it, of the median run; **range of runs**: the slowest and fastest of the runs, in thousand rows/s; **vs bigserial / AUTO_INCREMENT**: the median rate over the integer key's with the same number of clients.\n")
	p("- PostgreSQL: **table MiB** and **PK index MiB** are `pg_relation_size` of the heap and of the primary-key index; **PK leaf pages**, **avg leaf density** (how full the leaf pages are) and **leaf fragmentation** (leaf pages out of physical order) come from `pgstatindex` (pgstattuple).\n")
	p("- MariaDB: InnoDB stores the rows in the primary-key B-tree, so **clustered PK (data_length)** is the whole table (from information_schema.TABLES after `ANALYZE TABLE`; index_length, the secondary indexes, is 0 here); **bytes/row** is data_length / N; **PK leaf pages** is `n_leaf_pages` from mysql.innodb_index_stats.\n")
	p("- **newest 1%% read**: median of %d runs (after one warm-up) of `SELECT count(*) ... WHERE <range> AND length(payload) > 0`, which reads the N/100 newest rows themselves. For bigserial, ULID, UUIDv7 and ULID text the range is `id >= <key of the N/100-th row from the end in key order>`: the keys are ordered by creation time, so that is the newest 1%% and an index range scan (for ULID the same as `id >= ulid.MinAt(t)`). A UUIDv4 key has no time order: no key range holds the newest rows, so its table is read with `seq >= N - N/100` (`seq` is the row's insertion number, not indexed), a full scan; a real v4 table would need an extra indexed created_at column, which costs space and insert time not measured here. **plan** is the scan the server's EXPLAIN chose.\n", rep.Scans)
	p("- **Insert rate over time** (plots): rows/s over each 5%% of the load, plotted at the number of rows in the table at its end.\n")
	return b.String()
}

// kindLabel names a key kind as tables and plots show it for db.
func kindLabel(db, k string) string {
	if k == "bigserial" && db == "mysql" {
		return "AUTO_INCREMENT"
	}
	return kindByName(k).label
}

// baseline returns the insert rate of the integer key in r's database with
// r's client count, or 0.
func baseline(rep *report, r result) float64 {
	for _, o := range rep.Results {
		if o.DB == r.DB && o.Clients == r.Clients && o.Kind == "bigserial" {
			return o.Rate
		}
	}
	return 0
}

// rateRange formats the lowest and highest of rates in thousand rows/s.
func rateRange(rates []float64) string {
	if len(rates) < 2 {
		return "–"
	}
	return fmt.Sprintf("%.0fk–%.0fk", slices.Min(rates)/1000, slices.Max(rates)/1000)
}

func mebi(b int64) float64 { return float64(b) / (1 << 20) }

func ms(v float64) string {
	if v < 10 {
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// thousands formats n with commas every three digits.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}
