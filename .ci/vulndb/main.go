// Command vulndb builds a Go vulnerability database in the form that
// govulncheck reads from a file:// URL, from a snapshot of the module
// golang.org/x/vulndb, so that the scan in CI needs only the module proxy.
//
// Usage, from anywhere in the repository:
//
//	go run ./.ci/vulndb -out DIR golang.org/x/vulndb@VERSION
//
// It downloads the module with `go mod download -json` (from the module
// cache when it is there) and reads its data/osv/*.json, one OSV entry per
// vulnerability, named by its ID. Into DIR it writes the database layout
// described at https://go.dev/security/vuln/database#api:
//
//	index/db.json       {"modified": ...}: the latest modification time
//	index/modules.json  each module with vulnerabilities, and for each of them
//	                    its ID, modification time and latest fixed version
//	index/vulns.json    each vulnerability's ID, modification time and aliases
//	ID/<ID>.json        the OSV entry, as the snapshot has it
//
// The entries in the repository carry a zero modification time (the
// published database sets it when it is deployed), so the database's time is
// the time of the snapshot's commit (the module's Info time), unless an
// entry is newer. A module's "fixed" version is what govulncheck uses to skip
// an entry without reading it, for module versions at or above it: the
// highest fixed version of the entry's SEMVER ranges for that module, or empty,
// so that govulncheck reads the entry and decides, whenever that could skip
// an affected version (a range with no fix, or introduced again at or after
// its fix, or a version that is not semantic versioning).
//
// Then scan with:
//
//	govulncheck -db file://DIR ./...
//
// The exit status is 1 if the module cannot be downloaded or an entry cannot
// be read or written, and 2 on misuse.
package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("vulndb: ")
	out := flag.String("out", "", "write the database into `dir` (created if missing)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: go run ./.ci/vulndb -out DIR golang.org/x/vulndb@VERSION")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() != 1 || !strings.Contains(flag.Arg(0), "@") {
		flag.Usage()
		os.Exit(2)
	}

	osvDir, snapshot, err := download(flag.Arg(0))
	if err != nil {
		log.Fatal(err)
	}
	n, err := convert(osvDir, *out, snapshot)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("vulndb: %d entries from %s in %s\n", n, flag.Arg(0), *out)
}

// download fetches the module modVersion with the go command and returns
// the directory of its OSV entries and the time of its commit.
func download(modVersion string) (osvDir string, at time.Time, err error) {
	cmd := exec.Command("go", "mod", "download", "-json", modVersion)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	// On failure go mod download -json still prints the module, with Error.
	var m struct {
		Dir, Info, Error string
	}
	if jerr := json.Unmarshal(out, &m); jerr != nil {
		if err == nil {
			err = jerr
		}
		return "", time.Time{}, fmt.Errorf("go mod download %s: %v", modVersion, err)
	}
	if m.Error != "" {
		return "", time.Time{}, fmt.Errorf("go mod download %s: %s", modVersion, m.Error)
	}
	b, err := os.ReadFile(m.Info)
	if err != nil {
		return "", time.Time{}, err
	}
	var info struct{ Time time.Time }
	if err := json.Unmarshal(b, &info); err != nil {
		return "", time.Time{}, fmt.Errorf("%s: %v", m.Info, err)
	}
	return filepath.Join(m.Dir, "data", "osv"), info.Time, nil
}

// entry holds the fields of an OSV entry that the indexes need.
type entry struct {
	ID       string    `json:"id"`
	Modified time.Time `json:"modified"`
	Aliases  []string  `json:"aliases,omitempty"`
	Affected []struct {
		Module struct {
			Path string `json:"name"`
		} `json:"package"`
		Ranges []osvRange `json:"ranges,omitempty"`
	} `json:"affected"`
}

type osvRange struct {
	Type   string `json:"type"`
	Events []struct {
		Introduced string `json:"introduced,omitempty"`
		Fixed      string `json:"fixed,omitempty"`
	} `json:"events"`
}

// The indexes' records, as https://go.dev/security/vuln/database#api
// describes them.

type dbMeta struct {
	Modified time.Time `json:"modified"`
}

type moduleMeta struct {
	Path  string       `json:"path"`
	Vulns []moduleVuln `json:"vulns"`
}

type moduleVuln struct {
	ID       string    `json:"id"`
	Modified time.Time `json:"modified"`
	Fixed    string    `json:"fixed,omitempty"`
}

type vulnMeta struct {
	ID       string    `json:"id"`
	Modified time.Time `json:"modified"`
	Aliases  []string  `json:"aliases,omitempty"`
}

