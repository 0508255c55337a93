package integration

// Tests of integration/run.sh itself that start no server: its help, and its
// refusal of an unknown server name or option.

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunScriptStartsNothing runs run.sh with --help (anywhere among its
// arguments), with a bad --serve and with options it does not have, with
// every command that could install a package, start a server or run the
// tests replaced by one that records its name: each must exit quickly with
// its message, and record nothing, and no temporary directory may appear.
func TestRunScriptStartsNothing(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	stubs := t.TempDir()
	calls := filepath.Join(t.TempDir(), "calls")
	for _, name := range []string{
		"apt-get", "runuser", "setsid", "go", "mktemp", "initdb", "pg_ctl", "psql", "pg_isready",
		"pgbouncer", "mariadbd", "mysqld", "mariadb-install-db", "mariadb", "mariadb-admin",
	} {
		stub := "#!/bin/sh\necho " + name + " >>" + calls + "\nexit 1\n"
		if err := os.WriteFile(filepath.Join(stubs, name), []byte(stub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string // a line it must print
		stderr string
	}{
		{[]string{"--help"}, 0, "integration/run.sh --serve [SERVER...]", ""},
		{[]string{"-h"}, 0, "integration/run.sh --help", ""},
		{[]string{"-v", "-run", "Postgres", "-help"}, 0, "integration/run.sh [go test flags...]", ""},
		{[]string{"--serve", "postgres", "--help"}, 0, "integration/run.sh --serve [SERVER...]", ""},
		{[]string{"--serve", "postgresql"}, 2, "", "unknown server postgresql"},
		// Options have two dashes, go test flags one.
		{[]string{"--serv", "postgres"}, 2, "", "unknown option --serv:"},
		{[]string{"-v", "--run", "Postgres"}, 2, "", "unknown option --run:"},
		{[]string{"-serve"}, 2, "", "unknown option -serve:"},
		{[]string{"--serve", "--help"}, 0, "integration/run.sh --serve [SERVER...]", ""},
		{[]string{"--serv", "--help"}, 2, "", "unknown option --serv:"},
		{[]string{"-v", "--serve", "postgres"}, 2, "", "--serve must be the first argument"},
		// After -args, what the test binaries get is not checked.
		{[]string{"-run", "X", "-args", "--flag-of-a-test", "-h"}, 0, "integration/run.sh [go test flags...]", ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			os.Remove(calls)
			tmp := t.TempDir()
			cmd := exec.CommandContext(testContext(t), bash, append([]string{"run.sh"}, tc.args...)...)
			cmd.Env = append(os.Environ(), "PATH="+stubs+":"+os.Getenv("PATH"), "ULID_IT_TMPDIR="+tmp)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			err := cmd.Run()
			took := time.Since(start)
			code := 0
			if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("exit %d, want %d; stdout:\n%s\nstderr:\n%s\nwant %q on stdout and %q on stderr", code, tc.code, stdout.String(), stderr.String(), tc.stdout, tc.stderr)
			}
			if took > 10*time.Second {
				t.Errorf("took %v", took)
			}
			if b, err := os.ReadFile(calls); err == nil {
				t.Errorf("ran %s", strings.Fields(string(b)))
			}
			if entries, _ := os.ReadDir(tmp); len(entries) > 0 {
				t.Errorf("left %v in ULID_IT_TMPDIR", entries)
			}
		})
	}
}
