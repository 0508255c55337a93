package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

// publicIDFile is the shared file of public ID vectors, which the ulid
// package's tests, the SQL kit's and the page's read too.
var publicIDFile = filepath.Join("..", "..", "testdata", "publicid.json")

// publicIDVectors is testdata/publicid.json: keys by name, with their marks;
// ULIDs and their public IDs; and text that unmasking must refuse.
type publicIDVectors struct {
	Keys []struct {
		Name, Hex, Mark string
	}
	Vectors []struct {
		Key, ULID, Block string
		PublicID         string `json:"public_id"`
	}
	Refused []struct {
		Key, Text, Error, Note string
		Offset                 int
	}
	hex, mark map[string]string // by key name
}

// readPublicIDs reads the JSON file at name, which the test fails without.
func readPublicIDs(t *testing.T, name string) *publicIDVectors {
	t.Helper()
	data, err := os.ReadFile(name)
	var f publicIDVectors
	if err == nil {
		err = json.Unmarshal(data, &f)
	}
	if err != nil || len(f.Keys) == 0 || len(f.Vectors) == 0 || len(f.Refused) == 0 {
		t.Fatalf("%s: %v (%d keys, %d vectors, %d refused)", name, err, len(f.Keys), len(f.Vectors), len(f.Refused))
	}
	f.hex, f.mark = map[string]string{}, map[string]string{}
	for _, k := range f.Keys {
		f.hex[k.Name], f.mark[k.Name] = k.Hex, k.Mark
	}
	return &f
}

// TestMaskVectors masks and unmasks the vectors of testdata/publicid.json
// as the page does, with the key as typed into the key field: in hex, in
// either case, alone or in a key file's form.
func TestMaskVectors(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	for _, k := range f.Keys {
		for _, keys := range []string{k.Hex, strings.ToUpper(k.Hex), "# the key\n" + k.Hex + "  # newest\n"} {
			marks, err := keyMarks(keys)
			if want := "masks with " + k.Mark + ", unmasks " + k.Mark; err != nil || marks != want {
				t.Errorf("keyMarks(%s) = %q, %v; want %q", k.Name, marks, err, want)
			}
		}
	}
	for _, v := range f.Vectors {
		keys := f.hex[v.Key]
		id := ulid.MustParse(v.ULID)
		for _, in := range []string{v.ULID, strings.ToLower(v.ULID), " " + v.ULID + "\n", id.UUIDString(), "urn:uuid:" + id.UUIDString()} {
			r, err := mask(keys, in)
			if err != nil || r.Problem != nil || r.PublicID != v.PublicID || r.ULID != v.ULID ||
				r.UUIDText != strings.Contains(in, "-") {
				t.Errorf("mask(%s, %q) = %+v, %v; want %s", v.Key, in, r, err, v.PublicID)
			}
		}
		for _, in := range []string{v.PublicID, strings.ToLower(v.PublicID), "\u00a0" + v.PublicID + " \r\n"} {
			r, err := unmask(keys, in)
			if err != nil || r.Problem != nil || r.ULID != v.ULID || r.UUID != id.UUIDString() ||
				r.UTC != ulid.MustParse(v.ULID).Time().UTC().Format("2006-01-02T15:04:05.000Z") ||
				r.PublicID != v.PublicID || r.Mark != f.mark[v.Key] {
				t.Errorf("unmask(%s, %q) = %+v, %v; want %s", v.Key, in, r, err, v.ULID)
			}
			if got := r.fields(); got["ok"] != true || got["ulid"] != v.ULID || got["mark"] != f.mark[v.Key] {
				t.Errorf("unmask(%s, %q).fields() = %v", v.Key, in, got)
			}
		}
	}
}

// refusalKinds are the page's names of the refusals that
// testdata/publicid.json names.
var refusalKinds = map[string]string{
	"length": "length", "character": "character", "check": "check", "overflow": "overflow", "unknown key": "key",
}

