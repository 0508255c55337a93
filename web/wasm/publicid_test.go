package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
			want := record{"keys": record{"ok": true, "marks": "masks with " + k.Mark + ", unmasks " + k.Mark}, "type": blankRecord, "mask": blankRecord, "unmask": blankRecord}
			if got := publicIDs(keys, "", "", " "); !reflect.DeepEqual(got, want) {
				t.Errorf("publicIDs(%s) = %v; want %v", k.Name, got, want)
			}
		}
	}
	for _, v := range f.Vectors {
		keys := f.hex[v.Key]
		id := ulid.MustParse(v.ULID)
		for _, in := range []string{v.ULID, strings.ToLower(v.ULID), " " + v.ULID + "\n", id.UUIDString(), "urn:uuid:" + id.UUIDString()} {
			want := record{"ok": true, "publicID": v.PublicID, "ulid": v.ULID, "kind": map[bool]string{false: "ULID", true: "UUID"}[strings.Contains(in, "-")]}
			if got := publicIDs(keys, "", in, "")["mask"]; !reflect.DeepEqual(got, want) {
				t.Errorf("mask(%s, %q) = %v; want %v", v.Key, in, got, want)
			}
		}
		for _, in := range []string{v.PublicID, strings.ToLower(v.PublicID), "\u00a0" + v.PublicID + " \r\n"} {
			want := record{"ok": true, "ulid": v.ULID, "time": id.Time().UTC().Format("2006-01-02T15:04:05.000Z"), "mark": f.mark[v.Key]}
			if got := publicIDs(keys, "", "", in)["unmask"]; !reflect.DeepEqual(got, want) {
				t.Errorf("unmask(%s, %q) = %v; want %v", v.Key, in, got, want)
			}
		}
	}
}

// TestUnmaskRefused checks that every refusal of testdata/publicid.json is
// one on the page, with the library's message and its offset, counted in
// the text as given when white space comes first; and, for a public ID of
// another key, a title that says it was not opened.
func TestUnmaskRefused(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	kinds := map[string]bool{}
	for _, tc := range f.Refused {
		kinds[tc.Error] = true
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
			r := publicIDs(f.hex[tc.Key], "", "", in)["unmask"].(record)
			e, _ := r["error"].(record)
			message := strings.TrimPrefix(libErr.Error(), "ulid: ")
			if tc.Offset > 0 {
				message = strings.Replace(message, fmt.Sprintf("at offset %d", tc.Offset), fmt.Sprintf("at offset %d", tc.Offset+len(lead)), 1)
			}
			want := record{"message": message, "title": "Not a valid public ID: " + message, "offset": -1, "index": -1}
			if tc.Error == "unknown key" {
				want["title"] = "Not opened: " + message
			}
			if tc.Offset >= 0 {
				want["offset"], want["index"], want["char"] = tc.Offset+len(lead), tc.Offset+len([]rune(lead)), tc.Text[tc.Offset:tc.Offset+1]
			}
			mark := ""
			if len(tc.Text) == ulid.PublicIDSize {
				mark = tc.Text[:2]
			}
			if r["ok"] != false || !reflect.DeepEqual(e, want) || r["mark"] != mark || r["ulid"] != nil {
				t.Errorf("unmask(%q) = %v;\nwant error %v, mark %q (%s)", in, r, want, mark, tc.Note)
			}
		}
	}
	if len(kinds) != 5 {
		t.Errorf("the refusals are of %d kinds, want 5: %v", len(kinds), kinds)
	}
}

// TestMaskRotation checks several keys in the key field, newest first, as
// in a key file: the first masks, every one unmasks, and a public ID of a
// key that is not there is refused, never opened with another key.
func TestMaskRotation(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	keys := "# newest first\n" + f.hex["k256"] + "\n" + f.hex["k128"] + " # retired soon\n"
	if marks := get(publicIDs(keys, "", "", ""), "keys", "marks"); marks != "masks with WC, unmasks WC 3X" {
		t.Errorf("marks = %v", marks)
	}
	opened := 0
	for _, v := range f.Vectors {
		if v.Key == "k256" {
			if got := get(publicIDs(keys, "", v.ULID, ""), "mask", "publicID"); got != v.PublicID {
				t.Errorf("mask(%s) with k256 first = %v; want %s", v.ULID, got, v.PublicID)
			}
		}
		r := publicIDs(keys, "", "", v.PublicID)["unmask"].(record)
		switch v.Key {
		case "k256", "k128":
			if r["ulid"] != v.ULID {
				t.Errorf("unmask(%s) of %s = %v, want %s", v.PublicID, v.Key, r, v.ULID)
			}
			opened++
		default:
			if get(r, "error", "offset") != 0 || r["mark"] != "RB" || !strings.HasPrefix(get(r, "error", "title").(string), "Not opened: public ID made with another key") {
				t.Errorf("unmask(%s) of %s, a key not given = %v; want a key problem", v.PublicID, v.Key, r)
			}
		}
	}
	if opened != 12 {
		t.Errorf("%d public IDs of k256 and k128 opened, want 12", opened)
	}
}

