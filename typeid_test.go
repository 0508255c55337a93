package ulid_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/ulidgo/ulid"
)

// TestTypeIDSpec checks ParseTypeID and AppendTypeID against the test data
// of the TypeID specification, version 0.3.0 (testdata/typeid/README.md):
// every valid TypeID reads as its prefix and UUID and is written back as
// the same text, and every invalid one is refused.
func TestTypeIDSpec(t *testing.T) {
	var valid []struct{ Name, TypeID, Prefix, UUID string }
	var invalid []struct{ Name, TypeID string }
	for name, v := range map[string]any{"valid.json": &valid, "invalid.json": &invalid} {
		data, err := os.ReadFile("testdata/typeid/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatal(name, err)
		}
	}
	if len(valid) != 9 || len(invalid) != 21 {
		t.Fatalf("read %d valid and %d invalid cases, want 9 and 21", len(valid), len(invalid))
	}
	for _, tc := range valid {
		prefix, id, err := ulid.ParseTypeID(tc.TypeID)
		if err != nil || prefix != tc.Prefix || id.UUIDString() != tc.UUID {
			t.Errorf("%s: ParseTypeID(%q) = %q, %s, %v; want %q, %s", tc.Name, tc.TypeID, prefix, id.UUIDString(), err, tc.Prefix, tc.UUID)
		}
		u, err := ulid.ParseUUID(tc.UUID)
		if err != nil {
			t.Fatal(err)
		}
		if b, err := ulid.AppendTypeID(nil, tc.Prefix, u); err != nil || string(b) != tc.TypeID {
			t.Errorf("%s: AppendTypeID(%q, %s) = %q, %v; want %q", tc.Name, tc.Prefix, tc.UUID, b, err, tc.TypeID)
		}
	}
	for _, tc := range invalid {
		prefix, id, err := ulid.ParseTypeID(tc.TypeID)
		var pe *ulid.ParseError
		if !errors.As(err, &pe) || pe.Form != "TypeID" || prefix != "" || !id.IsZero() {
			t.Errorf("%s: ParseTypeID(%q) = %q, %s, %v; want a TypeID *ParseError", tc.Name, tc.TypeID, prefix, id, err)
		}
	}
}

// TestParseTypeIDErrors checks the sentinel, offset and message of each
// kind of refusal.
func TestParseTypeIDErrors(t *testing.T) {
	long := strings.Repeat("a", 64)
	for _, tc := range []struct {
		in      string
		err     error
		offset  int
		message string
	}{
		{"", ulid.ErrInvalidLength, -1, "ulid: invalid TypeID length 0 bytes, want 26"},
		{"user_", ulid.ErrInvalidLength, -1, "ulid: invalid TypeID length 5 bytes, want 31: the prefix, '_' and 26 characters"},
		{"_01h455vb4pex5vsknk084sn02q", ulid.ErrInvalidPrefix, 0, "ulid: invalid TypeID: character '_' at offset 0, want no '_' before a suffix without a prefix"},
		{"User_01h455vb4pex5vsknk084sn02q", ulid.ErrInvalidPrefix, 0, "ulid: invalid TypeID: character 'U' at offset 0, want 'a' to 'z', or '_' between letters"},
		{"user__01h455vb4pex5vsknk084sn02q", ulid.ErrInvalidPrefix, 4, "ulid: invalid TypeID: character '_' at offset 4, want 'a' to 'z', or '_' between letters"},
		{long + "_01h455vb4pex5vsknk084sn02q", ulid.ErrInvalidPrefix, 63, "ulid: invalid TypeID: character 'a' at offset 63, want a prefix of at most 63 characters"},
		{"user_01H455vb4pex5vsknk084sn02q", ulid.ErrInvalidCharacter, 7, "ulid: invalid TypeID: character 'H' at offset 7, want a lower-case character of Crockford's Base32 (0-9, a-z but i, l, o, u)"},
		{"user_01h455vb4pex5vsknk084sn0lq", ulid.ErrInvalidCharacter, 29, "ulid: invalid TypeID: character 'l' at offset 29, want a lower-case character of Crockford's Base32 (0-9, a-z but i, l, o, u)"},
		{"user_81h455vb4pex5vsknk084sn02q", ulid.ErrOverflow, 5, "ulid: first character '8' is above '7': value overflows 128 bits"},
		{"01H455VB4PEX5VSKNK084SN02Q", ulid.ErrInvalidCharacter, 2, ""},
	} {
		_, _, err := ulid.ParseTypeID(tc.in)
		var pe *ulid.ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Offset != tc.offset || pe.Length != len(tc.in) ||
			tc.message != "" && err.Error() != tc.message {
			t.Errorf("ParseTypeID(%q) = %v (%+v); want %v at offset %d: %q", tc.in, err, pe, tc.err, tc.offset, tc.message)
		}
		if pe != nil && pe.Offset >= 0 && pe.Byte != tc.in[pe.Offset] {
			t.Errorf("ParseTypeID(%q): Byte %q, not the byte at offset %d", tc.in, pe.Byte, pe.Offset)
		}
	}
	// A 63-character prefix is the longest.
	max := strings.Repeat("z", 63)
	if p, _, err := ulid.ParseTypeID(max + "_01h455vb4pex5vsknk084sn02q"); err != nil || p != max {
		t.Errorf("63-character prefix: %q, %v", p, err)
	}
}

