package toolinput

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/ulidgo/ulid"
)

// TimeSyntax is the reminder of the forms ParseTime accepts, for messages.
const TimeSyntax = "want an RFC 3339 time, such as 2026-06-23T10:30:00Z, Unix seconds after @, such as @1782210600, or Unix milliseconds"

// ambiguousBelow is where bare numbers start to be read as Unix
// milliseconds: 10^11 ms is 1973-03-03T09:46:40Z. Below it, a number is as
// likely Unix seconds (up to the year 5138) and is rejected, except 0.
const ambiguousBelow = 100_000_000_000

// ParseTime reads s, the time of new ULIDs, trimmed, as Unix milliseconds
// within a ULID's range, in the forms of docs/cli.md#times: RFC 3339 (also
// with t, z or a space for the T, five-digit years up to 10889, the
// fraction truncated to milliseconds); @ and Unix seconds, as GNU date -d
// takes them (@1782210600.5); or Unix milliseconds, 0 or from 10^11 on (a
// number from 1 to 99999999999 is an error that gives both readings).
// Errors name a common near miss, such as seconds without the @ or psql's
// offset +00, and what they say to write, ParseTime accepts.
func ParseTime(s string) (uint64, error) {
	s, _ = Trim(s)
	if secs, ok := strings.CutPrefix(s, "@"); ok {
		return parseSeconds(secs)
	}
	if whole, frac, ok := strings.Cut(s, "."); ok && isDigits(whole) && isDigits(frac) {
		return 0, fractionError(s, whole)
	}
	if isDigits(s) {
		ms, err := strconv.ParseUint(s, 10, 64)
		if err != nil || ms > ulid.MaxTimestamp {
			return 0, errors.New("out of range: the largest Unix milliseconds a ULID holds are " +
				strconv.FormatUint(ulid.MaxTimestamp, 10) + " (for microseconds or nanoseconds, divide by 1000 or 10^6)")
		}
		if ms != 0 && ms < ambiguousBelow {
			return 0, errors.New(s + " is ambiguous: as Unix milliseconds it is " + Format(ms) +
				", as Unix seconds " + Format(ms*1000) + "; write @" + s + " for seconds, or the time in RFC 3339")
		}
		return ms, nil
	}
	return parseRFC3339(s)
}

// maxSeconds is ulid.MaxTimestamp as Unix seconds after @, as ParseTime reads them.
var maxSeconds = "@" + strconv.FormatUint(ulid.MaxTimestamp/1000, 10) + "." + strconv.FormatUint(ulid.MaxTimestamp%1000, 10)

// fractionError returns ParseTime's error for s, decimal digits with a
// fraction after whole, most likely Unix seconds without the @. An s of
// more than QuoteMax bytes is named cut, and the @ is said, not shown.
func fractionError(s, whole string) error {
	name, seconds := s, "@"+s
	if len(s) > QuoteMax {
		name, seconds = Quote(s), "it with @ in front"
	}
	secs, err := strconv.ParseUint(whole, 10, 64)
	switch _, serr := parseSeconds(s); {
	case serr == nil:
		return errors.New(name + " has a fraction, which Unix milliseconds do not have; write " + seconds + " for Unix seconds, or the time in RFC 3339")
	case err == nil && secs <= ulid.MaxTimestamp/1000:
		return errors.New(name + " has a fraction, so it is not Unix milliseconds, and as Unix seconds it is out of range: " +
			"the largest a ULID holds are " + maxSeconds)
	case err == nil && secs <= ulid.MaxTimestamp:
		return errors.New(name + " has a fraction, which Unix milliseconds do not have; for Unix milliseconds, drop the fraction: " + whole)
	}
	return errors.New(name + " is out of range as Unix seconds and as Unix milliseconds: the largest a ULID holds are " + maxSeconds + " and " +
		strconv.FormatUint(ulid.MaxTimestamp, 10))
}

// Layout is how the tools print a ULID's time: RFC 3339 with milliseconds.
const Layout = "2006-01-02T15:04:05.000Z07:00"

// Format returns Unix milliseconds ms, at most ulid.MaxTimestamp, as the
// tools print times: RFC 3339 in UTC with milliseconds.
func Format(ms uint64) string {
	return time.UnixMilli(int64(ms)).UTC().Format(Layout)
}

// LocalTime returns the instant ms, Unix milliseconds, in the zone offset
// seconds east of UTC, or in UTC if the offset has seconds (local mean time,
// such as Monrovia's -00:44:30 before 1972), which RFC 3339 cannot write; in
// Layout it reads back with ParseTime. Each tool gives the offset of its
// own zone: the page's comes from the browser, as Go's js/wasm port knows
// only today's offset.
func LocalTime(ms uint64, offset int) time.Time {
	t := time.UnixMilli(int64(ms)).UTC()
	if offset%60 != 0 {
		return t
	}
	return t.In(time.FixedZone("", offset))
}

