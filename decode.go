package ulid

import "strconv"

// A ParseError describes why text or binary input is not a valid ULID (or,
// for [ParseUUID], UUID, and for [Masker.Unmask], public ID). It wraps one of
// [ErrInvalidLength], [ErrInvalidCharacter] or [ErrOverflow], or for a public
// ID also [ErrCheckCharacter] or [ErrUnknownMaskingKey], and for TypeID
// text and typed public IDs [ErrInvalidPrefix] or [ErrWrongPrefix]; test for
// those with [errors.Is].
//
// Its fields say all that its message says, so a program can word the fault
// its own way, or mark the offending byte, from the fields alone.
type ParseError struct {
	// Err is the sentinel error: ErrInvalidLength, ErrInvalidCharacter or
	// ErrOverflow, or for a public ID ErrCheckCharacter or ErrUnknownMaskingKey,
	// and for a typed one ErrWrongPrefix.
	Err error
	// Form names what the input was read as, as the message names it:
	// "" for ULID text (Parse, ParseStrict, UnmarshalText), "binary"
	// (UnmarshalBinary), "UUID text" (ParseUUID), "public ID"
	// (Masker.Unmask), "typed public ID" (the Unmask of a Masker that
	// Masker.Typed returns), "TypeID" (ParseTypeID, ParseTyped, and Typed's
	// UnmarshalText and Scan), "TypeID prefix" (AppendTypeID), or, for a Scan
	// value of no
	// length that fits, "SQL []byte" or "SQL string"; for
	// UnmarshalBSONValue, "BSON binary" or "BSON string". Scan and
	// UnmarshalBSONValue report bad text of a length that fits as Parse and
	// ParseUUID do: "" for 26 bytes, "UUID text" for a UUID's length. These
	// values are fixed; compare Form with them, as with strconv.NumError's
	// Func.
	Form string
	// Length is the length of the input, in bytes.
	Length int
	// Offset is the zero-based byte offset of the offending byte, or -1 when
	// the input as a whole has the wrong length.
	Offset int
	// Byte is the offending byte, or 0 when Offset is -1.
	Byte byte
	// Want says, in words, what the input needed instead: for a length
	// error, the lengths that fit, such as "26" or "38 for the form in
	// braces"; for a UUID character error, what the offset takes, such as
	// "a hex digit" or "'-'"; for ErrWrongPrefix, the prefix of the type,
	// such as `the prefix "user_"`, or "no prefix". It is "" for a ULID
	// character error (any character of the alphabet) and for ErrOverflow
	// ('0' to '7'). It is words for a person, as the message is: show it, do
	// not compare it.
	Want string
}

// Error returns a one-line lower-case description built from e's fields,
// such as "ulid: invalid character 'U' at offset 5" or
// "ulid: invalid UUID text length 35 bytes, want 36 for the form with hyphens".
func (e *ParseError) Error() string {
	if e.Form == formPublicID || e.Form == formTypedPublicID {
		return e.publicIDError() // in mask.go, beside the public ID's code
	}
	var msg string
	switch {
	case e.Err == ErrOverflow:
		return "ulid: first character " + quoteByte(e.Byte) + " is above '7': value overflows 128 bits"
	case e.Offset < 0 && e.Form == "":
		msg = "ulid: invalid length " + strconv.Itoa(e.Length) + " bytes"
	case e.Offset < 0:
		msg = "ulid: invalid " + e.Form + " length " + strconv.Itoa(e.Length) + " bytes"
	case e.Form == "":
		msg = "ulid: invalid character " + quoteByte(e.Byte) + " at offset " + strconv.Itoa(e.Offset) + aliasNote(e.Byte, ", which ParseStrict rejects")
	default:
		msg = "ulid: invalid " + e.Form + ": character " + quoteByte(e.Byte) + " at offset " + strconv.Itoa(e.Offset)
	}
	return msg + e.want()
}

// want returns ", want " and e.Want, or "" if e.Want is "".
func (e *ParseError) want() string {
	if e.Want == "" {
		return ""
	}
	return ", want " + e.Want
}

// aliasNote explains why b, a character error, was refused if it is one of
// Crockford's aliases, which the input read does not take: it returns
// " (Crockford alias of '1'" and why, then ")", for I and L, the same for
// '0' and O, and "" for any other byte.
func aliasNote(b byte, why string) string {
	switch b {
	case 'I', 'i', 'L', 'l':
		return " (Crockford alias of '1'" + why + ")"
	case 'O', 'o':
		return " (Crockford alias of '0'" + why + ")"
	}
	return ""
}

