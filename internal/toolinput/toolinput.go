// Package toolinput is the input policy of the ulid command and of the
// browser tool (web/wasm): how a line, argument or pasted field becomes an
// ID, how a --time value becomes Unix milliseconds, and how a count of IDs
// to make (-n) is read. Both tools use it, so that they accept and reject
// the same text, with the same errors. It is part of those tools,
// not a library API; docs/cli.md describes the policy for users.
//
// The library's parsers trim nothing and accept one form each. The tools
// are more forgiving, in two ways only:
//
//   - Surrounding white space is ignored: ASCII space, tab, CR, LF, form
//     feed and vertical tab, the no-break space U+00A0 and the byte order
//     mark U+FEFF, as in psql output, copied web pages and files from
//     Windows editors. White space inside an ID is still an error.
//   - UUID text is an ID too, read with ulid.ParseUUID: a ULID and a UUID
//     are the same 128 bits. Everything else is read as a ULID, with
//     ulid.Parse (or ulid.ParseStrict). Options.ULIDOnly turns this off.
//
// Which text is UUID text is decided by its shape, not its length, so
// that a mistyped UUID gets an error about UUID forms and other text, a
// sentence or a ULID with a stray character, the ULID error. After
// trimming, text is UUID text if it
//
//   - starts with "urn:uuid:", in any case, or with "{";
//   - starts as the 8-4-4-4-12 layout does, with a hyphen after its first
//     8 bytes and another after the next 4, whatever those bytes are; or
//   - is made of hex digits and hyphens only, at least one digit, with a
//     hyphen or with more digits than a ULID has characters (26), such as
//     the 32 digits of a UUID without hyphens.
//
// A valid ULID is never UUID text: it has 26 characters and no hyphen,
// brace or colon. Text that is not UUID text by its shape but has the
// length of a UUID text form gets both errors (see Error).
//
// With Options.Unmask, text is read as a public ID instead (see
// ulid.Masker), trimmed the same way. Text read as a ULID that is refused
// for its length but has the form of a public ID gets a hint that says so.
//
// Text longer than MaxLine is not read at all: its error says only that
// it is too long, and ReadLines skips such a line in constant memory.
package toolinput

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ulidgo/ulid"
)

// isSpace reports whether r is white space that the tools trim around an
// ID, a time or a count.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0xa0, 0xfeff:
		return true
	}
	return false
}

// isBlank reports whether b is empty or white space only: whether Trim
// leaves nothing of it. It does not allocate.
func isBlank(b []byte) bool {
	return len(bytes.TrimLeftFunc(b, isSpace)) == 0
}

// Trim returns s without surrounding white space (see the package doc)
// and the number of bytes removed in front of it.
func Trim(s string) (string, int) {
	t := strings.TrimLeftFunc(s, isSpace)
	lead := len(s) - len(t)
	return strings.TrimRightFunc(t, isSpace), lead
}

// MaxLine is the longest text, in bytes, that the tools read as an ID: an
// argument, a line of standard input without its line ending, or a field
// of the browser tool. The longest ID, UUID text with "urn:uuid:", has 45
// bytes; the rest is room for the white space around it. Longer text is
// an error, "line too long (N bytes)", whatever it holds.
const MaxLine = 64 << 10

// Options change how Read reads an ID.
type Options struct {
	Strict   bool // reject Crockford's aliases I, L and O (ulid.ParseStrict)
	ULIDOnly bool // reject UUID text: only ULIDs are IDs
	// Unmask, if not nil, makes Read take text as a public ID, which it
	// unmasks with this masker (ulid.Masker.Unmask) into the ID, under the
	// same policy of white space and long lines; Strict and ULIDOnly then
	// change nothing. The error's Err is the masker's *ulid.ParseError.
	Unmask *ulid.Masker
}

// A Kind is the form an ID was read in.
type Kind int

const (
	ULID Kind = iota // 26 characters of Crockford's Base32
	UUID             // UUID text, in any form ulid.ParseUUID accepts
)

