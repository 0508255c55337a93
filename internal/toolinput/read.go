package toolinput

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/ulidgo/ulid"
)

// Options change how Read reads an ID.
type Options struct {
	Strict   bool // reject Crockford's aliases I, L and O (ulid.ParseStrict)
	ULIDOnly bool // reject UUID and TypeID text: only ULIDs are IDs
	// Unmask, if not nil, makes Read take text as a public ID, which it
	// unmasks with this masker (ulid.Masker.Unmask) into the ID, under the
	// same policy of white space and long lines; Strict and ULIDOnly then
	// change nothing. The error's Err is the masker's *ulid.ParseError.
	Unmask *ulid.Masker
	// Type, if not empty, is the one prefix TypeID text may have: text of
	// another is refused, as ulid.ParseTyped refuses it (ulid.ErrWrongPrefix,
	// at the first byte that differs), so that an ID of one type is not
	// written out as another's. ULID and UUID text, untyped, are read.
	Type string
}

// A Kind is the form an ID was read in.
type Kind int

const (
	ULID     Kind = iota // 26 characters of Crockford's Base32
	UUID                 // UUID text, in any form ulid.ParseUUID accepts
	PublicID             // a public ID, read with Options.Unmask (ulid.Masker.Unmask)
	TypeID               // TypeID text: a prefix, '_' and 26 lower-case characters (ulid.ParseTypeID)
)

// String returns the name of the form k for messages: "ULID", "UUID",
// "public ID" or "TypeID".
func (k Kind) String() string {
	return [...]string{"ULID", "UUID", "public ID", "TypeID"}[k]
}

// An Input is text as Read read it: what the tools print of an ID, and
// what they show of an error, come from its fields alone.
type Input struct {
	ID    ulid.ULID // the ID, if Read returned no error
	Kind  Kind      // the form Given was read as, also when it is invalid
	Given string    // the text as given; of text longer than MaxLine, its first MaxLine bytes
	// Text and Lead are Trim(Given): the text that was read, without the
	// white space around it, and the bytes trimmed in front of it. Text
	// longer than MaxLine is not read, nor trimmed: Text is then Given.
	Text  string
	Lead  int
	Place Place // where Given came from, for messages: set by Inputs and Lines, zero from Read
	// Prefix is the prefix of TypeID text, if Read returned no error; else "".
	Prefix string
}

// A Place is where an input came from: a command-line argument or a line
// of text, such as standard input.
type Place struct {
	Arg  int // the 1-based argument number, or 0 for a line
	Line int // the 1-based line number, counted over every line, blank ones too; 0 for an argument
}

// String says where, such as "argument 3" or "line 7", for messages.
func (p Place) String() string {
	if p.Arg > 0 {
		return "argument " + strconv.Itoa(p.Arg)
	}
	return "line " + strconv.Itoa(p.Line)
}

// Read reads s, an argument or a field, as one ID under the policy: it
// trims the white space around s and decodes the rest as UUID text if it
// has the shape of one (see isUUIDText), as TypeID text if it has a '_'
// and starts with a letter (ulid.ParseTypeID, which takes lower case
// only), else as a ULID; under ULIDOnly always as a ULID. No valid text of
// one form has the shape of another. The error is an *Error,
// whose offsets count bytes of s as given, before trimming. Read is safe
// for concurrent use.
func Read(s string, opt Options) (Input, error) {
	return read(s, len(s), opt)
}

// read is Read for text of n bytes whose first bytes are given: all of
// them, or at least MaxLine if n is more.
func read(given string, n int, opt Options) (Input, error) {
	in := Input{Given: given, Text: given}
	if opt.Unmask != nil {
		// Known before the text is read: a line too long is a public ID's
		// error too.
		in.Kind = PublicID
	}
	if n > MaxLine {
		in.Given, in.Text = given[:MaxLine], given[:MaxLine]
		return in, &Error{Err: &ulid.ParseError{Err: ulid.ErrInvalidLength, Length: n, Offset: -1}}
	}
	in.Text, in.Lead = Trim(given)
	text, lead := in.Text, in.Lead // for short
	switch {
	case in.Kind != ULID || opt.ULIDOnly:
	case isUUIDText(text):
		in.Kind = UUID
	case isTypeIDText(text):
		in.Kind = TypeID
	}
	var err error
	switch {
	case in.Kind == PublicID:
		in.ID, err = opt.Unmask.Unmask(text)
	case in.Kind == TypeID:
		in.Prefix, in.ID, err = ulid.ParseTypeID(text)
		if err == nil && opt.Type != "" && in.Prefix != opt.Type {
			err = wrongPrefix(text, in.Prefix, opt.Type)
		}
	case in.Kind == UUID:
		in.ID, err = ulid.ParseUUID(text)
	case opt.Strict:
		in.ID, err = ulid.ParseStrict(text)
	default:
		in.ID, err = ulid.Parse(text)
	}
	if err == nil {
		return in, nil
	}
	e := &Error{Err: shift(err, lead)}
	if in.Kind == ULID && !opt.ULIDOnly && slices.Contains([]int{32, 36, 38, 45}, len(text)) { // a UUID text form's
		_, uerr := ulid.ParseUUID(text)
		e.UUID = shift(uerr, lead)
	}
	e.PublicID, e.Type = verdict(text, in.Kind, e.Err.Err, opt.Unmask)
	if i := strings.IndexAny(text, separators); i >= 0 {
		e.Separator, e.SeparatorOffset = text[i], lead+i
	}
	in.ID, in.Prefix = ulid.ULID{}, ""
	return in, e
}

