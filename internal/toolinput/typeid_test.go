package toolinput

import (
	"errors"
	"testing"

	"github.com/ulidgo/ulid"
)

// TestReadTypeID checks how Read tells TypeID text from the other forms:
// TypeID text of spec's ID read with its prefix, and TypeID's refusals at
// offsets in the text as given, with the hint of a typed public ID (from
// testdata/publicid.json) read where TypeID text is.
func TestReadTypeID(t *testing.T) {
	spec := ulid.MustParse(specULID)
	for _, tc := range []struct {
		in     string
		opt    Options
		kind   Kind
		prefix string
		msg    string // the message, or "" for spec
	}{
		{in: "user_01aryz6s41tsv4rrffq69g5fav", kind: TypeID, prefix: "user"},
		{in: " \tuser_group_01aryz6s41tsv4rrffq69g5fav\n", kind: TypeID, prefix: "user_group"},
		{in: "01aryz6s41tsv4rrffq69g5fav", kind: ULID}, // the empty prefix: a ULID in lower case
		{in: "user_01aryz6s41tsv4rrffq69g5fav", opt: Options{ULIDOnly: true}, kind: ULID,
			msg: "invalid length 31 bytes, want 26"},
		{in: "  user_01ARYZ6S41TSV4RRFFQ69G5FAV", kind: TypeID,
			msg: "invalid TypeID: character 'A' at offset 9, want a lower-case character of Crockford's Base32 (0-9, a-z but i, l, o, u)"},
		{in: " User_01aryz6s41tsv4rrffq69g5fav", kind: TypeID,
			msg: "invalid TypeID: character 'U' at offset 1, want 'a' to 'z', or '_' between letters"},
		{in: "user_81aryz6s41tsv4rrffq69g5fav", kind: TypeID, msg: "first character '8' is above '7': value overflows 128 bits"},
		{in: "user_01aryz6s41tsv4rrffq69g5fa", kind: TypeID,
			msg: "invalid TypeID length 30 bytes, want 31: the prefix, '_' and 26 characters"},
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", kind: TypeID,
			msg: "invalid TypeID length 34 bytes, want 31: the prefix, '_' and 26 characters" +
				` (this looks like a typed public ID: unmask it with its key and the type "user")`},
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", opt: Options{ULIDOnly: true}, kind: ULID,
			msg: `invalid length 34 bytes, want 26 (this looks like a typed public ID: unmask it with its key and the type "user")`},
		{in: "user_01aryz6s41tsv4rrffq69g5fav", opt: Options{Type: "user"}, kind: TypeID, prefix: "user"},
		{in: specULID, opt: Options{Type: "user"}, kind: ULID},
		{in: " user_group_01aryz6s41tsv4rrffq69g5fav", opt: Options{Type: "user"}, kind: TypeID,
			msg: `invalid TypeID: character '_' at offset 5, want the prefix "user_"`},
		{in: "order_01aryz6s41tsv4rrffq69g5fav", opt: Options{Type: "user"}, kind: TypeID,
			msg: `invalid TypeID: character 'o' at offset 0, want the prefix "user_"`},
		{in: "01563df3_6481-d676-4c61-efb99302bd5b", kind: ULID, // starts with a digit: no prefix
			msg: "invalid length 36 bytes, want 26; as UUID text: character '_' at offset 8, want '-'"},
	} {
		in, err := Read(tc.in, tc.opt)
		if in.Kind != tc.kind {
			t.Errorf("Read(%q): kind %v, want %v", tc.in, in.Kind, tc.kind)
		}
		switch {
		case tc.msg == "" && (err != nil || in.ID != spec || in.Prefix != tc.prefix):
			t.Errorf("Read(%q) = %v %q, %v; want %s %q", tc.in, in.ID, in.Prefix, err, specULID, tc.prefix)
		case tc.msg != "" && (err == nil || err.Error() != tc.msg || in.ID != ulid.ULID{} || in.Prefix != ""):
			t.Errorf("Read(%q) = %v %q, %v; want %q", tc.in, in.ID, in.Prefix, err, tc.msg)
		}
		// Every TypeID refusal is ParseTypeID's, or one of Type.
		if _, _, perr := ulid.ParseTypeID(in.Text); tc.kind == TypeID && err != nil {
			want := ulid.ErrWrongPrefix
			if perr != nil {
				want = errors.Unwrap(perr)
			}
			if !errors.Is(err, want) {
				t.Errorf("Read(%q): %v, want %v", tc.in, err, want)
			}
		}
	}
}

// TestReadTypedPublicID checks Read with a typed masker, and the hints for
// a public ID of the other shape: the vectors of testdata/publicid.json.
func TestReadTypedPublicID(t *testing.T) {
	m, err := ulid.ParseMasker(testKey)
	if err != nil {
		t.Fatal(err)
	}
	user, err := m.Typed("user")
	if err != nil {
		t.Fatal(err)
	}
	spec := ulid.MustParse(specULID)
	for _, tc := range []struct {
		in  string
		m   *ulid.Masker
		msg string // or "" for spec
	}{
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", m: user},
		{in: " user_YZ4G5YM28FG1QPTXHA7HBQFJZF496", m: user},
		{in: "order_va3xj8yjvprrpzzw4pn06hgfb5vx5", m: user,
			msg: `typed public ID of another type, want the prefix "user_"` +
				` (this looks like a typed public ID: unmask it with its key and the type "order")`},
		{in: specPublic, m: user,
			msg: `typed public ID of another type, want the prefix "user_"` +
				" (this looks like a public ID without a type: unmask it with its key and no type)"},
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", m: m,
			msg: "invalid public ID length 34 bytes, want 29" +
				` (this looks like a typed public ID: unmask it with its key and the type "user")`},
	} {
		in, err := Read(tc.in, Options{Unmask: tc.m})
		switch {
		case tc.msg == "" && (err != nil || in.ID != spec):
			t.Errorf("Read(%q) = %v, %v; want %s", tc.in, in.ID, err, specULID)
		case tc.msg != "" && (err == nil || err.Error() != tc.msg):
			t.Errorf("Read(%q) = %v, %v; want %q", tc.in, in.ID, err, tc.msg)
		}
	}
}