// An Input is text as Read read it: what the tools print of an ID, and
// what they show of an error, come from its fields alone.
type Input struct {
	ID    ulid.ULID // the ID, if Read returned no error
	Kind  Kind      // the form Text was read as, also when it is invalid
	Given string    // the text as given; of text longer than MaxLine, its first MaxLine bytes
	Text  string    // Given without the white space around it; "" for text longer than MaxLine, which is not read
	Lead  int       // the number of bytes of white space in Given before Text
	Mark  int       // the offset in Given of the byte the error names, or -1 if it names none
}

// Read reads s, an argument or a field, as one ID under the policy: it
// trims the white space around s, then decodes the rest as a UUID if it
// has the shape of UUID text (see the package doc), and as a ULID
// otherwise.
//
// The error, if any, is an *Error; its message is the one the tools show
// after the place and the quoted text. Its offsets count bytes of s as
// given, before trimming, so that they name the byte in the text the user
// gave; in.Mark is the one to point at. Read is safe for concurrent use.
func Read(s string, opt Options) (Input, error) {
	return read(s, len(s), opt)
}

// read is Read for text of n bytes whose first bytes are given: all of
// them, or at least MaxLine if n is more.
func read(given string, n int, opt Options) (Input, error) {
	in := Input{Given: given, Mark: -1}
	if n > MaxLine {
		in.Given = given[:MaxLine]
		return in, &Error{Err: &ulid.ParseError{Err: ulid.ErrInvalidLength, Length: n, Offset: -1}, TooLong: true}
	}
	in.Text, in.Lead = Trim(given)
	switch {
	case opt.Unmask != nil:
		in.Kind = PublicID
	case !opt.ULIDOnly && isUUIDText(in.Text):
		in.Kind = UUID
	}
	var err error
	switch {
	case in.Kind == PublicID:
		in.ID, err = opt.Unmask.Unmask(in.Text)
	case in.Kind == UUID:
		in.ID, err = ulid.ParseUUID(in.Text)
	case opt.Strict:
		in.ID, err = ulid.ParseStrict(in.Text)
	default:
		in.ID, err = ulid.Parse(in.Text)
	}
	if err == nil {
		return in, nil
	}
	e := &Error{Err: shift(err, in.Lead)}
	if in.Kind == ULID && !opt.ULIDOnly && isUUIDLength(len(in.Text)) {
		// A UUID with a typo that breaks its shape, such as a 'g' in the
		// 32 hex digits of MySQL's HEX(): the ULID error alone would hide
		// what is wrong with it as a UUID.
		_, uerr := ulid.ParseUUID(in.Text)
		e.UUID = shift(uerr, in.Lead)
	}
	e.PublicID = in.Kind == ULID && e.Err.Err == ulid.ErrInvalidLength && looksPublic(in.Text)
	if i := strings.IndexAny(in.Text, separators); i >= 0 {
		e.Separator, e.SeparatorOffset = in.Text[i], in.Lead+i
	}
	in.ID, in.Mark = ulid.ULID{}, e.Err.Offset
	if e.UUID != nil {
		in.Mark = e.UUID.Offset
	}
	return in, e
}

// separators are the bytes that, inside a line, suggest it holds more than
// one field: a CSV or TSV row, or words, pasted where one ID goes.
const separators = ",;\t "

// separatorNames names each of separators in a hint.
var separatorNames = map[byte]string{',': "a comma", ';': "a semicolon", '\t': "a tab", ' ': "a space"}

// isUUIDLength reports whether n is the length of a UUID text form: 32
// hex digits, 36 with hyphens, 38 in braces or 45 with "urn:uuid:".
func isUUIDLength(n int) bool {
	return n == 32 || n == 36 || n == 38 || n == 45
}

// shift returns a copy of err, the *ulid.ParseError that the library's
// parsers return, with its offset moved by lead bytes, the white space
// trimmed in front of the text the library saw.
func shift(err error, lead int) *ulid.ParseError {
	var pe *ulid.ParseError
	errors.As(err, &pe)
	moved := *pe
	if moved.Offset >= 0 {
		moved.Offset += lead
	}
	return &moved
}

