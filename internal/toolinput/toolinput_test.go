package toolinput

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

const (
	specULID = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	specUUID = "01563df3-6481-d676-4c61-efb99302bd5b"
	specMS   = 1469918176385
)

// TestRead checks the policy on each kind of text: what it reads, as
// which form, and the error and offset to mark for what it rejects.
func TestRead(t *testing.T) {
	spec := ulid.MustParse(specULID)
	for _, tc := range []struct {
		in     string
		opt    Options
		kind   Kind
		prefix string // TypeID text's
		err    string // the error's text, or "" for spec
	}{
		{in: specULID},
		{in: " " + specULID},
		{in: "\t" + specULID + " \r\n"},
		{in: "\u00a0" + specULID + "\ufeff"},
		{in: "\ufeff" + specULID},
		{in: "olaryz6s41tsv4rrffq69g5fav"},
		{in: "OLARYZ6S41TSV4RRFFQ69G5FAV", opt: Options{Strict: true}, err: "invalid character 'O' at offset 0 (Crockford alias of '0', which ParseStrict rejects)"},
		{in: specUUID, kind: UUID},
		{in: "  " + strings.ToUpper(specUUID) + " ", kind: UUID},
		{in: "01563df36481d6764c61efb99302bd5b", kind: UUID},
		{in: "{" + specUUID + "}", kind: UUID},
		{in: "urn:uuid:" + specUUID, kind: UUID},
		{in: specUUID, opt: Options{ULIDOnly: true}, err: "invalid length 36 bytes, want 26"},
		{in: specUUID, opt: Options{Strict: true}, kind: UUID},
		// Offsets count bytes in the input as given.
		{in: "  01ARYZ6S41TSV4RRFFQ69G5FAU", err: "invalid character 'U' at offset 27"},
		{in: "\u00a001ARYZ6S41TSV4RRFFQ69G5FAU", err: "invalid character 'U' at offset 27"},
		{in: " 01563df3-6481-d676-4c61-efb99302bd5x", kind: UUID, err: "invalid UUID text: character 'x' at offset 36, want a hex digit"},
		{in: "01ARYZ6S41 TSV4RRFFQ69G5FAV", err: "invalid length 27 bytes, want 26 (a line holds one ID, and this one has a space at offset 10)"},
		{in: "01ARYZ6S41-SV4RRFFQ69G5FAV", err: "invalid character '-' at offset 10"},
		{in: "", err: "invalid length 0 bytes, want 26"},
		{in: " \t ", err: "invalid length 0 bytes, want 26"},
		{in: "--json", err: "invalid length 6 bytes, want 26"},
		// Malformed UUIDs get UUID errors.
		{in: "01563df3-6481-d676-4c61efb99302bd5b", kind: UUID, err: "invalid UUID text length 35 bytes, want 36 for the form with hyphens"},
		{in: "01563df3-6481-d676-4c61-ef", kind: UUID, err: "invalid UUID text length 26 bytes, want 36 for the form with hyphens"},
		{in: "01563df36481d6764c61efb99302bd5", kind: UUID, err: "invalid UUID text length 31 bytes, want 36 (or 32, 38, 45)"},
		{in: "{01563df3-6481-d676-4c61-efb99302bd5}", kind: UUID, err: uuidError("{01563df3-6481-d676-4c61-efb99302bd5}")},
		{in: "01563df3-6481-d676-4c61efb99302bd5b", opt: Options{ULIDOnly: true}, err: "invalid length 35 bytes, want 26"},
		{in: specUUID + ",", kind: UUID, err: "invalid UUID text length 37 bytes, want 36 for the form with hyphens (a line holds one ID, and this one has a comma at offset 36)"},
		{in: "O1563df3-6481-d676-4c61-efb99302bd5b", kind: UUID, err: "invalid UUID text: character 'O' at offset 0, want a hex digit"},
		// The length alone does not make UUID text: these get the ULID
		// error, and at a UUID's length the UUID error too.
		{in: "01ARYZ6S-1TSV4RRFFQ69G5FAV", err: "invalid character '-' at offset 8"},
		{in: "01ARYZ6S41TSV4RRFFQ69G5FAVXXX", err: "invalid length 29 bytes, want 26"},
		{in: "this is not an id, it is a sentence!", err: "invalid length 36 bytes, want 26; as UUID text: character 't' at offset 0, want a hex digit (a line holds one ID, and this one has a space at offset 4)"},
		{in: "01ARYZ6S41TSV4RRFFQ69G5FAVXXXXXX", err: "invalid length 32 bytes, want 26; as UUID text: character 'R' at offset 3, want a hex digit"},
		{in: "01563df36481d6764c61efb99302bd5g", err: "invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit"},
		{in: "O1563df36481d6764c61efb99302bd5b", err: "invalid length 32 bytes, want 26; as UUID text: character 'O' at offset 0, want a hex digit"},
		{in: "\ufeff 01563df36481d6764c61efb99302bd5g\r\n", err: "invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 35, want a hex digit"},
		{in: "01563df36481d6764c61efb99302bd5g", opt: Options{Strict: true}, err: "invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit"},
		{in: "01563df36481d6764c61efb99302bd5g", opt: Options{ULIDOnly: true}, err: "invalid length 32 bytes, want 26"},
		{in: "01563df3_6481-d676-4c61-efb99302bd5b", err: "invalid length 36 bytes, want 26; as UUID text: character '_' at offset 8, want '-'"},
		// TypeID text: a '_' and a letter first.
		{in: "user_01aryz6s41tsv4rrffq69g5fav", kind: TypeID, prefix: "user"},
		{in: " \tuser_group_01aryz6s41tsv4rrffq69g5fav\n", kind: TypeID, prefix: "user_group"},
		{in: "01aryz6s41tsv4rrffq69g5fav", kind: ULID}, // the empty prefix: a ULID in lower case
		{in: "user_01aryz6s41tsv4rrffq69g5fav", opt: Options{ULIDOnly: true}, kind: ULID,
			err: "invalid length 31 bytes, want 26"},
		{in: "  user_01ARYZ6S41TSV4RRFFQ69G5FAV", kind: TypeID,
			err: "invalid TypeID: character 'A' at offset 9, want a lower-case character of Crockford's Base32 (0-9, a-z but i, l, o, u)"},
		{in: " User_01aryz6s41tsv4rrffq69g5fav", kind: TypeID,
			err: "invalid TypeID: character 'U' at offset 1, want 'a' to 'z', or '_' between letters"},
		{in: "user_81aryz6s41tsv4rrffq69g5fav", kind: TypeID, err: "first character '8' is above '7': value overflows 128 bits"},
		{in: "user_01aryz6s41tsv4rrffq69g5fa", kind: TypeID,
			err: "invalid TypeID length 30 bytes, want 31: the prefix, '_' and 26 characters"},
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", kind: TypeID,
			err: "invalid TypeID length 34 bytes, want 31: the prefix, '_' and 26 characters" +
				` (this looks like a typed public ID: unmask it with its key and the type "user")`},
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", opt: Options{ULIDOnly: true}, kind: ULID,
			err: `invalid length 34 bytes, want 26 (this looks like a typed public ID: unmask it with its key and the type "user")`},
		{in: "user_01aryz6s41tsv4rrffq69g5fav", opt: Options{Type: "user"}, kind: TypeID, prefix: "user"},
		{in: specULID, opt: Options{Type: "user"}, kind: ULID},
		{in: " user_group_01aryz6s41tsv4rrffq69g5fav", opt: Options{Type: "user"}, kind: TypeID,
			err: `invalid TypeID: character '_' at offset 5, want the prefix "user_"`},
		{in: "order_01aryz6s41tsv4rrffq69g5fav", opt: Options{Type: "user"}, kind: TypeID,
			err: `invalid TypeID: character 'o' at offset 0, want the prefix "user_"`},
		{in: `"` + specUUID + `"`, err: `invalid length 38 bytes, want 26; as UUID text: character '"' at offset 0, want '{'`},
		{in: "urn:uuid " + specUUID, err: `invalid length 45 bytes, want 26; as UUID text: character ' ' at offset 8, want "urn:uuid:" (in either case) (a line holds one ID, and this one has a space at offset 8)`},
	} {
		in, err := Read(tc.in, tc.opt)
		switch {
		case tc.err == "" && (err != nil || in.ID != spec || in.Kind != tc.kind || in.Prefix != tc.prefix):
			t.Errorf("Read(%q, %+v) = %+v, %v; want the test vector as %v", tc.in, tc.opt, in, err, tc.kind)
		case tc.err != "" && (err == nil || err.Error() != tc.err || in.Kind != tc.kind || in.ID != ulid.ULID{} || in.Prefix != ""):
			t.Errorf("Read(%q, %+v) = %+v, error %v; want %q, kind %v", tc.in, tc.opt, in, err, tc.err, tc.kind)
		case in.Given != tc.in || in.Place != Place{}:
			t.Errorf("Read(%q) = %+v; want Given %q and no place", tc.in, in, tc.in)
		}
		var e *Error
		var pe *ulid.ParseError
		if err != nil && (!errors.As(err, &e) || !errors.As(err, &pe) || pe != e.Err || e.Err.Length > MaxLine) {
			t.Errorf("Read(%q): %T is not an *Error wrapping a *ulid.ParseError", tc.in, err)
		}
	}
}