// The forms that ParseError.Form names, and the lengths its Want gives.
const (
	formBinary     = "binary"
	formUUID       = "UUID text"
	formSQLBytes   = "SQL []byte"
	formSQLString  = "SQL string"
	formBSON       = "BSON binary"
	formBSONString = "BSON string"
	wantText       = "26"
	wantBinary     = "16"
	wantSQLBytes   = "16 binary bytes, or 26-character ULID text or UUID text (36 characters, or 32, 38, 45)"
	wantSQLString  = "26-character ULID text or UUID text (36 characters, or 32, 38, 45); binary values must be a []byte"
	wantBSONString = "26-character ULID text or UUID text (36 characters, or 32, 38, 45)"
)

// Unwrap returns e.Err.
func (e *ParseError) Unwrap() error { return e.Err }

// quoteByte formats b for an error message: 'A' when printable ASCII,
// 0xc3 otherwise.
func quoteByte(b byte) string {
	if b >= 0x20 && b < 0x7f {
		return strconv.QuoteRuneToASCII(rune(b))
	}
	return hexByte(b)
}

// hexByte formats b as 0x and two lower-case hex digits, as fmt's %#02x.
func hexByte(b byte) string {
	const hex = "0123456789abcdef"
	return "0x" + string([]byte{hex[b>>4], hex[b&15]})
}

// invalid marks a byte outside the alphabet in the decoding tables. Every
// valid entry is below 32, so OR-ing all looked-up values and testing the bits
// above 31 checks a whole string at once.
const invalid = 0xff

// decodeLenient maps each byte to its 5-bit value in Crockford's Base32, for
// Parse: both cases of the alphabet, plus the aliases I and L for 1 and O for
// 0. Every other byte, U included, maps to invalid.
var decodeLenient = [256]byte{
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x00
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x10
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x20
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0-9
	0xff, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x01, 0x12, 0x13, 0x01, 0x14, 0x15, 0x00, // @A-O
	0x16, 0x17, 0x18, 0x19, 0x1a, 0xff, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, // P-Z
	0xff, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x01, 0x12, 0x13, 0x01, 0x14, 0x15, 0x00, // `a-o
	0x16, 0x17, 0x18, 0x19, 0x1a, 0xff, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, // p-z
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x80
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x90
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xa0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xb0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xc0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xd0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xe0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xf0
}

// decodeStrict is decodeLenient without the aliases, for ParseStrict: I, L and
// O (either case) map to invalid.
var decodeStrict = [256]byte{
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x00
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x10
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x20
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0-9
	0xff, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0xff, 0x12, 0x13, 0xff, 0x14, 0x15, 0xff, // @A-O
	0x16, 0x17, 0x18, 0x19, 0x1a, 0xff, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, // P-Z
	0xff, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0xff, 0x12, 0x13, 0xff, 0x14, 0x15, 0xff, // `a-o
	0x16, 0x17, 0x18, 0x19, 0x1a, 0xff, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, // p-z
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x80
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0x90
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xa0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xb0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xc0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xd0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xe0
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // 0xf0
}

// Parse decodes s, the 26-character text form of a ULID, as the ULID
// specification and Crockford's Base32 define it.
//
// Parse is case-insensitive and, like a conforming Crockford decoder, reads
// the aliases I and L as '1' and O as '0'. Every other byte outside the
// alphabet, U included, is an error; nothing is trimmed. Use [ParseStrict] to
// reject the aliases, and compare s with the result's String to check that s
// is canonical.
//
// The error is a [*ParseError] wrapping [ErrInvalidLength] if s is not 26
// bytes long, [ErrInvalidCharacter] for a byte outside the alphabet (with its
// offset), or [ErrOverflow] if the first character is above '7'. Parse does
// not allocate unless it returns an error.
func Parse(s string) (id ULID, err error) {
	high, low, err := decode(s, &decodeLenient)
	id.set(high, low)
	return id, err
}

// ParseStrict is like [Parse] but accepts only the 32 characters of
// Crockford's Base32 alphabet, in either case: the aliases I, L and O are
// errors wrapping [ErrInvalidCharacter].
func ParseStrict(s string) (id ULID, err error) {
	high, low, err := decode(s, &decodeStrict)
	id.set(high, low)
	return id, err
}

