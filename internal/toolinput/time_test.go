package toolinput

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// TestLocalTime checks the local time the tools show for an instant and
// a zone's offset then: in that offset, or in UTC where the offset has
// seconds, and that either reads back with ParseTime.
func TestLocalTime(t *testing.T) {
	for _, tc := range []struct {
		ms     uint64
		offset int
		want   string
	}{
		{specMS, 0, "2016-07-30T22:36:16.385Z"},
		{specMS, 19800, "2016-07-31T04:06:16.385+05:30"},
		{specMS, -4 * 3600, "2016-07-30T18:36:16.385-04:00"},
		{ulid.MaxTimestamp, 19800, "10889-08-02T11:01:50.655+05:30"},
		{0, 3600, "1970-01-01T01:00:00.000+01:00"},
		// Monrovia's local mean time, -00:44:30, until 1972.
		{44625600123, -2670, "1971-06-01T12:00:00.123Z"},
		{44625600123, 1, "1971-06-01T12:00:00.123Z"},
	} {
		lt := LocalTime(tc.ms, tc.offset)
		got := lt.Format(Layout)
		if got != tc.want {
			t.Errorf("LocalTime(%d, %d) = %s, want %s", tc.ms, tc.offset, got, tc.want)
		}
		if _, offset := lt.Zone(); (offset == tc.offset) != (tc.offset%60 == 0) {
			t.Errorf("LocalTime(%d, %d) has the offset %d", tc.ms, tc.offset, offset)
		}
		if back, err := ParseTime(got); err != nil || back != tc.ms {
			t.Errorf("ParseTime(%q) = %d, %v; want %d", got, back, err, tc.ms)
		}
	}
	// The command's zone: the offset of time.Local at the instant.
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	_, offset := time.UnixMilli(specMS).In(kolkata).Zone()
	if got := LocalTime(specMS, offset).Format(Layout); got != "2016-07-31T04:06:16.385+05:30" {
		t.Errorf("Asia/Kolkata: %s", got)
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
		// Five-digit years have the leap years of four-digit ones.
		{in: "10000-02-29T00:00:00Z", ms: 253407398400000},
		{in: "10400-02-29T12:00:00Z", ms: 266030222400000},
		{in: "10100-02-29T12:00:00Z", err: "day out of range"},
		// The offset moves a time into range, or out of it.
		{in: "1969-12-31T23:30:00-01:00", ms: 1800000},
		{in: "10889-08-02T06:31:50.655+01:00", ms: ulid.MaxTimestamp},
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
		{in: "2026-12-01 11:13:24+0560", err: "UTC offset out of range"},
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
		{in: "10889-08-02T05:31:50.655-01", err: "time out of range: 10889-08-02T06:31:50.655Z is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z"},
		{in: "10889-08-02T05:31:50.655+01", err: "UTC offset +01 needs minutes in \"10889-08-02T05:31:50.655+01\"; write +01:00"},
		{in: "1970-01-01 00:00:00+0001", err: "out of range"},
		{in: "2026-02-30 11:13:24+00", err: "day out of range"},
		// An offset with seconds, as psql prints local mean time.
		{in: "1971-06-01 11:15:30.123-00:44:30", err: `UTC offset -00:44:30 has seconds in "1971-06-01 11:15:30.123-00:44:30", ` +
			"which RFC 3339 offsets do not have; write the time in UTC: 1971-06-01T12:00:00.123Z"},
		{in: "2026-06-23T16:00:00+05:30:00", err: "UTC offset +05:30:00 has seconds in \"2026-06-23T16:00:00+05:30:00\", which RFC 3339 offsets do not have; write +05:30"},
		{in: "1970-01-01 00:00:00+00:44:30", err: "out of range"},
		{in: "2026-06-23T10:30:00+05:30:60", err: "UTC offset out of range"},
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

// TestParseTimeLocal checks that ParseTime does not depend on the local
// zone, which time.Parse gives the times whose offset it has then.
func TestParseTimeLocal(t *testing.T) {
	newYork, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	defer func(local *time.Location) { time.Local = local }(time.Local)
	time.Local = newYork
	for _, tc := range []struct {
		in string
		ms uint64
	}{
		{"2026-07-01T00:00:00-04:00", 1782878400000},
		{"2026-12-01T00:00:00-05:00", 1796101200000},
		{"2026-03-08T02:30:00-05:00", 1772955000000}, // a local time that New York skips
		{"10889-07-01T00:00:00-04:00", 281472206400000},
		{"10888-12-01T00:00:00-05:00", 281453893200000},
		{"10888-03-12T02:30:00-05:00", 281431092600000},
	} {
		if ms, err := ParseTime(tc.in); err != nil || ms != tc.ms {
			t.Errorf("ParseTime(%q) = %d, %v; want %d", tc.in, ms, err, tc.ms)
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
