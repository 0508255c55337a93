package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/ulidgo/ulid"
)

// publicIDVectors is testdata/publicid.json, the public ID vectors shared
// with the library's, the SQL kit's and the page's tests.
type publicIDVectors struct {
	Keys []struct {
		Name, Hex, Mark string
	}
	Vectors []struct {
		Key, ULID string
		PublicID  string `json:"public_id"`
	}
	Refused []struct {
		Key, Text, Error string
		Offset           int
	}
	TypedVectors []struct {
		Key, Prefix, ULID string
		PublicID          string `json:"public_id"`
	} `json:"typed_vectors"`
	TypedRefused []struct {
		Key, Prefix, Text, Error string
		Offset                   int
	} `json:"typed_refused"`
	hex map[string]string // Keys by name
}

// readVectors reads testdata/publicid.json.
func readVectors(t *testing.T) publicIDVectors {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "publicid.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v publicIDVectors
	if err := json.Unmarshal(b, &v); err != nil || len(v.Keys) == 0 || len(v.Vectors) == 0 || len(v.Refused) == 0 {
		t.Fatalf("testdata/publicid.json: %v", err)
	}
	v.hex = map[string]string{}
	for _, k := range v.Keys {
		v.hex[k.Name] = k.Hex
	}
	return v
}

// keyFile writes text, a key file, into the test's temporary directory
// and returns its name.
func keyFile(t *testing.T, text string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(name, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return name
}

// TestMaskVectors runs the shared vectors through mask and unmask, as
// arguments and as lines of standard input: each key in a file of 32, 48 or
// 64 hex digits and nothing else, mask of the ULID and of its UUID text
// gives the public ID, unmask gives the ULID back, and with --uuid its UUID
// text, in order, one line per input.
func TestMaskVectors(t *testing.T) {
	v := readVectors(t)
	for _, k := range v.Keys {
		file := keyFile(t, k.Hex)
		var ids, uuids, publics, lower []string
		for _, vec := range v.Vectors {
			if vec.Key == k.Name {
				id := ulid.MustParse(vec.ULID)
				ids, uuids = append(ids, vec.ULID), append(uuids, id.UUIDString())
				publics, lower = append(publics, vec.PublicID), append(lower, strings.ToLower(vec.PublicID))
			}
		}
		if len(ids) == 0 {
			t.Fatalf("key %s has no vectors", k.Name)
		}
		join := func(s []string) string { return strings.Join(s, "\n") + "\n" }
		for _, tc := range []struct {
			name  string
			args  []string
			stdin string
			want  string
		}{
			{"mask arguments", append([]string{"mask", "--key-file", file}, ids...), "", join(publics)},
			{"mask stdin", []string{"mask", "--key-file", file}, join(ids), join(publics)},
			{"mask UUID text", append([]string{"mask", "--key-file=" + file}, uuids...), "", join(publics)},
			{"mask, flag after the IDs", append(append([]string{"mask"}, ids...), "--key-file", file), "", join(publics)},
			{"unmask arguments", append([]string{"unmask", "--key-file", file}, publics...), "", join(ids)},
			{"unmask stdin", []string{"unmask", "--key-file", file, "-"}, join(publics), join(ids)},
			{"unmask lower case", append([]string{"unmask", "--key-file", file}, lower...), "", join(ids)},
			{"unmask --uuid", []string{"unmask", "--uuid", "--key-file", file}, join(publics), join(uuids)},
		} {
			r := runCmd(t, tc.stdin, tc.args...)
			if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
				t.Errorf("key %s, %s: exit %d, stderr %q\nstdout %q\nwant   %q", k.Name, tc.name, r.code, r.stderr, r.stdout, tc.want)
			}
		}
	}
}

