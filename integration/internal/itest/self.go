package itest

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// RunSelf runs the current test binary again with -test.v, running only the
// top-level tests named in tests, with EnvPostgres, EnvPgBouncer, EnvMySQL and EnvRequire
// removed from the environment and then env ("NAME=value") added. It returns
// the output (stdout and stderr) and the error of the run: nil when the tests
// passed or were skipped, an *exec.ExitError when one failed.
func RunSelf(t testing.TB, tests []string, env ...string) (string, error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("os.Executable: %v", err)
	}
	quoted := make([]string, len(tests))
	for i, name := range tests {
		quoted[i] = regexp.QuoteMeta(name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "-test.run=^("+strings.Join(quoted, "|")+")$", "-test.v", "-test.count=1")
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return name == EnvPostgres || name == EnvPgBouncer || name == EnvMySQL || name == EnvRequire
	})
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("%s timed out:\n%s", cmd, out)
	}
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("%s: %v", cmd, err)
	}
	return string(out), err
}

// Result finds the top-level test name in out, the -test.v output of a run
// with sequential (not parallel) top-level tests, and returns its result
// ("PASS", "FAIL" or "SKIP"; "" if the test did not run) and the text it
// printed, from its "=== RUN" line to its result line.
func Result(out, name string) (result, text string) {
	start := strings.Index(out, "=== RUN   "+name+"\n")
	if start < 0 {
		return "", ""
	}
	for _, r := range []string{"PASS", "FAIL", "SKIP"} {
		line := "--- " + r + ": " + name + " ("
		if end := strings.Index(out[start:], line); end >= 0 {
			return r, out[start : start+end+len(line)]
		}
	}
	return "", out[start:]
}