// offsetOf returns the offset err, an error of Read, names for a tool to
// point at (Error.Offset), or -1 for no error.
func offsetOf(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return -1
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%T is not an *Error: %v", err, err)
	}
	return e.Offset()
}

// TestOffset checks the offset Read's error gives for a tool to mark: that
// of the byte the message names, in the text as given.
func TestOffset(t *testing.T) {
	for _, tc := range []struct {
		in   string
		mark int
	}{
		{specULID, -1},
		{"  01ARYZ6S41TSV4RRFFQ69G5FAU", 27},
		{"\u00a001ARYZ6S41TSV4RRFFQ69G5FAU ", 27},
		{"01ARYZ6S41", -1},
		{"80000000000000000000000000", 0},
		{" 01563df3-6481-d676-4c61-efb99302bd5x", 36},
		{"01563df3-6481-d676-4c61efb99302bd5b", -1},
		// Both readings: the mark is the UUID reading's, the one with a byte.
		{"\ufeff 01563df36481d6764c61efb99302bd5g\r\n", 35},
		{"urn:x" + strings.Repeat("0", 31), -1},
	} {
		_, err := Read(tc.in, Options{})
		mark := offsetOf(t, err)
		if mark != tc.mark {
			t.Errorf("Read(%q): Offset %d, want %d (%v)", tc.in, mark, tc.mark, err)
		}
		// Every message that names an offset names the one to mark (that
		// of an overflow, always 0, goes without saying).
		if msg := fmt.Sprint(err); strings.Contains(msg, " offset ") && !strings.Contains(msg, " offset "+strconv.Itoa(mark)+",") &&
			!strings.HasSuffix(msg, " offset "+strconv.Itoa(mark)) {
			t.Errorf("Read(%q): Offset %d, but the message says %q", tc.in, mark, err)
		}
	}
}

