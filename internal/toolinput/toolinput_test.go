package toolinput

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

const (
	specULID = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	specUUID = "01563df3-6481-d676-4c61-efb99302bd5b"
	specMS   = 1469918176385
)

func TestParse(t *testing.T) {
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
		{in: "OLARYZ6S41TSV4RRFFQ69G5FAV", opt: Options{Strict: true}, err: "ulid: invalid character 'O' at offset 0 (Crockford alias of '0', which ParseStrict rejects)"},
		{in: specUUID, kind: UUID},
		{in: "  " + strings.ToUpper(specUUID) + " ", kind: UUID},
		{in: "01563df36481d6764c61efb99302bd5b", kind: UUID},
		{in: "{" + specUUID + "}", kind: UUID},
		{in: "urn:uuid:" + specUUID, kind: UUID},
		{in: specUUID, opt: Options{ULIDOnly: true}, err: "ulid: invalid length 36 bytes, want 26"},
		{in: specUUID, opt: Options{Strict: true}, kind: UUID},
		// Offsets count bytes in the input as given.
		{in: "  01ARYZ6S41TSV4RRFFQ69G5FAU", err: "ulid: invalid character 'U' at offset 27"},
		{in: "\u00a001ARYZ6S41TSV4RRFFQ69G5FAU", err: "ulid: invalid character 'U' at offset 27"},
		{in: " 01563df3-6481-d676-4c61-efb99302bd5x", kind: UUID, err: "ulid: invalid UUID text: character 'x' at offset 36, want a hex digit"},
		{in: "01ARYZ6S41 TSV4RRFFQ69G5FAV", err: "ulid: invalid length 27 bytes, want 26"},
		{in: "01ARYZ6S41-SV4RRFFQ69G5FAV", err: "ulid: invalid character '-' at offset 10"},
		{in: "", err: "ulid: invalid length 0 bytes, want 26"},
		{in: " \t ", err: "ulid: invalid length 0 bytes, want 26"},
		{in: "--json", err: "ulid: invalid length 6 bytes, want 26"},
		// Malformed UUIDs get UUID errors.
		{in: "01563df3-6481-d676-4c61efb99302bd5b", kind: UUID, err: "ulid: invalid UUID text length 35 bytes, want 36 for the form with hyphens"},
		{in: "01563df3-6481-d676-4c61-ef", kind: UUID, err: "ulid: invalid UUID text length 26 bytes, want 36 for the form with hyphens"},
		{in: "01563df36481d6764c61efb99302bd5", kind: UUID, err: "ulid: invalid UUID text length 31 bytes, want 36 (or 32, 38, 45)"},
		{in: "{01563df3-6481-d676-4c61-efb99302bd5}", kind: UUID, err: uuidError("{01563df3-6481-d676-4c61-efb99302bd5}")},
		{in: "01563df3-6481-d676-4c61efb99302bd5b", opt: Options{ULIDOnly: true}, err: "ulid: invalid length 35 bytes, want 26"},
		{in: specUUID + ",", kind: UUID, err: "ulid: invalid UUID text length 37 bytes, want 36 for the form with hyphens"},
		{in: "O1563df3-6481-d676-4c61-efb99302bd5b", kind: UUID, err: "ulid: invalid UUID text: character 'O' at offset 0, want a hex digit"},
		// The length alone does not make UUID text: these get the ULID
		// error, and at a UUID's length the UUID error too.
		{in: "01ARYZ6S-1TSV4RRFFQ69G5FAV", err: "ulid: invalid character '-' at offset 8"},
		{in: "01ARYZ6S41TSV4RRFFQ69G5FAVXXX", err: "ulid: invalid length 29 bytes, want 26"},
		{in: "this is not an id, it is a sentence!", err: "ulid: invalid length 36 bytes, want 26; as UUID text: character 't' at offset 0, want a hex digit"},
		{in: "01ARYZ6S41TSV4RRFFQ69G5FAVXXXXXX", err: "ulid: invalid length 32 bytes, want 26; as UUID text: character 'R' at offset 3, want a hex digit"},
		{in: "01563df36481d6764c61efb99302bd5g", err: "ulid: invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit"},
		{in: "O1563df36481d6764c61efb99302bd5b", err: "ulid: invalid length 32 bytes, want 26; as UUID text: character 'O' at offset 0, want a hex digit"},
		{in: "\ufeff 01563df36481d6764c61efb99302bd5g\r\n", err: "ulid: invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 35, want a hex digit"},
		{in: "01563df36481d6764c61efb99302bd5g", opt: Options{Strict: true}, err: "ulid: invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit"},
		{in: "01563df36481d6764c61efb99302bd5g", opt: Options{ULIDOnly: true}, err: "ulid: invalid length 32 bytes, want 26"},
		{in: "01563df3_6481-d676-4c61-efb99302bd5b", err: "ulid: invalid length 36 bytes, want 26; as UUID text: character '_' at offset 8, want '-'"},
		{in: `"` + specUUID + `"`, err: `ulid: invalid length 38 bytes, want 26; as UUID text: character '"' at offset 0, want '{'`},
		{in: "urn:uuid " + specUUID, err: `ulid: invalid length 45 bytes, want 26; as UUID text: character ' ' at offset 8, want "urn:uuid:" (in either case)`},
	} {
		id, kind, err := Parse(tc.in, tc.opt)
		switch {
		case tc.err == "" && (err != nil || id != spec || kind != tc.kind):
			t.Errorf("Parse(%q, %+v) = %v, %v, %v; want the SPEC vector as %v", tc.in, tc.opt, id, kind, err, tc.kind)
		case tc.err != "" && (err == nil || err.Error() != tc.err || kind != tc.kind):
			t.Errorf("Parse(%q, %+v) error %v, kind %v; want %q, kind %v", tc.in, tc.opt, err, kind, tc.err, tc.kind)
		}
		var pe *ulid.ParseError
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("Parse(%q): %T is not a *ulid.ParseError", tc.in, err)
		}
	}
}

