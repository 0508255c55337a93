package ulid

import (
	"slices"
)

// IsUUIDv7 reports whether id's 128 bits are a valid RFC 9562 version 7
// UUID: bits 48–51, the high half of byte 6, hold the version 7, and bits
// 64–65, the top of byte 8, the variant 10 (RFC 9562, sections 4.1, 4.2 and
// 5.7). Every ULID from [MakeV7] or a [NewMonotonicV7] generator is one; a
// ULID from [Make] is one by chance, one time in 64.
func (id ULID) IsUUIDv7() bool {
	return id[6]>>4 == 7 && id[8]>>6 == 0b10
}

// UUIDString returns the RFC 9562 text form of id's 16 bytes: 36 characters,
// lower-case hex in groups of 8-4-4-4-12, such as
// "01563df3-6481-d676-4c61-efb99302bd5b".
//
// A ULID and a UUID are both 128 bits, so the conversion copies the bytes
// unchanged, both ways. It does not set the UUID version and variant fields:
// the result of a ULID from [Make] or [New] is not a version 4 or version 7
// UUID and must not be presented as one; that of a ULID from [MakeV7] or a
// [NewMonotonicV7] generator is a version 7 UUID (see [ULID.IsUUIDv7]). For a
// UUID type that is a [16]byte, such as github.com/google/uuid's,
// convert directly: uuid.UUID(id) and ulid.ULID(u).
func (id ULID) UUIDString() string {
	var buf [uuidSize]byte
	id.encodeUUID(&buf)
	return string(buf[:])
}

// AppendUUID appends the 36-byte RFC 9562 text form of id, as
// [ULID.UUIDString] returns it, to b and returns the extended buffer. It does
// not allocate if b has room for 36 more bytes.
func (id ULID) AppendUUID(b []byte) []byte {
	n := len(b)
	b = slices.Grow(b, uuidSize)[:n+uuidSize]
	id.encodeUUID((*[uuidSize]byte)(b[n:]))
	return b
}

// uuidSize is the length of the hyphenated UUID text form.
const uuidSize = 36

// urnPrefix is the prefix of a UUID written as a URN (RFC 9562, section 4),
// matched without regard to case.
const urnPrefix = "urn:uuid:"

func (id ULID) encodeUUID(dst *[uuidSize]byte) {
	const hex = "0123456789abcdef"
	j := 0
	for i, b := range id {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			dst[j] = '-'
			j++
		}
		dst[j], dst[j+1] = hex[b>>4], hex[b&15]
		j += 2
	}
}

// ParseUUID decodes s, a UUID in text form, into a ULID with the same 16
// bytes. It accepts the RFC 9562 form (36 characters, 8-4-4-4-12 hex digits
// separated by hyphens) in upper, lower or mixed case, and the variants
// common UUID parsers accept: 32 hex digits without hyphens, the 36-character
// form in braces ("{...}", 38 characters), and with a "urn:uuid:" prefix in
// either case (45 characters). The version and variant fields are not checked
// or changed.
//
// The error is a [*ParseError] wrapping [ErrInvalidLength] for any other
// length, and for text whose length is not that of the form it marks itself
// as: an opening brace, a "urn:" prefix, or a hyphen at offset 8 where the
// 36-character form has its first. Otherwise it wraps [ErrInvalidCharacter],
// with the offset of the first byte, in input order, that is not what its
// position requires: a hex digit, a hyphen, a brace or a byte of the prefix.
// ParseUUID does not allocate unless it returns an error.
func ParseUUID(s string) (ULID, error) {
	return decodeUUID(s)
}

// hexValue maps an ASCII hex digit, either case, to its value, and every
// other byte to invalid.
var hexValue = func() (t [256]byte) {
	for i := range t {
		t[i] = invalid
	}
	for i, c := range []byte("0123456789abcdef") {
		t[c] = byte(i)
		if c >= 'a' {
			t[c-'a'+'A'] = byte(i)
		}
	}
	return t
}()

