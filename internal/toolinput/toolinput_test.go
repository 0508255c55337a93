package toolinput

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

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
		in   string
		opt  Options
		kind Kind
		err  string // the error's text, or "" for spec
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
		{in: `"` + specUUID + `"`, err: `invalid length 38 bytes, want 26; as UUID text: character '"' at offset 0, want '{'`},
		{in: "urn:uuid " + specUUID, err: `invalid length 45 bytes, want 26; as UUID text: character ' ' at offset 8, want "urn:uuid:" (in either case) (a line holds one ID, and this one has a space at offset 8)`},
	} {
		in, err := Read(tc.in, tc.opt)
		text, lead := Trim(tc.in)
		switch {
		case tc.err == "" && (err != nil || in.ID != spec || in.Kind != tc.kind):
			t.Errorf("Read(%q, %+v) = %+v, %v; want the test vector as %v", tc.in, tc.opt, in, err, tc.kind)
		case tc.err != "" && (err == nil || err.Error() != tc.err || in.Kind != tc.kind || in.ID != ulid.ULID{}):
			t.Errorf("Read(%q, %+v) = %+v, error %v; want %q, kind %v", tc.in, tc.opt, in, err, tc.err, tc.kind)
		case in.Given != tc.in || in.Text != text || in.Lead != lead:
			t.Errorf("Read(%q) = %+v; want Text %q, Lead %d", tc.in, in, text, lead)
		}
		var e *Error
		var pe *ulid.ParseError
		if err != nil && (!errors.As(err, &e) || !errors.As(err, &pe) || pe != e.Err || e.TooLong) {
			t.Errorf("Read(%q): %T is not an *Error wrapping a *ulid.ParseError", tc.in, err)
		}
		if err == nil && in.Mark != -1 {
			t.Errorf("Read(%q): Mark %d without an error", tc.in, in.Mark)
		}
	}
}