// TestUnmaskRefused checks that every refusal of testdata/publicid.json is
// one on the page, with the library's message and its kind and offset, and
// the offset counted in the text as given when white space comes first.
func TestUnmaskRefused(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	for _, tc := range f.Refused {
		kind, known := refusalKinds[tc.Error]
		if !known {
			t.Fatalf("%s: unknown error %q", tc.Text, tc.Error)
		}
		m, err := ulid.ParseMasker(f.hex[tc.Key])
		if err != nil {
			t.Fatal(err)
		}
		_, libErr := m.Unmask(tc.Text)
		if libErr == nil {
			t.Fatalf("the library opens %q (%s)", tc.Text, tc.Note)
		}
		for _, lead := range []string{"", "\u00a0\t"} {
			in := lead + tc.Text + " "
			r, err := unmask(f.hex[tc.Key], in)
			if err != nil || r.Problem == nil {
				t.Errorf("unmask(%q) = %+v, %v; want a %s problem (%s)", in, r, err, tc.Error, tc.Note)
				continue
			}
			p := r.Problem
			wantOffset, wantIndex, wantChar := tc.Offset, tc.Offset, ""
			if tc.Offset >= 0 {
				wantOffset += len(lead)
				wantIndex += len([]rune(lead))
				wantChar = tc.Text[tc.Offset : tc.Offset+1]
			}
			wantMessage := strings.TrimPrefix(libErr.Error(), "ulid: ")
			if tc.Offset > 0 {
				wantMessage = strings.Replace(wantMessage, fmt.Sprintf("at offset %d", tc.Offset), fmt.Sprintf("at offset %d", wantOffset), 1)
			}
			if p.Kind != kind || p.Offset != wantOffset || p.Index != wantIndex || p.Char != wantChar ||
				p.Message != wantMessage || p.Length != len(tc.Text) {
				t.Errorf("unmask(%q) problem = %+v; want kind %s, offset %d, index %d, char %q, message %q (%s)",
					in, *p, kind, wantOffset, wantIndex, wantChar, wantMessage, tc.Note)
			}
			if r.ULID != "" || r.fields()["ok"] != false {
				t.Errorf("unmask(%q) refused and yet gave %+v", in, r)
			}
			if tc.Error == "unknown key" && r.Mark != tc.Text[:2] {
				t.Errorf("unmask(%q).Mark = %q, want %q", in, r.Mark, tc.Text[:2])
			}
		}
	}
}

// TestMaskRotation checks several keys in the key field, newest first, as
// in a key file: the first masks, every one unmasks, and a public ID of a
// key that is not there is refused, never opened with another key.
func TestMaskRotation(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	keys := "# newest first\n" + f.hex["k256"] + "\n" + f.hex["k128"] + " # retired soon\n"
	if marks, err := keyMarks(keys); err != nil || marks != "masks with WC, unmasks WC 3X" {
		t.Errorf("keyMarks = %q, %v", marks, err)
	}
	opened := 0
	for _, v := range f.Vectors {
		if v.Key == "k256" {
			if r, err := mask(keys, v.ULID); err != nil || r.PublicID != v.PublicID {
				t.Errorf("mask(%s) with k256 first = %+v, %v; want %s", v.ULID, r, err, v.PublicID)
			}
		}
		r, err := unmask(keys, v.PublicID)
		switch {
		case err != nil:
			t.Fatal(err)
		case v.Key == "k256" || v.Key == "k128":
			if r.Problem != nil || r.ULID != v.ULID {
				t.Errorf("unmask(%s) of %s = %+v, want %s", v.PublicID, v.Key, r, v.ULID)
			}
			opened++
		default:
			if r.Problem == nil || r.Problem.Kind != "key" || r.Problem.Offset != 0 || r.Mark != "RB" {
				t.Errorf("unmask(%s) of %s, a key not given = %+v, %+v; want a key problem", v.PublicID, v.Key, r, r.Problem)
			}
		}
	}
	if opened != 12 {
		t.Errorf("%d public IDs of k256 and k128 opened, want 12", opened)
	}
}