// TestMaskKeysRefused checks the key field's errors: the library's message,
// without "ulid: ", as an error of the field "keys" that never shows a key;
// that no ID is masked or opened with keys that are refused, or without a
// key; and that a field left blank stays so.
func TestMaskKeysRefused(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	k128 := f.hex["k128"]
	for _, tc := range []struct{ keys, message string }{
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
		got := publicIDs(tc.keys, "", f.Vectors[0].ULID, f.Vectors[0].PublicID)
		want := record{
			"keys": record{"ok": false, "error": record{"field": "keys", "message": tc.message}},
			"type": blankRecord, "mask": record{"ok": false, "noKey": true}, "unmask": record{"ok": false, "noKey": true},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("publicIDs(%q) = %v; want %v", tc.keys, got, want)
		}
		for key := range strings.FieldsSeq(tc.keys) {
			if len(key) > 4 && strings.Contains(strings.ToLower(tc.message), strings.ToLower(key)) {
				t.Errorf("the error shows a key: %v", tc.message)
			}
		}
	}
	want := record{"keys": blankRecord, "type": blankRecord, "mask": record{"ok": false, "noKey": true}, "unmask": blankRecord}
	if got := publicIDs(" \n", "", f.Vectors[0].ULID, "\u00a0"); !reflect.DeepEqual(got, want) {
		t.Errorf("publicIDs without a key = %v; want %v", got, want)
	}
}

// TestMaskInputProblems checks that mask reads its input as Decode and
// Convert do, with their errors; a public ID is not masked again.
func TestMaskInputProblems(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	for _, tc := range []struct {
		input, title string
		offset       int
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", "Not a valid ULID: invalid character 'U' at offset 25", 25},
		{" 01ARYZ6S41TSV4RRFFQ69G5FA", "Not a valid ULID: invalid length 25 bytes, want 26", -1},
		// An error of length with a character that is not ASCII marks it.
		{" 01ARYZ6S41TSV4RRFFQ69G5FA\u3000", "Not a valid ULID: invalid length 28 bytes, want 26", 26},
		{"80000000000000000000000000", "Not a valid ULID: first character '8' is above '7': value overflows 128 bits", 0},
		{f.Vectors[0].PublicID, "Not a valid ULID: invalid length 29 bytes, want 26 (this looks like a public ID: unmask it with its key)", -1},
		{"01563df3-6481-d676-4c61-efb99302bd5x", "Not a valid UUID: invalid UUID text: character 'x' at offset 35, want a hex digit", 35},
	} {
		r := publicIDs(f.hex["k128"], "", tc.input, "")["mask"].(record)
		e, _ := r["error"].(record)
		if r["ok"] != false || r["publicID"] != nil || e["title"] != tc.title || e["offset"] != tc.offset {
			t.Errorf("mask(%q) = %v; want %q at %d", tc.input, r, tc.title, tc.offset)
		}
	}
}

// TestPublicHint checks what the Decode tab says of text that is not an
// ID: every public ID of the vectors looks like one, in either case and
// with white space around it; a typo that the check catches looks like a
// mistyped one; no ULID, UUID text or other text does, nor a public ID
// whose character 2 is above '7'. Either is marked public, for the button
// that opens it on the Public IDs tab. Decode refuses every public ID, so
// none is ever shown with a time.
func TestPublicHint(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	const length = "invalid length 29 bytes, want 26"
	const public = length + " (this looks like a public ID: unmask it with its key)"
	const mistyped = length + " (this looks like a mistyped public ID: its check character does not match)"
	for _, v := range f.Vectors {
		for _, in := range []string{v.PublicID, strings.ToLower(v.PublicID), " " + v.PublicID + "\n"} {
			d := decode(in, kolkata)
			if get(d, "error", "message") != public || get(d, "error", "public") != true || d["fields"] != nil {
				t.Errorf("decode(%q), a public ID, = %v", in, d)
			}
		}
	}
	for _, tc := range f.Refused {
		want := map[string]string{"check": mistyped, "overflow": length, "unknown key": public}[tc.Error]
		var marked any // nil, or true for a public ID
		if want != length {
			marked = true
		}
		if d := decode(tc.Text, kolkata); want != "" && (get(d, "error", "message") != want || get(d, "error", "public") != marked) {
			t.Errorf("decode(%q), %s: %v, want %q", tc.Text, tc.Note, d, want)
		}
	}
	for _, in := range append([]string{"3X36YT6DZA8AW0NT3GCJJ9764WC ·", "3X36YT6DZA8AW0NT3GCJJ9764WC-S", "3X36YT6DZA8AW0NT3GCJJ9764WCV S"},
		vectors[0].text[:25]+"U", vectors[0].uuid[:35]+"x", strings.ReplaceAll(vectors[0].uuid, "-", "")+"0", vectors[0].text+"XXX") {
		if got := get(decode(in, kolkata), "error"); got == nil || get(got.(record), "public") != nil || strings.Contains(get(got.(record), "message").(string), "public ID") {
			t.Errorf("decode(%q): %v, want an error that is no public ID's", in, got)
		}
	}
	// 29 hex digits are UUID text by their shape: the UUID error, and the
	// verdict all the same.
	const hex29 = "0123456789abcdef0123456789abc"
	d := decode(hex29, kolkata)
	if want := "invalid UUID text length 29 bytes, want 36 (or 32, 38, 45)" + mistyped[len(length):]; get(d, "error", "message") != want || get(d, "error", "public") != true {
		t.Errorf("decode(%q) = %v; want %q", hex29, d, want)
	}
}