// TestMark checks the offset Read gives for a tool to mark: that of the
// byte the message names, in the text as given.
func TestMark(t *testing.T) {
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
		in, err := Read(tc.in, Options{})
		if in.Mark != tc.mark {
			t.Errorf("Read(%q): Mark %d, want %d (%v)", tc.in, in.Mark, tc.mark, err)
		}
		// Every message that names an offset names the one to mark (that
		// of an overflow, always 0, goes without saying).
		if msg := fmt.Sprint(err); strings.Contains(msg, " offset ") && !strings.Contains(msg, " offset "+strconv.Itoa(in.Mark)+",") &&
			!strings.HasSuffix(msg, " offset "+strconv.Itoa(in.Mark)) {
			t.Errorf("Read(%q): Mark %d, but the message says %q", tc.in, in.Mark, err)
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
// holds, and marks nothing.
func TestTooLong(t *testing.T) {
	pad := strings.Repeat(" ", MaxLine-len(specULID))
	if in, err := Read(pad+specULID, Options{}); err != nil || in.ID != ulid.MustParse(specULID) {
		t.Errorf("%d bytes: %+v, %v; want the ID", MaxLine, in.Kind, err)
	}
	for _, s := range []string{pad + specULID + " ", strings.Repeat(" ", 1<<20), strings.Repeat("0", MaxLine+1)} {
		in, err := Read(s, Options{})
		var e *Error
		want := "line too long (" + strconv.Itoa(len(s)) + " bytes)"
		if err == nil || err.Error() != want || !errors.As(err, &e) || !e.TooLong || e.Err.Length != len(s) ||
			!errors.Is(err, ulid.ErrInvalidLength) || in.Mark != -1 || in.Given != s[:MaxLine] || in.Text != "" {
			t.Errorf("%d bytes: %+v, %v; want %q", len(s), in, err, want)
		}
	}
}

// TestReadLines checks line endings, blank lines, line numbers and the
// bound, with a CR split from its LF where the reading buffer ends: each
// line that is not blank is read as Read reads the same text, and a line
// longer than MaxLine is an error that counts every byte of it.
func TestReadLines(t *testing.T) {
	long := strings.Repeat("a", MaxLine)
	pad := strings.Repeat(" ", MaxLine-len(specULID))
	type line struct {
		n       int
		given   string
		tooLong int // the length of a line longer than MaxLine, or 0
	}
	for _, tc := range []struct {
		name string
		in   string
		want []line
	}{
		{"empty", "", nil},
		{"blank", "\n\r\n \t\n\u00a0\ufeff\n\r", nil},
		{"no final newline", specULID + "\n" + specUUID, []line{{1, specULID, 0}, {2, specUUID, 0}}},
		{"CRLF", "a\r\n\r\nb\r\n", []line{{1, "a", 0}, {3, "b", 0}}},
		{"lone CR kept", "a\rb\n", []line{{1, "a\rb", 0}}},
		{"MaxLine bytes", pad + specULID + "\r\nx", []line{{1, pad + specULID, 0}, {2, "x", 0}}},
		{"MaxLine bytes, no newline", long, []line{{1, long, 0}}},
		{"one byte more", long + "a\n" + specULID, []line{{1, long, MaxLine + 1}, {2, specULID, 0}}},
		{"blank but too long", strings.Repeat(" ", MaxLine+1), []line{{1, strings.Repeat(" ", MaxLine), MaxLine + 1}}},
		// The buffer holds MaxLine bytes and a CRLF: here it ends in the
		// CR, and the LF comes in the next read.
		{"CR split from LF", long + "a\r\nz", []line{{1, long, MaxLine + 1}, {2, "z", 0}}},
		{"CR split, no LF", long + "ab\r", []line{{1, long, MaxLine + 3}}},
		{"very long", strings.Repeat(long, 20) + "\n\nz", []line{{1, long, 20 * MaxLine}, {3, "z", 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []line
			err := ReadLines(strings.NewReader(tc.in), Options{}, func(n int, in Input, err error) error {
				want, wantErr := Read(in.Given, Options{})
				var e *Error
				switch {
				case errors.As(err, &e) && e.TooLong:
					got = append(got, line{n, in.Given, e.Err.Length})
					if err.Error() != "line too long ("+strconv.Itoa(e.Err.Length)+" bytes)" || in.Mark != -1 {
						t.Errorf("line %d: %+v, %v", n, in, err)
					}
				case in != want || fmt.Sprint(err) != fmt.Sprint(wantErr):
					t.Errorf("line %d: %+v, %v; Read gives %+v, %v", n, in, err, want, wantErr)
					fallthrough
				default:
					got = append(got, line{n, in.Given, 0})
				}
				return nil
			})
			if err != nil || len(got) != len(tc.want) {
				t.Fatalf("%v, %d lines, want %d", err, len(got), len(tc.want))
			}
			for i, g := range got {
				if w := tc.want[i]; g != w {
					t.Errorf("line %d: %d, %.20q (%d bytes), too long %d; want %d, %.20q (%d bytes), %d",
						i, g.n, g.given, len(g.given), g.tooLong, w.n, w.given, len(w.given), w.tooLong)
				}
			}
		})
	}

	// fn's error stops the reading, and so does r's.
	stop := errors.New("stop")
	calls := 0
	err := ReadLines(strings.NewReader("a\nb\n"), Options{}, func(int, Input, error) error { calls++; return stop })
	if err != stop || calls != 1 {
		t.Errorf("got %v after %d calls", err, calls)
	}
	calls = 0
	err = ReadLines(io.MultiReader(strings.NewReader(specULID+"\n"), iotest.ErrReader(stop)), Options{}, func(int, Input, error) error { calls++; return nil })
	if err != stop || calls != 1 {
		t.Errorf("a failing reader: got %v after %d calls", err, calls)
	}
}

// TestReadLinesBlank checks that ReadLines skips a line when Trim leaves
// nothing of it, and only then: white space the policy does not trim, or
// a byte of it that is not valid UTF-8, is a line to read.
func TestReadLinesBlank(t *testing.T) {
	for _, s := range []string{
		"", " ", "\t", "\v", "\f", "\r", " \r", "\u00a0", "\ufeff", " \t\v\f\u00a0\ufeff\r",
		"\u3000", "\u2028", "\u0085", "\x00", "\xa0", "\xc2", "\xef\xbb", " \xa0 ", "\u00a0x", "x\u00a0",
	} {
		calls := 0
		err := ReadLines(strings.NewReader(s+"\n"+s), Options{}, func(line int, in Input, err error) error {
			calls++
			if in.Given != s || in.Text == "" {
				t.Errorf("%q: line %d read as %+v", s, line, in)
			}
			return nil
		})
		want := 2
		if text, _ := Trim(s); text == "" {
			want = 0
		}
		if err != nil || calls != want {
			t.Errorf("%q twice: %v, %d lines read, want %d", s, err, calls, want)
		}
	}
}

// TestReadLinesBlankAllocs checks that a blank line costs ReadLines no
// allocation: reading thousands of them allocates what reading nothing
// does, the reading buffer, so that ulid validate reads a file of blank
// lines as fast as one of IDs.
func TestReadLinesBlankAllocs(t *testing.T) {
	const lines = 4000
	blank := strings.Repeat("\n\r\n \t\v\f\r\n\u00a0\ufeff", lines/4)
	r := strings.NewReader("")
	allocs := func(text string) float64 {
		return testing.AllocsPerRun(20, func() {
			r.Reset(text)
			if err := ReadLines(r, Options{}, func(line int, in Input, err error) error {
				return errors.New("line " + strconv.Itoa(line) + " is not blank")
			}); err != nil {
				t.Fatal(err)
			}
		})
	}
	if none, got := allocs(""), allocs(blank); got != none {
		t.Errorf("ReadLines: %v allocations for %d blank lines, %v for none; want none a line (%.1f)", got, lines, none, (got-none)/lines)
	}
}

// zeds is an io.Reader of n bytes of 'Z' and then the line tail.
type zeds struct {
	n    int64
	tail string
}

var zedBlock = []byte(strings.Repeat("Z", 4096))

func (z *zeds) Read(p []byte) (int, error) {
	if z.n == 0 {
		if z.tail == "" {
			return 0, io.EOF
		}
		k := copy(p, z.tail)
		z.tail = z.tail[k:]
		return k, nil
	}
	k := 0
	for k < len(p) && z.n > 0 {
		c := copy(p[k:min(len(p), k+int(min(z.n, int64(len(zedBlock)))))], zedBlock)
		k += c
		z.n -= int64(c)
	}
	return k, nil
}

// TestReadLinesGiB checks that a line of a GiB is an error that says its
// length, read in constant memory: it allocates no more than a small
// multiple of MaxLine, and the line after it is read.
func TestReadLinesGiB(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a GiB")
	}
	const n = 1 << 30
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var got []string
	err := ReadLines(&zeds{n: n, tail: "\r\n" + specULID + "\n"}, Options{}, func(line int, in Input, err error) error {
		got = append(got, strconv.Itoa(line)+": "+fmt.Sprint(err)+" "+in.Text+" "+Quote(in.Given))
		return nil
	})
	runtime.ReadMemStats(&after)
	want := []string{`1: line too long (1073741824 bytes)  "` + strings.Repeat("Z", QuoteMax) + `"...`, "2: <nil> " + specULID + ` "` + specULID + `"`}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("ReadLines: %v, %q; want %q", err, got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*MaxLine {
		t.Errorf("ReadLines allocated %d bytes for a line of %d", alloc, n)
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

func TestParseTime(t *testing.T) {
	for _, tc := range []struct {
		in  string
		ms  uint64
		err string // a part of the error; "" for success
	}{
		{in: "0", ms: 0},
		{in: "1469918176385", ms: specMS},
		{in: "100000000000", ms: 100_000_000_000},
		{in: "281474976710655", ms: ulid.MaxTimestamp},
		{in: " 1469918176385\n", ms: specMS},
		{in: "2016-07-30T22:36:16.385Z", ms: specMS},
		{in: "2016-07-30t22:36:16.385z", ms: specMS},
		{in: "2016-07-30T22:36:16.385999999999Z", ms: specMS},
		{in: "2016-07-31T04:06:16.385+05:30", ms: specMS},
		{in: "2016-07-30T18:36:16.385-04:00", ms: specMS},
		{in: "2026-06-23T10:30:00Z", ms: 1782210600000},
		{in: "1970-01-01T00:00:00Z", ms: 0},
		{in: "10889-08-02T05:31:50.655Z", ms: ulid.MaxTimestamp},
		{in: "10889-08-02t11:01:50.655+05:30", ms: ulid.MaxTimestamp},
		{in: "2024-02-29T00:00:00Z", ms: 1709164800000},
		// A space for the T, as date --rfc-3339 and psql print.
		{in: "2026-12-01 11:13:24+00:00", ms: 1796123604000},
		{in: "2026-12-01 11:13:24.123+00:00", ms: 1796123604123},
		{in: "2026-12-01 16:43:24.123456789+05:30", ms: 1796123604123},
		{in: " 2026-12-01 11:13:24z\n", ms: 1796123604000},
		{in: "2026-12-01  11:13:24Z", err: "want an RFC 3339 time"},
		{in: "2026-12-01\t11:13:24Z", err: "want an RFC 3339 time"},
		// Near misses get errors that say what is wrong.
		{in: "2026-12-01 11:13:24.123+00", err: `UTC offset +00 needs minutes in "2026-12-01 11:13:24.123+00"; write +00:00`},
		{in: "2026-12-01T06:13:24-05", err: "UTC offset -05 needs minutes"},
		{in: "2026-12-01 16:43:24+0530", err: `UTC offset +0530 needs a colon in "2026-12-01 16:43:24+0530"; write +05:30`},
		{in: "2026-12-01 11:13:24", err: `no UTC offset (Z for UTC) in "2026-12-01 11:13:24"; want an RFC 3339 time`},
		{in: "2026-12-01T11:13:24.5", err: "no UTC offset"},
		{in: "2026-12-01 11:13:24+24", err: "want an RFC 3339 time"},
		{in: "2026-12-01 11:13:24+0560", err: "want an RFC 3339 time"},
		{in: "1796124818.121", err: "1796124818.121 has a fraction, which Unix milliseconds do not have; write @1796124818.121 for Unix seconds"},
		{in: "0.5", err: "write @0.5 for Unix seconds"},
		{in: "1796124818121.5", err: "1796124818121.5 has a fraction, which Unix milliseconds do not have; for Unix milliseconds, drop the fraction: 1796124818121"},
		// Hints suggest only what is accepted; past that, out of range.
		{in: "281474976710.655", err: "write @281474976710.655 for Unix seconds"},
		{in: "281474976710.656", err: "281474976710.656 has a fraction, so it is not Unix milliseconds, and as Unix seconds it is out of range: the largest a ULID holds are @281474976710.655"},
		{in: "281474976711.5", err: "for Unix milliseconds, drop the fraction: 281474976711"},
		{in: "281474976710655.9", err: "for Unix milliseconds, drop the fraction: 281474976710655"},
		{in: "281474976710656.5", err: "281474976710656.5 is out of range as Unix seconds and as Unix milliseconds: the largest a ULID holds are @281474976710.655 and 281474976710655"},
		{in: "18446744073709551616.5", err: "18446744073709551616.5 is out of range as Unix seconds and as Unix milliseconds"},
		{in: "10889-08-02T05:31:50.655-01", err: "out of range: ULIDs hold times"},
		{in: "10889-08-02T05:31:50.655+01", err: "UTC offset +01 needs minutes in \"10889-08-02T05:31:50.655+01\"; write +01:00"},
		{in: "1970-01-01 00:00:00+0001", err: "out of range"},
		{in: "2026-02-30 11:13:24+00", err: "day out of range"},
		// An offset with seconds, as psql prints local mean time.
		{in: "1971-06-01 11:15:30.123-00:44:30", err: `UTC offset -00:44:30 has seconds in "1971-06-01 11:15:30.123-00:44:30", ` +
			"which RFC 3339 offsets do not have; write the time in UTC: 1971-06-01T12:00:00.123Z"},
		{in: "2026-06-23T16:00:00+05:30:00", err: "UTC offset +05:30:00 has seconds in \"2026-06-23T16:00:00+05:30:00\", which RFC 3339 offsets do not have; write +05:30"},
		{in: "1970-01-01 00:00:00+00:44:30", err: "out of range"},
		{in: "2026-06-23T10:30:00+05:30:60", err: "want an RFC 3339 time"},
		{in: "2026-06-23T10:30:00+05:30:5", err: "want an RFC 3339 time"},
		{in: "1796124818.", err: "want an RFC 3339 time"},
		{in: ".5", err: "want an RFC 3339 time"},
		{in: "@1469918176.385", ms: specMS},
		{in: "@1469918176.3859", ms: specMS},
		{in: "@1796113133", ms: 1796113133000},
		{in: "@1796113133.5", ms: 1796113133500},
		{in: "@0", ms: 0},
		{in: "@0.001", ms: 1},
		{in: "@281474976710.655", ms: ulid.MaxTimestamp},
		{in: "1796113133", err: "1796113133 is ambiguous: as Unix milliseconds it is 1970-01-21T18:55:13.133Z, as Unix seconds 2026-12-01T08:18:53.000Z; write @1796113133 for seconds"},
		{in: "1", err: "1 is ambiguous"},
		{in: "99999999999", err: "99999999999 is ambiguous"},
		{in: "281474976710656", err: "out of range"},
		{in: "1796113133123456", err: "for microseconds or nanoseconds"},
		{in: "99999999999999999999", err: "out of range"},
		{in: "@281474976710.656", err: "out of range"},
		{in: "@281474976711", err: "out of range"},
		{in: "@", err: "want Unix seconds after @"},
		{in: "@1.", err: "want Unix seconds after @"},
		{in: "@-1", err: "want Unix seconds after @"},
		{in: "@1e9", err: "want Unix seconds after @"},
		{in: "10889-08-02T05:31:50.656Z", err: "out of range"},
		{in: "1969-12-31T23:59:59.999Z", err: "out of range"},
		{in: "99999-12-31T23:59:59Z", err: "out of range"},
		{in: "01970-01-01T00:00:00Z", err: "five-digit year"},
		{in: "2026-02-29T00:00:00Z", err: "day out of range"},
		{in: "2026-13-01T00:00:00Z", err: "month out of range"},
		{in: "2026-06-23T24:00:00Z", err: "hour out of range"},
		{in: "2026-06-23T10:30:60Z", err: "second out of range"},
		{in: "2026-06-23T10:30:00+24:00", err: "UTC offset out of range"},
		{in: "2026-06-23T10:30:00", err: "want an RFC 3339 time"},
		{in: "2026-06-23T10:30:00.Z", err: "want an RFC 3339 time"},
		{in: "2026-06-23T10:30:00ZZ", err: "want an RFC 3339 time"},
		{in: "2026-06-23", err: "want an RFC 3339 time"},
		{in: "yesterday", err: "want an RFC 3339 time"},
		{in: "-1", err: "want an RFC 3339 time"},
		{in: "", err: "want an RFC 3339 time"},
	} {
		ms, err := ParseTime(tc.in)
		switch {
		case tc.err == "" && (err != nil || ms != tc.ms):
			t.Errorf("ParseTime(%q) = %d, %v; want %d", tc.in, ms, err, tc.ms)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseTime(%q) = %d, %v; want an error with %q", tc.in, ms, err, tc.err)
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

// TestParseTimeLong checks that an error about a long value quotes it cut,
// as Quote cuts it, and still says what is wrong: 100 KiB of input gives a
// message of one short line.
func TestParseTimeLong(t *testing.T) {
	const n = 100 << 10
	ones := strings.Repeat("1", n)
	for _, tc := range []struct{ in, want string }{
		{strings.Repeat("x", n), TimeSyntax},
		{ones, "out of range"},
		{"@" + ones, "out of range"},
		{ones + ".5", Quote(ones) + " is out of range as Unix seconds and as Unix milliseconds"},
		{"1796124818." + ones, Quote("1796124818."+ones) + " has a fraction, which Unix milliseconds do not have; write it with @ in front for Unix seconds"},
		{"2026-06-23T10:30:00." + ones, `no UTC offset (Z for UTC) in ` + Quote("2026-06-23T10:30:00."+ones) + "; " + TimeSyntax},
		{"2026-06-23T10:30:00." + ones + "+00", `UTC offset +00 needs minutes in ` + Quote("2026-06-23T10:30:00."+ones) + "; write +00:00"},
		{"2026-06-23T10:30:00." + ones + "-00:44:30", "has seconds in " + Quote("2026-06-23T10:30:00."+ones) +
			", which RFC 3339 offsets do not have; write the time in UTC: 2026-06-23T11:14:30.111Z"},
		{"2026-02-30T10:30:00." + ones + "Z", `day out of range in ` + Quote("2026-02-30T10:30:00."+ones)},
	} {
		_, err := ParseTime(tc.in)
		if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseTime(%.50q...) = %.400v; want a short error with %q", tc.in, err, tc.want)
		}
	}
	// The @ the long fraction's error says to put in front is accepted.
	if ms, err := ParseTime("@1796124818." + ones); err != nil || ms != 1796124818111 {
		t.Errorf("ParseTime(@1796124818.111...) = %d, %v", ms, err)
	}
}

// TestParseTimeReadsFormat checks that every time Format prints, the
// largest included, reads back.
func TestParseTimeReadsFormat(t *testing.T) {
	for _, ms := range []uint64{0, 1, 999, specMS, 1782210600000, 253402300799999, 253402300800000, ulid.MaxTimestamp} {
		s := Format(ms)
		for _, in := range []string{s, strings.ToLower(s)} {
			if got, err := ParseTime(in); err != nil || got != ms {
				t.Errorf("ParseTime(%q) = %d, %v; want %d", in, got, err, ms)
			}
		}
	}
}

// rfc3339Shape is the date-time of RFC 3339, section 5.6, with a year of
// four or five digits and a space allowed for the T (the section's NOTE).
// Its offset is in range: the standard library takes +00:60 as an hour.
var rfc3339Shape = regexp.MustCompile(`^[0-9]{4,5}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$`)

// FuzzParseTime checks ParseTime against the standard library's RFC 3339
// parser where both read the input, and that every time it accepts prints
// and reads back.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{
		"0", "1469918176385", "281474976710655", "1796113133", "@1796113133.5",
		"2016-07-30T22:36:16.385Z", "2016-07-31t04:06:16.385+05:30", "10889-08-02T05:31:50.655Z",
		"2024-02-29T00:00:00Z", "2026-06-23T10:30:00-00:00", "1969-12-31T23:59:59.999Z",
		"2026-06-23T10:30:00,5Z", " 2026-06-23T10:30:00Z\n", "",
		"2026-12-01 11:13:24+00:00", "2026-12-01 11:13:24.123+00", "2026-12-01 11:13:24+0530",
		"2026-12-01 11:13:24", "1796124818.121",
		"18446744073709551616.5", "281474976710.656", "281474976711.5", "10889-08-02T05:31:50.655-01",
		"1971-06-01 11:15:30.123-00:44:30", "2026-06-23T16:00:00+05:30:00",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ParseTime(s)
		if err == nil {
			if ms > ulid.MaxTimestamp {
				t.Fatalf("ParseTime(%q) = %d, beyond MaxTimestamp", s, ms)
			}
			if back, err := ParseTime(Format(ms)); err != nil || back != ms {
				t.Fatalf("ParseTime(%q) = %d, but its printed form %q reads back as %d, %v", s, ms, Format(ms), back, err)
			}
		} else if fix, ok := suggested(s, err.Error()); ok {
			// What an error says to write is accepted.
			if _, err2 := ParseTime(fix); err2 != nil {
				t.Fatalf("ParseTime(%q): %v; but what it suggests, %q, is rejected: %v", s, err, fix, err2)
			}
		}
		// RFC 3339's grammar, with the five-digit years the tools print.
		// The standard library's parser is laxer (it takes a one-digit hour,
		// or a comma before the fraction), so it is the oracle only for
		// input of this shape.
		shaped := rfc3339Shape.MatchString(s)
		trimmed, _ := Trim(s)
		if err == nil && !strings.HasPrefix(trimmed, "@") && !isDigits(trimmed) && !rfc3339Shape.MatchString(trimmed) {
			t.Fatalf("ParseTime(%q) = %d for text that is not RFC 3339", s, ms)
		}
		if !shaped {
			return
		}
		// A space for the T reads as the T does.
		sep := strings.IndexAny(s, "Tt ")
		for _, c := range []string{"T", "t", " "} {
			other := s[:sep] + c + s[sep+1:]
			if ms2, err2 := ParseTime(other); ms2 != ms || (err2 == nil) != (err == nil) {
				t.Fatalf("ParseTime(%q) = %d, %v, but ParseTime(%q) = %d, %v", s, ms, err, other, ms2, err2)
			}
		}
		if strings.IndexByte(s, '-') != 4 {
			return
		}
		// time.Parse takes neither a lower-case t or z nor a space.
		upper := strings.NewReplacer("t", "T", "z", "Z", " ", "T").Replace(s)
		tm, stdErr := time.Parse(time.RFC3339Nano, upper)
		if stdErr != nil {
			if err == nil {
				t.Fatalf("ParseTime(%q) = %d, but time.Parse rejects %q: %v", s, ms, upper, stdErr)
			}
			return
		}
		want, rangeErr := ulid.Timestamp(tm)
		switch {
		case rangeErr != nil && err == nil:
			t.Fatalf("ParseTime(%q) = %d, but %v is outside a ULID's range", s, ms, tm)
		case rangeErr == nil && (err != nil || ms != want):
			t.Fatalf("ParseTime(%q) = %d, %v; time.Parse gives %v, %d ms", s, ms, err, tm, want)
		}
	})
}

// The hints of ParseTime's errors: what they say to write.
var (
	writeWhole  = regexp.MustCompile(`(?:write (@[0-9.]+) for Unix seconds|drop the fraction: ([0-9]+)|write the time in UTC: (\S+))$`)
	writeOffset = regexp.MustCompile(`^UTC offset ([+-][0-9:]+) (?:needs minutes|needs a colon|has seconds) in .*; write ([+-][0-9]{2}:[0-9]{2})$`)
)

// suggested returns the text ParseTime's error msg for s says to write
// instead of s, and whether it says any.
func suggested(s, msg string) (string, bool) {
	if strings.Contains(msg, "for Unix seconds, or") {
		msg, _, _ = strings.Cut(msg, ", or the time in RFC 3339")
	}
	if m := writeWhole.FindStringSubmatch(msg); m != nil {
		return m[1] + m[2] + m[3], true
	}
	if m := writeOffset.FindStringSubmatch(msg); m != nil {
		trimmed, _ := Trim(s)
		if zone, ok := strings.CutSuffix(trimmed, m[1]); ok {
			return zone + m[2], true
		}
		return "", true // the offset named is not the end of s: a wrong hint
	}
	return "", false
}

// TestSuggested checks that suggested finds every kind of hint.
func TestSuggested(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1796124818.121", "@1796124818.121"},
		{"1796124818121.5", "1796124818121"},
		{"2026-12-01 11:13:24.123+00", "2026-12-01 11:13:24.123+00:00"},
		{"2026-12-01 16:43:24+0530", "2026-12-01 16:43:24+05:30"},
		{"2026-06-23T16:00:00+05:30:00", "2026-06-23T16:00:00+05:30"},
		{"1971-06-01 11:15:30.123-00:44:30", "1971-06-01T12:00:00.123Z"},
	} {
		_, err := ParseTime(tc.in)
		if got, ok := suggested(tc.in, err.Error()); !ok || got != tc.want {
			t.Errorf("ParseTime(%q): %v; suggested %q, %v; want %q", tc.in, err, got, ok, tc.want)
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
		// A line of standard input is read as the same text as an argument.
		var lines []Input
		var lineErr error
		// A blank one, which Trim leaves nothing of, is skipped.
		if !strings.ContainsAny(s, "\n") {
			ReadLines(strings.NewReader(s+"\r\n"), opt, func(_ int, in Input, err error) error {
				lines, lineErr = append(lines, in), err
				return nil
			})
			switch {
			case trimmed == "" && len(lines) != 0:
				t.Fatalf("ReadLines(%q) read a blank line: %+v, %v", s, lines, lineErr)
			case trimmed != "" && (len(lines) != 1 || lines[0] != in || fmt.Sprint(lineErr) != fmt.Sprint(err)):
				t.Fatalf("ReadLines(%q) = %+v, %v; Read gives %+v, %v", s, lines, lineErr, in, err)
			}
		}
		if in.Given != s || in.Text != trimmed || in.Lead != lead {
			t.Fatalf("Read(%q) = %+v; Trim gives %q, %d", s, in, trimmed, lead)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.TooLong {
				t.Fatalf("Read(%q) error %T is not an *Error: %v", s, err, err)
			}
			pe := e.Err
			// Text of a UUID's length read as a ULID has both readings.
			wantTwo := in.Kind == ULID && !ulidOnly && isUUIDLength(len(trimmed))
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
			if in.Mark != mark || mark >= 0 && (mark < lead || mark >= lead+len(trimmed)) {
				t.Fatalf("Read(%q) error %v marks %d, outside the text the policy reads", s, err, in.Mark)
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
		if in.Kind == UUID {
			printed = in.ID.UUIDString()
		}
		for _, text := range []string{printed, " \t" + printed + "\r\n"} {
			back, err := Read(text, opt)
			if err != nil || back.ID != in.ID || back.Kind != in.Kind {
				t.Fatalf("Read(%q) = %v (kind %d), but %q reads back as %v (kind %d), %v", s, in.ID, in.Kind, text, back.ID, back.Kind, err)
			}
		}
	})
}
