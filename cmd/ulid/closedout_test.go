//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
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
// start, is /dev/null open for reading and writing, which is what a caller
// that discards the output that way passes, such as Python's
// subprocess.DEVNULL (and `1<>/dev/null`): the same file, access mode and
// status flags, but for O_LARGEFILE, which tells them apart only in a
// 32-bit command (see sameOpenFlags). A check that refused to run on it
// would fail such a caller, whose `ulid validate` would then exit 1, as
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
	var seen [2][2]string // the file and the flags of each
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
		// to open /dev/null as its descriptor 1, before the command's code
		// runs. Until then descriptor 1 may hold a file the runtime reads
		// while it starts, as the lowest free one: Go 1.27 reads
		// /sys/kernel/mm/transparent_hugepage/hpage_pmd_size there. If it
		// never becomes /dev/null, the checks below show what it is after
		// 10 seconds.
		proc := "/proc/" + strconv.Itoa(cmd.Process.Pid)
		var target string
		var lerr error
		for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(time.Millisecond) {
			exe, _ := os.Readlink(proc + "/exe")
			if target, lerr = os.Readlink(proc + "/fd/1"); lerr == nil && exe == program && target == os.DevNull {
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
		seen[i] = [2]string{target, flags}
		if target != os.DevNull || !strings.HasSuffix(flags, "2") { // O_RDWR
			t.Errorf("%q: descriptor 1 is %s, flags %s; want /dev/null, read and write", cmd.Args, target, flags)
		}
	}
	same, err := sameOpenFlags(seen[0][1], seen[1][1], largeFile(runtime.GOARCH))
	if err != nil {
		t.Fatal(err)
	}
	if seen[0][0] != seen[1][0] || !same {
		t.Errorf("closed: %s %s; /dev/null given: %s %s; want the same file and flags, but for O_LARGEFILE (%#o)",
			seen[0][0], seen[0][1], seen[1][0], seen[1][1], largeFile(runtime.GOARCH))
	}
}

// sameOpenFlags reports whether a and b, the flags fields of two lines of
// /proc/PID/fdinfo (octal numbers, such as 0100002), are the same but for
// O_LARGEFILE, whose value there is largeFile: the access mode and every
// other status flag must match. O_LARGEFILE tells nothing of the file or of
// how it can be used here, and depends on who opened it: the kernel of a
// 64-bit machine sets it on every file a 64-bit program opens, while in a
// 32-bit program it is set only when asked for, which Go's os.OpenFile does
// and the runtime's reopening of a closed descriptor does not. On a kernel
// that runs 386 binaries, a 386 test therefore sees 02 for the descriptor
// the runtime opened and 0100002 for its own /dev/null.
func sameOpenFlags(a, b string, largeFile uint64) (bool, error) {
	x, err := strconv.ParseUint(a, 8, 64)
	if err != nil {
		return false, fmt.Errorf("fdinfo flags %q: %w", a, err)
	}
	y, err := strconv.ParseUint(b, 8, 64)
	if err != nil {
		return false, fmt.Errorf("fdinfo flags %q: %w", b, err)
	}
	return x&^largeFile == y&^largeFile, nil
}

// largeFile returns the value of O_LARGEFILE that Linux shows in
// /proc/PID/fdinfo on the architecture goarch, or 0 for one it does not
// know. It is the kernel's own value (include/uapi/asm-generic/fcntl.h,
// unless arch/*/include/uapi/asm/fcntl.h sets another), which a 64-bit
// kernel shares with the 32-bit architecture it runs, such as amd64 with
// 386 and arm64 with arm. It is not Go's syscall.O_LARGEFILE, which is C's
// value for a program of that architecture: 0 on every 64-bit one.
func largeFile(goarch string) uint64 {
	switch goarch {
	case "386", "amd64", "loong64", "riscv64", "s390x":
		return 0o100000
	case "arm", "arm64":
		return 0o400000
	case "ppc64", "ppc64le":
		return 0o200000
	case "mips", "mipsle", "mips64", "mips64le":
		return 0o20000
	}
	return 0
}

// TestSameOpenFlags feeds sameOpenFlags the flags that descriptor 1 has
// on a kernel that runs 386 binaries natively, and flags that differ in
// what matters.
func TestSameOpenFlags(t *testing.T) {
	for _, tc := range []struct {
		a, b      string
		largeFile uint64
		want      bool
	}{
		// 386 on an amd64 kernel: the runtime's /dev/null, the test's.
		{a: "02", b: "0100002", largeFile: largeFile("386"), want: true},
		{a: "0100002", b: "02", largeFile: largeFile("386"), want: true},
		// amd64: the kernel adds O_LARGEFILE to both.
		{a: "0100002", b: "0100002", largeFile: largeFile("amd64"), want: true},
		// arm on an arm64 kernel: its O_LARGEFILE is 0400000.
		{a: "02", b: "0400002", largeFile: largeFile("arm"), want: true},
		{a: "02", b: "0100002", largeFile: largeFile("arm"), want: false}, // O_NOFOLLOW there
		{a: "02", b: "0400002", largeFile: largeFile("386"), want: false}, // O_NOFOLLOW here
		{a: "02", b: "0200002", largeFile: largeFile("ppc64le"), want: true},
		{a: "02", b: "020002", largeFile: largeFile("mips"), want: true},
		// The access mode: read and write, write only, read only.
		{a: "02", b: "01", largeFile: largeFile("386"), want: false},
		{a: "0100002", b: "0100000", largeFile: largeFile("386"), want: false},
		// Other status flags: O_APPEND, O_NONBLOCK, O_CLOEXEC.
		{a: "02", b: "02002", largeFile: largeFile("386"), want: false},
		{a: "0100002", b: "0104002", largeFile: largeFile("386"), want: false},
		{a: "02000002", b: "0100002", largeFile: largeFile("386"), want: false},
		// An architecture it does not know: the flags must be equal.
		{a: "02", b: "0100002", largeFile: largeFile("sparc64"), want: false},
		{a: "0100002", b: "0100002", largeFile: largeFile("sparc64"), want: true},
	} {
		got, err := sameOpenFlags(tc.a, tc.b, tc.largeFile)
		if err != nil || got != tc.want {
			t.Errorf("sameOpenFlags(%q, %q, %#o) = %v, %v; want %v", tc.a, tc.b, tc.largeFile, got, err, tc.want)
		}
	}
	for _, bad := range [][2]string{{"", "02"}, {"02", "2 "}, {"0x2", "02"}, {"02", "08"}} {
		if got, err := sameOpenFlags(bad[0], bad[1], largeFile("386")); err == nil {
			t.Errorf("sameOpenFlags(%q, %q) = %v, no error; want one", bad[0], bad[1], got)
		}
	}
}
