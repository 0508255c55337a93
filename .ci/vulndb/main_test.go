package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCompareOrder(t *testing.T) {
	// Each version is below the next: the precedence example of
	// https://semver.org/#spec-item-11, then versions of the forms the Go
	// database uses (pseudo-versions, the stdlib's 1.27.0-0).
	ordered := [][]string{
		{"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"},
		{"0.0.0-20130808000456-233bccbb1abe", "0.0.0-20240101000000-abcdef123456", "0.1.0", "0.9.0", "0.10.0", "0.41.0"},
		{"1.26.9", "1.26.10", "1.27.0-0", "1.27.0-rc.1", "1.27.0", "1.27.2", "2.0.0", "10.0.0"},
		{"5.9.2", "5.11.0", "5.12.0", "5.12.1-0.20261101000000-abcdef123456", "5.12.1"},
		{"1.2.3-9", "1.2.3-10", "1.2.3-a", "1.2.3-a.0", "1.2.3-b"},
		{"99999999999999999999.0.0", "100000000000000000000.0.0"},
	}
	for _, vs := range ordered {
		for i := range vs {
			for j := range vs {
				a, ok1 := parseSemver(vs[i])
				b, ok2 := parseSemver(vs[j])
				if !ok1 || !ok2 {
					t.Fatalf("parseSemver(%q), parseSemver(%q): ok = %v, %v", vs[i], vs[j], ok1, ok2)
				}
				want := 0
				switch {
				case i < j:
					want = -1
				case i > j:
					want = +1
				}
				if got := a.compare(b); got != want {
					t.Errorf("compare(%q, %q) = %d, want %d", vs[i], vs[j], got, want)
				}
			}
		}
	}
}

func TestCompareBuildMetadata(t *testing.T) {
	a, _ := parseSemver("1.2.3+incompatible")
	b, _ := parseSemver("1.2.3")
	if got := a.compare(b); got != 0 {
		t.Errorf("compare(1.2.3+incompatible, 1.2.3) = %d, want 0", got)
	}
}

func TestParseSemverRejects(t *testing.T) {
	for _, v := range []string{"", "0", "1", "1.2", "1.2.3.4", "v1.2.3", "go1.26.9", "01.2.3", "1.02.3", "1.2.03",
		"1.2.3-", "1.2.3-01", "1.2.3-a..b", "1.2.3-a_b", "1.2.x", "-1.2.3", "1.2.3 "} {
		if _, ok := parseSemver(v); ok {
			t.Errorf("parseSemver(%q): ok, want not a semantic version", v)
		}
	}
}

// semverRange builds a SEMVER range from events written as "introduced
// 0", "fixed 1.2.3".
func semverRange(t *testing.T, events ...string) osvRange {
	t.Helper()
	r := osvRange{Type: "SEMVER"}
	for _, e := range events {
		kind, v, _ := strings.Cut(e, " ")
		var ev struct {
			Introduced string `json:"introduced,omitempty"`
			Fixed      string `json:"fixed,omitempty"`
		}
		switch kind {
		case "introduced":
			ev.Introduced = v
		case "fixed":
			ev.Fixed = v
		default:
			t.Fatalf("event %q", e)
		}
		r.Events = append(r.Events, ev)
	}
	return r
}

func TestLatestFixed(t *testing.T) {
	tests := []struct {
		name   string
		ranges []osvRange
		want   string
	}{
		{"fixed", []osvRange{semverRange(t, "introduced 0", "fixed 5.9.0")}, "5.9.0"},
		{"two release lines", []osvRange{semverRange(t, "introduced 0", "fixed 1.26.9", "introduced 1.27.0-0", "fixed 1.27.2")}, "1.27.2"},
		{"events out of order", []osvRange{semverRange(t, "fixed 1.27.2", "introduced 1.27.0-0", "fixed 1.26.10", "introduced 0")}, "1.27.2"},
		{"highest fix by precedence, not text", []osvRange{semverRange(t, "introduced 0", "fixed 0.9.0", "introduced 0.10.0-0", "fixed 0.10.1")}, "0.10.1"},
		{"two ranges", []osvRange{semverRange(t, "introduced 0", "fixed 1.26.9"), semverRange(t, "introduced 1.27.0-0", "fixed 1.27.2")}, "1.27.2"},
		{"never fixed", []osvRange{semverRange(t, "introduced 0")}, ""},
		{"introduced again after the fix", []osvRange{semverRange(t, "introduced 0", "fixed 1.0.0", "introduced 2.0.0")}, ""},
		{"introduced again at the fix", []osvRange{semverRange(t, "introduced 0", "fixed 1.0.0", "introduced 1.0.0")}, ""},
		{"one range never fixed", []osvRange{semverRange(t, "introduced 0", "fixed 1.0.0"), semverRange(t, "introduced 2.0.0")}, ""},
		{"invalid fixed version", []osvRange{semverRange(t, "introduced 0", "fixed 1.0")}, ""},
		{"invalid introduced version", []osvRange{semverRange(t, "introduced 0.x", "fixed 1.0.0")}, ""},
		{"no ranges: every version", nil, ""},
		{"no SEMVER range: every version", []osvRange{{Type: "GIT"}}, ""},
		{"GIT range ignored", []osvRange{{Type: "GIT"}, semverRange(t, "introduced 0", "fixed 2.1.0")}, "2.1.0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := latestFixed(tc.ranges); got != tc.want {
				t.Errorf("latestFixed = %q, want %q", got, tc.want)
			}
		})
	}
}

