package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

var (
	buildOnce sync.Once
	binaryDir string // where buildBinary builds the command, removed by TestMain
	binary    string // the built command, or "" if it failed to build
	buildErr  string
	wrapper   []string // the words of $ULID_TEST_EXEC, which run binary
)

// TestMain removes the command that buildBinary built, if a test asked for
// it.
func TestMain(m *testing.M) {
	code := m.Run()
	if binaryDir != "" {
		os.RemoveAll(binaryDir)
	}
	os.Exit(code)
}

// buildBinary builds the command once, for the few tests that run the
// real binary (a real pipe, a signal, the time zone of the environment,
// exit statuses), for the GOOS and GOARCH of the tests themselves, and
// reads $ULID_TEST_EXEC.
//
// ULID_TEST_EXEC, if set, is a program, with arguments, that runs a binary
// for that platform where it cannot run directly, as go test's -exec does
// for the test binary. Each command run is then $ULID_TEST_EXEC followed by
// the command and its arguments. For instance, with QEMU's user-mode
// emulator and no binfmt_misc to call it:
//
//	export ULID_TEST_EXEC=qemu-s390x-static
//	GOARCH=s390x go test -exec "$ULID_TEST_EXEC" ./cmd/ulid
//
// The go command that builds the command still runs natively. Tests that
// run the command must do so with command, not exec.Command(binary, ...).
func buildBinary(t *testing.T) {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ulid-cmd")
		if err != nil {
			buildErr = err.Error()
			return
		}
		binaryDir = dir
		build := exec.Command("go", "build", "-o", filepath.Join(dir, "ulid"), ".")
		build.Env = append(os.Environ(), "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
		if out, err := build.CombinedOutput(); err != nil {
			buildErr = string(out)
			return
		}
		binary = filepath.Join(dir, "ulid")
		wrapper = strings.Fields(os.Getenv("ULID_TEST_EXEC"))
	})
	if binary == "" {
		t.Fatal("building the command: " + buildErr)
	}
}

// command returns the exec.Cmd that runs the built command with args,
// through $ULID_TEST_EXEC if it is set.
func command(t *testing.T, args ...string) *exec.Cmd {
	buildBinary(t)
	argv := slices.Concat(wrapper, []string{binary}, args)
	return exec.Command(argv[0], argv[1:]...)
}

// The test vector used throughout, computed from the ULID specification's
// layout (as in the root package's tests), in each of its forms.
const (
	specULID    = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	specUUID    = "01563df3-6481-d676-4c61-efb99302bd5b"
	specTime    = "2016-07-30T22:36:16.385Z"
	specMS      = 1469918176385
	specEntropy = "d6764c61efb99302bd5b"
	specText    = "ulid     01ARYZ6S41TSV4RRFFQ69G5FAV\n" +
		"time     2016-07-30T22:36:16.385Z\n" +
		"unix_ms  1469918176385\n" +
		"entropy  d6764c61efb99302bd5b\n" +
		"uuid     01563df3-6481-d676-4c61-efb99302bd5b\n" +
		"uuidv7   false\n"
	maxText = "ulid     7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n" +
		"time     10889-08-02T05:31:50.655Z\n" +
		"unix_ms  281474976710655\n" +
		"entropy  ffffffffffffffffffff\n" +
		"uuid     ffffffff-ffff-ffff-ffff-ffffffffffff\n" +
		"uuidv7   false\n"
)

// result is what one run of the command did.
type result struct {
	stdout, stderr string
	code           int
}

