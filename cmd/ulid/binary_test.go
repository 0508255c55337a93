package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestBinary runs the real binary for what an in-process run cannot show:
// the exit status the process ends with, standard input as a pipe from
// another process and a file, and a write to a full disk. Each case is one
// of docs/cli.md's examples; the other tests call run in process.
func TestBinary(t *testing.T) {
	ids := "01ARYZ6S41TSV4RRFFQ69G5FAV\n 01aryz6s41tsv4rrffq69g5fav \n\n01ARYZ6S41TSV4RRFFQ69G5FAU\n80000000000000000000000000\n01ARYZ\n"
	for _, tc := range []struct {
		name           string
		args           []string
		stdin          string
		code           int
		stdout, stderr string
	}{
		{name: "inspect", args: []string{specULID}, stdout: specText},
		{name: "invalid", args: []string{"inspect", "01ARYZ6S41TSV4RRFFQ69G5FAU"}, code: 1,
			stderr: `ulid: argument 1: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25` + "\n"},
		{name: "misuse", args: []string{"--time", "1469918176"}, code: 2,
			stderr: `ulid: invalid value "1469918176" for flag -time: 1469918176 is ambiguous: as Unix milliseconds it is 1970-01-18T00:18:38.176Z, ` +
				"as Unix seconds 2016-07-30T22:36:16.000Z; write @1469918176 for seconds, or the time in RFC 3339\n" + synopsis()},
		{name: "validate a pipe", args: []string{"validate"}, stdin: ids, code: 1,
			stdout: `line 4: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25` + "\n" +
				`line 5: "80000000000000000000000000": first character '8' is above '7': value overflows 128 bits` + "\n" +
				`line 6: "01ARYZ": invalid length 6 bytes, want 26` + "\n",
			stderr: "ulid: 3 of 5 IDs invalid\n"},
		{name: "help", args: []string{"-h"}, stdout: help()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := command(t, tc.args...)
			cmd.Stdin = strings.NewReader(tc.stdin) // through a pipe that exec makes
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			code := 0
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || stdout.String() != tc.stdout || stderr.String() != tc.stderr {
				t.Errorf("exit %d, want %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", code, tc.code, stdout.String(), tc.stdout, stderr.String(), tc.stderr)
			}
		})
	}

	// Standard input from a file, as in ulid validate < ids.txt.
	name := t.TempDir() + "/ids.txt"
	if err := os.WriteFile(name, []byte(strings.Repeat(specUUID+"\r\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := command(t, "convert")
	cmd.Stdin = f
	out, err := cmd.Output()
	if err != nil || string(out) != strings.Repeat(specULID+"\n", 1000) {
		t.Errorf("convert < file: %v, %d bytes of output", err, len(out))
	}

	// Output to a full disk: the message and exit status 1.
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Log("no /dev/full here")
		return
	}
	defer full.Close()
	cmd = command(t, "-n", "1000000000000")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = full, &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.HasPrefix(stderr.String(), "ulid: ") ||
		!strings.Contains(stderr.String(), "no space left") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("-n 1000000000000 > /dev/full: %v, stderr %q", err, stderr.String())
	}
}

// TestValidateMillion runs the pipeline of docs/cli.md, ulid -n 1000000 |
// ulid validate, with CRLF line endings and an invalid last line, through
// a real pipe between two processes.
func TestValidateMillion(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	gen := command(t, "-n", "1000000", "--lower")
	validate := command(t, "validate")
	out, err := gen.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	validate.Stdin = pr
	var stdout, stderr bytes.Buffer
	validate.Stdout, validate.Stderr = &stdout, &stderr
	if err := gen.Start(); err != nil {
		t.Fatal(err)
	}
	if err := validate.Start(); err != nil {
		t.Fatal(err)
	}
	pr.Close()
	// Between the two, each "\n" becomes "\r\n", and a line with a 'U' ends it.
	lines := bufio.NewScanner(out)
	w := bufio.NewWriter(pw)
	for lines.Scan() {
		w.Write(lines.Bytes())
		w.WriteString("\r\n")
	}
	w.WriteString("01ARYZ6S41TSV4RRFFQ69G5FAU\n")
	w.Flush()
	pw.Close()
	genErr, err := gen.Wait(), validate.Wait()
	want := `line 1000001: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25` + "\n"
	var exit *exec.ExitError
	if genErr != nil || !errors.As(err, &exit) || exit.ExitCode() != 1 || stdout.String() != want || stderr.String() != "ulid: 1 of 1000001 IDs invalid\n" {
		t.Errorf("generate: %v; validate: %v, stdout %q, stderr %q", genErr, err, stdout.String(), stderr.String())
	}
}
