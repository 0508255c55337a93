package ulid

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

var uuidVectors = []struct{ ulid, uuid string }{
	{"01ARYZ6S41TSV4RRFFQ69G5FAV", "01563df3-6481-d676-4c61-efb99302bd5b"},
	{"00000000000000000000000000", "00000000-0000-0000-0000-000000000000"},
	{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
	{"01KVT0F720ZK9N4T2QX7VR8WMC", "019ef407-9c40-fcd3-5268-57e9f784728c"},
	{"014D2PF2DBSQQZXQ5TK1V58CGG", "01234567-89ab-cdef-fedc-ba9876543210"},
}

func TestUUIDVectors(t *testing.T) {
	for _, v := range uuidVectors {
		id := MustParse(v.ulid)
		if got := id.UUIDString(); got != v.uuid {
			t.Errorf("%s.UUIDString() = %s, want %s", v.ulid, got, v.uuid)
		}
		if got := string(id.AppendUUID([]byte("x"))); got != "x"+v.uuid {
			t.Errorf("AppendUUID = %s", got)
		}
		compact := strings.ReplaceAll(v.uuid, "-", "")
		for _, form := range []string{
			v.uuid, strings.ToUpper(v.uuid), compact, strings.ToUpper(compact),
			"{" + v.uuid + "}", "urn:uuid:" + v.uuid, "URN:UUID:" + strings.ToUpper(v.uuid),
		} {
			if got, err := ParseUUID(form); err != nil || got != id {
				t.Errorf("ParseUUID(%q) = %s, %v; want %s", form, got, err, v.ulid)
			}
		}
	}
}

func TestParseUUIDErrors(t *testing.T) {
	const valid = "01563df3-6481-d676-4c61-efb99302bd5b"
	tests := []struct {
		in     string
		err    error
		offset int
		b      byte
	}{
		{"", ErrInvalidLength, -1, 0},
		{valid[:35], ErrInvalidLength, -1, 0},
		{valid + "0", ErrInvalidLength, -1, 0},
		{"01ARYZ6S41TSV4RRFFQ69G5FAV", ErrInvalidLength, -1, 0},
		{"01563df3x6481-d676-4c61-efb99302bd5b", ErrInvalidCharacter, 8, 'x'},
		{"01563df3-6481-d676-4c61-efb99302bd5g", ErrInvalidCharacter, 35, 'g'},
		{"01563df3-6481-d676-4c61-efb99302bd-b", ErrInvalidCharacter, 34, '-'},
		{"0156-df3-6481-d676-4c61-efb99302bd5b"[:36], ErrInvalidCharacter, 4, '-'},
		{"01563df36481d6764c61efb99302bd5z", ErrInvalidCharacter, 31, 'z'},
		{"[" + valid + "}", ErrInvalidCharacter, 0, '['},
		{"{" + valid + ")", ErrInvalidCharacter, 37, ')'},
		{"urn:uuix:" + valid, ErrInvalidCharacter, 7, 'x'},
		{"urn:uuid:" + valid[:35] + "\xff", ErrInvalidCharacter, 44, 0xff},
		{"urn:uuid\x1a" + valid, ErrInvalidCharacter, 8, 0x1a},
		// More than one fault: the first in input order is the one named.
		{"01g63df3-6481-d676-4c61_efb99302bd5b", ErrInvalidCharacter, 2, 'g'},
		{"-01563df3-6481-d676-4c61-efb99302bd5", ErrInvalidCharacter, 0, '-'},
		{"0156-3df36481-d676-4c61-efb99302bd5b", ErrInvalidCharacter, 4, '-'},
		{"{g1563df3-6481-d676-4c61-efb99302bd5b)", ErrInvalidCharacter, 1, 'g'},
		{"urn:uuid:0g563df3-6481-d676-4c61_efb99302bd5b", ErrInvalidCharacter, 10, 'g'},
		{"urx:uuid:0g563df3-6481-d676-4c61_efb99302bd5b", ErrInvalidCharacter, 2, 'x'},
		{"{01563df3-6481-d676-4c61-efb99302bd5b-", ErrInvalidCharacter, 37, '-'},
		{"01563df3-6481-d676-4c61-efb99302bd5b"[:35] + "-", ErrInvalidCharacter, 35, '-'},
		{"0g563df36481d6764c61efb99302bd5-", ErrInvalidCharacter, 1, 'g'},
		// A length that is not that of the form the text marks itself as is a
		// length error, not a fault at the front from another form's pattern.
		{valid + "12", ErrInvalidLength, -1, 0},
		{valid + "-abcdefgh", ErrInvalidLength, -1, 0},
		{"01563df3-6481d6764c61efb99302bd5b", ErrInvalidLength, -1, 0},
		{"{" + valid, ErrInvalidLength, -1, 0},
		{"{01563df36481d6764c61efb99302bd5", ErrInvalidLength, -1, 0},
		{"urn:uuid:" + valid[:27], ErrInvalidLength, -1, 0},
		{"URN:uuid:" + valid[:29], ErrInvalidLength, -1, 0},
		// Without a marker, each form's length is read as that form.
		{"'" + valid + "'", ErrInvalidCharacter, 0, '\''},
		{"x" + valid[1:] + "12", ErrInvalidLength, -1, 0}, // its hyphen at 8 marks the 36-character form
	}
	for _, tc := range tests {
		_, err := ParseUUID(tc.in)
		var pe *ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Offset != tc.offset || pe.Byte != tc.b {
			t.Errorf("ParseUUID(%q) = %v (%+v); want %v at %d (%q)", tc.in, err, pe, tc.err, tc.offset, tc.b)
			continue
		}
		if !strings.HasPrefix(err.Error(), "ulid: invalid UUID text") {
			t.Errorf("ParseUUID(%q) error message %q", tc.in, err)
		}
	}

	// The message says what the offending position wants.
	for _, tc := range []struct{ in, want string }{
		{"01563df3x6481-d676-4c61-efb99302bd5b", "ulid: invalid UUID text: character 'x' at offset 8, want '-'"},
		{"01g63df3-6481-d676-4c61-efb99302bd5b", "ulid: invalid UUID text: character 'g' at offset 2, want a hex digit"},
		{"[" + valid + "}", "ulid: invalid UUID text: character '[' at offset 0, want '{'"},
		{"{" + valid + ")", "ulid: invalid UUID text: character ')' at offset 37, want '}'"},
		{"urn:uuix:" + valid, `ulid: invalid UUID text: character 'x' at offset 7, want "urn:uuid:" (in either case)`},
		{strings.Repeat("0", 36), "ulid: invalid UUID text: character '0' at offset 8, want '-'"},
		{valid[:35], "ulid: invalid UUID text length 35 bytes, want 36 for the form with hyphens"},
		{valid + "12", "ulid: invalid UUID text length 38 bytes, want 36 for the form with hyphens"},
		{"01563df3-6481d6764c61efb99302bd5", "ulid: invalid UUID text length 32 bytes, want 36 for the form with hyphens"},
		{"{" + valid, "ulid: invalid UUID text length 37 bytes, want 38 for the form in braces"},
		{"urn:uuid:" + valid[:27], "ulid: invalid UUID text length 36 bytes, want 45 for the urn:uuid: form"},
		{"01563df36481d6764c61efb99302bd5", "ulid: invalid UUID text length 31 bytes, want 36 (or 32, 38, 45)"},
	} {
		if _, err := ParseUUID(tc.in); err == nil || err.Error() != tc.want {
			t.Errorf("ParseUUID(%q) error %v, want %q", tc.in, err, tc.want)
		}
	}
}

func FuzzParseUUID(f *testing.F) {
	for _, v := range uuidVectors {
		f.Add(v.uuid)
		f.Add("{" + v.uuid + "}")
		f.Add("urn:uuid:" + v.uuid)
		f.Add(strings.ReplaceAll(v.uuid, "-", ""))
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseUUID(s)
		// Oracle: strip the accepted wrappers, require hyphens where RFC 9562
		// puts them, then decode with encoding/hex.
		want, ok := oracleParseUUID(s)
		if ok != (err == nil) || id != want {
			t.Fatalf("ParseUUID(%q) = %x, %v; oracle says %x, %v", s, id[:], err, want[:], ok)
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset != oracleUUIDFault(s) || (pe.Offset >= 0 && s[pe.Offset] != pe.Byte) {
				t.Fatalf("ParseUUID(%q) error %v does not point at the first offending byte (oracle: %d)", s, err, oracleUUIDFault(s))
			}
			// Scan reads UUID text with the same decoder, so it names the same fault.
			var scanned ULID
			if serr := scanned.Scan(s); pe.Err == ErrInvalidCharacter && (serr == nil || serr.Error() != err.Error()) {
				t.Fatalf("Scan(%q) error %v, ParseUUID's %v", s, serr, err)
			}
			return
		}
		if back, err := ParseUUID(id.UUIDString()); err != nil || back != id {
			t.Fatalf("round trip of %q = %x, %v", s, back[:], err)
		}
		var scanned ULID
		if err := scanned.Scan(s); err != nil || scanned != id {
			t.Fatalf("Scan(%q) = %x, %v", s, scanned[:], err)
		}
	})
}