// TestTwoReadings checks the error for text of a UUID's length that is not
// UUID text by its shape: it is a length error to errors.Is and errors.As,
// as the ULID error alone was, and it carries the UUID error, its offset
// counted in the input as given, worded from that error's fields.
func TestTwoReadings(t *testing.T) {
	const in = "\u00a001563df36481d6764c61efb99302bd5g"
	r, err := Read(in, Options{})
	var e *Error
	var pe *ulid.ParseError
	switch {
	case r.Kind != ULID:
		t.Errorf("kind %v, want ULID", r.Kind)
	case !errors.Is(err, ulid.ErrInvalidLength) || errors.Is(err, ulid.ErrInvalidCharacter):
		t.Errorf("%v: not (only) ulid.ErrInvalidLength", err)
	case !errors.As(err, &pe) || pe.Length != 32 || pe.Offset != -1:
		t.Errorf("%v: errors.As finds %+v, want the ULID reading", err, pe)
	case !errors.As(err, &e) || e.Err != pe || e.UUID == nil:
		t.Errorf("%v is not an *Error with both readings of %+v", err, pe)
	case !errors.Is(e.UUID, ulid.ErrInvalidCharacter) || e.UUID.Offset != 33 || e.UUID.Byte != 'g' || in[e.UUID.Offset] != 'g':
		t.Errorf("UUID reading %+v, want 'g' at offset 33", e.UUID)
	}

	// The UUID reading in words, for each of its faults, against the
	// library's own message for the same fields.
	for _, s := range []string{
		"01563df36481d6764c61efb99302bd5g", "01563df36481d6764c61efb99302bd5\x00", "01563df36481d6764c61efb99302bd5\xff",
		"01563df3_6481-d676-4c61-efb99302bd5b", `"` + specUUID + `"`, "urn:uuid " + specUUID,
		"urn:x" + strings.Repeat("0", 31), "01ARYZ6S-1TSV4RRFFQ69G5FAVXXXXXX",
	} {
		_, err := Read(s, Options{})
		_, uerr := ulid.ParseUUID(s)
		if !errors.As(err, &e) || e.UUID == nil {
			t.Fatalf("Read(%q) = %v, want two readings", s, err)
		}
		lib := strings.TrimPrefix(uerr.Error(), "ulid: invalid UUID text")
		lib = strings.TrimPrefix(strings.TrimPrefix(lib, ": "), " ")
		_, got, _ := strings.Cut(err.Error(), "; as UUID text: ")
		got, _, _ = strings.Cut(got, " (a line holds one ID") // the separator hint, for "urn:uuid "
		if strings.TrimPrefix(got, "invalid ") != lib {
			t.Errorf("Read(%q): UUID reading %q, the library says %q", s, got, uerr)
		}
	}
}