// convert reads the OSV entries in osvDir and writes the database into
// outDir. The database's modification time is the latest of snapshot and
// the entries' times. It returns the number of entries.
func convert(osvDir, outDir string, snapshot time.Time) (int, error) {
	files, err := filepath.Glob(filepath.Join(osvDir, "*.json"))
	if err != nil {
		return 0, err
	}
	if len(files) == 0 {
		return 0, fmt.Errorf("no OSV entries in %s", osvDir)
	}
	for _, d := range []string{"index", "ID"} {
		if err := os.MkdirAll(filepath.Join(outDir, d), 0o755); err != nil {
			return 0, err
		}
	}

	modified := snapshot.UTC()
	modules := map[string]*moduleMeta{}
	var vulns []vulnMeta
	for _, f := range files { // Glob sorts, so vulns is in ID order
		b, err := os.ReadFile(f)
		if err != nil {
			return 0, err
		}
		var e entry
		if err := json.Unmarshal(b, &e); err != nil {
			return 0, fmt.Errorf("%s: %v", f, err)
		}
		if e.ID+".json" != filepath.Base(f) {
			return 0, fmt.Errorf("%s: holds the entry %q", f, e.ID)
		}
		if e.Modified.After(modified) {
			modified = e.Modified
		}
		vulns = append(vulns, vulnMeta{ID: e.ID, Modified: e.Modified, Aliases: e.Aliases})
		for _, a := range e.Affected {
			if a.Module.Path == "" {
				return 0, fmt.Errorf("%s: an affected package without a name", f)
			}
			m := modules[a.Module.Path]
			if m == nil {
				m = &moduleMeta{Path: a.Module.Path}
				modules[a.Module.Path] = m
			}
			m.Vulns = append(m.Vulns, moduleVuln{ID: e.ID, Modified: e.Modified, Fixed: latestFixed(a.Ranges)})
		}
		if err := os.WriteFile(filepath.Join(outDir, "ID", e.ID+".json"), b, 0o644); err != nil {
			return 0, err
		}
	}

	mods := make([]*moduleMeta, 0, len(modules))
	for _, m := range modules {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b *moduleMeta) int { return strings.Compare(a.Path, b.Path) })
	for name, v := range map[string]any{
		"db":      dbMeta{Modified: modified},
		"modules": mods,
		"vulns":   vulns,
	} {
		b, err := json.Marshal(v)
		if err != nil {
			return 0, err
		}
		if err := os.WriteFile(filepath.Join(outDir, "index", name+".json"), b, 0o644); err != nil {
			return 0, err
		}
	}
	return len(files), nil
}

// latestFixed returns the version from which on the ranges affect no
// version: the highest fixed version of the SEMVER ranges, or "" if there is
// none, if a range is not closed by a fix (it has no fixed event, or an
// introduced event at or above its highest fix), or if a version is not
// semantic versioning. Only SEMVER ranges count, as in govulncheck; without
// one every version is affected.
func latestFixed(ranges []osvRange) string {
	var latest semver
	var s string
	for _, r := range ranges {
		if r.Type != "SEMVER" {
			continue
		}
		fixed, ok := rangeFixed(r)
		if !ok {
			return ""
		}
		if v, _ := parseSemver(fixed); s == "" || latest.compare(v) < 0 {
			latest, s = v, fixed
		}
	}
	return s
}

// rangeFixed returns the highest fixed version of r, and whether r affects
// no version at or above it.
func rangeFixed(r osvRange) (string, bool) {
	var fixed semver
	var s string
	for _, e := range r.Events {
		if e.Fixed == "" {
			continue
		}
		v, ok := parseSemver(e.Fixed)
		if !ok {
			return "", false
		}
		if s == "" || fixed.compare(v) < 0 {
			fixed, s = v, e.Fixed
		}
	}
	if s == "" {
		return "", false
	}
	for _, e := range r.Events {
		if e.Introduced == "" || e.Introduced == "0" {
			continue
		}
		v, ok := parseSemver(e.Introduced)
		if !ok || v.compare(fixed) >= 0 {
			return "", false
		}
	}
	return s, true
}

// A semver is a semantic version of the form OSV uses for Go: semantic
// versioning 2.0.0 without a leading v, such as 1.2.3, 1.2.3-rc.1 and
// 0.0.0-20240101000000-abcdef123456.
type semver struct {
	core [3]string // major, minor, patch: digits without leading zeros
	pre  []string  // the pre-release identifiers; nil for a release
}

// parseSemver splits a semantic version; ok is false if v is not one.
// Build metadata (+...) is dropped, as it does not count in comparisons.
func parseSemver(v string) (s semver, ok bool) {
	v, _, _ = strings.Cut(v, "+")
	core, pre, hasPre := strings.Cut(v, "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return s, false
	}
	for i, p := range parts {
		if !isNumeric(p) || len(p) > 1 && p[0] == '0' {
			return s, false
		}
		s.core[i] = p
	}
	if !hasPre {
		return s, true
	}
	s.pre = strings.Split(pre, ".")
	for _, id := range s.pre {
		if id == "" || strings.Trim(id, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-") != "" {
			return s, false
		}
		if isNumeric(id) && len(id) > 1 && id[0] == '0' {
			return s, false
		}
	}
	return s, true
}

// compare returns -1 if a is below b, 0 if they are equal and +1 if a is
// above b, by the precedence rules of https://semver.org/#spec-item-11.
func (a semver) compare(b semver) int {
	for i := range 3 {
		if c := compareNumeric(a.core[i], b.core[i]); c != 0 {
			return c
		}
	}
	switch {
	case a.pre == nil && b.pre == nil:
		return 0
	case a.pre == nil:
		return +1 // a release is above its pre-releases
	case b.pre == nil:
		return -1
	}
	for i := range min(len(a.pre), len(b.pre)) {
		x, y := a.pre[i], b.pre[i]
		var c int
		switch xn, yn := isNumeric(x), isNumeric(y); {
		case xn && yn:
			c = compareNumeric(x, y)
		case xn:
			c = -1 // numeric identifiers are below alphanumeric ones
		case yn:
			c = +1
		default:
			c = strings.Compare(x, y)
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a.pre), len(b.pre))
}

// isNumeric reports whether s is a non-empty string of ASCII digits.
func isNumeric(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// compareNumeric compares two strings of digits without leading zeros by
// their value, whatever their length.
func compareNumeric(a, b string) int {
	if c := cmp.Compare(len(a), len(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}