// TestUnmaskRefused checks each refusal of the shared vectors: exit status
// 1, nothing on standard output for it, and on standard error its place, its
// text and the library's own message for it, in the form convert uses. The
// accepted inputs around the refused ones are still printed, in order.
func TestUnmaskRefused(t *testing.T) {
	v := readVectors(t)
	sentinels := map[string]error{"length": ulid.ErrInvalidLength, "character": ulid.ErrInvalidCharacter, "check": ulid.ErrCheckCharacter,
		"overflow": ulid.ErrOverflow, "unknown key": ulid.ErrUnknownMaskingKey}
	for _, ref := range v.Refused {
		m, err := ulid.ParseMasker(v.hex[ref.Key])
		if err != nil {
			t.Fatal(err)
		}
		_, lerr := m.Unmask(ref.Text)
		var pe *ulid.ParseError
		if !errors.As(lerr, &pe) || !errors.Is(lerr, sentinels[ref.Error]) || pe.Offset != ref.Offset {
			t.Fatalf("%q: the library says %v, want %s at offset %d", ref.Text, lerr, ref.Error, ref.Offset)
		}
		reason := strings.TrimPrefix(lerr.Error(), "ulid: ")
		file := keyFile(t, v.hex[ref.Key])
		good := v.Vectors[0]
		if good.Key != ref.Key {
			t.Fatalf("the first vector is of key %s, not %s", good.Key, ref.Key)
		}

		r := runCmd(t, "", "unmask", "--key-file", file, good.PublicID, ref.Text, good.PublicID)
		want := "ulid: argument 2: " + strconv.Quote(ref.Text) + ": " + reason + "\n"
		if r.code != 1 || r.stdout != good.ULID+"\n"+good.ULID+"\n" || r.stderr != want {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q\nwant   %q", ref.Error, r.code, r.stdout, r.stderr, want)
		}

		r = runCmd(t, good.PublicID+"\n"+ref.Text+"\r\n", "unmask", "--key-file", file)
		want = "ulid: line 2: " + strconv.Quote(ref.Text) + ": " + reason + "\n"
		if r.code != 1 || r.stdout != good.ULID+"\n" || r.stderr != want {
			t.Errorf("%s, stdin: exit %d\nstdout %q\nstderr %q\nwant   %q", ref.Error, r.code, r.stdout, r.stderr, want)
		}
	}

	// A public ID padded as psql pads a column: the offset counts in the
	// text as given, as for IDs.
	file := keyFile(t, v.hex["k128"])
	r := runCmd(t, "", "unmask", "--key-file", file, "  3X36YT6UZA8AW0NT3GCJJ9764WCVS")
	if want := `ulid: argument 1: "  3X36YT6UZA8AW0NT3GCJJ9764WCVS": invalid public ID: character 'U' at offset 9` + "\n"; r.code != 1 || r.stdout != "" || r.stderr != want {
		t.Errorf("padded: exit %d, stdout %q, stderr %q, want %q", r.code, r.stdout, r.stderr, want)
	}

	// mask refuses what convert refuses, with convert's message.
	r = runCmd(t, "", "mask", "--key-file", file, "01ARYZ6S41TSV4RRFFQ69G5FAU", specULID)
	c := runCmd(t, "", "convert", "01ARYZ6S41TSV4RRFFQ69G5FAU")
	if r.code != 1 || r.stdout != "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n" || r.stderr != c.stderr || c.stderr == "" {
		t.Errorf("mask of a bad ULID: exit %d, stdout %q, stderr %q; convert said %q", r.code, r.stdout, r.stderr, c.stderr)
	}
}

// TestMaskBlankLines checks that mask and unmask read standard input as
// convert does: blank and white-space-only lines skipped, but counted in
// the line numbers of errors, CRLF and white space around an ID ignored.
func TestMaskBlankLines(t *testing.T) {
	file := keyFile(t, "000102030405060708090a0b0c0d0e0f\n")
	const public = "3X36YT6DZA8AW0NT3GCJJ9764WCVS"
	for _, tc := range []struct {
		cmd, stdin, stdout, stderr string
	}{
		{"mask", "\n" + specULID + "\r\n\r\n  \t\n\u00a0" + strings.ToLower(specULID) + " \n\n", public + "\n" + public + "\n", ""},
		{"mask", "\n\n01ARYZ\n" + specUUID, public + "\n", `ulid: line 3: "01ARYZ": invalid length 6 bytes, want 26` + "\n"},
		{"unmask", "\r\n \n" + public + "\r\n\n\t" + public + "\t\n", specULID + "\n" + specULID + "\n", ""},
		{"unmask", "\n\n" + specULID + "\n" + public, specULID + "\n",
			`ulid: line 3: "01ARYZ6S41TSV4RRFFQ69G5FAV": invalid public ID length 26 bytes, want 29` + "\n"},
		{"unmask", "", "", ""},
		{"unmask", "\n \n\r\n", "", ""},
	} {
		r := runCmd(t, tc.stdin, tc.cmd, "--key-file", file)
		code := 0
		if tc.stderr != "" {
			code = 1
		}
		if r.code != code || r.stdout != tc.stdout || r.stderr != tc.stderr {
			t.Errorf("%s of %q: exit %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", tc.cmd, tc.stdin, r.code, r.stdout, tc.stdout, r.stderr, tc.stderr)
		}
	}
}