// isDigits reports whether s is one or more decimal digits.
func isDigits(s string) bool {
	return s != "" && strings.TrimLeft(s, "0123456789") == ""
}

// parseSeconds reads the part of a time after "@": Unix seconds, with an
// optional fraction, truncated to milliseconds.
func parseSeconds(s string) (uint64, error) {
	whole, frac, dot := strings.Cut(s, ".")
	if !isDigits(whole) || dot && !isDigits(frac) {
		return 0, errors.New("want Unix seconds after @, such as @1782210600 or @1782210600.5")
	}
	secs, err := strconv.ParseUint(whole, 10, 64)
	ms, _ := strconv.ParseUint((frac + "000")[:3], 10, 64)
	if err != nil || secs > ulid.MaxTimestamp/1000 || secs*1000+ms > ulid.MaxTimestamp {
		return 0, errors.New("out of range: the largest Unix seconds a ULID holds are " + maxSeconds)
	}
	return secs*1000 + ms, nil
}

// parseRFC3339 reads s, trimmed, as an RFC 3339 date-time. It checks the
// form itself, as time.Parse takes more (a one-digit hour, a comma before
// the fraction, an offset of 24 hours); time.Parse then reads it, a
// five-digit year as the four-digit year of the same place in the 400-year
// leap cycle. An offset as psql writes it (+00, +0530, -00:44:30) is an
// error that says what to write.
func parseRFC3339(s string) (uint64, error) {
	bad := func(what string) (uint64, error) {
		if what == "" {
			return 0, errors.New(TimeSyntax)
		}
		return 0, errors.New(what + " in " + Quote(s) + "; " + TimeSyntax)
	}
	digits := strings.IndexByte(s, '-') // of the year
	end := digits + len("-01-02T15:04:05")
	if digits != 4 && digits != 5 || len(s) < end || !fits(s[:end], "00000-00-00T00:00:00"[5-digits:]) {
		return bad("")
	}
	zone := s[end:]
	if frac, ok := strings.CutPrefix(zone, "."); ok {
		if zone = strings.TrimLeft(frac, "0123456789"); zone == frac {
			return bad("")
		}
	}
	var problem, why, fix string // for an offset as psql writes it
	switch hm := zone[min(1, len(zone)):]; {
	case zone == "":
		return bad("no UTC offset (Z for UTC)")
	case zone == "Z" || zone == "z":
	case zone[0] != '+' && zone[0] != '-':
		return bad("")
	case fits(hm, "00"):
		problem, fix = " needs minutes", zone+":00"
	case fits(hm, "0000"):
		problem, fix = " needs a colon", zone[:3]+":"+zone[3:]
	case fits(hm, "00:00:00"): // local mean time, such as -00:44:30
		problem, why = " has seconds", ", which RFC 3339 offsets do not have"
		if hm[6:] == "00" {
			fix = zone[:6]
		}
	case !fits(hm, "00:00"):
		return bad("")
	}
	offset := "Z" // as time.Parse reads it with Z070000
	if len(zone) > 1 {
		hms := (strings.ReplaceAll(zone[1:], ":", "") + "0000")[:6]
		if hms[:2] > "23" || hms[2:4] > "59" || hms[4:] > "59" {
			return bad("UTC offset out of range")
		}
		offset = zone[:1] + hms
	}
	year, _ := strconv.Atoi(s[:digits])
	if digits == 5 && year < 10000 {
		return bad("five-digit year below 10000")
	}
	four := 2000 + year%400
	t, err := time.Parse("2006-01-02T15:04:05.999999999Z070000", strconv.Itoa(four)+s[digits:digits+6]+"T"+s[digits+7:len(s)-len(zone)]+offset)
	var pe *time.ParseError
	if errors.As(err, &pe) { // the form is right: a field is out of range
		return bad(strings.TrimPrefix(pe.Message, ": "))
	}
	ms, err := ulid.Timestamp(t.UTC().AddDate(year-four, 0, 0)) // not in t's zone, which may be time.Local
	switch {
	case err != nil:
		return 0, errors.New(Message(err))
	case problem == "":
		return ms, nil
	case fix == "":
		fix = "the time in UTC: " + Format(ms)
	}
	return 0, errors.New("UTC offset " + zone + problem + " in " + Quote(s) + why + "; write " + fix)
}

// fits reports whether s has the form form: a digit where form has 0, T, t
// or a space where it has T, and elsewhere the byte form has.
func fits(s, form string) bool {
	if len(s) != len(form) {
		return false
	}
	for i := range len(s) {
		c, f := s[i], form[i]
		if c != f && (f != '0' || c < '0' || c > '9') && (f != 'T' || c != 't' && c != ' ') {
			return false
		}
	}
	return true
}
