package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// typeIDSpec is an entry of testdata/typeid/valid.json or invalid.json in
// the module's root: the TypeID specification's own test data (see
// testdata/typeid/README.md).
type typeIDSpec struct {
	Name, TypeID, Prefix, UUID string
}

// readTypeIDSpec reads the spec's file name, which the test fails without.
func readTypeIDSpec(t *testing.T, name string) []typeIDSpec {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "typeid", name))
	var vs []typeIDSpec
	if err == nil {
		err = json.Unmarshal(data, &vs)
	}
	if err != nil || len(vs) == 0 {
		t.Fatalf("%s: %v (%d entries)", name, err, len(vs))
	}
	return vs
}

// TestDecodeTypeID decodes the spec's valid TypeID text that has a prefix
// (text without one is a lower-case ULID to the tools) and checks the
// prefix, the ID and the note, and refuses the spec's invalid text with
// the command's message, "Not a valid TypeID" where it has the shape of
// TypeID text.
func TestDecodeTypeID(t *testing.T) {
	n := 0
	for _, v := range readTypeIDSpec(t, "valid.json") {
		if v.Prefix == "" {
			continue
		}
		n++
		d := decode(v.TypeID, kolkata)
		if d["ok"] != true || d["prefix"] != v.Prefix || get(d, "fields", "uuid") != v.UUID ||
			d["note"] != `Read as TypeID text of the prefix "`+v.Prefix+`": this is the ULID of the same 16 bytes.` {
			t.Errorf("decode(%q), %s = %v; want prefix %q and UUID %s", v.TypeID, v.Name, d, v.Prefix, v.UUID)
		}
		c := convert(v.TypeID)
		if c["uuid"] != v.UUID || c["kind"] != "TypeID" || c["note"] != `Read as TypeID text of the prefix "`+v.Prefix+`", so this is its UUID.` {
			t.Errorf("convert(%q), %s = %v; want UUID %s", v.TypeID, v.Name, c, v.UUID)
		}
	}
	if n == 0 {
		t.Fatal("no valid TypeID text with a prefix in the spec's data")
	}
	// The tools trim white space around an ID, so the spec's text with
	// spaces before a valid one is valid to them, and "" is blank.
	for _, v := range readTypeIDSpec(t, "invalid.json") {
		in, err := toolinput.Read(v.TypeID, toolinput.Options{})
		d := decode(v.TypeID, kolkata)
		switch {
		case strings.TrimSpace(v.TypeID) == "":
			if !reflect.DeepEqual(d, blankRecord) {
				t.Errorf("decode(%q), %s = %v; want blank", v.TypeID, v.Name, d)
			}
		case err == nil:
			if strings.TrimSpace(v.TypeID) == v.TypeID || d["prefix"] != in.Prefix || get(d, "fields", "ulid") != in.ID.String() {
				t.Errorf("decode(%q), %s = %v; want an error, or the ID read once trimmed", v.TypeID, v.Name, d)
			}
		case d["ok"] != false || get(d, "error", "message") != err.Error() ||
			get(d, "error", "title") != "Not a valid "+in.Kind.String()+": "+err.Error():
			t.Errorf("decode(%q), %s = %v; want the error %v", v.TypeID, v.Name, d, err)
		}
	}
	// Upper case is not TypeID text: TypeID's error, not a ULID's.
	if got := get(decode("User_01h455vb4pex5vsknk084sn02q", kolkata), "error", "title"); got == nil || !strings.HasPrefix(got.(string), "Not a valid TypeID: ") {
		t.Errorf("decode of an upper-case prefix: %v", got)
	}
}

