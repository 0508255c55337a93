package main

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

// specTypeID is specULID as TypeID text of the prefix user.
const specTypeID = "user_01aryz6s41tsv4rrffq69g5fav"

// TestGenerateTypeID checks ulid --typeid: -n 1000 lines of TypeID text of
// the prefix, each read back by ulid.ParseTypeID as a valid UUIDv7 greater
// than the one before, so within a millisecond too; and at a time with -z,
// the values docs/cli.md shows.
func TestGenerateTypeID(t *testing.T) {
	r := runCmd(t, "", "--typeid", "user", "-n", "1000")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || r.stderr != "" || len(lines) != 1000 {
		t.Fatalf("exit %d, stderr %q, %d lines; want 1000", r.code, r.stderr, len(lines))
	}
	var prev ulid.ULID
	sameMS := 0
	for i, line := range lines {
		prefix, id, err := ulid.ParseTypeID(line)
		if err != nil || prefix != "user" || !id.IsUUIDv7() || i > 0 && id.Compare(prev) <= 0 {
			t.Fatalf("line %d %q: prefix %q, %v, v7 %v, after %v", i+1, line, prefix, err, id.IsUUIDv7(), prev)
		}
		if i > 0 && id.Timestamp() == prev.Timestamp() {
			sameMS++
		}
		if b, _ := ulid.AppendTypeID(nil, prefix, id); string(b) != line {
			t.Errorf("line %d %q: AppendTypeID gives %q", i+1, line, b)
		}
		prev = id
	}
	if sameMS == 0 {
		t.Errorf("no two of 1000 TypeIDs in one millisecond: the order within one is untested")
	}
	r = runCmd(t, "", "--typeid", "user", "--time", "2026-06-23T10:30:00Z", "-z", "-n", "2")
	if want := "user_01kvt0f720e008000000000000\nuser_01kvt0f720e008000000000001\n"; r.code != 0 || r.stdout != want {
		t.Errorf("--typeid user -z: exit %d, stdout %q, stderr %q; want %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestTypeIDMisuse checks the refusals of a bad prefix and of flags that
// --typeid excludes: exit 2, with the message and the synopsis.
func TestTypeIDMisuse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--typeid", "User"}, `invalid value "User" for flag -typeid: invalid TypeID prefix: character 'U' at offset 0, want 'a' to 'z', or '_' between letters`},
		{[]string{"--typeid", "user_"}, `invalid value "user_" for flag -typeid: invalid TypeID prefix: character '_' at offset 4, want 'a' to 'z', or '_' between letters`},
		{[]string{"--typeid", strings.Repeat("a", 64)}, `invalid value "` + strings.Repeat("a", 40) + `"... for flag -typeid: invalid TypeID prefix: character 'a' at offset 63, want a prefix of at most 63 characters`},
		{[]string{"convert", "--typeid=", specULID}, `invalid value "" for flag -typeid: want a TypeID prefix, such as user: 'a' to 'z', or '_' between letters`},
		{[]string{"mask", "--type", "1user", specULID}, `invalid value "1user" for flag -type: invalid TypeID prefix: character '1' at offset 0, want 'a' to 'z', or '_' between letters`},
		{[]string{"--typeid", "user", "--uuid"}, "--typeid cannot be combined with --uuid, --json or -f: it prints TypeID text"},
		{[]string{"--typeid", "user", "-f", "ms"}, "--typeid cannot be combined with --uuid, --json or -f: it prints TypeID text"},
		{[]string{"--typeid", "user", specULID}, "--typeid generates; it cannot be combined with IDs to inspect"},
	} {
		r := runCmd(t, "", tc.args...)
		if want := "ulid: " + tc.msg + "\n" + synopsis(); r.code != 2 || r.stdout != "" || r.stderr != want {
			t.Errorf("%q: exit %d, stderr %q; want 2, %q", tc.args, r.code, r.stderr, want)
		}
	}
}

// TestTypeIDRoundTrip converts 200 new ULIDs to TypeID text and back to
// UUID text, and checks each against the library's forms of the same ID.
func TestTypeIDRoundTrip(t *testing.T) {
	ulids := runCmd(t, "", "-n", "200").stdout
	typeids := runCmd(t, ulids, "convert", "--typeid", "order").stdout
	uuids := runCmd(t, typeids, "convert").stdout
	want := strings.Fields(ulids)
	got, back := strings.Fields(typeids), strings.Fields(uuids)
	if len(want) != 200 || len(got) != 200 || len(back) != 200 {
		t.Fatalf("%d ULIDs, %d TypeIDs, %d UUIDs; want 200 of each", len(want), len(got), len(back))
	}
	for i, s := range want {
		id := ulid.MustParse(s)
		prefix, tid, err := ulid.ParseTypeID(got[i])
		if err != nil || prefix != "order" || tid != id || back[i] != id.UUIDString() {
			t.Errorf("%s: TypeID %q (%q %v %v), UUID %q; want %s", s, got[i], prefix, tid, err, back[i], id.UUIDString())
		}
	}
}

// TestTypedPublicIDVectors runs the typed vectors of testdata/publicid.json
// through mask --type and unmask --type, and checks that unmask --type
// refuses its refused texts with the library's error, offset and all.
func TestTypedPublicIDVectors(t *testing.T) {
	v := readVectors(t)
	if len(v.TypedVectors) == 0 || len(v.TypedRefused) == 0 {
		t.Fatal("testdata/publicid.json has no typed vectors")
	}
	for _, tc := range v.TypedVectors {
		keys := keyFile(t, v.hex[tc.Key])
		if r := runCmd(t, "", "mask", "--key-file", keys, "--type", tc.Prefix, tc.ULID); r.code != 0 || r.stdout != tc.PublicID+"\n" {
			t.Errorf("mask --type %s %s: exit %d, %q %q; want %s", tc.Prefix, tc.ULID, r.code, r.stdout, r.stderr, tc.PublicID)
		}
		if r := runCmd(t, "", "unmask", "--key-file", keys, "--type", tc.Prefix, strings.ToUpper(tc.PublicID[:len(tc.Prefix)+1])+tc.PublicID[len(tc.Prefix)+1:]); r.code != 1 || r.stdout != "" {
			t.Errorf("unmask --type %s of an upper-case prefix: exit %d; want 1", tc.Prefix, r.code)
		}
		if r := runCmd(t, "", "unmask", "--key-file", keys, "--type", tc.Prefix, tc.PublicID); r.code != 0 || r.stdout != tc.ULID+"\n" {
			t.Errorf("unmask --type %s %s: exit %d, %q %q; want %s", tc.Prefix, tc.PublicID, r.code, r.stdout, r.stderr, tc.ULID)
		}
	}
	for _, tc := range v.TypedRefused {
		m, err := ulid.ParseMasker(v.hex[tc.Key])
		if err == nil {
			m, err = m.Typed(tc.Prefix)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, uerr := m.Unmask(tc.Text)
		var pe *ulid.ParseError
		if !errors.As(uerr, &pe) || pe.Offset != tc.Offset {
			t.Fatalf("%s: library error %v, want offset %d", tc.Text, uerr, tc.Offset)
		}
		r := runCmd(t, "", "unmask", "--key-file", keyFile(t, v.hex[tc.Key]), "--type", tc.Prefix, "--", tc.Text)
		if want := "ulid: argument 1: " + strconv.Quote(tc.Text) + ": " + strings.TrimPrefix(uerr.Error(), "ulid: "); r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, want) {
			t.Errorf("unmask --type %s %q: exit %d, stderr %q; want 1, %q", tc.Prefix, tc.Text, r.code, r.stderr, want)
		}
	}
}

// TestTypeIDCLIDoc runs the examples of docs/cli.md on TypeIDs and typed
// public IDs that print no new ID, in process, and checks their output to
// the byte.
func TestTypeIDCLIDoc(t *testing.T) {
	keys := keyFile(t, "# public ID keys, newest first\n000102030405060708090a0b0c0d0e0f\n")
	inspect := "prefix   user\n" + strings.Join([]string{"ulid     " + specULID, "time     " + specTime, "unix_ms  1469918176385",
		"entropy  d6764c61efb99302bd5b", "uuid     " + specUUID, "uuidv7   false"}, "\n") + "\n"
	for _, tc := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{args: []string{specTypeID}, stdout: inspect},
		{args: []string{"--json", specTypeID}, stdout: `{"prefix":"user","ulid":"01ARYZ6S41TSV4RRFFQ69G5FAV","time":"2016-07-30T22:36:16.385Z",` +
			`"unix_ms":1469918176385,"entropy":"d6764c61efb99302bd5b","uuid":"01563df3-6481-d676-4c61-efb99302bd5b","uuidv7":false}` + "\n"},
		{args: []string{"convert", specTypeID}, stdout: specUUID + "\n"},
		{args: []string{"convert", "--typeid", "user", specUUID, specULID}, stdout: specTypeID + "\n" + specTypeID + "\n"},
		{args: []string{"convert", "--typeid", "user", "order_01aryz6s41tsv4rrffq69g5fav"}, code: 1,
			stderr: `ulid: argument 1: "order_01aryz6s41tsv4rrffq69g5fav": invalid TypeID: character 'o' at offset 0, want the prefix "user_"` + "\n"},
		{args: []string{"mask", "--key-file", keys, "--type", "user", specULID}, stdout: "user_yz4g5ym28fg1qptxha7hbqfjzf496\n"},
		{args: []string{"unmask", "--key-file", keys, "--type", "user", "user_yz4g5ym28fg1qptxha7hbqfjzf496"}, stdout: specULID + "\n"},
		{args: []string{"unmask", "--key-file", keys, "--type", "user", "order_va3xj8yjvprrpzzw4pn06hgfb5vx5", "3X36YT6DZA8AW0NT3GCJJ9764WCVS"}, code: 1,
			stderr: `ulid: argument 1: "order_va3xj8yjvprrpzzw4pn06hgfb5vx5": typed public ID of another type, want the prefix "user_" (this looks like a typed public ID: unmask it with its key and the type "order")` + "\n" +
				`ulid: argument 2: "3X36YT6DZA8AW0NT3GCJJ9764WCVS": typed public ID of another type, want the prefix "user_" (this looks like a public ID without a type: unmask it with its key and no type)` + "\n"},
		{args: []string{"unmask", "--key-file", keys, "user_yz4g5ym28fg1qptxha7hbqfjzf496"}, code: 1,
			stderr: `ulid: argument 1: "user_yz4g5ym28fg1qptxha7hbqfjzf496": invalid public ID length 34 bytes, want 29 (this looks like a typed public ID: unmask it with its key and the type "user")` + "\n"},
		{args: []string{"user_yz4g5ym28fg1qptxha7hbqfjzf496"}, code: 1,
			stderr: `ulid: argument 1: "user_yz4g5ym28fg1qptxha7hbqfjzf496": invalid TypeID length 34 bytes, want 31: the prefix, '_' and 26 characters (this looks like a typed public ID: unmask it with its key and the type "user")` + "\n"},
		{args: []string{"mask", "--key-file", keys, "--type", "order", specTypeID}, code: 1,
			stderr: `ulid: argument 1: "user_01aryz6s41tsv4rrffq69g5fav": invalid TypeID: character 'u' at offset 0, want the prefix "order_"` + "\n"},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != tc.code || r.stdout != tc.stdout || r.stderr != tc.stderr {
			t.Errorf("%q: exit %d, want %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q", tc.args, r.code, tc.code, r.stdout, tc.stdout, r.stderr, tc.stderr)
		}
	}
}
