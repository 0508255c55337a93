// Package ulid implements ULIDs, Universally Unique Lexicographically Sortable
// Identifiers, as described by the ULID specification,
// https://github.com/ulid/spec.
//
// A ULID is 128 bits: a 48-bit timestamp in Unix milliseconds followed by 80 bits
// of entropy. Its canonical text form is 26 characters of Crockford's Base32.
// Because the timestamp comes first and the encoding preserves order, sorting
// ULIDs as bytes, as 128-bit integers or as canonical strings gives the same
// result: creation-time order. That makes ULIDs good database keys: new keys
// land at the right edge of a B-tree index instead of at random places, as
// random UUIDs (version 4) do.
//
// The layout, most significant byte first:
//
//	bytes   0 1 2 3 4 5   6 7 8 9 10 11 12 13 14 15
//	        timestamp     entropy
//	        48 bits       80 bits
//
//	text    01ARYZ6S41    TSV4RRFFQ69G5FAV
//	        10 chars      16 chars
//
// The first character carries only the top 3 bits of the timestamp (26
// characters of 5 bits are 130 bits, two more than a ULID has), so it is
// always '0' to '7'.
//
// Application code calls [Make] for a new ULID and [Parse] to validate and
// decode one. [Make] draws its entropy from crypto/rand and is monotonic: every
// ULID it returns in a process is greater than the one before. [New] and
// [Monotonic] serve explicit timestamps and custom entropy sources.
//
// [MakeV7] makes ULIDs that are also valid RFC 9562 version 7 UUIDs: the same
// timestamp, the UUID version and variant fixed, 74 random bits. They suit a
// UUID column or a UUID-checking tool that should read the ULID as a UUIDv7;
// [ULID.IsUUIDv7] tells such a ULID apart.
//
// # ULIDs in tests
//
// For ULIDs that are the same on every run, give a generator of your own a
// seeded entropy source and explicit timestamps:
// NewMonotonic(rand.NewChaCha8(seed)) with [Monotonic.New] (see its example).
//
// In a testing/synctest bubble, make ULIDs with a generator created inside
// the bubble by [NewMonotonic], which follows the bubble's fake clock; do not
// call [Make] there, which is process-wide. The testing guide,
// https://github.com/ulidgo/ulid/blob/main/docs/testing.md, says why and
// shows both ways.
//
// To check a ULID's time, compare milliseconds: [ULID.Timestamp] lies between
// time.Now().UnixMilli() read before the ULID was made and read after.
//
// # What a ULID reveals
//
// A ULID's timestamp can be read by anyone who holds it. ULIDs reveal when, and
// how often, they were made; they are identifiers, not secrets or capability
// tokens. To show IDs to the outside world without their time, keep ULIDs as
// keys and hand out public IDs: a [Masker] turns a ULID into a public ID with
// a secret key, and back.
package ulid

import (
	"encoding/binary"
	"errors"
	"io"
	"strconv"
	"time"
)

// A ULID is a 128-bit Universally Unique Lexicographically Sortable Identifier:
// bytes 0–5 hold the timestamp, a 48-bit big-endian count of Unix milliseconds,
// and bytes 6–15 hold 80 bits of entropy.
//
// ULID is a comparable value type: use == to compare for equality, and use it
// as a map key. Its zero value is a valid ULID with timestamp 0
// (1970-01-01T00:00:00Z) and zero entropy; it encodes as 26 '0' characters and
// round-trips through every encoding.
type ULID [16]byte

// Sizes of a ULID's encodings.
const (
	// EncodedSize is the length of the canonical text form, in bytes.
	EncodedSize = 26
	// BinarySize is the length of the binary form, in bytes.
	BinarySize = 16
)

// MaxTimestamp is the largest timestamp a ULID can hold: 2^48−1 Unix
// milliseconds, which is 10889-08-02T05:31:50.655Z.
const MaxTimestamp uint64 = 1<<48 - 1