// TestGenerateTypeID checks Generate with a prefix, as ulid --typeid: each
// item's TypeID text is the prefix, '_' and its ULID in lower case; the
// IDs are valid UUIDv7s, strictly increasing when monotonic; a prefix that
// breaks TypeID's rule is a failure of the field, with the library's
// message.
func TestGenerateTypeID(t *testing.T) {
	for _, monotonic := range []bool{true, false} {
		r := generate("500", monotonic, false, "", false, " user\n")
		got, ids := items(t, r)
		if len(got) != 500 || r["prefix"] != "user" {
			t.Fatalf("generate(500, prefix user) = %v", r)
		}
		for i, id := range ids {
			if want := "user_" + strings.ToLower(id.String()); got[i]["typeid"] != want || !id.IsUUIDv7() {
				t.Fatalf("item %d = %v; want TypeID %s of a UUIDv7", i, got[i], want)
			}
			if monotonic && i > 0 && id.Compare(ids[i-1]) <= 0 {
				t.Fatalf("not increasing at %d: %s after %s", i, id, ids[i-1])
			}
			if p, back, err := ulid.ParseTypeID(got[i]["typeid"].(string)); err != nil || p != "user" || back != id {
				t.Fatalf("ParseTypeID(%v) = %q, %s, %v", got[i]["typeid"], p, back, err)
			}
		}
	}
	if r := generate("3", true, false, "", false, ""); r["prefix"] != "" || get(r, "items") == nil {
		t.Errorf("generate without a prefix = %v", r)
	} else if _, ok := r["items"].([]any)[0].(record)["typeid"]; ok {
		t.Errorf("generate without a prefix has TypeID text: %v", r)
	}
	for _, bad := range []string{"User", "user_", "_user", "us3r", strings.Repeat("a", 64), "usér"} {
		_, libErr := ulid.AppendTypeID(nil, bad, ulid.ULID{})
		want := record{"ok": false, "error": record{"field": "prefix", "message": toolinput.Message(libErr)}}
		if got := generate("1", true, false, "", false, bad); libErr == nil || !reflect.DeepEqual(got, want) {
			t.Errorf("generate(prefix %q) = %v; want %v", bad, got, want)
		}
	}
}

// TestToTypeID checks Convert's TypeID field, as ulid convert --typeid: a
// ULID, UUID text or TypeID text of the prefix gives TypeID text of the
// prefix; TypeID text of another prefix is refused with ulid.ErrWrongPrefix's
// message, as by the command; a blank prefix asks for one.
func TestToTypeID(t *testing.T) {
	v := vectors[0]
	want := "user_" + strings.ToLower(v.text)
	for _, in := range []string{v.text, strings.ToLower(v.text), v.uuid, "{" + v.uuid + "}", want, " " + want + "\n"} {
		r := toTypeID(" user ", in)
		if r["ok"] != true || r["typeid"] != want || r["ulid"] != v.text {
			t.Errorf("toTypeID(user, %q) = %v; want %s", in, r, want)
		}
	}
	other := "order_" + strings.ToLower(v.text)
	_, err := toolinput.Read(other, toolinput.Options{Type: "user"})
	r := toTypeID("user", other)
	if !errors.Is(err, ulid.ErrWrongPrefix) || r["ok"] != false || get(r, "error", "message") != err.Error() || get(r, "error", "offset") != 0 {
		t.Errorf("toTypeID(user, %q) = %v; want the error %v at offset 0", other, r, err)
	}
	for _, tc := range []struct {
		prefix, input string
		want          record
	}{
		{"", v.text, record{"ok": false, "noPrefix": true}},
		{" ", "", blankRecord},
		{"user", " ", blankRecord},
		{"User", v.text, failure("prefix", `invalid TypeID prefix: character 'U' at offset 0, want 'a' to 'z', or '_' between letters`)},
		{"user_", "", failure("prefix", `invalid TypeID prefix: character '_' at offset 4, want 'a' to 'z', or '_' between letters`)},
	} {
		if got := toTypeID(tc.prefix, tc.input); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("toTypeID(%q, %q) = %v; want %v", tc.prefix, tc.input, got, tc.want)
		}
	}
	if got := get(toTypeID("user", v.text[:25]+"U"), "error", "title"); got != "Not a valid ULID: invalid character 'U' at offset 25" {
		t.Errorf("toTypeID of a bad ULID: %v", got)
	}
}

// typedVectors is the typed part of testdata/publicid.json.
type typedVectors struct {
	TypedKeys []struct {
		Key, Prefix, Mark string
	} `json:"typed_keys"`
	TypedVectors []struct {
		Key, Prefix, ULID string
		PublicID          string `json:"public_id"`
	} `json:"typed_vectors"`
	TypedRefused []struct {
		Key, Prefix, Text, Error, Note string
		Offset                         int
	} `json:"typed_refused"`
}