// TestMaskRotation rotates keys through the key file: public IDs of the
// old key keep opening once a new key is put first, the new key masks, and
// once the old key is removed its public IDs are refused as made with an
// unknown key, not opened to another ULID.
func TestMaskRotation(t *testing.T) {
	const (
		oldKey = "000102030405060708090a0b0c0d0e0f"
		newKey = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"
	)
	ids := runCmd(t, "", "-n", "50")
	before := runCmd(t, ids.stdout, "mask", "--key-file", keyFile(t, oldKey))
	rotated := keyFile(t, "# newest first\n"+newKey+"\n"+oldKey+"   # retiring\n")
	after := runCmd(t, ids.stdout, "mask", "--key-file", rotated)
	if ids.code|before.code|after.code != 0 || len(lines(after.stdout)) != 50 {
		t.Fatalf("exits %d %d %d, stderr %q %q", ids.code, before.code, after.code, before.stderr, after.stderr)
	}
	for i, p := range lines(before.stdout) {
		if q := lines(after.stdout)[i]; !strings.HasPrefix(p, "3X") || !strings.HasPrefix(q, "WC") {
			t.Fatalf("line %d: %s with the old key, %s with the new one; want the marks 3X and WC", i+1, p, q)
		}
	}
	for _, in := range []string{before.stdout, after.stdout, before.stdout + after.stdout} {
		r := runCmd(t, in, "unmask", "--key-file", rotated)
		if want := strings.Repeat(ids.stdout, strings.Count(in, "\n")/50); r.code != 0 || r.stderr != "" || r.stdout != want {
			t.Errorf("unmask after the rotation: exit %d, stderr %q, %d lines, want the %d IDs", r.code, r.stderr, len(lines(r.stdout)), len(lines(want)))
		}
	}

	retired := keyFile(t, newKey+"\n")
	r := runCmd(t, lines(before.stdout)[0]+"\n"+lines(after.stdout)[0]+"\n", "unmask", "--key-file", retired)
	want := "ulid: line 1: " + strconv.Quote(lines(before.stdout)[0]) + ": " +
		"public ID made with another key: its key mark names none of the keys given (a wrong or retired key)\n"
	if r.code != 1 || r.stdout != lines(ids.stdout)[0]+"\n" || r.stderr != want {
		t.Errorf("unmask after retiring: exit %d, stdout %q, stderr %q, want %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestMaskRoundTrip pipes new ULIDs through mask and unmask, as a user
// would, and checks that the public IDs open with the library too.
func TestMaskRoundTrip(t *testing.T) {
	const key = "2b7e151628aed2a6abf7158809cf4f3c"
	file := keyFile(t, key)
	ids := runCmd(t, "", "-n", "20000")
	public := runCmd(t, ids.stdout, "mask", "--key-file", file)
	back := runCmd(t, public.stdout, "unmask", "--key-file", file)
	if ids.code|public.code|back.code != 0 || back.stdout != ids.stdout || public.stderr+back.stderr != "" {
		t.Fatalf("exits %d %d %d, round trip equal: %v, stderr %q", ids.code, public.code, back.code, back.stdout == ids.stdout, public.stderr+back.stderr)
	}
	m, err := ulid.ParseMasker(key)
	if err != nil {
		t.Fatal(err)
	}
	idLines := lines(ids.stdout)
	for i, p := range lines(public.stdout) {
		if id, err := m.Unmask(p); err != nil || id.String() != idLines[i] {
			t.Fatalf("line %d: the library opens %s to %v, %v; want %s", i+1, p, id, err, idLines[i])
		}
	}
}

// TestMaskKeyFileErrors checks that a bad key file, or none, ends mask and
// unmask before any output, with exit status 2, a message that names the
// file or the variable and the fault, and never shows a key.
func TestMaskKeyFileErrors(t *testing.T) {
	v := readVectors(t)
	dir := t.TempDir()
	big := keyFile(t, strings.Repeat("# comment\n", 7000)+v.hex["k128"])
	secrets := []string{v.hex["k128"], v.hex["k128b"], v.hex["k192"], "00010203", "zz0102030405060708090a0b0c0d0e0f"}
	t.Setenv(keysEnv, "") // set for the cases that need it; unset below otherwise
	for _, tc := range []struct {
		name string
		flag []string // --key-file and its value, or nothing
		env  *string  // ULID_MASK_KEYS, or nil for unset
		want string   // the message, after "ulid: "
	}{
		{name: "missing", flag: []string{"--key-file", filepath.Join(dir, "nope")},
			want: "--key-file " + strconv.Quote(filepath.Join(dir, "nope")) + ": no such file or directory"},
		{name: "a directory", flag: []string{"--key-file", dir}, want: "--key-file " + strconv.Quote(dir) + ": is a directory"},
		{name: "empty", flag: []string{"--key-file", keyFile(t, "")}, want: "invalid masking key: no key"},
		{name: "comments only", flag: []string{"--key-file", keyFile(t, "# "+v.hex["k128"]+"\n")}, want: "invalid masking key: no key"},
		{name: "not hex", flag: []string{"--key-file", keyFile(t, v.hex["k128"]+"\nzz0102030405060708090a0b0c0d0e0f\n")},
			want: ": invalid masking key: key 2 is not hex digits"},
		{name: "wrong length", flag: []string{"--key-file", keyFile(t, "00010203\n")},
			want: ": invalid masking key: key 1 is 4 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)"},
		{name: "the same mark", flag: []string{"-key-file", keyFile(t, v.hex["k128b"]+" "+v.hex["k192"])},
			want: `: invalid masking key: keys 1 and 2 have the same key mark "RB"`},
		{name: "too long", flag: []string{"--key-file=" + big}, want: "--key-file " + strconv.Quote(big) + ": more than 64 KiB, too long for a file of keys"},
		{name: "a key for a file name", flag: []string{"--key-file", v.hex["k128"]},
			want: "--key-file takes the name of a file that holds the keys, and this value looks like a key"},
		{name: "a key with 0x for a file name", flag: []string{"--key-file", "0x" + v.hex["k128"]},
			want: "--key-file takes the name of a file that holds the keys, and this value looks like a key"},
		{name: "a key and a newline for a file name", flag: []string{"--key-file", v.hex["k128"] + "\n"},
			want: "--key-file takes the name of a file that holds the keys, and this value looks like a key"},
		{name: "two keys for a file name", flag: []string{"--key-file", v.hex["k128b"] + "\n" + v.hex["k128"]},
			want: "--key-file takes the name of a file that holds the keys, and this value looks like a key"},
		{name: "keys too long for a file name", flag: []string{"--key-file", strings.Repeat(v.hex["k192"], 11)},
			want: "--key-file takes the name of a file that holds the keys, and this value looks like a key"},
		{name: "no flag, no variable", want: "no keys: give --key-file F, a file of hex keys, or set ULID_MASK_KEYS"},
		{name: "variable empty", env: new(string), want: "ULID_MASK_KEYS: invalid masking key: no key"},
		{name: "variable, the same mark", env: &[]string{v.hex["k128b"] + "\n" + v.hex["k192"]}[0],
			want: `ULID_MASK_KEYS: invalid masking key: keys 1 and 2 have the same key mark "RB"`},
		{name: "variable set, file bad", flag: []string{"--key-file", keyFile(t, "00010203")}, env: &[]string{v.hex["k128"]}[0],
			want: "invalid masking key: key 1 is 4 bytes"},
	} {
		if tc.env != nil {
			os.Setenv(keysEnv, *tc.env)
		} else {
			os.Unsetenv(keysEnv)
		}
		for _, cmd := range []string{"mask", "unmask"} {
			for _, stdin := range []string{"", specULID + "\n3X36YT6DZA8AW0NT3GCJJ9764WCVS\n"} {
				r := runCmd(t, stdin, append([]string{cmd}, tc.flag...)...)
				if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, "ulid: ") || !strings.Contains(r.stderr, tc.want) ||
					!strings.HasSuffix(r.stderr, synopsis()) {
					t.Errorf("%s, %s: exit %d, stdout %q, stderr %q; want 2 and %q", tc.name, cmd, r.code, r.stdout, r.stderr, tc.want)
				}
				for _, key := range secrets {
					if strings.Contains(strings.ToLower(r.stderr), key) {
						t.Errorf("%s, %s: the message shows a key: %q", tc.name, cmd, r.stderr)
					}
				}
			}
		}
	}
}

// TestMaskKeySources checks where the keys come from: ULID_MASK_KEYS when
// --key-file is not given, and the file when both are.
func TestMaskKeySources(t *testing.T) {
	v := readVectors(t)
	const id, with128, with256 = "01ARYZ6S41TSV4RRFFQ69G5FAV", "3X36YT6DZA8AW0NT3GCJJ9764WCVS", "WC"
	t.Setenv(keysEnv, "# from the environment\n"+v.hex["k128"])
	r := runCmd(t, "", "mask", id)
	if r.code != 0 || r.stdout != with128+"\n" {
		t.Errorf("from %s: exit %d, stdout %q, stderr %q", keysEnv, r.code, r.stdout, r.stderr)
	}
	r = runCmd(t, "", "unmask", with128)
	if r.code != 0 || r.stdout != id+"\n" {
		t.Errorf("unmask from %s: exit %d, stdout %q, stderr %q", keysEnv, r.code, r.stdout, r.stderr)
	}
	r = runCmd(t, "", "mask", "--key-file", keyFile(t, v.hex["k256"]), id)
	if r.code != 0 || !strings.HasPrefix(r.stdout, with256) || len(r.stdout) != 30 {
		t.Errorf("--key-file and %s: exit %d, stdout %q, stderr %q; want the file's key, mark WC", keysEnv, r.code, r.stdout, r.stderr)
	}
}

// TestMaskBinary runs the built command for the exit statuses a process
// ends with, the keys coming from the environment.
func TestMaskBinary(t *testing.T) {
	env := []string{keysEnv + "=000102030405060708090a0b0c0d0e0f"}
	for _, tc := range []struct {
		args           []string
		stdin          string
		code           int
		stdout, stderr string
	}{
		{[]string{"mask"}, specULID + "\n\n" + specUUID + "\n", 0, "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n3X36YT6DZA8AW0NT3GCJJ9764WCVS\n", ""},
		{[]string{"unmask", "--uuid"}, "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n3X36YT6DZA8AW0NT3GCJJ9764WCVT\n", 1, specUUID + "\n",
			`ulid: line 2: "3X36YT6DZA8AW0NT3GCJJ9764WCVT": public ID check character 'T' at offset 28 does not match: a character is mistyped, or two are swapped` + "\n"},
		{[]string{"unmask", "--key-file", "/nonexistent/keys"}, "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n", 2, "",
			`ulid: --key-file "/nonexistent/keys": no such file or directory` + "\n" + synopsis()},
	} {
		r := runEnv(t, tc.stdin, env, tc.args...)
		if r.code != tc.code || r.stdout != tc.stdout || r.stderr != tc.stderr {
			t.Errorf("%q: exit %d, want %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", tc.args, r.code, tc.code, r.stdout, tc.stdout, r.stderr, tc.stderr)
		}
	}
}

// TestMaskMisuse checks the flags of mask and unmask: each takes only its
// own, exit status 2, and -h prints the help.
func TestMaskMisuse(t *testing.T) {
	file := keyFile(t, "000102030405060708090a0b0c0d0e0f")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"mask", "--key-file", file, "--uuid", specULID}, "flag provided but not defined: -uuid"},
		{[]string{"unmask", "--key-file", file, "--strict"}, "flag provided but not defined: -strict"},
		{[]string{"unmask", "--key", "000102030405060708090a0b0c0d0e0f"}, "flag provided but not defined: -key\n"},
		{[]string{"mask", "--key-file"}, "flag needs an argument: -key-file"},
		{[]string{"--key-file", file, "mask"}, "flag provided but not defined: -key-file"},
		{[]string{"--json", "unmask"}, `the command "unmask" must come first, before any flag`},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tc.want) || !strings.HasSuffix(r.stderr, synopsis()) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", tc.args, r.code, r.stdout, r.stderr)
		}
	}
	for _, args := range [][]string{{"mask", "-h"}, {"unmask", "--help"}} {
		if r := runCmd(t, "", args...); r.code != 0 || r.stdout != help() {
			t.Errorf("%q: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	for _, want := range []string{"ulid mask [--key-file F]", "ulid unmask [--key-file F] [--type T] [--uuid] [PUBLIC...]", "ULID_MASK_KEYS", "check character"} {
		if !strings.Contains(help(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// TestMaskWriteError checks that mask and unmask stop at the first failed
// write, as the other modes do (TestWriteErrorStops).
func TestMaskWriteError(t *testing.T) {
	file := keyFile(t, "000102030405060708090a0b0c0d0e0f")
	for _, tc := range []struct {
		cmd, line string
	}{
		{"mask", specULID},
		{"unmask", "3X36YT6DZA8AW0NT3GCJJ9764WCVS"},
	} {
		var full fullWriter
		var stderr bytes.Buffer
		code := run([]string{tc.cmd, "--key-file", file}, strings.NewReader(strings.Repeat(tc.line+"\n", 100000)), &full, &stderr)
		if code != 1 || full.writes != 1 || stderr.String() != "ulid: "+syscall.ENOSPC.Error()+"\n" {
			t.Errorf("%s to a full disk: exit %d after %d writes, stderr %q", tc.cmd, code, full.writes, stderr.String())
		}
	}
}

// TestPublicIDHint checks that a public ID given where an ID goes, to
// inspect, validate, convert or mask, is refused with the length error and
// a hint that it looks like one, or a mistyped one, and that other text of
// its length is not.
func TestPublicIDHint(t *testing.T) {
	const public = "3X36YT6DZA8AW0NT3GCJJ9764WCVS"
	const hint = " (this looks like a public ID: unmask it with its key)"
	file := keyFile(t, "000102030405060708090a0b0c0d0e0f")
	for _, tc := range []struct {
		in   string
		want string // the message after the quoted text
	}{
		{public, "invalid length 29 bytes, want 26" + hint},
		{"  " + strings.ToLower(public), "invalid length 29 bytes, want 26" + hint},
		{"WC0JRP5XSD82MGNKBEF7E8HDC6EDH", "invalid length 29 bytes, want 26" + hint}, // another key's
		// A typo that the check character catches: a mistyped public ID.
		{"3X36YT6DZAAAW0NT3GCJJ9764WCVS", "invalid length 29 bytes, want 26 (this looks like a mistyped public ID: its check character does not match)"},
		// An overflow, an alias or another length: not the form.
		{"3X86YT6DZA8AW0NT3GCJJ9764WCVC", "invalid length 29 bytes, want 26"},
		{"3X36YT6DZA8AW0NT3GCJJ9764WCVSS", "invalid length 30 bytes, want 26"},
		{specULID + "XXX", "invalid length 29 bytes, want 26"},
	} {
		for _, args := range [][]string{{"inspect"}, {"validate"}, {"convert"}, {"mask", "--key-file", file}, {}} {
			r := runCmd(t, "", append(args, "--", tc.in)...)
			msg := r.stderr
			if len(args) > 0 && args[0] == "validate" {
				msg = r.stdout
			} else {
				msg = strings.TrimPrefix(msg, "ulid: ")
			}
			if want := "argument 1: " + strconv.Quote(tc.in) + ": " + tc.want + "\n"; r.code != 1 || msg != want {
				t.Errorf("%q %q: exit %d, message %q, want %q", args, tc.in, r.code, msg, want)
			}
		}
	}
}

// TestMaskCLIDoc runs the examples of docs/cli.md's section on mask and
// unmask, in process, and checks their output to the byte.
func TestMaskCLIDoc(t *testing.T) {
	dir := t.TempDir()
	keys := filepath.Join(dir, "keys")
	badKeys := filepath.Join(dir, "bad-keys")
	if err := os.WriteFile(keys, []byte("# public ID keys, newest first\n000102030405060708090a0b0c0d0e0f\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(badKeys, []byte("000102030405060708090a0b0c0d0e0f\nnot-a-key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	const public = "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n3X36YT6DZAAAW0NT3GCJJ9764WCVS\n" +
		"WC0JRP5XSD82MGNKBEF7E8HDC6EDH\n01ARYZ6S41TSV4RRFFQ69G5FAV\n3X36YT6UZA8AW0NT3GCJJ9764WCVS\n"
	for _, tc := range []struct {
		args           []string
		stdin          string
		code           int
		stdout, stderr string
	}{
		{args: []string{"mask", "--key-file", keys, specULID, specUUID},
			stdout: "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n3X36YT6DZA8AW0NT3GCJJ9764WCVS\n"},
		{args: []string{"unmask", "--key-file", keys, "3X36YT6DZA8AW0NT3GCJJ9764WCVS"}, stdout: specULID + "\n"},
		{args: []string{"unmask", "--key-file", keys, "--uuid", "3x36yt6dza8aw0nt3gcjj9764wcvs"}, stdout: specUUID + "\n"},
		{args: []string{"mask", "--key-file", badKeys, specULID}, code: 2,
			stderr: `ulid: --key-file "` + badKeys + `": invalid masking key: key 2 is not hex digits` + "\n" + synopsis()},
		{args: []string{"mask", "--key-file", "000102030405060708090a0b0c0d0e0f", specULID}, code: 2,
			stderr: "ulid: --key-file takes the name of a file that holds the keys, and this value looks like a key: " +
				"write the key into a file only you can read, as a key on the command line is seen by ps and kept in shell history\n" + synopsis()},
		{args: []string{"unmask", "--key-file", keys}, stdin: public, code: 1, stdout: specULID + "\n",
			stderr: `ulid: line 2: "3X36YT6DZAAAW0NT3GCJJ9764WCVS": public ID check character 'S' at offset 28 does not match: a character is mistyped, or two are swapped` + "\n" +
				`ulid: line 3: "WC0JRP5XSD82MGNKBEF7E8HDC6EDH": public ID made with another key: its key mark names none of the keys given (a wrong or retired key)` + "\n" +
				`ulid: line 4: "01ARYZ6S41TSV4RRFFQ69G5FAV": invalid public ID length 26 bytes, want 29` + "\n" +
				`ulid: line 5: "3X36YT6UZA8AW0NT3GCJJ9764WCVS": invalid public ID: character 'U' at offset 7` + "\n"},
		{args: []string{"3X36YT6DZA8AW0NT3GCJJ9764WCVS"}, code: 1,
			stderr: `ulid: argument 1: "3X36YT6DZA8AW0NT3GCJJ9764WCVS": invalid length 29 bytes, want 26 (this looks like a public ID: unmask it with its key)` + "\n"},
		{args: []string{"validate", "3X36YT6DZAAAW0NT3GCJJ9764WCVS"}, code: 1,
			stdout: `argument 1: "3X36YT6DZAAAW0NT3GCJJ9764WCVS": invalid length 29 bytes, want 26 (this looks like a mistyped public ID: its check character does not match)` + "\n",
			stderr: "ulid: 1 of 1 IDs invalid\n"},
	} {
		r := runCmd(t, tc.stdin, tc.args...)
		if r.code != tc.code || r.stdout != tc.stdout || r.stderr != tc.stderr {
			t.Errorf("%q: exit %d, want %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", tc.args, r.code, tc.code, r.stdout, tc.stdout, r.stderr, tc.stderr)
		}
	}
}

// TestMaskKeyPipe checks the key file docs/cli.md suggests for a secrets
// manager, --key-file <(command): a pipe, which the built command reads as
// /dev/fd/3.
func TestMaskKeyPipe(t *testing.T) {
	if _, err := os.Stat("/dev/fd/0"); err != nil {
		t.Skip("no /dev/fd:", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		w.WriteString("# from a pipe\n000102030405060708090a0b0c0d0e0f\n")
		w.Close()
	}()
	cmd := command(t, "mask", "--key-file", "/dev/fd/3", specULID)
	cmd.ExtraFiles = []*os.File{r}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.String() != "3X36YT6DZA8AW0NT3GCJJ9764WCVS\n" || stderr.Len() != 0 {
		t.Errorf("%v, stdout %q, stderr %q", err, stdout.String(), stderr.String())
	}
}
