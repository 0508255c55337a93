package toolinput

import (
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ulidgo/ulid"
)

// TimeSyntax is the reminder of the forms ParseTime accepts, for messages.
const TimeSyntax = "want an RFC 3339 time, such as 2026-06-23T10:30:00Z, Unix seconds after @, such as @1782210600, or Unix milliseconds"

// ambiguousBelow is where bare numbers start to be read as Unix
// milliseconds: 10^11 ms is 1973-03-03T09:46:40Z. Below it, a number is as
// likely Unix seconds (up to the year 5138) and is rejected, except 0.
const ambiguousBelow = 100_000_000_000

// ParseTime reads s, the time of new ULIDs, as Unix milliseconds within a
// ULID's range. Surrounding white space is trimmed. s is one of:
//
//   - an RFC 3339 time, with T or t between the date and the time, or a
//     space, as RFC 3339 allows by agreement (section 5.6, NOTE) and
//     date --rfc-3339 and psql print; Z or z or an offset of hours and
//     minutes (+05:30); any number of fractional digits (truncated to the
//     millisecond, toward the past); and a year of 4 digits, or 5 for the
//     years 10000 to 10889;
//   - @ and Unix seconds, with an optional fraction, as GNU date's -d
//     takes them: @1782210600, @1782210600.5;
//   - Unix milliseconds: 0, or a number of 10^11 or more (12 digits, from
//     1973-03-03T09:46:40Z on). A number from 1 to 99999999999 could be
//     seconds or milliseconds and is an error that says both readings.
//
// Errors name the problem where a common near miss has one: a number with
// a fraction (1782210600.5, seconds without the @), a time with no offset,
// an offset without minutes or colon (+00 and +0530, as psql prints them),
// or one with seconds (-00:44:30, as psql prints local mean time, which
// RFC 3339 cannot write). What an error says to write, ParseTime accepts;
// where no such form is in range, the error says out of range. An error
// that names s quotes it as Quote does, cut to QuoteMax bytes.
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
			return 0, errMillisRange
		}
		if ms != 0 && ms < ambiguousBelow {
			return 0, errors.New(s + " is ambiguous: as Unix milliseconds it is " + Format(ms) +
				", as Unix seconds " + Format(ms*1000) + "; write @" + s + " for seconds, or the time in RFC 3339")
		}
		return ms, nil
	}
	t, miss, err := parseRFC3339(s)
	if err != nil {
		return 0, err
	}
	ms, err := ulid.Timestamp(t)
	if err != nil {
		return 0, errors.New(Message(err))
	}
	if miss != nil {
		// The time is valid and in range once its offset is written as
		// RFC 3339 writes one, so what the error says to write is accepted.
		fix := miss.fix
		if fix == "" {
			fix = "the time in UTC: " + Format(ms)
		}
		return 0, errors.New(miss.problem + " in " + Quote(s) + miss.why + "; write " + fix)
	}
	return ms, nil
}

// errMillisRange is the error for Unix milliseconds beyond a ULID's range.
var errMillisRange = errors.New("out of range: the largest Unix milliseconds a ULID holds are " +
	strconv.FormatUint(ulid.MaxTimestamp, 10) + " (for microseconds or nanoseconds, divide by 1000 or 10^6)")

// maxSeconds is ulid.MaxTimestamp as Unix seconds after @, as ParseTime reads them.
var maxSeconds = "@" + strconv.FormatUint(ulid.MaxTimestamp/1000, 10) + "." + strconv.FormatUint(ulid.MaxTimestamp%1000, 10)

// errSecondsRange is the error for Unix seconds beyond a ULID's range.
var errSecondsRange = errors.New("out of range: the largest Unix seconds a ULID holds are " + maxSeconds)