// runCmd runs the command in the test's process, as main does, with args
// and stdin, and returns what it did.
func runCmd(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

// runEnv runs the built command with args and stdin, and the extra
// environment variables env, and returns what it did. The time zone is
// the process's, read from TZ once, so a test of --local in a zone runs
// the real binary; with no env, runEnv runs in process, as runCmd does.
func runEnv(t *testing.T, stdin string, env []string, args ...string) result {
	t.Helper()
	if len(env) == 0 {
		return runCmd(t, stdin, args...)
	}
	cmd := command(t, args...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errOut.String()}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return r
}

// lines splits s into lines, without the final newline.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// TestHelp checks that -h, in every mode, prints the help on stdout.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}, {"inspect", "-h"}, {"convert", "--help"}, {"validate", "-h"}, {"generate", "-h"}} {
		r := runCmd(t, "", args...)
		if r.code != 0 || r.stderr != "" || r.stdout != help() {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", args, r.code, r.stderr, r.stdout)
		}
	}
	for _, want := range []string{"Command ulid", "Usage:", "--time T", "--lower", "--uuid", "inspect", "--json", "--local", "--strict", "convert", "validate", "Examples:",
		"--version", "-f FIELD", "rfc3339", "--ulid-only", "@1782210600", "not a v4 or", "v7 UUID", "-z", "-q", "White space around an ID is ignored"} {
		if !strings.Contains(help(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// TestHelpIsDoc checks that ulid -h prints the package doc of doc.go as
// go doc prints it (go/doc's text, code blocks indented by four spaces),
// and that the misuse synopsis is its Usage block, one line per form.
func TestHelpIsDoc(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := doc.NewFromFiles(fset, []*ast.File{f}, "github.com/ulidgo/ulid/cmd/ulid")
	if err != nil {
		t.Fatal(err)
	}
	pr := pkg.Printer()
	pr.TextCodePrefix = "    " // as go doc prints a package's doc
	want := string(pr.Text(pkg.Parser().Parse(pkg.Doc)))
	if help() != want {
		t.Errorf("help differs from the package doc as go doc prints it:\n%s\n----\n%s", help(), want)
	}
	if !strings.HasPrefix(synopsis(), "usage: ulid [-n N] [--time T]") ||
		!strings.Contains(synopsis(), "\n       ulid unmask [--key-file F] [--type T] [--uuid] [PUBLIC...]\n") ||
		!strings.HasSuffix(synopsis(), "\n       ulid --version\nRun 'ulid -h' for details and examples.\n") ||
		strings.Count(synopsis(), "\n") != 9 {
		t.Errorf("synopsis = %q, want the 8 lines of doc.go's Usage block and where to read more", synopsis())
	}
}

// TestGenerate checks the count, form, order and time of generated ULIDs.
func TestGenerate(t *testing.T) {
	at := time.Date(2026, 6, 23, 10, 30, 0, 0, time.UTC).UnixMilli()
	for _, tc := range []struct {
		name string
		args []string
		n    int
		ms   int64 // the timestamp of every ULID; -1 for now
		form string
	}{
		{name: "one", n: 1, ms: -1, form: "upper"},
		{name: "many", args: []string{"-n", "1000"}, n: 1000, ms: -1, form: "upper"},
		{name: "generate command", args: []string{"generate", "-n", "2"}, n: 2, ms: -1, form: "upper"},
		{name: "none", args: []string{"-n", "0"}, n: 0, ms: -1},
		{name: "lower", args: []string{"--lower", "-n", "10"}, n: 10, ms: -1, form: "lower"},
		{name: "uuid", args: []string{"--uuid", "-n", "10"}, n: 10, ms: -1, form: "uuid"},
		{name: "uuid lower", args: []string{"-uuid", "-lower"}, n: 1, ms: -1, form: "uuid"},
		{name: "time RFC 3339", args: []string{"--time", "2026-06-23T10:30:00Z", "-n", "3"}, n: 3, ms: at, form: "upper"},
		{name: "time with offset", args: []string{"--time", "2026-06-23T12:30:00+02:00"}, n: 1, ms: at, form: "upper"},
		{name: "time truncated", args: []string{"--time", "2016-07-30T22:36:16.385999Z"}, n: 1, ms: specMS, form: "upper"},
		{name: "time ms", args: []string{"--time", "1469918176385", "-n", "1000"}, n: 1000, ms: specMS, form: "upper"},
		{name: "time zero", args: []string{"--time", "0"}, n: 1, ms: 0, form: "upper"},
		{name: "time max", args: []string{"--time", "281474976710655", "--uuid"}, n: 1, ms: 281474976710655, form: "uuid"},
		{name: "time lower uuid", args: []string{"--time", "1469918176385", "--uuid", "-n", "5"}, n: 5, ms: specMS, form: "uuid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkGenerated(t, tc.args, tc.n, tc.ms, tc.form, false)
		})
	}
}

// checkGenerated runs the command with args, which must print n new ULIDs
// in form (see parseGenerated) and nothing else, and checks that each is
// greater than the one before, has the timestamp ms (or, for ms -1, one
// between the clock read before the run and after it), and, if v7, is a
// UUIDv7.
func checkGenerated(t *testing.T, args []string, n int, ms int64, form string, v7 bool) {
	t.Helper()
	before := time.Now().UnixMilli()
	r := runCmd(t, "", args...)
	after := time.Now().UnixMilli()
	got := lines(r.stdout)
	if r.code != 0 || r.stderr != "" || len(got) != n {
		t.Fatalf("exit %d, stderr %q, %d lines, want %d", r.code, r.stderr, len(got), n)
	}
	var prev ulid.ULID
	for i, line := range got {
		id := parseGenerated(t, i, line, form)
		if v7 && (!id.IsUUIDv7() || !isV7Text(id.UUIDString())) {
			t.Fatalf("line %d %q: %s is not a UUIDv7", i, line, id.UUIDString())
		}
		if ms >= 0 {
			if id.Timestamp() != uint64(ms) {
				t.Errorf("line %d: timestamp %d, want %d", i, id.Timestamp(), ms)
			}
		} else if ts := int64(id.Timestamp()); ts < before || ts > after {
			t.Errorf("line %d: timestamp %d is not between %d and %d", i, ts, before, after)
		}
		if i > 0 && id.Compare(prev) <= 0 {
			t.Fatalf("line %d: %s is not after %s", i, id, prev)
		}
		prev = id
	}
}

// TestInspect checks the text output of inspect against the test vectors.
func TestInspect(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		env   []string
		want  string
	}{
		{name: "canonical", args: []string{specULID}, want: specText},
		{name: "command", args: []string{"inspect", specULID}, want: specText},
		{name: "lower case and aliases", args: []string{"olaryz6s41tsv4rrffq69g5fav"}, want: specText},
		{name: "max", args: []string{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ"}, want: maxText},
		{name: "zero", args: []string{"00000000000000000000000000"}, want: "ulid     00000000000000000000000000\n" +
			"time     1970-01-01T00:00:00.000Z\nunix_ms  0\nentropy  00000000000000000000\n" +
			"uuid     00000000-0000-0000-0000-000000000000\nuuidv7   false\n"},
		{name: "two", args: []string{specULID, "7zzzzzzzzzzzzzzzzzzzzzzzzz"}, want: specText + "\n" + maxText},
		{name: "uuid", args: []string{"inspect", "{01563DF3-6481-D676-4C61-EFB99302BD5B}"}, want: specText},
		{name: "stdin dash", args: []string{"-"}, stdin: "01aryz6s41tsv4rrffq69g5fav\n", want: specText},
		{name: "stdin dash inspect", args: []string{"inspect", "-"}, stdin: "\r\n" + specULID + "\r\n\n", want: specText},
		{name: "stdin no IDs", args: []string{"inspect"}, stdin: specULID + "\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ", want: specText + "\n" + maxText},
		{name: "stdin between", args: []string{specULID, "-", specULID}, stdin: "7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n", want: specText + "\n" + maxText + "\n" + specText},
		{name: "empty stdin", args: []string{"inspect"}, stdin: "", want: ""},
		{name: "flags after IDs", args: []string{"inspect", specULID, "--local"}, env: []string{"TZ=UTC"}, want: specText},
		{name: "local", args: []string{"--local", specULID}, env: []string{"TZ=Asia/Kolkata"},
			want: strings.Replace(specText, specTime, "2016-07-31T04:06:16.385+05:30", 1)},
		{name: "local max", args: []string{"--local", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"}, env: []string{"TZ=Asia/Kolkata"},
			want: strings.Replace(maxText, "10889-08-02T05:31:50.655Z", "10889-08-02T11:01:50.655+05:30", 1)},
		// Monrovia was UTC−00:44:30 until 1972: RFC 3339 cannot write that
		// offset, so the time stays in UTC and reads back with --time.
		{name: "local offset with seconds", args: []string{"--local", "-f", "time", "0019HY97KV0000000000000000"}, env: []string{"TZ=Africa/Monrovia"},
			want: "1971-06-01T12:00:00.123Z\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if zone, ok := strings.CutPrefix(strings.Join(tc.env, ""), "TZ="); ok && zone != "UTC" {
				if _, err := time.LoadLocation(zone); err != nil {
					t.Skip("no time zone database:", err)
				}
			}
			r := runEnv(t, tc.stdin, tc.env, tc.args...)
			if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
				t.Errorf("exit %d, stderr %q\nstdout:\n%s\nwant:\n%s", r.code, r.stderr, r.stdout, tc.want)
			}
		})
	}
}

// info is an object inspect --json prints, the fields of an ID
// (toolinput.Fields) with their JSON types.
type info struct {
	ULID    string `json:"ulid"`
	Time    string `json:"time"`
	UnixMS  uint64 `json:"unix_ms"`
	Entropy string `json:"entropy"`
	UUID    string `json:"uuid"`
	UUIDv7  bool   `json:"uuidv7"`
}

// TestInspectJSON parses the output of inspect --json back.
func TestInspectJSON(t *testing.T) {
	r := runCmd(t, "olaryz6s41tsv4rrffq69g5fav\r\n", "inspect", "--json", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "-", "00000000000000000000000000")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	want := []info{
		{ULID: "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", Time: "10889-08-02T05:31:50.655Z", UnixMS: 281474976710655,
			Entropy: "ffffffffffffffffffff", UUID: "ffffffff-ffff-ffff-ffff-ffffffffffff"},
		{ULID: specULID, Time: specTime, UnixMS: specMS, Entropy: specEntropy, UUID: specUUID},
		{ULID: "00000000000000000000000000", Time: "1970-01-01T00:00:00.000Z", UnixMS: 0,
			Entropy: "00000000000000000000", UUID: "00000000-0000-0000-0000-000000000000"},
	}
	got := lines(r.stdout)
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), r.stdout)
	}
	for i, line := range got {
		// Decode into a generic map too, to check the field names and types.
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d %q: %v", i, line, err)
		}
		if len(m) != 6 || m["ulid"] != want[i].ULID || m["unix_ms"] != float64(want[i].UnixMS) {
			t.Errorf("line %d: %v", i, m)
		}
		var v info
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil || v != want[i] {
			t.Errorf("line %d: %+v, %v; want %+v", i, v, err, want[i])
		}
	}

	// The JSON of an invalid ID is none: stdout stays parseable.
	r = runCmd(t, "", "--json", "01ARYZ6S41TSV4RRFFQ69G5FAU", specULID)
	var v info
	if r.code != 1 || json.Unmarshal([]byte(r.stdout), &v) != nil || v.ULID != specULID || !strings.Contains(r.stderr, "offset 25") {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// megaLine is a line of 1 MiB, too long to be read as an ID.
var megaLine = strings.Repeat("Z", 1<<20)

// TestInvalid runs inspect, convert and validate on bad input.
func TestInvalid(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		want  string // in the message about the invalid ID
	}{
		{name: "U", args: []string{"01ARYZ6S41TSV4RRFFQ69G5FAU"}, want: `argument 1: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25`},
		{name: "overflow", args: []string{"80000000000000000000000000"}, want: `argument 1: "80000000000000000000000000": first character '8' is above '7'`},
		{name: "short", args: []string{"01ARYZ"}, want: `argument 1: "01ARYZ": invalid length 6 bytes`},
		{name: "long", args: []string{specULID + "0"}, want: "invalid length 27 bytes"},
		{name: "empty argument", args: []string{""}, want: `argument 1: "": invalid length 0 bytes`},
		{name: "inner space", args: []string{"01ARYZ6S41 TSV4RRFFQ69G5FAV"}, want: "invalid length 27 bytes"},
		{name: "padded, offset in the input", args: []string{"  01ARYZ6S41TSV4RRFFQ69G5FAU "}, want: `argument 1: "  01ARYZ6S41TSV4RRFFQ69G5FAU ": invalid character 'U' at offset 27`},
		{name: "hyphen", args: []string{"01ARYZ6S41-SV4RRFFQ69G5FAV"}, want: "invalid character '-' at offset 10"},
		{name: "non-ASCII", args: []string{"01ARYZ6S41TSV4RRFFQ69G5FA\xff"}, want: "invalid character 0xff at offset 25"},
		{name: "stdin", stdin: specULID + "\n\n01ARYZ6S41TSV4RRFFQ69G5FAU\r\n", want: `line 3: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25`},
		{name: "megabyte line", stdin: specULID + "\n" + megaLine + "\n", want: `line 2: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"...: line too long (1048576 bytes)`},
		{name: "megabyte CRLF", stdin: megaLine + "\r\n", want: "line 1: " + `"ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"...: line too long (1048576 bytes)`},
		{name: "megabyte no newline", stdin: megaLine, want: "line too long (1048576 bytes)"},
		{name: "long argument", args: []string{megaLine[:toolinput.MaxLine+1]}, want: `argument 1: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"...: line too long (65537 bytes)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, cmd := range []string{"inspect", "convert", "validate"} {
				r := runCmd(t, tc.stdin, append([]string{cmd}, tc.args...)...)
				msg := r.stderr // inspect and convert report on stderr
				if cmd == "validate" {
					msg = r.stdout // validate's report is its output
					if !strings.HasPrefix(r.stderr, "ulid: 1 of ") {
						t.Errorf("%s: stderr %q", cmd, r.stderr)
					}
				} else if !strings.HasPrefix(msg, "ulid: ") {
					t.Errorf("%s: stderr %q lacks the prefix", cmd, msg)
				}
				if r.code != 1 || !strings.Contains(msg, tc.want) || len(msg) > 200 || strings.Count(msg, "\n") != 1 {
					t.Errorf("%s: exit %d, message %q, want %q", cmd, r.code, msg, tc.want)
				}
				if cmd == "inspect" && tc.stdin != "" && strings.HasPrefix(tc.stdin, specULID) && r.stdout != specText {
					t.Errorf("%s: the valid ID was not inspected: %q", cmd, r.stdout)
				}
			}
		})
	}
}

// TestLongLine checks the bound of docs/cli.md: a line of standard input
// or an argument of up to 64 KiB is read as an ID, white space and all,
// with the offsets and the quote of a long line cut to the bytes up to the
// offending one; one byte more is an error that says the length, whatever
// the line holds.
func TestLongLine(t *testing.T) {
	spaces, after := strings.Repeat(" ", 40000), strings.Repeat(" ", 20000)
	fill := strings.Repeat(" ", toolinput.MaxLine-len(specULID))
	for _, tc := range []struct {
		name string
		line string
		ok   bool   // the line is a valid ID
		want string // validate's report, after "line 1: " or "argument 1: "
	}{
		{name: "spaces, ULID", line: spaces + specULID, ok: true},
		{name: "spaces, ULID, spaces", line: spaces + "\t" + specULID + after, ok: true},
		{name: "64 KiB", line: fill + specULID, ok: true},
		{name: "no-break spaces, BOM, UUID", line: " " + strings.Repeat("\u00a0", 20000) + "\ufeff" + specUUID + strings.Repeat("\u00a0", 10000), ok: true},
		{name: "bad character", line: spaces + "01ARYZ6S41TSV4RRFFQ69G5FAU",
			want: `..."01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 40025`},
		{name: "bad character, spaces after", line: spaces + "01ARYZ6S41TSV4RRFFQ69G5FAU" + after,
			want: `..."01ARYZ6S41TSV4RRFFQ69G5FAU"...: invalid character 'U' at offset 40025`},
		{name: "UUID typo", line: spaces + "01563df36481d6764c61efb99302bd5g",
			want: `..."01563df36481d6764c61efb99302bd5g": invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 40031, want a hex digit`},
		{name: "inner space", line: spaces + "01ARYZ6S41 TSV4RRFFQ69G5FAV" + after,
			want: `"                                        "...: invalid length 27 bytes, want 26 (a line holds one ID, and this one has a space at offset 40010)`},
		{name: "long ID", line: spaces + strings.Repeat("Z", 20000),
			want: `"                                        "...: invalid length 20000 bytes, want 26`},
		{name: "64 KiB and a space", line: fill + specULID + " ",
			want: `"                                        "...: line too long (65537 bytes)`},
		{name: "64 KiB and a byte of an ID", line: fill + specULID + "V",
			want: `"                                        "...: line too long (65537 bytes)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Given on standard input and as an argument, the line gets
			// the same report.
			for _, viaStdin := range []bool{true, false} {
				stdin, args, where := tc.line+"\r\n", []string{"validate"}, "line 1: "
				if !viaStdin {
					stdin, args, where = "", []string{"validate", "--", tc.line}, "argument 1: "
				}
				r := runCmd(t, stdin, args...)
				code, stdout, stderr := 0, "", ""
				if !tc.ok {
					code, stdout, stderr = 1, where+tc.want+"\n", "ulid: 1 of 1 IDs invalid\n"
				}
				if r.code != code || r.stdout != stdout || r.stderr != stderr {
					t.Errorf("stdin %v: exit %d, stdout %q, stderr %q; want %d, %q, %q", viaStdin, r.code, r.stdout, r.stderr, code, stdout, stderr)
				}
			}
			if tc.ok {
				r := runCmd(t, tc.line+"\r\n", "inspect")
				if r.code != 0 || r.stdout != specText || r.stderr != "" {
					t.Errorf("inspect: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
				}
			}
		})
	}
}

// TestUUIDFirstFault checks that inspect and convert name the first fault of
// a UUID with several, as ulid.ParseUUID does.
func TestUUIDFirstFault(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"01g63df3-6481-d676-4c61_efb99302bd5b", "character 'g' at offset 2"},
		{"-01563df3-6481-d676-4c61-efb99302bd5", "character '-' at offset 0"},
		{"0156-3df36481-d676-4c61-efb99302bd5b", "character '-' at offset 4"},
		{"{g1563df3-6481-d676-4c61-efb99302bd5b)", "character 'g' at offset 1"},
		{"urn:uuid:0g563df3-6481-d676-4c61_efb99302bd5b", "character 'g' at offset 10"},
	} {
		for _, cmd := range []string{"inspect", "convert"} {
			r := runCmd(t, "", cmd, "--", tc.in) // "--": one starts with '-'
			want := ": invalid UUID text: " + tc.want + ", want a hex digit\n"
			if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, "ulid: argument 1: ") ||
				!strings.HasSuffix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want %q", cmd, tc.in, r.code, r.stdout, r.stderr, want)
			}
		}
	}
}

// TestStrict checks that --strict rejects the aliases, and only with it.
func TestStrict(t *testing.T) {
	const alias = "OLARYZ6S41TSV4RRFFQ69G5FAV"
	for _, cmd := range []string{"inspect", "convert", "validate"} {
		r := runCmd(t, "", cmd, alias)
		if r.code != 0 || r.stderr != "" {
			t.Errorf("%s %s: exit %d, stderr %q", cmd, alias, r.code, r.stderr)
		}
		r = runCmd(t, "", cmd, "--strict", alias, "01aryz6s41tsv4rrffq69g5fav")
		if r.code != 1 || !strings.Contains(r.stdout+r.stderr, "invalid character 'O' at offset 0") ||
			strings.Count(r.stdout+r.stderr, "invalid character") != 1 {
			t.Errorf("%s --strict: exit %d, stdout %q, stderr %q", cmd, r.code, r.stdout, r.stderr)
		}
	}
}

// TestConvert converts the test vector between every form.
func TestConvert(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{name: "ULID", args: []string{specULID}, want: specUUID + "\n"},
		{name: "lower ULID", args: []string{"01aryz6s41tsv4rrffq69g5fav"}, want: specUUID + "\n"},
		{name: "UUID", args: []string{specUUID}, want: specULID + "\n"},
		{name: "UUID upper", args: []string{strings.ToUpper(specUUID)}, want: specULID + "\n"},
		{name: "UUID hex", args: []string{"01563df36481d6764c61efb99302bd5b"}, want: specULID + "\n"},
		{name: "UUID braces", args: []string{"{" + specUUID + "}"}, want: specULID + "\n"},
		{name: "UUID URN", args: []string{"urn:uuid:" + specUUID}, want: specULID + "\n"},
		{name: "max", args: []string{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
			want: "ffffffff-ffff-ffff-ffff-ffffffffffff\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n"},
		{name: "stdin", stdin: specULID + "\r\n\n" + specUUID + "\n", want: specUUID + "\n" + specULID + "\n"},
		{name: "stdin dash", args: []string{specUUID, "-"}, stdin: specULID, want: specULID + "\n" + specUUID + "\n"},
		{name: "empty stdin", want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, append([]string{"convert"}, tc.args...)...)
			if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
				t.Errorf("exit %d, stderr %q, stdout %q, want %q", r.code, r.stderr, r.stdout, tc.want)
			}
		})
	}

	r := runCmd(t, "", "convert", "01563df3-6481-d676-4c61-efb99302bd5x", specULID)
	if r.code != 1 || r.stdout != specUUID+"\n" || !strings.Contains(r.stderr, "character 'x' at offset 35") {
		t.Errorf("bad UUID: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestRoundTrip pipes the command into itself, as a user would.
func TestRoundTrip(t *testing.T) {
	const n = 20000 // lines enough to fill the reading buffer several times
	ids := runCmd(t, "", "-n", strconv.Itoa(n))
	uuids := runCmd(t, ids.stdout, "convert")
	back := runCmd(t, uuids.stdout, "convert", "-")
	valid := runCmd(t, back.stdout, "validate")
	if ids.code|uuids.code|back.code|valid.code != 0 || back.stdout != ids.stdout || valid.stdout+valid.stderr != "" {
		t.Errorf("exits %d %d %d %d; round trip equal: %v; validate said %q",
			ids.code, uuids.code, back.code, valid.code, back.stdout == ids.stdout, valid.stdout+valid.stderr)
	}
	uuidText := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	got := lines(uuids.stdout)
	for i, line := range got {
		if !uuidText.MatchString(line) {
			t.Fatalf("line %d: %q is not UUID text", i, line)
		}
	}
	if len(got) != n {
		t.Errorf("convert printed %d lines, want %d", len(got), n)
	}
}

// TestValidate checks the report, summary and exit status of validate.
func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{name: "valid", stdin: specULID + "\n7ZZZZZZZZZZZZZZZZZZZZZZZZZ\n", code: 0},
		{name: "lower case and aliases", stdin: "olaryz6s41tsv4rrffq69g5fav\n", code: 0},
		{name: "CRLF and blank lines", stdin: "\r\n" + specULID + "\r\n\r\n  \t\n\n" + specULID, code: 0},
		{name: "empty stdin", stdin: "", code: 0},
		{name: "invalid lines", code: 1,
			stdin: specULID + "\n\n01ARYZ6S41TSV4RRFFQ69G5FAU\r\n80000000000000000000000000\n" + specULID + " \n01ARYZ\n01ARYZ6S41 TSV4RRFFQ69G5FAV\n",
			stdout: `line 3: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25` + "\n" +
				`line 4: "80000000000000000000000000": first character '8' is above '7': value overflows 128 bits` + "\n" +
				`line 6: "01ARYZ": invalid length 6 bytes, want 26` + "\n" +
				`line 7: "01ARYZ6S41 TSV4RRFFQ69G5FAV": invalid length 27 bytes, want 26 (a line holds one ID, and this one has a space at offset 10)` + "\n",
			stderr: "ulid: 4 of 6 IDs invalid\n"},
		{name: "UUID is an ID", stdin: specUUID + "\n{" + specUUID + "}\n", code: 0},
		{name: "UUID with --ulid-only", args: []string{"--ulid-only"}, stdin: specUUID + "\n", code: 1,
			stdout: `line 1: "01563df3-6481-d676-4c61-efb99302bd5b": invalid length 36 bytes, want 26` + "\n",
			stderr: "ulid: 1 of 1 IDs invalid\n"},
		{name: "megabyte line", stdin: megaLine + "\n" + specULID + "\n", code: 1,
			stdout: `line 1: "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"...: line too long (1048576 bytes)` + "\n",
			stderr: "ulid: 1 of 2 IDs invalid\n"},
		{name: "arguments", args: []string{specULID, "01ARYZ6S41TSV4RRFFQ69G5FAU"}, code: 1,
			stdout: `argument 2: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25` + "\n",
			stderr: "ulid: 1 of 2 IDs invalid\n"},
		{name: "arguments and stdin", args: []string{"-", specULID}, stdin: "x\n", code: 1,
			stdout: `line 1: "x": invalid length 1 bytes, want 26` + "\n",
			stderr: "ulid: 1 of 2 IDs invalid\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, append([]string{"validate"}, tc.args...)...)
			if r.code != tc.code || r.stdout != tc.stdout || r.stderr != tc.stderr {
				t.Errorf("exit %d, want %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", r.code, tc.code, r.stdout, tc.stdout, r.stderr, tc.stderr)
			}
		})
	}
}

// TestMisuse checks that misuse exits 2 with a message and the usage.
func TestMisuse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "-1"}, `invalid value "-1" for flag -n: out of range: want from 0 to 9223372036854775807`},
		{[]string{"-n", "x"}, `invalid value "x" for flag -n: want a whole number in decimal digits, such as 10`},
		{[]string{"-n", "1e6"}, `invalid value "1e6" for flag -n: want a whole number in decimal digits, such as 10`},
		{[]string{"-n", "9223372036854775808"}, `invalid value "9223372036854775808" for flag -n: out of range: want from 0 to 9223372036854775807`},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"-n", "1", specULID}, "-n generates; it cannot be combined with IDs"},
		{[]string{specULID, "--uuid"}, "--uuid generates"},
		{[]string{"--ulid-only", "-n", "2"}, "--ulid-only inspects IDs"},
		{[]string{"--json", "--uuid"}, "--uuid and --json cannot be combined"},
		{[]string{"generate", "--json", "--lower"}, "--lower and --json cannot be combined"},
		{[]string{"--v7", specULID}, "--v7 generates; it cannot be combined with IDs"},
		{[]string{specULID, "-", "--v7"}, "--v7 generates"},
		{[]string{"inspect", "--v7", specULID}, "flag provided but not defined: -v7"},
		{[]string{"generate", "--v7", specULID}, "generate takes no IDs"},
		{[]string{"convert", "--v7", specULID}, "flag provided but not defined: -v7"},
		{[]string{"--time", "yesterday"}, "want an RFC 3339 time"},
		{[]string{"--time", "2026-06-23"}, "want an RFC 3339 time"},
		{[]string{"--time", "-1"}, "want an RFC 3339 time"},
		{[]string{"--time", "281474976710656"}, "out of range"},
		{[]string{"--time", "99999999999999999999"}, "out of range"},
		{[]string{"--time", "1969-12-31T23:59:59.999Z"}, "out of range"},
		{[]string{"inspct", specULID}, `unknown command "inspct"`},
		{[]string{"-n", "3", "gnerate"}, `unknown command "gnerate"`},
		{[]string{"--lower", "inspct", specULID}, `unknown command "inspct"`},
		{[]string{"--v7", "generate"}, `the command "generate" must come first`},
		{[]string{"generate", specULID}, "generate takes no IDs"},
		{[]string{"inspect", "-n", "3"}, "flag provided but not defined: -n"},
		{[]string{"convert", "--json"}, "flag provided but not defined: -json"},
		{[]string{"validate", "--lower"}, "flag provided but not defined: -lower"},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, "ulid: ") || !strings.Contains(r.stderr, tc.want) || !strings.HasSuffix(r.stderr, synopsis()) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestEmptyArgument checks that an empty argument is an ID, an invalid
// one, as a blank one is, and not a command: ulid with an empty argument
// exits 1, as ulid inspect with one does.
func TestEmptyArgument(t *testing.T) {
	const empty = `ulid: argument 1: "": invalid length 0 bytes, want 26` + "\n"
	for _, tc := range []struct {
		args           []string
		stdout, stderr string
	}{
		{args: []string{""}, stderr: empty},
		{args: []string{" "}, stderr: `ulid: argument 1: " ": invalid length 0 bytes, want 26` + "\n"},
		{args: []string{"", specULID}, stdout: specText, stderr: empty},
		{args: []string{"-f", "ms", ""}, stderr: empty},
		{args: []string{"inspect", ""}, stderr: empty},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 1 || r.stdout != tc.stdout || r.stderr != tc.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr, tc.stdout, tc.stderr)
		}
	}
}

// TestDoubleDash checks that "--" ends the flags, and that what follows
// it is an ID even where it would otherwise be taken for a mistyped command.
func TestDoubleDash(t *testing.T) {
	r := runCmd(t, "", "inspect", "--", specULID, "--json")
	if r.code != 1 || r.stdout != specText || !strings.Contains(r.stderr, `argument 2: "--json": invalid length 6 bytes`) {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	for _, tc := range []struct {
		args   []string
		stdout string
		stderr string
	}{
		{[]string{"-f", "ms", "--", "version"}, "", `ulid: argument 1: "version": invalid length 7 bytes, want 26` + "\n"},
		{[]string{"--", "inspct"}, "", `ulid: argument 1: "inspct": invalid length 6 bytes, want 26` + "\n"},
		{[]string{"--", "inspct", specULID}, specText, `ulid: argument 1: "inspct": invalid length 6 bytes, want 26` + "\n"},
		{[]string{"--json", "--", "inspect"}, "", `ulid: argument 1: "inspect": invalid length 7 bytes, want 26` + "\n"},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 1 || r.stdout != tc.stdout || r.stderr != tc.stderr {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr, tc.stdout, tc.stderr)
		}
	}
	// Before "--", the same word is still a mistyped command.
	r = runCmd(t, "", "-f", "ms", "version")
	if r.code != 2 || !strings.HasPrefix(r.stderr, `ulid: unknown command "version"`) {
		t.Errorf(`"-f ms version": exit %d, stderr %q`, r.code, r.stderr)
	}
}

// fullWriter is standard output on a full disk: every write fails, as
// one to /dev/full does. It counts the writes.
type fullWriter struct{ writes int }

func (w *fullWriter) Write([]byte) (int, error) {
	w.writes++
	return 0, syscall.ENOSPC
}

// TestWriteErrorStops checks that every mode stops at the first failed
// write, with one message and exit status 1 (see TestBinary for the real
// /dev/full).
func TestWriteErrorStops(t *testing.T) {
	// Without stopping at the first failed write the first would run for
	// hours, and the others would report every line.
	for _, tc := range []struct {
		args  []string
		stdin string
	}{
		{[]string{"-n", "1000000000000"}, ""},
		{[]string{"--time", "0", "-n", "1000000000000"}, ""},
		{[]string{"inspect"}, strings.Repeat(specULID+"\n", 100000)},
		{[]string{"convert", "--", specULID}, ""},
		{[]string{"validate"}, strings.Repeat("x\n", 100000)},
		{[]string{"-h"}, ""},
		{[]string{"--version"}, ""},
	} {
		var full fullWriter
		var stderr bytes.Buffer
		code := run(tc.args, strings.NewReader(tc.stdin), &full, &stderr)
		if code != 1 || full.writes != 1 || stderr.String() != "ulid: "+syscall.ENOSPC.Error()+"\n" {
			t.Errorf("%q to a full disk: exit %d after %d writes, stderr %q", tc.args, code, full.writes, stderr.String())
		}
	}
}

// TestFlagMessages checks that an error about a flag is the flag
// package's, which takes -time and --time alike and names a flag with one
// dash, as Go's tools do; the command's own messages spell a flag as the
// help does.
func TestFlagMessages(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--time", "x"}, `ulid: invalid value "x" for flag -time: `},
		{[]string{"-time", "x"}, `ulid: invalid value "x" for flag -time: `},
		{[]string{"--time=x"}, `ulid: invalid value "x" for flag -time: `},
		{[]string{"--n", "1e3"}, `ulid: invalid value "1e3" for flag -n: `},
		{[]string{"--nope"}, "ulid: flag provided but not defined: -nope\n"},
		{[]string{"-nope"}, "ulid: flag provided but not defined: -nope\n"},
		{[]string{"--time"}, "ulid: flag needs an argument: -time\n"},
		{[]string{"inspect", "--json=maybe", specULID}, `ulid: invalid boolean value "maybe" for -json: `},
		{[]string{"--lower", specULID}, "ulid: --lower generates; it cannot be combined with IDs to inspect\n"},
		{[]string{"-lower", specULID}, "ulid: --lower generates; it cannot be combined with IDs to inspect\n"},
		{[]string{"-strict"}, "ulid: --strict inspects IDs; give IDs, or - to read them\n"},
		{[]string{"-z", "-n", "2", specULID}, "ulid: -n generates; it cannot be combined with IDs to inspect\n"},
		// An ID after "--" that looks like a flag is an ID.
		{[]string{"-time", "x", "--", "--time"}, `ulid: invalid value "x" for flag -time: `},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 2 || !strings.HasPrefix(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a line that starts %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// parseGenerated reads line i of generated output, a ULID in form ("upper",
// "lower" or "uuid"), and fails the test unless the line is that form of
// the ULID exactly.
func parseGenerated(t *testing.T, i int, line, form string) ulid.ULID {
	t.Helper()
	var id ulid.ULID
	var err error
	var text string
	switch form {
	case "upper":
		id, err = ulid.ParseStrict(line)
		text = id.String()
	case "lower":
		id, err = ulid.ParseStrict(line)
		text = strings.ToLower(id.String())
	case "uuid":
		id, err = ulid.ParseUUID(line)
		text = id.UUIDString()
	}
	if err != nil || line != text {
		t.Fatalf("line %d %q: %v", i, line, err)
	}
	return id
}

// zoneAvailable reports whether the time zone that env names, if any, can
// be loaded here: a machine without a time zone database skips those cases.
func zoneAvailable(t *testing.T, env []string) bool {
	t.Helper()
	if !strings.Contains(strings.Join(env, ""), "Kolkata") {
		return true
	}
	if _, err := time.LoadLocation("Asia/Kolkata"); err != nil {
		t.Log("no time zone database:", err)
		return false
	}
	return true
}