// An Error is why text is not an ID under the policy. It unwraps to Err,
// so errors.Is finds the library's sentinel (ulid.ErrInvalidLength for
// text too long) and errors.As the *ulid.ParseError.
type Error struct {
	// Err is the library's error for the form the text was read as, with
	// its Offset counted in the text as given. For text longer than
	// MaxLine, which is not read, it is an ulid.ErrInvalidLength with the
	// text's Length and Offset -1.
	Err *ulid.ParseError
	// UUID is, for text read as a ULID whose length after trimming is that
	// of a UUID text form (32, 36, 38 or 45 bytes), its error as UUID
	// text, its offset counted likewise; otherwise nil, and always nil
	// under Options.ULIDOnly. Such text is most likely a UUID with a typo,
	// or a ULID with something added, so the message gives both readings.
	UUID *ulid.ParseError
	// TooLong is whether the text is longer than MaxLine.
	TooLong bool
	// Separator is the first comma, semicolon, tab or space inside the
	// trimmed text, or 0 if it has none; SeparatorOffset is its offset in
	// the text as given. Such a line most likely holds more than one field
	// (a row pasted from a CSV file or a table), and the message says that
	// a line holds one ID.
	Separator       byte
	SeparatorOffset int
	// PublicID is whether text read as a ULID, refused for its length, has
	// the form of a public ID (see looksPublic), such as one pasted where
	// an ID goes; the message then says so.
	PublicID bool
}