// TestAppendTypeID checks the text AppendTypeID writes and its refusal of
// a bad prefix, which leaves b unchanged.
func TestAppendTypeID(t *testing.T) {
	id := ulid.MustParse("01H455VB4PEX5VSKNK084SN02Q")
	b, err := ulid.AppendTypeID([]byte("id: "), "user", id)
	if err != nil || string(b) != "id: user_01h455vb4pex5vsknk084sn02q" {
		t.Errorf("AppendTypeID = %q, %v", b, err)
	}
	if b, err := ulid.AppendTypeID(nil, "", id); err != nil || string(b) != "01h455vb4pex5vsknk084sn02q" {
		t.Errorf("AppendTypeID with no prefix = %q, %v", b, err)
	}
	for _, prefix := range []string{"User", "_user", "user_", "us-er", "ü", strings.Repeat("a", 64)} {
		b, err := ulid.AppendTypeID([]byte("x"), prefix, id)
		var pe *ulid.ParseError
		if !errors.Is(err, ulid.ErrInvalidPrefix) || !errors.As(err, &pe) || pe.Form != "TypeID prefix" || string(b) != "x" {
			t.Errorf("AppendTypeID(%q) = %q, %v; want x and an ErrInvalidPrefix", prefix, b, err)
		}
	}
}

// TestStringLower checks the lower-case text against String and Parse.
func TestStringLower(t *testing.T) {
	for _, s := range []string{"00000000000000000000000000", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01ARYZ6S41TSV4RRFFQ69G5FAV"} {
		id := ulid.MustParse(s)
		if got := id.StringLower(); got != strings.ToLower(s) {
			t.Errorf("%s.StringLower() = %s", s, got)
		}
		if got := id.AppendLower([]byte("a ")); string(got) != "a "+strings.ToLower(s) {
			t.Errorf("%s.AppendLower = %s", s, got)
		}
		if back, err := ulid.Parse(id.StringLower()); err != nil || back != id {
			t.Errorf("Parse(%s) = %s, %v", id.StringLower(), back, err)
		}
	}
}

// FuzzParseTypeID checks that ParseTypeID never panics, that what it reads
// AppendTypeID writes back byte for byte, and that it agrees with a slow
// reading of the specification's rules.
func FuzzParseTypeID(f *testing.F) {
	for _, s := range []string{"", "_", "user_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q",
		"pre_fix_00000000000000000000000000", "prefix__00000000000000000000000000", "User_01h455vb4pex5vsknk084sn02q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prefix, id, err := ulid.ParseTypeID(s)
		if want := slowTypeIDValid(s); (err == nil) != want {
			t.Fatalf("ParseTypeID(%q) error %v; the rules say valid = %v", s, err, want)
		}
		if err != nil {
			var pe *ulid.ParseError
			if !errors.As(err, &pe) || pe.Offset >= len(s) || pe.Offset >= 0 && pe.Byte != s[pe.Offset] {
				t.Fatalf("ParseTypeID(%q): %v, %+v", s, err, pe)
			}
			return
		}
		b, err := ulid.AppendTypeID(nil, prefix, id)
		if err != nil || string(b) != s {
			t.Fatalf("AppendTypeID(ParseTypeID(%q)) = %q, %v", s, b, err)
		}
	})
}

