package ulid

import (
	"encoding/binary"
	"slices"
)

// alphabet is Crockford's Base32 alphabet: the digits and the upper-case
// letters without I, L, O and U. Character i encodes the 5-bit value i.
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// encode writes the canonical text form of id into dst.
//
// The 128 bits are read as three big-endian groups that each fill a whole
// number of characters: the 48-bit timestamp (10 characters; the first
// carries the top 3 bits, padded with 2 zero bits on the left), then the
// entropy as two 40-bit halves (8 characters each).
func (id ULID) encode(dst *[EncodedSize]byte) {
	t := id.Timestamp()
	hi := uint64(binary.BigEndian.Uint32(id[6:]))<<8 | uint64(id[10])
	lo := uint64(binary.BigEndian.Uint32(id[11:]))<<8 | uint64(id[15])

	dst[0] = alphabet[t>>45]
	dst[1] = alphabet[(t>>40)&31]
	dst[2] = alphabet[(t>>35)&31]
	dst[3] = alphabet[(t>>30)&31]
	dst[4] = alphabet[(t>>25)&31]
	dst[5] = alphabet[(t>>20)&31]
	dst[6] = alphabet[(t>>15)&31]
	dst[7] = alphabet[(t>>10)&31]
	dst[8] = alphabet[(t>>5)&31]
	dst[9] = alphabet[t&31]

	dst[10] = alphabet[(hi>>35)&31]
	dst[11] = alphabet[(hi>>30)&31]
	dst[12] = alphabet[(hi>>25)&31]
	dst[13] = alphabet[(hi>>20)&31]
	dst[14] = alphabet[(hi>>15)&31]
	dst[15] = alphabet[(hi>>10)&31]
	dst[16] = alphabet[(hi>>5)&31]
	dst[17] = alphabet[hi&31]

	dst[18] = alphabet[(lo>>35)&31]
	dst[19] = alphabet[(lo>>30)&31]
	dst[20] = alphabet[(lo>>25)&31]
	dst[21] = alphabet[(lo>>20)&31]
	dst[22] = alphabet[(lo>>15)&31]
	dst[23] = alphabet[(lo>>10)&31]
	dst[24] = alphabet[(lo>>5)&31]
	dst[25] = alphabet[lo&31]
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
		return &ParseError{Err: ErrInvalidLength, Length: len(data), Offset: -1, format: formatBinary}
	}
	*id = ULID(data)
	return nil
}
