package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// setGoVersion makes run take v for the Go release that built it, for the
// rest of the test.
func setGoVersion(t *testing.T, v string) {
	t.Helper()
	goVersion = v
	t.Cleanup(func() { goVersion = runtime.Version() })
}

func TestVersionWarning(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"go1.24.0", "go1.26.10"},
		{"go1.25.7", "go1.26.10"},
		{"go1.26", "go1.26.10"},
		{"go1.26rc2", "go1.26.10"},
		{"go1.26.9", "go1.26.10"},
		{"go1.26.9 X:boringcrypto", "go1.26.10"},
		{"go1.26.10", ""},
		{"go1.26.11", ""},
		{"go1.27rc1", "go1.27.3"},
		{"go1.27.0", "go1.27.3"},
		{"go1.27.2", "go1.27.3"},
		{"go1.27.3", ""},
		{"go1.27.3 X:nodwarf5", ""},
		{"go1.27.12", ""},
		{"go1.28.0", ""},
		{"go1.28rc1", ""},
		{"devel go1.27-7d3a5b2 Thu Jun 4 17:10:00 2026 +0000", ""},
		{"", ""},
	} {
		got := versionWarning(tc.version)
		if tc.want == "" {
			if got != "" {
				t.Errorf("versionWarning(%q) = %q, want none", tc.version, got)
			}
			continue
		}
		v, _, _ := strings.Cut(tc.version, " ")
		if !strings.HasPrefix(got, "ulid-web: warning: built with "+v+", ") || !strings.Contains(got, "build it with "+tc.want+" or a later release, as GOTOOLCHAIN="+tc.want+" go run ./cmd/ulid-web does (see docs/browser.md)") ||
			!strings.Contains(got, "net/http") || !strings.HasSuffix(got, "\n") || strings.Count(got, "\n") != 1 {
			t.Errorf("versionWarning(%q) = %q, want one line naming %s and %s", tc.version, got, v, tc.want)
		}
	}
}

// TestVersionWarningPrinted checks that run warns on standard error, before
// it builds, when the Go release that built it is too old, and goes on.
func TestVersionWarningPrinted(t *testing.T) {
	setGoVersion(t, "go1.26.9")
	var errs bytes.Buffer
	var before string
	build = func(context.Context) ([]byte, []byte, error) {
		before = errs.String()
		return []byte("\x00asm\x01\x00\x00\x00"), []byte("// wasm_exec.js\n"), nil
	}
	t.Cleanup(func() { build = buildWasm })
	var out bytes.Buffer
	if code := run(context.Background(), []string{"-out", t.TempDir()}, &out, &errs); code != 0 {
		t.Fatalf("run = %d, stderr %q", code, errs.String())
	}
	if want := versionWarning("go1.26.9"); want == "" || before != want || errs.String() != want {
		t.Errorf("run with go1.26.9: stderr %q, and %q when the build began; want %q", errs.String(), before, want)
	}
	if !strings.HasPrefix(out.String(), buildingLine) {
		t.Errorf("run with go1.26.9: stdout %q", out.String())
	}
}

// TestDocsShowWarning checks that docs/browser.md shows the warning as run
// prints it, and that it and the README, which the warning and docs/browser.md
// send readers to, say how to build with each release of fixedReleases.
func TestDocsShowWarning(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "browser.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "```text\n" + versionWarning("go1.26.9") + "```\n"; !strings.Contains(string(doc), want) {
		t.Errorf("docs/browser.md does not show the warning\n%s", want)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, fixed := range fixedReleases {
		how := "GOTOOLCHAIN=" + fixed + " go run ./cmd/ulid-web"
		if !strings.Contains(string(doc), how) {
			t.Errorf("docs/browser.md does not say %q", how)
		}
	}
	if how := "GOTOOLCHAIN=" + fixedReleases[0] + " go run ./cmd/ulid-web"; !strings.Contains(string(readme), how) {
		t.Errorf("README.md does not say %q", how)
	}
}
