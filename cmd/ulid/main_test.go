package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ulid-cmd")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "ulid")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run runs the built command and returns its stdout, stderr and exit code.
func run(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), code
}

func TestGenerateOne(t *testing.T) {
	before := time.Now().Add(-time.Second)
	stdout, stderr, code := run(t)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	id, err := ulid.ParseStrict(strings.TrimSuffix(stdout, "\n"))
	if err != nil || stdout != id.String()+"\n" {
		t.Fatalf("stdout %q: %v", stdout, err)
	}
	if id.Time().Before(before) || id.Time().After(time.Now().Add(time.Second)) {
		t.Errorf("time %v is not now", id.Time())
	}
}

func TestGenerateMany(t *testing.T) {
	stdout, _, code := run(t, "-n", "1000")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if code != 0 || len(lines) != 1000 {
		t.Fatalf("exit %d, %d lines", code, len(lines))
	}
	var prev ulid.ULID
	for i, line := range lines {
		id, err := ulid.ParseStrict(line)
		if err != nil || id.String() != line {
			t.Fatalf("line %d %q: %v", i, line, err)
		}
		if id.Compare(prev) <= 0 {
			t.Fatalf("line %d: %s not after %s", i, id, prev)
		}
		prev = id
	}
}

func TestDecode(t *testing.T) {
	stdout, stderr, code := run(t, "01aryz6s41tsv4rrffq69g5fav", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
	want := "01ARYZ6S41TSV4RRFFQ69G5FAV 2016-07-30T22:36:16.385Z 1469918176385\n" +
		"7ZZZZZZZZZZZZZZZZZZZZZZZZZ 10889-08-02T05:31:50.655Z 281474976710655\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
	}
}

func TestInvalidInput(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", "invalid character 'U' at offset 25"},
		{"80000000000000000000000000", "overflows 128 bits"},
		{"01ARYZ", "invalid length 6"},
	} {
		stdout, stderr, code := run(t, "01ARYZ6S41TSV4RRFFQ69G5FAV", tc.arg)
		if code != 1 || !strings.Contains(stderr, tc.want) || !strings.HasPrefix(stdout, "01ARYZ6S41TSV4RRFFQ69G5FAV ") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", tc.arg, code, stdout, stderr)
		}
	}
}

func TestMisuse(t *testing.T) {
	for _, args := range [][]string{{"-n", "-1"}, {"-n", "x"}, {"-bogus"}, {"-n", "1", "01ARYZ6S41TSV4RRFFQ69G5FAV"}} {
		stdout, stderr, code := run(t, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "usage: ulid") || !strings.HasPrefix(stderr, "ulid: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

func TestWriteErrorStops(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer full.Close()
	// Without stopping at the first failed write this would run for hours.
	cmd := exec.Command(binary, "-n", "1000000000000")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = full, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr.String(), "no space left") {
		t.Errorf("writing to /dev/full: %v, stderr %q", err, stderr.String())
	}
}