// Errors returned by this package. Functions wrap them in more detailed errors
// (such as [*ParseError]); test for them with [errors.Is].
var (
	// ErrInvalidLength reports input of the wrong length: ULID text that is
	// not 26 bytes, binary data that is not 16 bytes, UUID text of none of
	// its lengths, or a public ID that is not 29 bytes.
	ErrInvalidLength = errors.New("ulid: invalid length")

	// ErrInvalidCharacter reports a byte that does not belong where it is: in
	// ULID text, a byte outside Crockford's Base32 alphabet (for ParseStrict,
	// the aliases I, L and O too); in UUID text, anything but a hex digit, or
	// the hyphen, brace or prefix byte that its position requires; in a
	// public ID, a byte outside the alphabet, the aliases included.
	ErrInvalidCharacter = errors.New("ulid: invalid character")

	// ErrOverflow reports ULID text whose first character is above '7', or a
	// public ID whose character 2 (the first of its block) is, which would
	// encode a value larger than 128 bits.
	ErrOverflow = errors.New("ulid: value overflows 128 bits")

	// ErrTimeOutOfRange reports a time or timestamp outside what a ULID can
	// hold: before 1970-01-01T00:00:00Z or after [MaxTimestamp].
	ErrTimeOutOfRange = errors.New("ulid: time out of range")

	// ErrMonotonicOverflow reports that a [Monotonic] generator cannot make
	// another ULID in the requested millisecond, because incrementing the
	// entropy (its 80 bits, or the 74 free bits of a UUIDv7-compatible
	// ULID) would wrap around.
	ErrMonotonicOverflow = errors.New("ulid: monotonic entropy overflow")

	// ErrNull reports an attempt to scan SQL NULL into a ULID. Scan nullable
	// columns into a sql.Null[ulid.ULID] or a *ulid.ULID instead.
	ErrNull = errors.New("ulid: cannot scan SQL NULL into a ulid.ULID; use sql.Null[ulid.ULID] or *ulid.ULID")

	// ErrUnsupportedType reports a value of a type that [ULID.Scan] cannot
	// read, or, from an adapter such as pgxulid, a column type that a ULID
	// cannot be stored in as it is.
	ErrUnsupportedType = errors.New("ulid: unsupported type")
)

// A sentinelError is an error worded for one use: it says msg and unwraps to
// err, a sentinel or the error it reports, for errors.Is and errors.As.
type sentinelError struct {
	msg string
	err error
}

func (e *sentinelError) Error() string { return e.msg }
func (e *sentinelError) Unwrap() error { return e.err }

// wrapError returns an error that says sentinel's message, a colon and
// detail, and unwraps to sentinel, as fmt.Errorf("%w: %s") does. The package
// makes its errors without fmt, which with the reflect code it brings was
// 9% of the browser tool's WebAssembly module.
func wrapError(sentinel error, detail string) error {
	return &sentinelError{msg: sentinel.Error() + ": " + detail, err: sentinel}
}

// Make returns a new ULID for the current time, with entropy from crypto/rand.
//
// Make is monotonic, as the ULID specification describes: within one
// millisecond each ULID's entropy is the previous one plus one, and in a new
// millisecond fresh random entropy is drawn. Every ULID that Make returns in a
// process is strictly greater than the one it returned before, across all
// goroutines. If the wall clock steps backwards, Make keeps using the latest
// millisecond it has issued; if the entropy of a millisecond is used up, it
// moves on to the next millisecond.
//
// Make never fails, does not allocate, and is safe for concurrent use. It is
// the process-wide instance of [Monotonic]; see [Monotonic.Next] for how it
// reads the clock.
//
// Make reads its entropy with crypto/rand.Read, so a program that replaces
// crypto/rand.Reader changes what Make draws: the replacement is used as it
// is, once the bytes read before the change are used up (a reader of zeros
// gives ULIDs with zero entropy, then increments of it); an error from it
// ends the program, as crypto/rand.Read makes every error fatal; and a panic
// in it reaches Make's caller and leaves Make ready for the next call. The
// same holds for a nil entropy in [New] and [NewMonotonic].
func Make() ULID {
	return defaultMonotonic.make()
}

// MakeV7 returns a new ULID for the current time, with entropy from
// crypto/rand, whose 128 bits are also a valid RFC 9562 version 7 UUID: the
// same 48-bit Unix-millisecond timestamp, the version 7 in bits 48–51, the
// variant 10 in bits 64–65, and 74 random bits (RFC 9562, section 5.7). As a
// ULID it is like any other: 26 characters that sort by time. As a UUID,
// uuid.UUID(id) or [ULID.UUIDString], it is a UUIDv7 that UUID-typed columns
// and validators accept and whose timestamp they can read.
//
// MakeV7 keeps [Make]'s promises: it never fails, does not allocate, is safe
// for concurrent use, and every ULID it returns in a process is strictly
// greater than the one it returned before, across all goroutines, even when
// the wall clock steps back. Within one millisecond the 74 random bits are
// incremented (RFC 9562, section 6.2, method 2); see [NewMonotonicV7].
//
// MakeV7 is a sequence of its own, apart from Make's: a ULID from MakeV7 sorts
// after one from Make of an earlier millisecond, but within one millisecond
// the two are in random order. Use one of them for the keys of one table.
func MakeV7() ULID {
	return defaultMonotonicV7.make()
}