// Error returns the message the tools show: the library's, without the
// package's "ulid: " that the tools' own messages start with; then, if
// e.UUID is set, the UUID reading, worded from its fields:
//
//	invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit
//
// and, if e.PublicID is set, the hint " (this looks like a public ID:
// unmask it with its key)"; if e.Separator is set, the reminder " (a line
// holds one ID, and this one has a comma at offset N)". For text too long
// it is "line too long (N bytes)".
func (e *Error) Error() string {
	if e.TooLong {
		return "line too long (" + strconv.Itoa(e.Err.Length) + " bytes)"
	}
	msg := strings.TrimPrefix(e.Err.Error(), "ulid: ")
	if u := e.UUID; u != nil {
		if u.Offset < 0 {
			msg += "; as UUID text: invalid length " + strconv.Itoa(u.Length) + " bytes, want " + u.Want
		} else {
			msg += "; as UUID text: character " + quoteByte(u.Byte) + " at offset " + strconv.Itoa(u.Offset) + ", want " + u.Want
		}
	}
	if e.PublicID {
		msg += publicIDHint
	}
	if e.Separator != 0 {
		msg += " (a line holds one ID, and this one has " + separatorNames[e.Separator] + " at offset " + strconv.Itoa(e.SeparatorOffset) + ")"
	}
	return msg
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// quoteByte writes b as the library's messages do: 'g' if it is printable
// ASCII, 0xc3 otherwise.
func quoteByte(b byte) string {
	if b >= 0x20 && b < 0x7f {
		return strconv.QuoteRune(rune(b))
	}
	return "0x" + strconv.FormatUint(uint64(b)|0x100, 16)[1:]
}

// isUUIDText reports whether s, already trimmed, is UUID text under the
// policy's shape rule (see the package doc): it starts with "urn:uuid:" or
// "{", has hyphens at bytes 8 and 13, or is hex digits and hyphens with a
// hyphen or more than 26 digits. Its length does not matter, so that a
// truncated or mistyped UUID is still UUID text, and its error can speak
// of UUID forms. It is the one place the tools decide this.
func isUUIDText(s string) bool {
	switch {
	case len(s) >= 9 && strings.EqualFold(s[:9], "urn:uuid:"), strings.HasPrefix(s, "{"):
		return true
	case len(s) >= 14 && s[8] == '-' && s[13] == '-':
		return true
	}
	digits, hyphens := 0, 0
	for i := range len(s) {
		switch c := s[i]; {
		case c == '-':
			hyphens++
		case '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F':
			digits++
		default:
			return false
		}
	}
	return digits > 0 && (hyphens > 0 || digits > ulid.EncodedSize)
}

// ReadLines reads r, such as standard input, one ID a line, and calls fn
// for each line that is not blank with its number, counted from 1 over
// every line, and what Read makes of it. A line ends at "\n" or "\r\n",
// which is not part of it, or at the end of r. A blank line, empty or
// white space only (what Trim trims), is skipped without allocating.
//
// A line longer than MaxLine is not read, whatever it holds: ReadLines
// skips to its end in constant memory, and fn gets the error "line too
// long (N bytes)", with N the length of the whole line, and an Input whose
// Given is the line's first MaxLine bytes, as Read gives for such text.
//
// ReadLines calls fn in line order, from the calling goroutine, and stops
// at the first error from fn or from reading r, and returns it.
func ReadLines(r io.Reader, opt Options, fn func(line int, in Input, err error) error) error {
	br := bufio.NewReaderSize(r, MaxLine+len("\r\n"))
	for line := 1; ; line++ {
		chunk, err := br.ReadSlice('\n')
		n, long := len(chunk), err == bufio.ErrBufferFull
		var given string
		if long {
			given = string(chunk[:MaxLine])
		}
		prev := byte(0) // the last byte of the chunk before the last
		for err == bufio.ErrBufferFull {
			prev = chunk[len(chunk)-1]
			chunk, err = br.ReadSlice('\n')
			n += len(chunk)
		}
		if err != nil && err != io.EOF {
			return err
		}
		if err == nil { // the line ends in "\n"; is there a '\r' before it?
			n--
			if len(chunk) >= 2 && chunk[len(chunk)-2] == '\r' || len(chunk) == 1 && prev == '\r' {
				n--
			}
		}
		if n <= MaxLine && isBlank(chunk[:n]) { // then the line is all in chunk
			if err == io.EOF {
				return nil
			}
			continue
		}
		if !long {
			given = string(chunk[:n])
		}
		in, ierr := read(given, n, opt)
		if err := fn(line, in, ierr); err != nil {
			return err
		}
		if err == io.EOF {
			return nil
		}
	}
}

// QuoteMax is the most bytes of an input that the tools' messages quote.
const QuoteMax = 40

// Quote returns s quoted for a message, as strconv.Quote does, whole up to
// QuoteMax bytes. A longer s is cut to its first QuoteMax bytes, quoted,
// and "...", so that a message about a long input stays one short line.
func Quote(s string) string {
	if len(s) <= QuoteMax {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:QuoteMax]) + "..."
}

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
		return 0, errors.New("out of range: ULIDs hold times from 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z")
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

// errSecondsRange is the error for Unix seconds beyond a ULID's range.
var errSecondsRange = errors.New("out of range: the largest Unix seconds a ULID holds are @281474976710.655")

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
				"the largest a ULID holds are @281474976710.655")
		}
		return errors.New(name + " has a fraction, which Unix milliseconds do not have; write " + seconds + " for Unix seconds, or the time in RFC 3339")
	case err == nil && secs <= ulid.MaxTimestamp:
		return errors.New(name + " has a fraction, which Unix milliseconds do not have; for Unix milliseconds, drop the fraction: " + whole)
	}
	return errors.New(name + " is out of range as Unix seconds and as Unix milliseconds: the largest a ULID holds are @281474976710.655 and " +
		strconv.FormatUint(ulid.MaxTimestamp, 10))
}

// Layout is how the tools print a ULID's time: RFC 3339 with milliseconds.
const Layout = "2006-01-02T15:04:05.000Z07:00"

// Format returns Unix milliseconds ms, at most ulid.MaxTimestamp, as the
// tools print times: RFC 3339 in UTC with milliseconds.
func Format(ms uint64) string {
	return time.UnixMilli(int64(ms)).UTC().Format(Layout)
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
