package ulid

import (
	"encoding/binary"
	"strconv"
)

// BSON element types and binary subtypes that a ULID is stored as and read
// from (the BSON specification, https://bsonspec.org/spec.html).
const (
	bsonString       = 0x02
	bsonBinary       = 0x05
	bsonNull         = 0x0a
	bsonGeneric      = 0x00 // binary subtype: generic
	bsonUUID         = 0x04 // binary subtype: UUID
	bsonBinaryHeader = 5    // int32 length and subtype byte
)

// MarshalBSONValue stores id in MongoDB as a BSON binary value of subtype 4
// (UUID) holding its 16 bytes, the form MongoDB indexes and compares byte by
// byte, so that an index on a ULID field is in creation order, and that
// MongoDB's tools show as a UUID. It returns the BSON type 0x05 and the
// value's 21 bytes: the length 16 (int32, little-endian), the subtype and the
// ULID. The error is always nil.
//
// MarshalBSONValue and [ULID.UnmarshalBSONValue] implement the ValueMarshaler
// and ValueUnmarshaler interfaces of go.mongodb.org/mongo-driver/v2/bson,
// whose methods use plain bytes, so this package needs no import of the
// driver. (Version 1 of the driver, whose interfaces name a type of its own,
// does not call them.)
func (id ULID) MarshalBSONValue() (typ byte, data []byte, err error) {
	data = make([]byte, bsonBinaryHeader+BinarySize)
	binary.LittleEndian.PutUint32(data, BinarySize)
	data[4] = bsonUUID
	copy(data[bsonBinaryHeader:], id[:])
	return bsonBinary, data, nil
}

// UnmarshalBSONValue reads a ULID from a BSON value of type typ whose bytes,
// as BSON writes them, are data: binary of subtype 4 (UUID) or 0 (generic)
// holding exactly 16 bytes, or a string holding ULID text or UUID text, read
// as [ULID.Scan] reads them. It copies from data and keeps no reference to
// it.
//
// Anything else is an error and leaves id unchanged: a binary value of
// another length (a 12-byte ObjectId's bytes, say) wraps [ErrInvalidLength]
// in a [*ParseError], never a ULID with stale bytes, and so does a string of
// a length no ID has; bad text is the error of [Parse] or [ParseUUID]; BSON
// null is an error wrapping [ErrNull], as SQL NULL is for Scan (a
// *ulid.ULID field reads null as nil without calling this method); other
// types and binary subtypes wrap [ErrUnsupportedType].
func (id *ULID) UnmarshalBSONValue(typ byte, data []byte) error {
	switch typ {
	case bsonNull:
		return errBSONNull
	case bsonBinary:
		if len(data) < bsonBinaryHeader || int(binary.LittleEndian.Uint32(data)) != len(data)-bsonBinaryHeader {
			return wrapError(ErrUnsupportedType, "malformed BSON binary value of "+strconv.Itoa(len(data))+" bytes")
		}
		if sub := data[4]; sub != bsonUUID && sub != bsonGeneric {
			return wrapError(ErrUnsupportedType, "BSON binary subtype "+hexByte(sub)+", want 4 (UUID) or 0 (generic)")
		}
		if n := len(data) - bsonBinaryHeader; n != BinarySize {
			return &ParseError{Err: ErrInvalidLength, Form: formBSON, Length: n, Offset: -1, Want: wantBinary}
		}
		*id = ULID(data[bsonBinaryHeader:])
		return nil
	case bsonString:
		text, ok := bsonStringText(data)
		if !ok {
			return wrapError(ErrUnsupportedType, "malformed BSON string value of "+strconv.Itoa(len(data))+" bytes")
		}
		parsed, err := scanText(text, formBSONString, wantBSONString)
		if err != nil {
			return err
		}
		*id = parsed
		return nil
	}
	return wrapError(ErrUnsupportedType, "BSON type "+hexByte(typ)+", want binary (0x05) or string (0x02)")
}

// bsonStringText returns the text of data, a BSON string value as BSON
// writes it (int32 length with the NUL, the bytes, NUL), and whether data is
// one.
func bsonStringText(data []byte) ([]byte, bool) {
	if len(data) < 5 || int(binary.LittleEndian.Uint32(data)) != len(data)-4 || data[len(data)-1] != 0 {
		return nil, false
	}
	return data[4 : len(data)-1], true
}

// errBSONNull is UnmarshalBSONValue's error for BSON null: ErrNull, in words
// for a MongoDB document rather than a SQL row.
var errBSONNull error = &sentinelError{
	msg: "ulid: cannot decode BSON null into a ulid.ULID; use a *ulid.ULID field for an optional ID",
	err: ErrNull,
}

// MarshalBSONValue stores t in MongoDB as [ULID.MarshalBSONValue] stores its
// ULID: BSON binary of subtype 4 (UUID) holding the 16 bytes, so a field of a
// Typed and a field of a ULID hold the same value, indexed in creation
// order; the prefix lives in the Go type, as in SQL. The error, for a prefix
// of P that breaks the TypeID rule, wraps [ErrInvalidPrefix], as
// [Typed.Value]'s does, so that no ID of a misnamed type is stored.
//
// Without this method the driver would see a struct with no exported field
// and store an empty document, which reads back as the zero ID.
func (t Typed[P]) MarshalBSONValue() (typ byte, data []byte, err error) {
	p := t.Prefix()
	if i := badPrefixByte(p); i >= 0 {
		return 0, nil, prefixError(p, i, formTypeIDPrefix)
	}
	return t.id.MarshalBSONValue()
}

// UnmarshalBSONValue reads t from a BSON value as [ULID.UnmarshalBSONValue]
// reads a ULID (binary of subtype 4 or 0 holding 16 bytes, or a string of
// ULID text or UUID text), and also a string of TypeID text of P's prefix,
// as [Typed.Scan] does. TypeID text of another prefix is an error wrapping
// [ErrWrongPrefix]; BSON null wraps [ErrNull] (a *Typed field reads null as
// nil). On error t is unchanged.
func (t *Typed[P]) UnmarshalBSONValue(typ byte, data []byte) error {
	if text, ok := bsonStringText(data); typ == bsonString && ok && hasSeparator(text) {
		high, low, err := parseTyped[P](text)
		if err != nil {
			return err
		}
		t.id.set(high, low)
		return nil
	}
	return t.id.UnmarshalBSONValue(typ, data)
}