// fractionError returns the error for s, decimal digits with a fraction
// whose whole part is whole: not Unix milliseconds, which have no
// fraction, and most likely Unix seconds without the @. It suggests only
// a form that ParseTime accepts: @s if s is in range as seconds; dropping
// the fraction if whole is too large for seconds and in range as
// milliseconds; otherwise it says s is out of range. An s of more than
// QuoteMax bytes is named as Quote cuts it, and the suggestion of @s says
// where the @ goes instead of repeating s.
func fractionError(s, whole string) error {
	name, seconds := s, "@"+s
	if len(s) > QuoteMax {
		name, seconds = Quote(s), "it with @ in front"
	}
	secs, err := strconv.ParseUint(whole, 10, 64)
	switch {
	case err == nil && secs <= ulid.MaxTimestamp/1000:
		if _, err := parseSeconds(s); err != nil {
			return errors.New(name + " has a fraction, so it is not Unix milliseconds, and as Unix seconds it is out of range: " +
				"the largest a ULID holds are " + maxSeconds)
		}
		return errors.New(name + " has a fraction, which Unix milliseconds do not have; write " + seconds + " for Unix seconds, or the time in RFC 3339")
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

// LocalTime returns the instant ms, Unix milliseconds, as the tools show a
// local time, where the zone's offset from UTC at that instant is offset
// seconds east: in that offset, or, if it has seconds (local mean time,
// such as Monrovia's -00:44:30 before 1972), in UTC, as RFC 3339 offsets
// have no seconds. Either way its text in Layout reads back with ParseTime
// as ms. The offset is an argument so that each tool reads it where it
// can: the command from the time package's local zone, the page from the
// browser's (Go's js/wasm port knows only today's offset).
func LocalTime(ms uint64, offset int) time.Time {
	t := time.UnixMilli(int64(ms)).UTC()
	if offset%60 != 0 {
		return t
	}
	return t.In(time.FixedZone("", offset))
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parseSeconds reads the part of a time after "@": Unix seconds, with an
// optional fraction, truncated to milliseconds.
func parseSeconds(s string) (uint64, error) {
	whole, frac, dot := strings.Cut(s, ".")
	if !isDigits(whole) || dot && !isDigits(frac) {
		return 0, errors.New("want Unix seconds after @, such as @1782210600 or @1782210600.5")
	}
	secs, err := strconv.ParseUint(whole, 10, 64)
	if err != nil || secs > ulid.MaxTimestamp/1000 {
		return 0, errSecondsRange
	}
	frac = (frac + "000")[:3]
	ms, _ := strconv.ParseUint(frac, 10, 64)
	ms += secs * 1000
	if ms > ulid.MaxTimestamp {
		return 0, errSecondsRange
	}
	return ms, nil
}

// A nearMiss is a date-time that is valid but for how its UTC offset is
// written: as psql writes one, with hours alone (+00), without the colon
// (+0530), or with seconds (-00:44:30, local mean time), which RFC 3339
// offsets do not have.
type nearMiss struct {
	problem string // what is wrong, such as "UTC offset +00 needs minutes"
	why     string // said after the quoted text, or ""
	fix     string // the offset to write instead, or "" for the time in UTC
}

// parseRFC3339 reads an RFC 3339 date-time, as time.Parse does with
// time.RFC3339Nano, but also with a lower-case t or z, which RFC 3339
// allows, with a space for the T, which it allows by agreement, and with a
// five-digit year, which ULIDs reach and the tools print.
//
// A date-time that is valid but for the way its offset is written is
// returned with the instant it means and a nearMiss, for the caller's
// error, so that what the error says to write is only suggested where
// it is in range.
func parseRFC3339(s string) (time.Time, *nearMiss, error) {
	bad := func(what string) (time.Time, *nearMiss, error) {
		if what != "" {
			return time.Time{}, nil, errors.New(what + " in " + Quote(s) + "; " + TimeSyntax)
		}
		return time.Time{}, nil, errors.New(TimeSyntax)
	}
	p := scanner{s: s, ok: true}
	yearDigits := strings.IndexByte(s, '-')
	if yearDigits != 4 && yearDigits != 5 {
		return bad("")
	}
	year := p.number(yearDigits)
	p.expect("-")
	month := p.number(2)
	p.expect("-")
	day := p.number(2)
	p.expect("Tt ")
	hour := p.number(2)
	p.expect(":")
	minute := p.number(2)
	p.expect(":")
	sec := p.number(2)
	nsec := 0
	if p.ok && strings.HasPrefix(p.s, ".") {
		p.s = p.s[1:]
		n := 0
		for n < len(p.s) && '0' <= p.s[n] && p.s[n] <= '9' {
			n++
		}
		if n == 0 {
			p.ok = false
		}
		digits := (p.s[:n] + "000000000")[:9]
		p.s = p.s[n:]
		nsec, _ = strconv.Atoi(digits)
	}
	offset := 0
	var miss *nearMiss
	switch {
	case !p.ok:
	case p.s == "":
		return bad("no UTC offset (Z for UTC)")
	case p.s == "Z" || p.s == "z":
		p.s = ""
	default:
		zone := p.s
		sign := p.expect("+-")
		oh := p.number(2)
		om, os := 0, 0
		switch {
		case !p.ok || oh > 23:
		case p.s == "": // +00, as psql prints it
			miss = &nearMiss{problem: "UTC offset " + zone + " needs minutes", fix: zone + ":00"}
		case len(p.s) == 2 && isDigits(p.s) && p.s < "60": // +0530
			om = p.number(2)
			miss = &nearMiss{problem: "UTC offset " + zone + " needs a colon", fix: zone[:3] + ":" + zone[3:]}
		default:
			p.expect(":")
			om = p.number(2)
			if p.ok && len(p.s) == 3 && p.s[0] == ':' && isDigits(p.s[1:]) && p.s < ":60" && om <= 59 { // -00:44:30
				p.s = p.s[1:]
				os = p.number(2)
				miss = &nearMiss{problem: "UTC offset " + zone + " has seconds", why: ", which RFC 3339 offsets do not have"}
				if os == 0 {
					miss.fix = zone[:6]
				}
			}
		}
		if oh > 23 || om > 59 {
			return bad("UTC offset out of range")
		}
		offset = (oh*60+om)*60 + os
		if sign == '-' {
			offset = -offset
		}
	}
	if !p.ok || p.s != "" || !utf8.ValidString(s) {
		return bad("")
	}
	switch {
	case yearDigits == 5 && year < 10000:
		return bad("five-digit year below 10000")
	case month < 1 || month > 12:
		return bad("month out of range")
	case day < 1 || day > daysIn(time.Month(month), year):
		return bad("day out of range")
	case hour > 23:
		return bad("hour out of range")
	case minute > 59:
		return bad("minute out of range")
	case sec > 59:
		return bad("second out of range")
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.FixedZone("", offset)), miss, nil
}

func daysIn(m time.Month, year int) int {
	return time.Date(year, m+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// scanner reads fixed fields from the front of s; ok, true at the start,
// turns false at the first field that does not match, and stays false.
type scanner struct {
	s  string
	ok bool
}

// number reads n decimal digits.
func (p *scanner) number(n int) int {
	if !p.ok || len(p.s) < n {
		p.ok = false
		return 0
	}
	v := 0
	for i := range n {
		c := p.s[i]
		if c < '0' || c > '9' {
			p.ok = false
			return 0
		}
		v = v*10 + int(c-'0')
	}
	p.s = p.s[n:]
	return v
}

// expect reads one byte that is one of set, and returns it.
func (p *scanner) expect(set string) byte {
	if !p.ok || p.s == "" || !strings.ContainsRune(set, rune(p.s[0])) {
		p.ok = false
		return 0
	}
	c := p.s[0]
	p.s = p.s[1:]
	return c
}