// TestTwoReadings checks the error for text of a UUID's length that is not
// UUID text by its shape: it is a length error to errors.Is and errors.As,
// as the ULID error alone was, and it carries the UUID error, its offset
// counted in the input as given.
func TestTwoReadings(t *testing.T) {
	const in = "\u00a001563df36481d6764c61efb99302bd5g"
	_, kind, err := Parse(in, Options{})
	var two *TwoReadingsError
	var pe *ulid.ParseError
	switch {
	case kind != ULID:
		t.Errorf("kind %v, want ULID", kind)
	case !errors.Is(err, ulid.ErrInvalidLength) || errors.Is(err, ulid.ErrInvalidCharacter):
		t.Errorf("%v: not (only) ulid.ErrInvalidLength", err)
	case !errors.As(err, &pe) || pe.Length != 32 || pe.Offset != -1:
		t.Errorf("%v: errors.As finds %+v, want the ULID reading", err, pe)
	case !errors.As(err, &two) || two.ULID != pe:
		t.Errorf("%v is not a *TwoReadingsError wrapping %+v", err, pe)
	case !errors.Is(two.UUID, ulid.ErrInvalidCharacter) || two.UUID.Offset != 33 || two.UUID.Byte != 'g' || in[two.UUID.Offset] != 'g':
		t.Errorf("UUID reading %+v, want 'g' at offset 33", two.UUID)
	}
}

// uuidError returns the text of ulid.ParseUUID's error for s, which must be
// invalid, for cases whose wording is the library's to choose.
func uuidError(s string) string {
	_, err := ulid.ParseUUID(s)
	return err.Error()
}