// TestMaskKeysRefused checks the key field's errors: the library's message,
// without "ulid: ", as an error of the field "keys" that never shows a key;
// and that no ID is masked or opened with keys that are refused.
func TestMaskKeysRefused(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	k128 := f.hex["k128"]
	for _, tc := range []struct{ keys, message string }{
		{"", "invalid masking key: no key"},
		{" \n# only a comment\n", "invalid masking key: no key"},
		{k128[:30], "invalid masking key: key 1 is 15 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)"},
		{k128 + "00", "invalid masking key: key 1 is 17 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)"},
		{k128[:31], "invalid masking key: key 1 is 31 hex digits, want 32, 48 or 64"},
		{k128[:31] + "g", "invalid masking key: key 1 is not hex digits"},
		{k128 + "\n" + k128[:30] + "zz", "invalid masking key: key 2 is not hex digits"},
		// Two keys with one mark, RB: pasted as one 64-digit key they
		// would be a valid AES-256 key, which is why lines must stay apart.
		{f.hex["k128b"] + "\n" + f.hex["k192"], `invalid masking key: keys 1 and 2 have the same key mark "RB" (the same key twice, or a 1-in-1024 chance: make another key)`},
		{k128 + " " + k128, `invalid masking key: keys 1 and 2 have the same key mark "3X" (the same key twice, or a 1-in-1024 chance: make another key)`},
	} {
		check := func(what string, err error) {
			t.Helper()
			var fe *fieldError
			if !errors.As(err, &fe) || fe.Field != "keys" || fe.Err.Error() != tc.message {
				t.Errorf("%s with keys %q: %v; want keys: %s", what, tc.keys, err, tc.message)
				return
			}
			if e, _ := failure(err)["error"].(map[string]any); e["field"] != "keys" || e["message"] != tc.message {
				t.Errorf("failure(%v) = %v", err, e)
			}
			for key := range strings.FieldsSeq(tc.keys) {
				if len(key) > 4 && strings.Contains(strings.ToLower(err.Error()), strings.ToLower(key)) {
					t.Errorf("%s: the error shows a key: %v", what, err)
				}
			}
		}
		marks, err := keyMarks(tc.keys)
		if marks != "" {
			t.Errorf("keyMarks(%q) = %q", tc.keys, marks)
		}
		check("keyMarks", err)
		r, err := mask(tc.keys, f.Vectors[0].ULID)
		if r != nil {
			t.Errorf("mask with keys %q = %+v", tc.keys, r)
		}
		check("mask", err)
		u, err := unmask(tc.keys, f.Vectors[0].PublicID)
		if u != nil {
			t.Errorf("unmask with keys %q = %+v", tc.keys, u)
		}
		check("unmask", err)
	}
}

// TestMaskInputProblems checks that mask reads its input as Decode and
// Convert do, with their errors; a public ID is not masked again.
func TestMaskInputProblems(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	for _, tc := range []struct {
		input, kind, message string
		offset               int
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", "character", "invalid character 'U' at offset 25", 25},
		{" 01ARYZ6S41TSV4RRFFQ69G5FA", "length", "invalid length 25 bytes, want 26", -1},
		{"80000000000000000000000000", "overflow", "first character '8' is above '7': value overflows 128 bits", 0},
		{f.Vectors[0].PublicID, "length", "invalid length 29 bytes, want 26 (this looks like a public ID: unmask it with its key)", -1},
		{"01563df3-6481-d676-4c61-efb99302bd5x", "character", "invalid UUID text: character 'x' at offset 35, want a hex digit", 35},
	} {
		r, err := mask(f.hex["k128"], tc.input)
		if err != nil || r.Problem == nil || r.Problem.Kind != tc.kind || r.Problem.Message != tc.message || r.Problem.Offset != tc.offset {
			t.Errorf("mask(%q) = %+v, %v; want a %s problem %q at %d", tc.input, r, err, tc.kind, tc.message, tc.offset)
			continue
		}
		if got := r.fields(); got["ok"] != false || got["publicID"] != nil {
			t.Errorf("mask(%q).fields() = %v", tc.input, got)
		}
	}
	if r, _ := mask(f.hex["k128"], ""); r.Problem == nil || r.Problem.Kind != "length" {
		t.Errorf("mask of nothing = %+v", r)
	}
}