// uuidDigits holds the offset of each byte's pair of hex digits in the
// 36-character UUID text form.
var uuidDigits = [16]int{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// decodeUUID is the UUID text decoder behind ParseUUID and Scan. Its fast
// path decodes every digit and checks every separator at once; only when
// that fails does uuidFault walk s in input order to name the first fault.
func decodeUUID[T string | []byte](s T) (ULID, error) {
	var (
		id  ULID
		bad byte // the OR of every looked-up digit value; above 15 if any was invalid
		sep bool // whether every byte around the hex digits is what it must be
	)
	switch len(s) {
	case 32:
		for i := range id {
			hi, lo := hexValue[s[2*i]], hexValue[s[2*i+1]]
			bad |= hi | lo
			id[i] = hi<<4 | lo
		}
		sep = true
	case uuidSize, uuidSize + 2, uuidSize + len(urnPrefix):
		var d T // the 36-character form inside s
		switch len(s) {
		case uuidSize:
			d, sep = s, true
		case uuidSize + 2:
			d, sep = s[1:uuidSize+1], s[0] == '{' && s[uuidSize+1] == '}'
		default:
			d, sep = s[len(urnPrefix):], hasURNPrefix(s)
		}
		_ = d[uuidSize-1]
		sep = sep && d[8] == '-' && d[13] == '-' && d[18] == '-' && d[23] == '-'
		for i, o := range uuidDigits {
			hi, lo := hexValue[d[o]], hexValue[d[o+1]]
			bad |= hi | lo
			id[i] = hi<<4 | lo
		}
	default:
		return ULID{}, uuidLengthFault(s)
	}
	if !sep || bad > 15 {
		return ULID{}, uuidFault(s)
	}
	return id, nil
}

// hasURNPrefix reports whether s begins with "urn:uuid:" in either case
// (RFC 8141 makes the namespace case-insensitive).
func hasURNPrefix[T string | []byte](s T) bool {
	for i := range len(urnPrefix) {
		if c := s[i]; c != urnPrefix[i] && c != "URN:UUID:"[i] {
			return false
		}
	}
	return true
}

// uuidLengthFault returns the length error for UUID text s whose length is
// not that of the form it is written in, or nil if it is. The form is the one
// s names itself, by an opening brace (38 characters), a "urn:" prefix (45) or
// a hyphen at offset 8 (36), whatever its length; failing those, any of the
// four lengths is a form's. So a truncated or overlong UUID gets a length
// error that names its form, rather than a character error at the front from
// another form that happens to have its length.
func uuidLengthFault[T string | []byte](s T) *ParseError {
	var fits bool
	var want string
	switch n := len(s); {
	case n > 0 && s[0] == '{':
		fits, want = n == uuidSize+2, "38 for the form in braces"
	case n >= 4 && s[0]|0x20 == 'u' && s[1]|0x20 == 'r' && s[2]|0x20 == 'n' && s[3] == ':':
		fits, want = n == uuidSize+len(urnPrefix), "45 for the urn:uuid: form"
	case n > 8 && s[8] == '-':
		fits, want = n == uuidSize, "36 for the form with hyphens"
	default:
		fits, want = n == 32 || n == uuidSize || n == uuidSize+2 || n == uuidSize+len(urnPrefix), "36 (or 32, 38, 45)"
	}
	if fits {
		return nil
	}
	return &ParseError{Err: ErrInvalidLength, Form: formUUID, Length: len(s), Offset: -1, Want: want}
}

// uuidFault describes what is wrong with s, which has the length of one of
// the UUID text forms and which decodeUUID has found invalid: a length that
// is not that of the form s names itself (see uuidLengthFault), or else the
// first byte, in input order, that is not what its position requires. Kept
// apart from decodeUUID so that the fast path stays small.
func uuidFault[T string | []byte](s T) error {
	if err := uuidLengthFault(s); err != nil {
		return err
	}
	start, hyphens := 0, true // where the hex digits begin; whether hyphens separate them
	switch len(s) {
	case 32:
		hyphens = false
	case uuidSize + 2:
		start = 1
	case uuidSize + len(urnPrefix):
		start = len(urnPrefix)
	}
	for i := range len(s) {
		j := i - start // offset in the 36-character form
		var ok bool
		want := "a hex digit" // what position i requires
		switch {
		case j < 0 && start == 1:
			want, ok = "'{'", s[i] == '{'
		case j < 0:
			want, ok = `"urn:uuid:" (in either case)`, s[i] == urnPrefix[i] || s[i] == "URN:UUID:"[i]
		case j >= uuidSize:
			want, ok = "'}'", s[i] == '}'
		case hyphens && (j == 8 || j == 13 || j == 18 || j == 23):
			want, ok = "'-'", s[i] == '-'
		default:
			ok = hexValue[s[i]] != invalid
		}
		if !ok {
			return &ParseError{Err: ErrInvalidCharacter, Form: formUUID, Length: len(s), Offset: i, Byte: s[i], Want: want}
		}
	}
	panic("ulid: uuidFault called on valid input")
}