// slowTypeIDValid reports whether s is valid TypeID text by the rules of
// the specification, written plainly.
func slowTypeIDValid(s string) bool {
	prefix, suffix := "", s
	if i := strings.LastIndex(s, "_"); i >= 0 {
		prefix, suffix = s[:i], s[i+1:]
		if prefix == "" {
			return false
		}
	}
	if len(prefix) > 63 || strings.HasPrefix(prefix, "_") || strings.HasSuffix(prefix, "_") ||
		strings.Trim(prefix, "abcdefghijklmnopqrstuvwxyz_") != "" {
		return false
	}
	return len(suffix) == 26 && suffix[0] <= '7' && strings.Trim(suffix, "0123456789abcdefghjkmnpqrstvwxyz") == ""
}

type badPrefix struct{}

func (badPrefix) Prefix() string { return "User" }

type noPrefix struct{}

func (noPrefix) Prefix() string { return "" }

// TestTyped checks a Typed ID's text, JSON, SQL value and refusals of
// another type's text.
func TestTyped(t *testing.T) {
	const text = "user_01h455vb4pex5vsknk084sn02q"
	u := ulid.MustParseTyped[user](text)
	if u.String() != text || u.ULID() != ulid.MustParse("01H455VB4PEX5VSKNK084SN02Q") || u.Prefix() != "user" ||
		u.Timestamp() != u.ULID().Timestamp() || !u.Time().Equal(u.ULID().Time()) || u.IsZero() {
		t.Errorf("MustParseTyped(%q) = %v (%s, %s)", text, u, u.ULID(), u.Prefix())
	}
	if ulid.TypedOf[user](u.ULID()) != u || u.Compare(ulid.Typed[user]{}) != 1 || !(ulid.Typed[user]{}).IsZero() {
		t.Error("TypedOf, Compare or IsZero")
	}

	// Another type's text is refused everywhere it can come in.
	const orderText = "order_01h455vb4pex5vsknk084sn02q"
	var o ulid.Typed[order]
	checks := map[string]error{
		"ParseTyped":     func() error { _, err := ulid.ParseTyped[order](text); return err }(),
		"UnmarshalText":  o.UnmarshalText([]byte(text)),
		"JSON":           json.Unmarshal([]byte(`"`+text+`"`), &o),
		"Scan string":    o.Scan(text),
		"Scan []byte":    o.Scan([]byte(text)),
		"no prefix":      o.UnmarshalText([]byte("01h455vb4pex5vsknk084sn02q")),
		"prefix of want": func() error { _, err := ulid.ParseTyped[order]("ord_01h455vb4pex5vsknk084sn02q"); return err }(),
	}
	for name, err := range checks {
		var pe *ulid.ParseError
		if !errors.Is(err, ulid.ErrWrongPrefix) && !(name == "JSON" && errors.As(err, &pe) && errors.Is(pe, ulid.ErrWrongPrefix)) {
			t.Errorf("%s of %q into Typed[order]: %v, want ErrWrongPrefix", name, text, err)
		}
	}
	if !o.IsZero() {
		t.Errorf("o = %v after refusals, want unchanged", o)
	}
	_, err := ulid.ParseTyped[order]("ord_01h455vb4pex5vsknk084sn02q")
	if err == nil || err.Error() != `ulid: invalid TypeID: character '_' at offset 3, want the prefix "order_"` {
		t.Errorf("ParseTyped[order](ord_…) = %v", err)
	}
	if err := o.UnmarshalText([]byte(orderText)); err != nil || o.ULID() != u.ULID() {
		t.Errorf("UnmarshalText(%q) = %v, %v", orderText, o, err)
	}

	// JSON: TypeID text.
	data, err := json.Marshal(struct{ ID ulid.Typed[user] }{u})
	if err != nil || string(data) != `{"ID":"`+text+`"}` {
		t.Errorf("json.Marshal = %s, %v", data, err)
	}
	var back struct{ ID ulid.Typed[user] }
	if err := json.Unmarshal(data, &back); err != nil || back.ID != u {
		t.Errorf("json.Unmarshal(%s) = %v, %v", data, back.ID, err)
	}

	// SQL: the 16 bytes, as ULID stores them; Scan takes them and every text.
	v, err := u.Value()
	want, _ := u.ULID().Value()
	if err != nil || !bytes.Equal(v.([]byte), want.([]byte)) {
		t.Errorf("Value = %x, %v; want %x", v, err, want)
	}
	for _, src := range []any{want, string(text), []byte(text), u.ULID().String(), u.ULID().UUIDString(), [16]byte(u.ULID())} {
		var s ulid.Typed[user]
		if err := s.Scan(src); err != nil || s != u {
			t.Errorf("Scan(%#v) = %v, %v", src, s, err)
		}
	}
	var s ulid.Typed[user]
	if err := s.Scan(nil); !errors.Is(err, ulid.ErrNull) {
		t.Errorf("Scan(nil) = %v, want ErrNull", err)
	}
	// A source of another Go type names the Typed type, not ulid.ULID.
	for src, msg := range map[any]string{
		int64(42): `ulid: unsupported type: cannot scan int64 into ulid.Typed of prefix "user"`,
		1.5:       `ulid: unsupported type: cannot scan float64 into ulid.Typed of prefix "user"`,
		true:      `ulid: unsupported type: cannot scan bool into ulid.Typed of prefix "user"`,
	} {
		if err := s.Scan(src); !errors.Is(err, ulid.ErrUnsupportedType) || err.Error() != msg || !s.IsZero() {
			t.Errorf("Scan(%#v) = %v, %v; want %s", src, s, err, msg)
		}
	}
	var n sql.Null[ulid.Typed[user]]
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("sql.Null Scan(nil) = %v, %v", n, err)
	}
	if err := n.Scan([]byte(text)); err != nil || !n.Valid || n.V != u {
		t.Errorf("sql.Null Scan(text) = %v, %v", n, err)
	}

	// A type with an invalid prefix writes no ID.
	bad := ulid.TypedOf[badPrefix](u.ULID())
	if _, err := bad.Value(); !errors.Is(err, ulid.ErrInvalidPrefix) {
		t.Errorf("Value with prefix User: %v", err)
	}
	if _, err := bad.MarshalText(); !errors.Is(err, ulid.ErrInvalidPrefix) {
		t.Errorf("MarshalText with prefix User: %v", err)
	}
	if str := bad.String(); str != `invalid TypeID prefix "User": 01h455vb4pex5vsknk084sn02q` {
		t.Errorf("String with prefix User = %q", str)
	} else if _, _, err := ulid.ParseTypeID(str); err == nil {
		t.Errorf("ParseTypeID reads %q", str)
	}

	// The empty prefix: the suffix alone.
	np := ulid.TypedOf[noPrefix](u.ULID())
	if np.String() != "01h455vb4pex5vsknk084sn02q" {
		t.Errorf("no prefix: %s", np)
	}
	if _, err := ulid.ParseTyped[noPrefix](text); !errors.Is(err, ulid.ErrWrongPrefix) ||
		err.Error() != "ulid: invalid TypeID: character 'u' at offset 0, want no prefix" {
		t.Errorf("ParseTyped[noPrefix](%q) = %v", text, err)
	}
}