// TestPublicIDShape checks what the Decode tab learns of text that is not
// an ID: every public ID of the vectors looks like one, with its mark and a
// matching check character, in either case and with white space around
// it; a typo that the check catches still looks like one, without it; and
// no ULID, UUID text or other text does. Decode itself refuses every
// public ID, so none is ever shown with a time.
func TestPublicIDShape(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	for _, v := range f.Vectors {
		for _, in := range []string{v.PublicID, strings.ToLower(v.PublicID), " " + v.PublicID + "\n"} {
			if s := publicIDShape(in); s != (publicShape{PublicID: true, Check: true, Mark: f.mark[v.Key]}) {
				t.Errorf("publicIDShape(%q) = %+v", in, s)
			}
			if d := decode(in); d.Problem == nil || d.Problem.Kind != "length" {
				t.Errorf("decode(%q), a public ID, = %+v; want a length problem", in, d)
			}
		}
	}
	for _, tc := range f.Refused {
		s := publicIDShape(tc.Text)
		var want publicShape
		switch tc.Error {
		case "check", "overflow":
			want = publicShape{PublicID: true, Mark: tc.Text[:2]}
		case "unknown key":
			want = publicShape{PublicID: true, Check: true, Mark: tc.Text[:2]}
		}
		if s != want {
			t.Errorf("publicIDShape(%q), %s = %+v, want %+v", tc.Text, tc.Note, s, want)
		}
	}
	for _, in := range append([]string{"", "3X36YT6DZA8AW0NT3GCJJ9764WCVS ·", "3X36YT6DZA8AW0NT3GCJJ9764WC-S", "3X36YT6DZA8AW0NT3GCJJ9764WCV S"},
		vectors[0].text, vectors[0].uuid, strings.ReplaceAll(vectors[0].uuid, "-", "")) {
		if s := publicIDShape(in); s != (publicShape{}) {
			t.Errorf("publicIDShape(%q) = %+v, want nothing", in, s)
		}
	}
	if got := publicIDShape(f.Vectors[0].PublicID).fields(); got["publicID"] != true || got["check"] != true || got["mark"] != "3X" {
		t.Errorf("fields() = %v", got)
	}
}

// TestPublicIDSignatures checks the arguments of the Public IDs tab's
// functions, as TestSignatures does the others'.
func TestPublicIDSignatures(t *testing.T) {
	for _, tc := range []struct {
		sig   signature
		types []string
		err   string
	}{
		{keysSig, []string{"string"}, ""},
		{keysSig, []string{"number"}, "keys(keys string): keys must be a string, not a number"},
		{maskSig, []string{"string", "string"}, ""},
		{maskSig, []string{"string"}, "mask(keys string, text string) takes 2 arguments, not 1"},
		{maskSig, []string{"undefined", "string"}, "mask(keys string, text string): keys must be a string, not undefined"},
		{unmaskSig, []string{"string", "object"}, "unmask(keys string, text string): text must be a string, not an object"},
		{publicIDShapeSig, []string{"string"}, ""},
		{publicIDShapeSig, []string{"string", "string"}, "publicIDShape(text string) takes 1 argument, not 2"},
	} {
		err := tc.sig.check(tc.types)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s with %q: %v", tc.sig.name, tc.types, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s with %q: %v, want %q", tc.sig.name, tc.types, err, tc.err)
		}
	}
}