func oracleParseUUID(s string) (ULID, bool) {
	switch {
	case len(s) == 38 && s[0] == '{' && s[37] == '}':
		s = s[1:37]
	case len(s) == 45 && strings.EqualFold(s[:9], "urn:uuid:"):
		s = s[9:]
	}
	if len(s) == 36 {
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return ULID{}, false
		}
		s = s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
	}
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 16 {
		return ULID{}, false
	}
	return ULID(b), true
}

// oracleUUIDFault returns the offset of the first byte of s that does not
// fit the UUID text form of its length, or -1 if s has no such form's length,
// is marked as a form of another length (a brace, "urn:", or a hyphen at
// offset 8), or has no fault. It builds the expected pattern byte by byte,
// unlike decodeUUID, which walks the 16 bytes.
func oracleUUIDFault(s string) int {
	const form = "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	marked := 0 // the length the markers name; 0 for none
	switch {
	case strings.HasPrefix(s, "{"):
		marked = 38
	case len(s) >= 4 && strings.EqualFold(s[:4], "urn:"):
		marked = 45
	case len(s) > 8 && s[8] == '-':
		marked = 36
	}
	if marked != 0 && marked != len(s) {
		return -1
	}
	var pattern string
	switch len(s) {
	case 32:
		pattern = strings.ReplaceAll(form, "-", "")
	case 36:
		pattern = form
	case 38:
		pattern = "{" + form + "}"
	case 45:
		pattern = "urn:uuid:" + form
	default:
		return -1
	}
	for i := range len(s) {
		want, c := pattern[i], s[i]
		switch {
		case want == 'x' && strings.IndexByte("0123456789abcdefABCDEF", c) < 0,
			want != 'x' && c != want && !(i < 9 && len(s) == 45 && strings.EqualFold(string(c), string(want))):
			return i
		}
	}
	return -1
}

func TestJSONNullAndErrors(t *testing.T) {
	var p *ULID
	if err := json.Unmarshal([]byte(`null`), &p); err != nil || p != nil {
		t.Errorf("null into *ULID = %v, %v", p, err)
	}
	if err := json.Unmarshal([]byte(`"01aryz6s41tsv4rrffq69g5fav"`), &p); err != nil || p == nil || p.String() != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
		t.Errorf("lower case into *ULID = %v, %v", p, err)
	}
	var id ULID
	for _, tc := range []struct {
		in     string
		err    error
		offset int
	}{
		{`""`, ErrInvalidLength, -1},
		{`"01ARYZ6S41TSV4RRFFQ69G5FAU"`, ErrInvalidCharacter, 25},
		{`"01ARYZ6S41-SV4RRFFQ69G5FAV"`, ErrInvalidCharacter, 10},
	} {
		err := json.Unmarshal([]byte(tc.in), &id)
		var pe *ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Offset != tc.offset {
			t.Errorf("json.Unmarshal(%s) = %v, want %v at offset %d", tc.in, err, tc.err, tc.offset)
		}
	}
}
