//go:build unix

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// closedStdout returns the command that runs the built command with args
// and its standard output closed, as `ulid -n 5 >&-` does in a shell.
// exec.Cmd cannot close a descriptor: a nil Stdout is /dev/null.
func closedStdout(t *testing.T, args ...string) *exec.Cmd {
	argv := command(t, args...).Args
	return exec.Command("sh", append([]string{"-c", `exec "$@" >&-`, "sh"}, argv...)...)
}

// TestClosedStdout checks what docs/cli.md says of a standard output that
// is closed when the command starts, as in `ulid -n 5 >&-`: Go's runtime
// opens /dev/null in its place before the command runs, so the output is
// discarded, as with > /dev/null, and the exit status and standard error
// are what they are with any output: 0, or 1 and the summary for an
// invalid ID. Unlike seq, the command does not refuse to run, because it
// cannot tell that descriptor from a /dev/null its caller opened for
// reading and writing, as Python's subprocess.DEVNULL does (see
// TestClosedStdoutLooksLikeDevNull).
func TestClosedStdout(t *testing.T) {
	ids := specULID + "\n 01aryz6s41tsv4rrffq69g5fav \n\n01ARYZ6S41TSV4RRFFQ69G5FAU\n80000000000000000000000000\n01ARYZ\n"
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{name: "generate", args: []string{"-n", "5"}},
		{name: "inspect", args: []string{"inspect", specULID}},
		{name: "convert", args: []string{"convert"}, stdin: specUUID + "\n"},
		{name: "validate", args: []string{"validate"}, stdin: ids, code: 1, stderr: "ulid: 3 of 5 IDs invalid\n"},
	} {
		cmd := closedStdout(t, tc.args...)
		var stderr bytes.Buffer
		cmd.Stdin, cmd.Stderr = strings.NewReader(tc.stdin), &stderr
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || stderr.String() != tc.stderr {
			t.Errorf("%s, standard output closed: exit %d, stderr %q; want %d, %q", tc.name, code, stderr.String(), tc.code, tc.stderr)
		}
	}
}

// TestClosedStdoutLooksLikeDevNull checks the reason for the decision of
// TestClosedStdout: the command's descriptor 1, when it was closed at
// start, is /dev/null open for reading and writing, which is exactly what
// a caller that discards the output that way passes, such as Python's
// subprocess.DEVNULL (and `1<>/dev/null`). A check that refused to run on
// it would fail such a caller, whose `ulid validate` would then exit 1, as
// for an invalid ID. It reads the running command's descriptor from
// /proc, so it runs on Linux only.
func TestClosedStdoutLooksLikeDevNull(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/PID/fdinfo, which is Linux's")
	}
	if len(wrapper) > 0 {
		// An emulator such as qemu-s390x-static opens the command's binary
		// itself, on the lowest free descriptor: 1, when it is closed.
		t.Skipf("the command runs under %q, whose own files take the closed descriptor", wrapper)
	}
	devNull, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	closed := closedStdout(t, "validate")
	given := command(t, "validate")
	// The program that has the descriptors: the command, or the program
	// of $ULID_TEST_EXEC that runs it.
	program, err := filepath.EvalSymlinks(given.Path)
	if err != nil {
		t.Fatal(err)
	}
	given.Stdout = devNull
	var seen [2]string
	for i, cmd := range []*exec.Cmd{closed, given} {
		// ulid validate runs until its standard input ends: time to look.
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(stdin, specULID+"\n"); err != nil {
			t.Fatal(err)
		}
		// Wait for the shell to become the command (exec) and the runtime
		// to open its descriptor 1, before the command's code runs.
		proc := "/proc/" + strconv.Itoa(cmd.Process.Pid)
		var target string
		var lerr error
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(time.Millisecond) {
			exe, _ := os.Readlink(proc + "/exe")
			if target, lerr = os.Readlink(proc + "/fd/1"); lerr == nil && exe == program {
				break
			}
		}
		info, ierr := os.ReadFile(proc + "/fdinfo/1")
		stdin.Close()
		if err := cmd.Wait(); err != nil || stderr.Len() != 0 {
			t.Fatalf("%q: %v, stderr %q", cmd.Args, err, stderr.String())
		}
		if lerr != nil || ierr != nil {
			t.Fatal(lerr, ierr)
		}
		// flags: in octal; the access mode is its last digit.
		_, flags, _ := strings.Cut(string(info), "flags:")
		flags = strings.TrimSpace(strings.SplitN(flags, "\n", 2)[0])
		seen[i] = target + " " + flags
		if target != os.DevNull || !strings.HasSuffix(flags, "2") { // O_RDWR
			t.Errorf("%q: descriptor 1 is %s, flags %s; want /dev/null, read and write", cmd.Args, target, flags)
		}
	}
	if seen[0] != seen[1] {
		t.Errorf("closed: %s; /dev/null given: %s; want the same", seen[0], seen[1])
	}
}
