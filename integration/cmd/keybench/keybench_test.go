package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid/integration/internal/itest"
)

// TestSmoke runs the whole command against the servers of integration/run.sh
// with a small N, so that it cannot rot: every kind, both databases, one and
// four clients, the report and the plots. The numbers mean nothing at this
// size. Without the connection strings it is skipped, or fails when
// ULID_INTEGRATION_REQUIRE is set (see integration/internal/itest).
func TestSmoke(t *testing.T) {
	itest.Need(t, itest.EnvPostgres, itest.EnvMySQL)
	out := t.TempDir()
	cfg, err := parseFlags([]string{"-n", "2000", "-batch", "250", "-repeat", "1", "-scans", "2",
		"-prefix", "keybench_smoke", "-out", out}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	if err := run(ctx, cfg, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	t.Log(stderr.String())

	md, err := os.ReadFile(filepath.Join(out, "results.md"))
	if err != nil {
		t.Fatal(err)
	}
	if stdout.String() != string(md) {
		t.Error("stdout differs from results.md")
	}
	var rep report
	js, err := os.ReadFile(filepath.Join(out, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(js, &rep); err != nil {
		t.Fatalf("results.json: %v", err)
	}
	seen := map[string]bool{}
	for _, r := range rep.Results {
		seen[fmt.Sprintf("%s/%s/%d", r.DB, r.Kind, r.Clients)] = true
		if r.N != 2000 || r.Rate <= 0 || r.TableBytes <= 0 || r.ScanRows != 20 || len(r.Chunks) == 0 {
			t.Errorf("%s %s %d clients: implausible result %+v", r.DB, r.Kind, r.Clients, r)
		}
		if r.DB == "pg" && (r.IndexBytes <= 0 || r.LeafPages <= 0 || r.LeafDensity <= 0) {
			t.Errorf("PostgreSQL %s %d clients: no index statistics: %+v", r.Kind, r.Clients, r)
		}
		// A v4 key has no time order: its newest rows need a full scan,
		// and every other kind reads them with an index range scan.
		fullScan := strings.Contains(r.ScanPlan, "Seq Scan") || strings.HasPrefix(r.ScanPlan, "ALL")
		if fullScan != (r.Kind == "uuidv4") {
			t.Errorf("%s %s %d clients: newest-1%% plan %q", r.DB, r.Kind, r.Clients, r.ScanPlan)
		}
	}
	for _, db := range []string{"pg", "mysql"} {
		for _, k := range kindNames() {
			for _, c := range []int{1, 4} {
				if !seen[fmt.Sprintf("%s/%s/%d", db, k, c)] {
					t.Errorf("no result for %s %s with %d client(s)", db, k, c)
				}
			}
		}
	}
	for _, section := range []string{"## PostgreSQL ", "## MariaDB "} {
		i := strings.Index(string(md), section)
		if i < 0 {
			t.Fatalf("results.md has no %q section:\n%s", section, md)
		}
		body, _, _ := strings.Cut(string(md[i+len(section):]), "\n## ")
		for _, k := range kinds {
			label := "| " + k.label + " |"
			if k.name == "bigserial" && section == "## MariaDB " {
				label = "| AUTO_INCREMENT |"
			}
			if n := strings.Count(body, label); n != 2 {
				t.Errorf("%s section has %d rows %q, want 2 (1 and 4 clients)", section, n, label)
			}
		}
	}

	for _, name := range []string{"insert_rate_postgresql.png", "insert_rate_mariadb.png", "index_size.png"} {
		f, err := os.Open(filepath.Join(out, name))
		if err != nil {
			t.Error(err)
			continue
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 300 {
			t.Errorf("%s is %dx%d pixels", name, b.Dx(), b.Dy())
		}
	}
}

func TestChunkRates(t *testing.T) {
	events := []event{
		{rows: 250, at: 1 * time.Second},
		{rows: 500, at: 2 * time.Second},
		{rows: 750, at: 4 * time.Second},
		{rows: 1000, at: 5 * time.Second},
	}
	got := chunkRates(events, 1000, 2)
	want := []point{{Rows: 500, Rate: 250}, {Rows: 1000, Rate: 500.0 / 3}}
	if len(got) != len(want) {
		t.Fatalf("chunkRates = %v, want %v", got, want)
	}
	for i := range got {
		if got[i].Rows != want[i].Rows || got[i].Rate-want[i].Rate > 1e-9 || want[i].Rate-got[i].Rate > 1e-9 {
			t.Errorf("chunkRates[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	// More parts than batches: one point per batch.
	if got := chunkRates(events, 1000, 20); len(got) != 4 {
		t.Errorf("chunkRates with 20 parts = %v, want 4 points", got)
	}
}

func TestFlags(t *testing.T) {
	t.Setenv("ULID_PG_DSN", "postgres://x")
	t.Setenv("ULID_MYSQL_DSN", "")
	cfg, err := parseFlags([]string{"-db", "postgresql", "-kinds", "ulid, uuidv4,ulid"}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.dbs) != 1 || cfg.dbs[0] != "pg" || len(cfg.kinds) != 2 || cfg.n != 1_000_000 || cfg.clients != 4 {
		t.Errorf("parseFlags = %+v", cfg)
	}
	for _, args := range [][]string{
		{"-db", "mysql"}, // no DSN
		{"-db", "oracle"},
		{"-kinds", "uuidv1"},
		{"-n", "10"},
		{"-prefix", "x; DROP"},
		{"extra"},
	} {
		if _, err := parseFlags(args, &bytes.Buffer{}); err == nil {
			t.Errorf("parseFlags(%q) succeeded", args)
		}
	}
}

// TestSmokeMissingServers runs TestSmoke in a subprocess without the
// connection strings: it must skip, naming integration/run.sh, and fail when
// ULID_INTEGRATION_REQUIRE=1.
func TestSmokeMissingServers(t *testing.T) {
	out, err := itest.RunSelf(t, []string{"TestSmoke"})
	if result, text := itest.Result(out, "TestSmoke"); err != nil || result != "SKIP" || !strings.Contains(text, "integration/run.sh") {
		t.Errorf("without the DSNs: error %v, TestSmoke %q, want a skip naming integration/run.sh:\n%s", err, result, out)
	}
	out, err = itest.RunSelf(t, []string{"TestSmoke"}, itest.EnvRequire+"=1", itest.EnvPostgres+"=postgres://unused")
	if result, text := itest.Result(out, "TestSmoke"); err == nil || result != "FAIL" || !strings.Contains(text, itest.EnvMySQL+" is not set") {
		t.Errorf("with %s=1 and no %s: error %v, TestSmoke %q, want a failure naming %[2]s:\n%s",
			itest.EnvRequire, itest.EnvMySQL, err, result, out)
	}
}