// uuidError returns the text of ulid.ParseUUID's error for s, which must be
// invalid, without the package's prefix, for cases whose wording is the
// library's to choose.
func uuidError(s string) string {
	_, err := ulid.ParseUUID(s)
	return strings.TrimPrefix(err.Error(), "ulid: ")
}

// TestTooLong checks the bound: text of MaxLine bytes is read, padding
// and all, and longer text is an error that says its length, whatever it
// holds, marks nothing and reads nothing.
func TestTooLong(t *testing.T) {
	pad := strings.Repeat(" ", MaxLine-len(specULID))
	if in, err := Read(pad+specULID, Options{}); err != nil || in.ID != ulid.MustParse(specULID) {
		t.Errorf("%d bytes: %+v, %v; want the ID", MaxLine, in.Kind, err)
	}
	for _, s := range []string{pad + specULID + " ", strings.Repeat(" ", 1<<20), strings.Repeat("0", MaxLine+1)} {
		in, err := Read(s, Options{})
		var e *Error
		want := "line too long (" + strconv.Itoa(len(s)) + " bytes)"
		if err == nil || err.Error() != want || !errors.As(err, &e) || e.Err.Length != len(s) || e.UUID != nil || e.Separator != 0 ||
			!errors.Is(err, ulid.ErrInvalidLength) || e.Offset() != -1 || in.Given != s[:MaxLine] || in.Text != in.Given || in.Lead != 0 || in.ID != (ulid.ULID{}) || in.Kind != ULID {
			t.Errorf("%d bytes: %+v, %v; want %q", len(s), in, err, want)
		}
	}
}