// TestMakeTyped checks that MakeTyped makes UUIDv7s that increase across
// goroutines.
func TestMakeTyped(t *testing.T) {
	const goroutines, each = 4, 2000
	var mu sync.Mutex
	all := make([]ulid.Typed[user], 0, goroutines*each)
	var wg sync.WaitGroup
	for range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]ulid.Typed[user], each)
			for i := range mine {
				mine[i] = ulid.MakeTyped[user]()
				if i > 0 && mine[i].Compare(mine[i-1]) <= 0 {
					t.Errorf("MakeTyped: %s after %s", mine[i], mine[i-1])
					return
				}
				if !mine[i].ULID().IsUUIDv7() {
					t.Errorf("MakeTyped: %s is not a UUIDv7", mine[i])
					return
				}
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	seen := make(map[ulid.Typed[user]]bool, len(all))
	for _, id := range all {
		if seen[id] {
			t.Fatalf("MakeTyped made %s twice", id)
		}
		seen[id] = true
	}
}

// FuzzParseTyped checks that ParseTyped takes exactly the TypeID text that
// ParseTypeID reads with its type's prefix, refuses other prefixes with
// ErrWrongPrefix at an offset where the prefixes differ, and that String,
// MarshalText and AppendText write back what it read.
func FuzzParseTyped(f *testing.F) {
	for _, s := range []string{"user_01h455vb4pex5vsknk084sn02q", "users_01h455vb4pex5vsknk084sn02q",
		"use_01h455vb4pex5vsknk084sn02q", "01h455vb4pex5vsknk084sn02q", "User_01h455vb4pex5vsknk084sn02q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, id, err := ulid.ParseTypeID(s)
		u, typedErr := ulid.ParseTyped[user](s)
		// The prefix as ParseTypeID finds it, also where the suffix is bad:
		// before the '_' 27 bytes from the end, else before the last '_'.
		sep := len(s) - 27
		if sep < 0 || s[sep] != '_' {
			sep = strings.LastIndexByte(s, '_')
		}
		prefix := s[:max(sep, 0)]
		var pe *ulid.ParseError
		switch {
		case errors.Is(err, ulid.ErrInvalidPrefix), err != nil && (s == "" || prefix == "user"):
			// A prefix that breaks the rule, or a bad suffix after P's own
			// prefix: ParseTypeID's error.
			if typedErr == nil || typedErr.Error() != err.Error() {
				t.Fatalf("ParseTyped(%q) = %v; ParseTypeID says %v", s, typedErr, err)
			}
			return
		case prefix != "user":
			// Another prefix is refused before the suffix is read.
			// The offset is where s parts from "user": the bytes before it
			// agree, and it is the end of either prefix or a byte that differs.
			if !errors.Is(typedErr, ulid.ErrWrongPrefix) || !errors.As(typedErr, &pe) || !u.IsZero() ||
				pe.Offset > len(prefix) || pe.Byte != s[pe.Offset] || !strings.HasPrefix("user", s[:pe.Offset]) ||
				pe.Offset < len(prefix) && pe.Offset < 4 && s[pe.Offset] == "user"[pe.Offset] {
				t.Fatalf("ParseTyped(%q) = %v, %v (%+v); want ErrWrongPrefix where the prefixes part", s, u, typedErr, pe)
			}
			return
		}
		if typedErr != nil || u.ULID() != id {
			t.Fatalf("ParseTyped(%q) = %v, %v; ParseTypeID reads %s", s, u, typedErr, id)
		}
		text, err1 := u.MarshalText()
		appended, err2 := u.AppendText(nil)
		if u.String() != s || string(text) != s || string(appended) != s || err1 != nil || err2 != nil {
			t.Fatalf("ParseTyped(%q): String %q, MarshalText %q %v, AppendText %q %v", s, u.String(), text, err1, appended, err2)
		}
	})
}

