package ulid

import (
	"database/sql/driver"
	"fmt"
	"slices"
	"time"
)

// maxUnixSeconds is the whole seconds part of MaxTimestamp.
const maxUnixSeconds = int64(MaxTimestamp / 1000)

// Timestamp converts t to Unix milliseconds, the unit of a ULID's timestamp,
// whatever t's location. Sub-millisecond parts are truncated, never rounded,
// so a ULID made from the result is never later than t.
//
// Timestamp returns an error wrapping [ErrTimeOutOfRange] if t is before
// 1970-01-01T00:00:00Z or after 10889-08-02T05:31:50.655999999Z
// ([MaxTimestamp] plus its sub-millisecond range).
func Timestamp(t time.Time) (uint64, error) {
	sec := t.Unix() // rounded toward the past, so times just before 1970 give -1
	if sec < 0 || sec > maxUnixSeconds {
		return 0, timeRangeError(t)
	}
	ms := uint64(sec)*1000 + uint64(t.Nanosecond())/1e6
	if ms > MaxTimestamp {
		return 0, timeRangeError(t)
	}
	return ms, nil
}

// Time converts ms, in Unix milliseconds, to a [time.Time] in UTC. It returns
// an error wrapping [ErrTimeOutOfRange] if ms is greater than [MaxTimestamp].
func Time(ms uint64) (time.Time, error) {
	if ms > MaxTimestamp {
		return time.Time{}, timestampRangeError(ms)
	}
	return time.UnixMilli(int64(ms)).UTC(), nil
}

func timeRangeError(t time.Time) error {
	return fmt.Errorf("%w: %s is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z", ErrTimeOutOfRange, t.UTC().Format(time.RFC3339Nano))
}

// UUIDString returns the RFC 9562 text form of id's 16 bytes: 36 characters,
// lower-case hex in groups of 8-4-4-4-12, such as
// "01563df3-6481-d676-4c61-efb99302bd5b".
//
// A ULID and a UUID are both 128 bits, so the conversion copies the bytes
// unchanged, both ways. It does not set the UUID version and variant fields:
// the result is not a version 4 or version 7 UUID and must not be presented
// as one. For a UUID type that is a [16]byte, such as github.com/google/uuid's,
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

// uuidHyphens are the offsets of the hyphens in the UUID text form.
var uuidHyphens = [4]int{8, 13, 18, 23}

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
// form in braces ("{...}", 38 characters), and with a "urn:uuid:" prefix
// (45 characters). The version and variant fields are not checked or
// changed.
//
// The error is a [*ParseError] wrapping [ErrInvalidLength] for any other
// length, or [ErrInvalidCharacter] with the offset of the first byte that is
// not a hex digit, hyphen, brace or prefix byte where one is required.
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

func decodeUUID[T string | []byte](s T) (ULID, error) {
	uuidError := func(offset int) error {
		return &ParseError{Err: ErrInvalidCharacter, Length: len(s), Offset: offset, Byte: s[offset], format: formatUUID}
	}
	start := 0 // offset of the 36-character form inside s
	switch len(s) {
	case 32:
		var id ULID
		for i := range id {
			hi, lo := hexValue[s[2*i]], hexValue[s[2*i+1]]
			if hi == invalid {
				return ULID{}, uuidError(2 * i)
			}
			if lo == invalid {
				return ULID{}, uuidError(2*i + 1)
			}
			id[i] = hi<<4 | lo
		}
		return id, nil
	case uuidSize:
	case uuidSize + 2:
		if s[0] != '{' {
			return ULID{}, uuidError(0)
		}
		if s[len(s)-1] != '}' {
			return ULID{}, uuidError(len(s) - 1)
		}
		start = 1
	case uuidSize + len("urn:uuid:"):
		for i := range len("urn:uuid:") {
			if c := s[i]; c != "urn:uuid:"[i] && c != "URN:UUID:"[i] { // case-insensitive (RFC 8141)
				return ULID{}, uuidError(i)
			}
		}
		start = len("urn:uuid:")
	default:
		return ULID{}, &ParseError{Err: ErrInvalidLength, Length: len(s), Offset: -1, format: formatUUID}
	}
	for _, h := range uuidHyphens {
		if s[start+h] != '-' {
			return ULID{}, uuidError(start + h)
		}
	}
	var id ULID
	j := start
	for i := range id {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			j++ // past a hyphen, checked above
		}
		hi, lo := hexValue[s[j]], hexValue[s[j+1]]
		if hi == invalid {
			return ULID{}, uuidError(j)
		}
		if lo == invalid {
			return ULID{}, uuidError(j + 1)
		}
		id[i] = hi<<4 | lo
		j += 2
	}
	return id, nil
}

// Value implements [database/sql/driver.Valuer]: a ULID is stored as its 16 bytes, the
// form to use in PostgreSQL uuid, MySQL and MariaDB BINARY(16) and SQLite
// BLOB columns. Each call returns a new slice. The error is always nil.
func (id ULID) Value() (driver.Value, error) {
	return id[:], nil
}

// Scan implements [database/sql.Scanner]. It accepts the forms a database hands back
// for a ULID column: the 16 bytes as a []byte or a [16]byte, and the
// 26-character ULID text (as [Parse] reads it) or UUID text (as [ParseUUID]
// reads it) as a string or a []byte. A 16-byte string is text, not binary, and
// so an error. Scan copies from src and keeps no reference to it.
//
// Scanning SQL NULL is an error wrapping [ErrNull], never a silent zero
// ULID: scan a nullable column into a sql.Null[ulid.ULID] or a *ulid.ULID.
// Other types are errors wrapping [ErrUnsupportedType]; malformed text is a
// [*ParseError]. On error id is unchanged.
func (id *ULID) Scan(src any) error {
	var (
		parsed ULID
		err    error
	)
	switch v := src.(type) {
	case nil:
		return ErrNull
	case [16]byte:
		parsed = v
	case []byte:
		if len(v) == BinarySize {
			parsed = ULID(v)
		} else {
			parsed, err = scanText(v)
		}
	case string:
		parsed, err = scanText(v)
	default:
		return fmt.Errorf("%w: cannot scan %T into ulid.ULID", ErrUnsupportedType, src)
	}
	if err != nil {
		return err
	}
	*id = parsed
	return nil
}

// scanText reads src as ULID text or UUID text, told apart by length.
func scanText[T string | []byte](src T) (ULID, error) {
	switch len(src) {
	case EncodedSize:
		high, low, err := decode(src, &decodeLenient)
		var id ULID
		id.set(high, low)
		return id, err
	case 32, uuidSize, uuidSize + 2, uuidSize + len("urn:uuid:"):
		return decodeUUID(src)
	}
	return ULID{}, &ParseError{Err: ErrInvalidLength, Length: len(src), Offset: -1, format: formatScan}
}