// TestLooksLikeUUID checks the shape rule, each clause of it, and the text
// it leaves to the ULID parser, whatever its length.
func TestLooksLikeUUID(t *testing.T) {
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
		if got := LooksLikeUUID(tc.in); got != tc.want {
			t.Errorf("%s: LooksLikeUUID(%q) = %v, want %v", tc.rule, tc.in, got, tc.want)
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

// TestQuote checks the cut of long input in messages, for strings and
// byte slices alike.
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
		if got := Quote([]byte(tc.in)); got != tc.want {
			t.Errorf("Quote([]byte(%.50q)) = %s, want %s", tc.in, got, tc.want)
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

// FuzzParse checks the tools' input policy: an accepted ID prints and reads
// back in the form it was read in, with or without white space around it,
// and an error names a byte of the input as given.
func FuzzParse(f *testing.F) {
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
		// The shape rule: a valid ULID is never UUID text, and text that
		// ulid.ParseUUID reads always is.
		trimmed, _ := Trim(s)
		if _, err := ulid.Parse(trimmed); err == nil && LooksLikeUUID(trimmed) {
			t.Fatalf("LooksLikeUUID(%q) is true for a valid ULID", trimmed)
		}
		if _, err := ulid.ParseUUID(trimmed); err == nil && !LooksLikeUUID(trimmed) {
			t.Fatalf("LooksLikeUUID(%q) is false for valid UUID text", trimmed)
		}
		opt := Options{Strict: strict, ULIDOnly: ulidOnly}
		// A Stream, given s in pieces, trims and parses as Parse does.
		for _, size := range []int{0, 1, 2, 5} {
			checkStream(t, s, size, opt)
		}
		id, kind, err := Parse(s, opt)
		if err != nil {
			var pe *ulid.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error %T is not a *ulid.ParseError: %v", s, err, err)
			}
			// Text of a UUID's length read as a ULID has both readings.
			var two *TwoReadingsError
			wantTwo := kind == ULID && !ulidOnly && isUUIDLength(len(trimmed))
			if errors.As(err, &two) != wantTwo {
				t.Fatalf("Parse(%q, %+v) = %v (%T); want a *TwoReadingsError: %v", s, opt, err, err, wantTwo)
			}
			if wantTwo {
				if two.ULID != pe || !errors.Is(err, ulid.ErrInvalidLength) || pe.Offset != -1 {
					t.Fatalf("Parse(%q) = %v does not unwrap to its ULID reading", s, err)
				}
				if u := two.UUID; u.Offset >= 0 && (u.Offset >= len(s) || s[u.Offset] != u.Byte) {
					t.Fatalf("Parse(%q) error %v: its UUID reading points at the wrong byte", s, err)
				}
				if !strings.HasPrefix(err.Error(), pe.Error()+"; as UUID text: ") {
					t.Fatalf("Parse(%q) error %q does not start with the ULID reading", s, err)
				}
			}
			if pe.Offset >= 0 && (pe.Offset >= len(s) || s[pe.Offset] != pe.Byte) {
				t.Fatalf("Parse(%q) error %v points at the wrong byte", s, err)
			}
			if pe.Offset >= 0 && IsSpace(rune(pe.Byte)) {
				if trimmed, lead := Trim(s); pe.Offset < lead || pe.Offset >= lead+len(trimmed) {
					t.Fatalf("Parse(%q) error %v blames the white space the policy trims", s, err)
				}
			}
			return
		}
		if kind == UUID && ulidOnly {
			t.Fatalf("Parse(%q) read UUID text with ULIDOnly set", s)
		}
		printed := id.String()
		if kind == UUID {
			printed = id.UUIDString()
		}
		for _, in := range []string{printed, " \t" + printed + "\r\n"} {
			back, backKind, err := Parse(in, opt)
			if err != nil || back != id || backKind != kind {
				t.Fatalf("Parse(%q) = %v (kind %d), but %q reads back as %v (kind %d), %v", s, id, kind, in, back, backKind, err)
			}
		}
	})
}