// FuzzTypedScan checks that Scan never panics, takes TypeID text only of
// its own prefix, and reads back what Value and String write.
func FuzzTypedScan(f *testing.F) {
	f.Add("user_01h455vb4pex5vsknk084sn02q")
	f.Add("order_01h455vb4pex5vsknk084sn02q")
	f.Add("01H455VB4PEX5VSKNK084SN02Q")
	f.Add("01890a5d-ac96-774b-bcce-b302099a8057")
	f.Fuzz(func(t *testing.T, s string) {
		for _, src := range []any{s, []byte(s)} {
			var u ulid.Typed[user]
			err := u.Scan(src)
			_, isBytes := src.([]byte)
			binary := isBytes && len(s) == 16 // the 16 bytes of the ID
			if strings.Contains(s, "_") && !strings.HasPrefix(s, "user_") && !binary && err == nil {
				t.Fatalf("Scan(%q) took another prefix: %v", s, u)
			}
			if err != nil {
				continue
			}
			var again ulid.Typed[user]
			if err := again.Scan(u.String()); err != nil || again != u {
				t.Fatalf("Scan(String()) of %q: %v, %v", s, again, err)
			}
		}
	})
}

// TestTypeIDRefusesTypedPublicID checks that a typed public ID, which has
// a TypeID prefix too, is never read as TypeID text or as a Typed ID.
func TestTypeIDRefusesTypedPublicID(t *testing.T) {
	m, err := ulid.NewMasker(bytes.Repeat([]byte{7}, 16))
	if err != nil {
		t.Fatal(err)
	}
	users, err := m.Typed("user")
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		public := users.Mask(ulid.Make())
		if _, _, err := ulid.ParseTypeID(public); !errors.Is(err, ulid.ErrInvalidLength) {
			t.Fatalf("ParseTypeID(%q) = %v, want ErrInvalidLength", public, err)
		}
		var u ulid.Typed[user]
		if err := u.Scan(public); !errors.Is(err, ulid.ErrInvalidLength) {
			t.Fatalf("Typed Scan(%q) = %v, want ErrInvalidLength", public, err)
		}
		if _, err := users.Unmask(ulid.MakeTyped[user]().String()); err == nil {
			t.Fatal("a typed Masker unmasked TypeID text")
		}
	}
}