const entryA = `{
  "schema_version": "1.3.1",
  "id": "GO-2026-0001",
  "modified": "0001-01-01T00:00:00Z",
  "published": "0001-01-01T00:00:00Z",
  "aliases": ["CVE-2026-0001", "GHSA-aaaa-bbbb-cccc"],
  "summary": "A fault in example.com/a",
  "affected": [
    {"package": {"name": "example.com/a", "ecosystem": "Go"},
     "ranges": [{"type": "SEMVER", "events": [{"introduced": "0"}, {"fixed": "1.2.0"}]}]},
    {"package": {"name": "stdlib", "ecosystem": "Go"},
     "ranges": [{"type": "SEMVER", "events": [{"introduced": "0"}, {"fixed": "1.26.9"}, {"introduced": "1.27.0-0"}, {"fixed": "1.27.2"}]}]}
  ]
}
`

const entryB = `{
  "schema_version": "1.3.1",
  "id": "GO-2026-0002",
  "modified": "2027-01-02T03:04:05Z",
  "summary": "Another fault in example.com/a, never fixed",
  "affected": [
    {"package": {"name": "example.com/a", "ecosystem": "Go"},
     "ranges": [{"type": "SEMVER", "events": [{"introduced": "0"}]}]}
  ]
}
`

func writeEntries(t *testing.T, entries map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range entries {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestConvert(t *testing.T) {
	src := writeEntries(t, map[string]string{"GO-2026-0001.json": entryA, "GO-2026-0002.json": entryB, "README.md": "not an entry"})
	out := t.TempDir()
	snapshot := time.Date(2026, 11, 5, 23, 49, 57, 0, time.UTC)

	n, err := convert(src, out, snapshot)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Errorf("convert = %d entries, want 2", n)
	}

	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// The newer entry's time, as it is after the snapshot's.
	if got, want := read("index/db.json"), `{"modified":"2027-01-02T03:04:05Z"}`; got != want {
		t.Errorf("index/db.json = %s, want %s", got, want)
	}
	wantModules := `[{"path":"example.com/a","vulns":[` +
		`{"id":"GO-2026-0001","modified":"0001-01-01T00:00:00Z","fixed":"1.2.0"},` +
		`{"id":"GO-2026-0002","modified":"2027-01-02T03:04:05Z"}]},` +
		`{"path":"stdlib","vulns":[{"id":"GO-2026-0001","modified":"0001-01-01T00:00:00Z","fixed":"1.27.2"}]}]`
	if got := read("index/modules.json"); got != wantModules {
		t.Errorf("index/modules.json =\n%s\nwant\n%s", got, wantModules)
	}
	wantVulns := `[{"id":"GO-2026-0001","modified":"0001-01-01T00:00:00Z","aliases":["CVE-2026-0001","GHSA-aaaa-bbbb-cccc"]},` +
		`{"id":"GO-2026-0002","modified":"2027-01-02T03:04:05Z"}]`
	if got := read("index/vulns.json"); got != wantVulns {
		t.Errorf("index/vulns.json =\n%s\nwant\n%s", got, wantVulns)
	}
	if got := read("ID/GO-2026-0001.json"); got != entryA {
		t.Errorf("ID/GO-2026-0001.json is not the entry as given:\n%s", got)
	}
	if _, err := os.Stat(filepath.Join(out, "ID", "README.md")); err == nil {
		t.Error("ID/README.md written; only .json entries belong in the database")
	}
}

func TestConvertSnapshotTime(t *testing.T) {
	src := writeEntries(t, map[string]string{"GO-2026-0001.json": entryA})
	out := t.TempDir()
	snapshot := time.Date(2026, 11, 5, 23, 49, 57, 0, time.FixedZone("", 3600))
	if _, err := convert(src, out, snapshot); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "index", "db.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Entries with a zero time: the snapshot's, in UTC.
	if want := `{"modified":"2026-11-05T22:49:57Z"}`; !bytes.Equal(b, []byte(want)) {
		t.Errorf("index/db.json = %s, want %s", b, want)
	}
}

func TestConvertErrors(t *testing.T) {
	tests := []struct {
		name    string
		entries map[string]string
		want    string
	}{
		{"no entries", map[string]string{"README.md": "x"}, "no OSV entries"},
		{"file named for another ID", map[string]string{"GO-2026-0009.json": entryA}, `holds the entry "GO-2026-0001"`},
		{"not JSON", map[string]string{"GO-2026-0001.json": "{"}, "GO-2026-0001.json"},
		{"package without a name", map[string]string{"GO-2026-0003.json": `{"id":"GO-2026-0003","affected":[{"package":{}}]}`}, "without a name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := convert(writeEntries(t, tc.entries), t.TempDir(), time.Time{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("convert: error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
