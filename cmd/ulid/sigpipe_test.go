//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestClosedPipe checks what docs/cli.md says of a reader that goes away,
// as in `ulid -n 100000 | head -1`: the command ends by SIGPIPE, which a
// shell reports as exit status 141 (128 + 13), with nothing on standard
// error. Go's runtime does that for a write to a broken pipe on standard
// output or standard error.
func TestClosedPipe(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"-n", "1000000"}, ""},
		{[]string{"--time", "0", "-z", "-n", "1000000"}, ""},
		{[]string{"inspect"}, strings.Repeat(specULID+"\n", 100000)},
		{[]string{"convert"}, strings.Repeat(specULID+"\n", 100000)},
		{[]string{"validate"}, strings.Repeat("x\n", 100000)},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close() // the reader is gone before the first write
		cmd := command(t, tc.args...)
		var stderr bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(tc.stdin), w, &stderr
		err = cmd.Run()
		w.Close()
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Errorf("%q into a closed pipe: %v, stderr %q; want the end by SIGPIPE", tc.args, err, stderr.String())
			continue
		}
		ws, ok := exit.Sys().(syscall.WaitStatus)
		if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE || stderr.Len() != 0 {
			t.Errorf("%q into a closed pipe: %v, stderr %q; want the end by SIGPIPE, and no message", tc.args, err, stderr.String())
		}
	}
}