// ParseTyped reads the prefix before the suffix: text of another type, or
// of none, is refused as another prefix whatever its suffix, and a length
// error is only ever about text of P's own prefix, so its want is P's.
func TestParseTypedPrefixFirst(t *testing.T) {
	suffix := "01h455vb4pex5vsknk084sn02q"
	for _, tc := range []struct {
		s      string
		err    error
		offset int
		want   string // the end of the message
	}{
		{"order_" + suffix[:25], ulid.ErrWrongPrefix, 0, `want the prefix "user_"`},
		{"order_" + strings.ToUpper(suffix), ulid.ErrWrongPrefix, 0, `want the prefix "user_"`},
		{"use_" + suffix, ulid.ErrWrongPrefix, 3, `want the prefix "user_"`},
		{"users_" + suffix + "0", ulid.ErrWrongPrefix, 4, `want the prefix "user_"`},
		{"01563df3-6481-d676-4c61-efb99302bd5b", ulid.ErrWrongPrefix, 0, `want the prefix "user_"`},
		{"user_" + suffix[:25], ulid.ErrInvalidLength, -1, "want 31: the prefix, '_' and 26 characters"},
		{"user_yz4g5ym28fg1qptxha7hbqfjzf496", ulid.ErrInvalidLength, -1, "want 31: the prefix, '_' and 26 characters"},
		{"User_" + suffix, ulid.ErrInvalidPrefix, 0, "want 'a' to 'z', or '_' between letters"},
		{"user_" + strings.ToUpper(suffix), ulid.ErrInvalidCharacter, 7, "want a lower-case character of Crockford's Base32 (0-9, a-z but i, l, o, u)"},
		{"", ulid.ErrInvalidLength, -1, ""},
	} {
		_, err := ulid.ParseTyped[user](tc.s)
		var pe *ulid.ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Offset != tc.offset || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("ParseTyped[user](%q) = %v; want %v at offset %d, ending %q", tc.s, err, tc.err, tc.offset, tc.want)
		}
		// Scan and UnmarshalText read TypeID text alike.
		var scanned, unmarshalled ulid.Typed[user]
		if strings.Contains(tc.s, "_") {
			if serr := scanned.Scan(tc.s); serr == nil || serr.Error() != err.Error() {
				t.Errorf("Scan(%q) = %v; want %v", tc.s, serr, err)
			}
		}
		if uerr := unmarshalled.UnmarshalText([]byte(tc.s)); uerr == nil || uerr.Error() != err.Error() {
			t.Errorf("UnmarshalText(%q) = %v; want %v", tc.s, uerr, err)
		}
	}
}