// MustParse is like [Parse] but panics if s is not a valid ULID. It is
// intended for tests and initialisation with hard-coded strings.
func MustParse(s string) ULID {
	id, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return id
}

// MustParseStrict is like [ParseStrict] but panics if s is not a valid ULID.
// It is intended for tests and initialisation with hard-coded strings.
func MustParseStrict(s string) ULID {
	id, err := ParseStrict(s)
	if err != nil {
		panic(err)
	}
	return id
}

// UnmarshalText implements [encoding.TextUnmarshaler]. It decodes text as
// [Parse] does, aliases and lower case included, without allocating. On error
// it leaves id unchanged. Through it, encoding/json reads a ULID from a JSON
// string.
func (id *ULID) UnmarshalText(text []byte) error {
	high, low, err := decode(text, &decodeLenient)
	if err != nil {
		return err
	}
	id.set(high, low)
	return nil
}

// decode is the one decoder behind Parse, ParseStrict, UnmarshalText and
// Scan. It looks up all 26 bytes of s in table, assembles the 128 bits from a
// 48-bit timestamp (10 characters) and two 40-bit entropy halves (8
// characters each), and checks every byte with a single test. Each group
// lives in its own block so that its values fit in registers.
//
// It returns the ULID as two big-endian halves in registers, for the caller
// to store with two 8-byte writes (see ULID.set): a pointer argument would
// make callers' ULIDs escape to the heap wherever decode's callers are
// inlined into other packages, and narrower stores slow down the 16-byte
// copy that usually follows.
func decode[T string | []byte](s T, table *[256]byte) (high, low uint64, err error) {
	if len(s) != EncodedSize {
		return 0, 0, &ParseError{Err: ErrInvalidLength, Length: len(s), Offset: -1, Want: wantText}
	}
	_ = s[25]
	// Valid values are 0–31, and the first may not exceed 7 (overflow):
	// first keeps the bits above 7 of the first value, bad the OR of all.
	var first, bad byte
	var t, hi, lo uint64
	{
		v0, v1, v2, v3, v4 := table[s[0]], table[s[1]], table[s[2]], table[s[3]], table[s[4]]
		v5, v6, v7, v8, v9 := table[s[5]], table[s[6]], table[s[7]], table[s[8]], table[s[9]]
		first, bad = v0&^7, v1|v2|v3|v4|v5|v6|v7|v8|v9
		t = uint64(v0)<<45 | uint64(v1)<<40 | uint64(v2)<<35 | uint64(v3)<<30 | uint64(v4)<<25 |
			uint64(v5)<<20 | uint64(v6)<<15 | uint64(v7)<<10 | uint64(v8)<<5 | uint64(v9)
	}
	{
		v0, v1, v2, v3 := table[s[10]], table[s[11]], table[s[12]], table[s[13]]
		v4, v5, v6, v7 := table[s[14]], table[s[15]], table[s[16]], table[s[17]]
		bad |= v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7
		hi = uint64(v0)<<35 | uint64(v1)<<30 | uint64(v2)<<25 | uint64(v3)<<20 |
			uint64(v4)<<15 | uint64(v5)<<10 | uint64(v6)<<5 | uint64(v7)
	}
	{
		v0, v1, v2, v3 := table[s[18]], table[s[19]], table[s[20]], table[s[21]]
		v4, v5, v6, v7 := table[s[22]], table[s[23]], table[s[24]], table[s[25]]
		bad |= v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7
		lo = uint64(v0)<<35 | uint64(v1)<<30 | uint64(v2)<<25 | uint64(v3)<<20 |
			uint64(v4)<<15 | uint64(v5)<<10 | uint64(v6)<<5 | uint64(v7)
	}
	if first|bad&^31 != 0 {
		return 0, 0, decodeError(s, table)
	}
	return t<<16 | hi>>24, hi<<40 | lo, nil
}

// decodeError finds the first fault in s, which decode has found invalid, and
// describes it. Kept apart from decode so that the fast path stays small.
func decodeError[T string | []byte](s T, table *[256]byte) error {
	for i := range len(s) {
		switch v := table[s[i]]; {
		case v == invalid:
			return &ParseError{Err: ErrInvalidCharacter, Length: len(s), Offset: i, Byte: s[i]}
		case i == 0 && v > 7:
			return &ParseError{Err: ErrOverflow, Length: len(s), Offset: 0, Byte: s[0]}
		}
	}
	panic("ulid: decodeError called on valid input")
}