// wrongPrefix returns the error of TypeID text s, of prefix got, read where
// the prefix want is asked for: at the first byte of got that differs.
func wrongPrefix(s, got, want string) error {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	return &ulid.ParseError{Err: ulid.ErrWrongPrefix, Form: "TypeID", Length: len(s), Offset: i, Byte: s[i],
		Want: "the prefix " + strconv.Quote(want+"_")}
}

// separators are the bytes that Error.Separator reports, and
// separatorNames names each in the message.
const separators = ",;\t "

var separatorNames = map[byte]string{',': "a comma", ';': "a semicolon", '\t': "a tab", ' ': "a space"}

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
	// UUID is, for text read as a ULID with a UUID text form's length (32,
	// 36, 38 or 45 bytes, trimmed), its error as UUID text, so that the
	// message gives both readings; otherwise, and under ULIDOnly, nil.
	UUID *ulid.ParseError
	// Separator is the first comma, semicolon, tab or space inside the
	// trimmed text, or 0, and SeparatorOffset its offset: such a line most
	// likely holds a row of fields, and the message says a line holds one ID.
	Separator       byte
	SeparatorOffset int
	// PublicID is what text refused for its length or prefix is as a
	// public ID, if that is not what was asked for, which the message says;
	// else NotPublic (see verdict). Type is the type of a TypedPublic one.
	PublicID Verdict
	Type     string
}

// Error returns the message the tools show: "line too long (N bytes)" for
// text longer than MaxLine, else e.Err's message (see Message); then
// e.UUID's, with "; as UUID text: " for its "invalid UUID text"; then what
// e.PublicID and e.Separator add in parentheses, as in
//
//	invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit
//	invalid length 29 bytes, want 26 (a line holds one ID, and this one has a comma at offset 27)
func (e *Error) Error() string {
	if e.Err.Length > MaxLine {
		return "line too long (" + strconv.Itoa(e.Err.Length) + " bytes)"
	}
	msg := Message(e.Err)
	if e.UUID != nil { // "invalid UUID text: character ..." or "invalid UUID text length ..."
		msg += "; as UUID text: " + strings.TrimPrefix(strings.Replace(Message(e.UUID), "invalid UUID text", "invalid", 1), "invalid: ")
	}
	msg += e.PublicID.hint(e.Type)
	if e.Separator != 0 {
		msg += " (a line holds one ID, and this one has " + separatorNames[e.Separator] + " at offset " + strconv.Itoa(e.SeparatorOffset) + ")"
	}
	return msg
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Offset returns the offset, in the text as given, of the byte the message
// names, for a tool to point at, or -1 if it names none: that of the UUID
// reading if there is one (the ULID reading of such text is a length
// error), else e.Err.Offset.
func (e *Error) Offset() int {
	if e.UUID != nil {
		return e.UUID.Offset
	}
	return e.Err.Offset
}

// Report returns the line the tools print about in, refused with err: its
// place, its text quoted, and the reason, as in
//
//	line 3: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25
//
// Text of more than QuoteMax bytes is cut as Quote cuts it, or, where the
// byte err.Offset names is past those, to the QuoteMax bytes (but no white
// space in front) up to and including that one, with "..." where cut. The
// offsets in the message count in the whole text.
func Report(in Input, err *Error) string {
	q := Quote(in.Given)
	if at := err.Offset(); at >= QuoteMax {
		q = "..." + strconv.Quote(in.Given[max(at+1-QuoteMax, in.Lead):at+1])
		if at+1 < len(in.Given) {
			q += "..."
		}
	}
	return in.Place.String() + ": " + q + ": " + err.Error()
}

// isTypeIDText reports whether s, trimmed, has the shape of TypeID text
// with a prefix: a '_', and an ASCII letter first, so that a prefix in
// upper case gets TypeID's error.
func isTypeIDText(s string) bool {
	return strings.Contains(s, "_") && ('a' <= s[0]|0x20 && s[0]|0x20 <= 'z')
}

// isUUIDText reports whether s, trimmed, has the shape of UUID text
// (docs/cli.md), whatever its length, so that a truncated or mistyped UUID
// gets a UUID's error: it starts with "urn:uuid:" or "{", has hyphens at
// bytes 8 and 13, or is hex digits and hyphens with a hyphen or more than
// 26 digits.
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