// TestTypedPublicIDs masks and unmasks the typed vectors of
// testdata/publicid.json with the type typed into the Type field, and
// refuses its typed refusals with the library's error at its offset.
func TestTypedPublicIDs(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	data, err := os.ReadFile(publicIDFile)
	var tv typedVectors
	if err == nil {
		err = json.Unmarshal(data, &tv)
	}
	if err != nil || len(tv.TypedVectors) == 0 || len(tv.TypedRefused) == 0 {
		t.Fatalf("%s: %v", publicIDFile, err)
	}
	typeMark := map[string]string{}
	for _, k := range tv.TypedKeys {
		typeMark[k.Key+" "+k.Prefix] = k.Mark
	}
	for _, v := range tv.TypedVectors {
		mark := typeMark[v.Key+" "+v.Prefix]
		r := publicIDs(f.hex[v.Key], " "+v.Prefix+" ", v.ULID, v.PublicID)
		if mark == "" || !reflect.DeepEqual(r["type"], record{"ok": true, "marks": "masks with " + mark + ", unmasks " + mark}) {
			t.Errorf("publicIDs(%s, type %s): type %v; want the mark %q", v.Key, v.Prefix, r["type"], mark)
		}
		if got := get(r, "mask", "publicID"); got != v.PublicID {
			t.Errorf("mask(%s, %s, %s) = %v; want %s", v.Key, v.Prefix, v.ULID, r["mask"], v.PublicID)
		}
		if u := r["unmask"].(record); u["ulid"] != v.ULID || u["mark"] != mark {
			t.Errorf("unmask(%s, %s, %s) = %v; want %s, mark %s", v.Key, v.Prefix, v.PublicID, u, v.ULID, mark)
		}
		// TypeID text of the type masks as its ULID does.
		typeID, _ := ulid.AppendTypeID(nil, v.Prefix, ulid.MustParse(v.ULID))
		if got := get(publicIDs(f.hex[v.Key], v.Prefix, string(typeID), ""), "mask", "publicID"); got != v.PublicID {
			t.Errorf("mask(%s, %s, %s) = %v; want %s", v.Key, v.Prefix, typeID, got, v.PublicID)
		}
	}
	for _, tc := range tv.TypedRefused {
		m, _ := ulid.ParseMasker(f.hex[tc.Key])
		m, _ = m.Typed(tc.Prefix)
		_, libErr := m.Unmask(tc.Text)
		u := publicIDs(f.hex[tc.Key], tc.Prefix, "", tc.Text)["unmask"].(record)
		if libErr == nil || u["ok"] != false || !strings.Contains(get(u, "error", "message").(string), libErr.Error()[len("ulid: "):]) ||
			get(u, "error", "offset") != tc.Offset {
			t.Errorf("unmask(%s, %s, %q), %s = %v; want %v at %d", tc.Key, tc.Prefix, tc.Text, tc.Note, u, libErr, tc.Offset)
		}
	}
	// Masking TypeID text of another type is refused, as ulid mask --type does.
	other := "order_" + strings.ToLower(f.Vectors[0].ULID)
	if r := publicIDs(f.hex["k128"], "user", other, "")["mask"].(record); !errors.Is(wrongPrefixOf(t, other, "user"), ulid.ErrWrongPrefix) ||
		get(r, "error", "message") != wrongPrefixOf(t, other, "user").Error() {
		t.Errorf("mask(user, %s) = %v; want the wrong prefix", other, r)
	}
}

// wrongPrefixOf returns toolinput.Read's error for s read where TypeID
// text of the prefix want is asked for.
func wrongPrefixOf(t *testing.T, s, want string) error {
	t.Helper()
	_, err := toolinput.Read(s, toolinput.Options{Type: want})
	if err == nil {
		t.Fatalf("Read(%q, Type %q) succeeded", s, want)
	}
	return err
}

// TestPublicType checks the Type field on its own: a type that breaks
// TypeID's rule is a failure of the field, with the library's message,
// even without a key, and leaves mask and unmask without a usable key; a
// valid one without a key has no marks yet.
func TestPublicType(t *testing.T) {
	f := readPublicIDs(t, publicIDFile)
	for _, keys := range []string{"", f.hex["k128"]} {
		_, libErr := new(ulid.Masker).Typed("User")
		r := publicIDs(keys, "User", f.Vectors[0].ULID, f.Vectors[0].PublicID)
		want := failure("type", toolinput.Message(libErr))
		if !errors.Is(libErr, ulid.ErrInvalidPrefix) || !reflect.DeepEqual(r["type"], want) ||
			!reflect.DeepEqual(r["mask"], noKey) || !reflect.DeepEqual(r["unmask"], noKey) {
			t.Errorf("publicIDs(%q, type User) = %v; want type %v and no key", keys, r, want)
		}
	}
	r := publicIDs("", "user", "", "")
	if !reflect.DeepEqual(r["type"], record{"ok": true, "marks": ""}) {
		t.Errorf("publicIDs without a key, type user = %v", r)
	}
	// Decode names the type of a typed public ID, for the button that
	// opens it on the Public IDs tab.
	d := decode("user_yz4g5ym28fg1qptxha7hbqfjzf496", kolkata)
	if get(d, "error", "public") != true || get(d, "error", "type") != "user" {
		t.Errorf("decode of a typed public ID = %v", d)
	}
}