// TestIsUUIDText checks the shape rule, each clause of it, and the text
// it leaves to the ULID parser, whatever its length.
func TestIsUUIDText(t *testing.T) {
	for _, tc := range []struct {
		rule string
		in   string
		want bool
	}{
		{"urn:uuid: prefix", "urn:uuid:" + specUUID, true},
		{"urn:uuid: prefix", "URN:UUID:0156", true},
		{"urn:uuid: prefix", "urn:uuid:", true},
		{"brace", "{" + specUUID + "}", true},
		{"brace", "{0156}", true},
		{"brace", "{" + specULID + "}", true},
		{"brace", "{", true},
		{"8-4 layout", specUUID, true},
		{"8-4 layout", specUUID + ",", true}, // a CSV paste
		{"8-4 layout", `01563df3-6481-d676-4c61-efb99302bd5b"`, true},
		{"8-4 layout", "O1563df3-6481-d676-4c61-efb99302bd5b", true}, // O for 0
		{"8-4 layout", "01g63df3-6481-d676-4c61_efb99302bd5b", true},
		{"8-4 layout", "xxxxxxxx-xxxx-", true},
		{"hex and hyphens", "01563df3-6481-d676-4c61efb99302bd5b", true},
		{"hex and hyphens", "01563df3-6481", true},
		{"hex and hyphens", "0156-3df3", true},
		{"hex and hyphens", "-01563df3-6481-d676-4c61-efb99302bd5", true},
		{"hex and hyphens", "0123456789-abcdef012345678", true},
		{"hex digits", "01563df36481d6764c61efb99302bd5b", true},
		{"hex digits", "0123456789abcdef0123456789ab", true}, // 28: more than a ULID
		{"hex digits", strings.Repeat("a", 1000), true},
		{"ULID", specULID, false},
		{"ULID", "0123456789abcdef0123456789", false}, // 26 hex digits: a valid ULID
		{"ULID", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", false},
		{"other", "this is not an id, it is a sentence!", false}, // 36 bytes
		{"other", specULID + "XXXXXX", false},                    // 32 bytes
		{"other", "01ARYZ6S41-SV4RRFFQ69G5FAV", false},
		{"other", "01ARYZ6S-1TSV4RRFFQ69G5FAV", false}, // one hyphen, at byte 8
		{"other", "01563df3 6481 d676 4c61 efb99302bd5b", false},
		{"other", "2026-06-23T10:30:00Z", false},
		{"other", "'" + specUUID + "'", false},
		{"other", "01ARYZ", false},
		{"other", "--json", false},
		{"other", "-", false},
		{"other", "--", false},
		{"other", "", false},
	} {
		if got := isUUIDText(tc.in); got != tc.want {
			t.Errorf("%s: isUUIDText(%q) = %v, want %v", tc.rule, tc.in, got, tc.want)
		}
	}
}

// TestQuote checks the cut of long input in messages.
func TestQuote(t *testing.T) {
	long := strings.Repeat("x", QuoteMax)
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", `"01ARYZ6S41TSV4RRFFQ69G5FAU"`},
		{long, `"` + long + `"`},
		{long + "y", `"` + long + `"...`},
		{long + strings.Repeat("y", 100<<10), `"` + long + `"...`},
		{"\t\n" + long, `"\t\n` + long[:QuoteMax-2] + `"...`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.50q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzRead checks the tools' input policy: an accepted ID prints and reads
// back in the form it was read in, with or without white space around it,
// and an error names a byte of the input as given.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		specULID, specUUID, " " + specULID + "\r\n", "\u00a0" + specUUID, "\ufeff" + specULID,
		"{" + specUUID + "}", "urn:uuid:" + specUUID, "01563df36481d6764c61efb99302bd5b",
		"01563df3-6481-d676-4c61efb99302bd5b", "01arYZ6S41TSV4RRFFQ69G5FAV", "OIARYZ6S41TSV4RRFFQ69G5FAV",
		"01ARYZ6S41 TSV4RRFFQ69G5FAV", "", " ", "-",
		"this is not an id, it is a sentence!", specULID + "XXXXXX", specUUID + ",", "O1563df3-6481-d676-4c61-efb99302bd5b",
		"01ARYZ6S-1TSV4RRFFQ69G5FAV", "URN:UUID:" + specUUID,
		"01563df36481d6764c61efb99302bd5g", " O1563df36481d6764c61efb99302bd5b", `"` + specUUID + `"`,
		strings.Repeat("\u00a0", 40) + specULID, strings.Repeat("0", 70), "{" + strings.Repeat("0", 70), strings.Repeat("-0", 40) + " ",
	} {
		f.Add(s, false, false)
	}
	f.Fuzz(func(t *testing.T, s string, strict, ulidOnly bool) {
		if len(s) > MaxLine {
			t.Skip("too long to read: see TestTooLong")
		}
		// The shape rule: a valid ULID is never UUID text, and text that
		// ulid.ParseUUID reads always is.
		trimmed, lead := Trim(s)
		if _, err := ulid.Parse(trimmed); err == nil && isUUIDText(trimmed) {
			t.Fatalf("isUUIDText(%q) is true for a valid ULID", trimmed)
		}
		if _, err := ulid.ParseUUID(trimmed); err == nil && !isUUIDText(trimmed) {
			t.Fatalf("isUUIDText(%q) is false for valid UUID text", trimmed)
		}
		opt := Options{Strict: strict, ULIDOnly: ulidOnly}
		in, err := Read(s, opt)
		if in.Given != s || in.Text != trimmed || in.Lead != lead {
			t.Fatalf("Read(%q): Given %q, Text %q, Lead %d; want the text and Trim's %q, %d", s, in.Given, in.Text, in.Lead, trimmed, lead)
		}
		// A line of standard input is read as the same text as an argument.
		var lines []Input
		var lineErr error
		// A blank one, which Trim leaves nothing of, is skipped.
		if !strings.ContainsAny(s, "\n") {
			for in, err := range Lines(strings.NewReader(s+"\r\n"), opt) {
				in.Place = Place{}
				lines, lineErr = append(lines, in), err
			}
			switch {
			case trimmed == "" && len(lines) != 0:
				t.Fatalf("Lines(%q) read a blank line: %+v, %v", s, lines, lineErr)
			case trimmed != "" && (len(lines) != 1 || lines[0] != in || fmt.Sprint(lineErr) != fmt.Sprint(err)):
				t.Fatalf("Lines(%q) = %+v, %v; Read gives %+v, %v", s, lines, lineErr, in, err)
			}
		}
		if in.Given != s {
			t.Fatalf("Read(%q) = %+v", s, in)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Err.Length > MaxLine {
				t.Fatalf("Read(%q) error %T is not an *Error: %v", s, err, err)
			}
			pe := e.Err
			// Text of a UUID's length read as a ULID has both readings.
			wantTwo := in.Kind == ULID && !ulidOnly && slices.Contains([]int{32, 36, 38, 45}, len(trimmed))
			if (e.UUID != nil) != wantTwo {
				t.Fatalf("Read(%q, %+v) = %v; want two readings: %v", s, opt, err, wantTwo)
			}
			mark := pe.Offset
			if wantTwo {
				if !errors.Is(err, ulid.ErrInvalidLength) || pe.Offset != -1 {
					t.Fatalf("Read(%q) = %v does not unwrap to its ULID reading", s, err)
				}
				if u := e.UUID; u.Offset >= 0 && (u.Offset >= len(s) || s[u.Offset] != u.Byte) {
					t.Fatalf("Read(%q) error %v: its UUID reading points at the wrong byte", s, err)
				}
				if !strings.HasPrefix(err.Error(), strings.TrimPrefix(pe.Error(), "ulid: ")+"; as UUID text: ") {
					t.Fatalf("Read(%q) error %q does not start with the ULID reading", s, err)
				}
				mark = e.UUID.Offset
			}
			if e.Offset() != mark || mark >= 0 && (mark < lead || mark >= lead+len(trimmed)) {
				t.Fatalf("Read(%q) error %v marks %d, outside the text the policy reads", s, err, e.Offset())
			}
			if pe.Offset >= 0 && (pe.Offset >= len(s) || s[pe.Offset] != pe.Byte) {
				t.Fatalf("Read(%q) error %v points at the wrong byte", s, err)
			}
			return
		}
		if in.Kind == UUID && ulidOnly {
			t.Fatalf("Read(%q) read UUID text with ULIDOnly set", s)
		}
		printed := in.ID.String()
		switch in.Kind {
		case UUID:
			printed = in.ID.UUIDString()
		case TypeID:
			b, err := ulid.AppendTypeID(nil, in.Prefix, in.ID)
			if err != nil {
				t.Fatalf("Read(%q) = prefix %q, which AppendTypeID refuses: %v", s, in.Prefix, err)
			}
			printed = string(b)
		}
		for _, text := range []string{printed, " \t" + printed + "\r\n"} {
			back, err := Read(text, opt)
			if err != nil || back.ID != in.ID || back.Kind != in.Kind {
				t.Fatalf("Read(%q) = %v (kind %d), but %q reads back as %v (kind %d), %v", s, in.ID, in.Kind, text, back.ID, back.Kind, err)
			}
		}
	})
}

func TestMessage(t *testing.T) {
	_, err := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAU")
	if got, want := Message(err), "invalid character 'U' at offset 25"; got != want {
		t.Errorf("Message(%v) = %q, want %q", err, got, want)
	}
	if got := Message(errors.New("ulid-web: ulid: x")); got != "ulid-web: ulid: x" {
		t.Errorf("Message kept only a leading \"ulid: \"; got %q", got)
	}
}