// New returns a ULID with the timestamp ms, in Unix milliseconds, and 80
// bits of entropy read from entropy.
//
// A nil entropy, or crypto/rand.Reader itself, means crypto/rand, each byte
// of which goes into one ULID only. Any other reader provides 10 bytes, read
// as [io.ReadFull] reads them; a short read, a count outside what Read may
// return, or 100 reads in a row that return nothing ([io.ErrNoProgress]) is
// an error, never zero bytes or a wait without end. New is not monotonic:
// ULIDs made in the same millisecond are in random order. For ULIDs that
// increase within a millisecond, use [Make] or a generator's [Monotonic.New].
//
// New returns an error wrapping [ErrTimeOutOfRange] if ms is greater than
// [MaxTimestamp], or the error of the entropy reader. With crypto/rand it
// does not allocate. New is safe for concurrent use if entropy is.
func New(ms uint64, entropy io.Reader) (ULID, error) {
	var id ULID
	if err := id.setTimestamp(ms); err != nil {
		return ULID{}, err
	}
	if err := readEntropy(entropy, (*[10]byte)(id[6:])); err != nil {
		return ULID{}, err
	}
	return id, nil
}

// MustNew is like [New] but panics if New returns an error. It is intended for
// tests and initialisation with known-good inputs.
func MustNew(ms uint64, entropy io.Reader) ULID {
	id, err := New(ms, entropy)
	if err != nil {
		panic(err)
	}
	return id
}

// MinAt returns the smallest ULID with the timestamp ms, in Unix milliseconds:
// that timestamp followed by 80 zero bits. With [MaxAt] it bounds a time window
// in a query on ULID keys:
//
//	lo, _ := ulid.MinAt(start)
//	hi, _ := ulid.MaxAt(end)
//	// SELECT ... WHERE id BETWEEN lo AND hi
//
// MinAt returns an error wrapping [ErrTimeOutOfRange] if ms is greater than
// [MaxTimestamp].
func MinAt(ms uint64) (ULID, error) {
	var id ULID
	err := id.setTimestamp(ms)
	return id, err
}

// MaxAt returns the largest ULID with the timestamp ms, in Unix milliseconds:
// that timestamp followed by 80 one bits. See [MinAt].
//
// MaxAt returns an error wrapping [ErrTimeOutOfRange] if ms is greater than
// [MaxTimestamp].
func MaxAt(ms uint64) (ULID, error) {
	id := ULID{6: 0xff, 7: 0xff, 8: 0xff, 9: 0xff, 10: 0xff, 11: 0xff, 12: 0xff, 13: 0xff, 14: 0xff, 15: 0xff}
	if err := id.setTimestamp(ms); err != nil {
		return ULID{}, err
	}
	return id, nil
}

// setTimestamp stores ms in bytes 0–5 of id, or reports that it does not fit.
func (id *ULID) setTimestamp(ms uint64) error {
	if ms > MaxTimestamp {
		return timestampRangeError(ms)
	}
	binary.BigEndian.PutUint16(id[0:], uint16(ms>>32))
	binary.BigEndian.PutUint32(id[2:], uint32(ms))
	return nil
}

// set stores the 128 bits of a ULID given as two big-endian 64-bit halves.
func (id *ULID) set(high, low uint64) {
	binary.BigEndian.PutUint64(id[0:], high)
	binary.BigEndian.PutUint64(id[8:], low)
}

// timestampRangeError reports a timestamp above MaxTimestamp.
func timestampRangeError(ms uint64) error {
	return wrapError(ErrTimeOutOfRange, "timestamp "+strconv.FormatUint(ms, 10)+" ms is above the maximum "+
		strconv.FormatUint(MaxTimestamp, 10)+" ms")
}

// Timestamp returns the ULID's timestamp in Unix milliseconds, a number from 0
// to [MaxTimestamp].
func (id ULID) Timestamp() uint64 {
	return binary.BigEndian.Uint64(id[0:]) >> 16
}

// Time returns the ULID's timestamp as a [time.Time] in UTC: a whole Unix
// millisecond, so it is usually a little before a time.Now read just before the
// ULID was made. Compare [ULID.Timestamp] with time.Now().UnixMilli() instead.
func (id ULID) Time() time.Time {
	return time.UnixMilli(int64(id.Timestamp())).UTC()
}

// Entropy returns the ULID's 80 bits of entropy: bytes 6–15.
func (id ULID) Entropy() [10]byte {
	return [10]byte(id[6:])
}

// IsZero reports whether id is the zero ULID, 26 '0' characters in text.
func (id ULID) IsZero() bool {
	return id == ULID{}
}

// Compare returns an integer comparing two ULIDs as unsigned 128-bit
// big-endian numbers. The result is 0 if id == other, -1 if id < other, and
// +1 if id > other. This order is also the order of their timestamps and of
// their canonical strings.
func (id ULID) Compare(other ULID) int {
	a, b := binary.BigEndian.Uint64(id[0:]), binary.BigEndian.Uint64(other[0:])
	if a == b {
		a, b = binary.BigEndian.Uint64(id[8:]), binary.BigEndian.Uint64(other[8:])
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return +1
	}
	return 0
}
