package ulid

import (
	"encoding/binary"
	"slices"
)

// alphabet is Crockford's Base32 alphabet: the digits and the upper-case
// letters without I, L, O and U. Character i encodes the 5-bit value i.
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// alphabetPairs holds every two-character string of the alphabet, indexed by
// the 10 bits the two characters encode, as a little-endian uint16: the
// first character in the low byte, where a little-endian store puts it first.
// Looking up pairs halves the number of table reads in encode.
var alphabetPairs = func() (pairs [1024]uint16) {
	for i := range pairs {
		pairs[i] = uint16(alphabet[i>>5]) | uint16(alphabet[i&31])<<8
	}
	return pairs
}()

// encode writes the canonical text form of id into dst.
//
// The 128 bits are read as three big-endian groups that each fill a whole
// number of characters: the 48-bit timestamp (10 characters; the first
// carries the top 3 bits, padded with 2 zero bits on the left), then the
// entropy as two 40-bit halves (8 characters each). Each 10 bits become two
// characters with one look-up in alphabetPairs, and the characters are
// stored eight at a time.
func (id ULID) encode(dst *[EncodedSize]byte) {
	// Two aligned 8-byte loads: narrower loads that straddle the middle of
	// the ULID stall on reading a value the caller has just stored.
	encodeHalves(dst, binary.BigEndian.Uint64(id[0:]), binary.BigEndian.Uint64(id[8:]))
}

// encodeHalves is encode for the ULID whose big-endian halves are a and b.
func encodeHalves(dst *[EncodedSize]byte, a, b uint64) {
	t := a >> 16
	hi := a&0xffff<<24 | b>>40
	lo := b & (1<<40 - 1)
	p := &alphabetPairs

	binary.LittleEndian.PutUint64(dst[0:], uint64(p[(t>>40)&1023])|uint64(p[(t>>30)&1023])<<16|
		uint64(p[(t>>20)&1023])<<32|uint64(p[(t>>10)&1023])<<48)
	binary.LittleEndian.PutUint64(dst[8:], uint64(p[t&1023])|uint64(p[(hi>>30)&1023])<<16|
		uint64(p[(hi>>20)&1023])<<32|uint64(p[(hi>>10)&1023])<<48)
	binary.LittleEndian.PutUint64(dst[16:], uint64(p[hi&1023])|uint64(p[(lo>>30)&1023])<<16|
		uint64(p[(lo>>20)&1023])<<32|uint64(p[(lo>>10)&1023])<<48)
	binary.LittleEndian.PutUint16(dst[24:], p[lo&1023])
}

// encodeLower writes the text form of id in lower case into dst: the
// canonical form with the bit 0x20 set in every byte, which makes the
// letters lower case and leaves the digits as they are.
func (id ULID) encodeLower(dst *[EncodedSize]byte) {
	id.encode(dst)
	const lower = 0x2020202020202020
	for i := 0; i < 24; i += 8 {
		binary.LittleEndian.PutUint64(dst[i:], binary.LittleEndian.Uint64(dst[i:])|lower)
	}
	binary.LittleEndian.PutUint16(dst[24:], binary.LittleEndian.Uint16(dst[24:])|lower&0xffff)
}

// String returns the canonical text form of id: 26 upper-case characters of
// Crockford's Base32, as the ULID specification defines it.
func (id ULID) String() string {
	var buf [EncodedSize]byte
	id.encode(&buf)
	return string(buf[:])
}

// AppendText appends the canonical text form of id, 26 bytes as [ULID.String]
// returns them, to b and returns the extended buffer. It does not allocate if
// b has room for 26 more bytes. The error is always nil; it is there to
// implement [encoding.TextAppender].
func (id ULID) AppendText(b []byte) ([]byte, error) {
	n := len(b)
	b = slices.Grow(b, EncodedSize)[:n+EncodedSize]
	id.encode((*[EncodedSize]byte)(b[n:]))
	return b, nil
}

// StringLower returns the text form of id in lower case, such as
// "01aryz6s41tsv4rrffq69g5fav": 26 characters that [Parse] reads back, and
// the suffix of TypeID text (see [AppendTypeID]). The ULID specification's
// canonical form, [ULID.String], is upper case.
func (id ULID) StringLower() string {
	var buf [EncodedSize]byte
	id.encodeLower(&buf)
	return string(buf[:])
}

// AppendLower appends the 26 bytes of [ULID.StringLower] to b and returns
// the extended buffer. It does not allocate if b has room for them.
func (id ULID) AppendLower(b []byte) []byte {
	n := len(b)
	b = slices.Grow(b, EncodedSize)[:n+EncodedSize]
	id.encodeLower((*[EncodedSize]byte)(b[n:]))
	return b
}

// MarshalText implements [encoding.TextMarshaler]. It returns the 26 bytes of
// [ULID.String]; the error is always nil. Through it, encoding/json writes a
// ULID as a JSON string.
func (id ULID) MarshalText() ([]byte, error) {
	return id.AppendText(make([]byte, 0, EncodedSize))
}

// AppendBinary appends the 16 bytes of id to b and returns the extended
// buffer. The error is always nil; it is there to implement
// [encoding.BinaryAppender].
func (id ULID) AppendBinary(b []byte) ([]byte, error) {
	return append(b, id[:]...), nil
}

// MarshalBinary implements [encoding.BinaryMarshaler]. It returns a new copy
// of the 16 bytes of id; the error is always nil.
func (id ULID) MarshalBinary() ([]byte, error) {
	return id.AppendBinary(make([]byte, 0, BinarySize))
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]. It sets id to a
// copy of data, which must be exactly 16 bytes; otherwise it returns an error
// wrapping [ErrInvalidLength] and leaves id unchanged.
func (id *ULID) UnmarshalBinary(data []byte) error {
	if len(data) != BinarySize {
		return &ParseError{Err: ErrInvalidLength, Form: formBinary, Length: len(data), Offset: -1, Want: wantBinary}
	}
	*id = ULID(data)
	return nil
}
