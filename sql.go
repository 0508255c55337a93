package ulid

import (
	"database/sql/driver"
	"reflect"
)

// Value implements [database/sql/driver.Valuer]: a ULID is stored as its 16
// bytes, the form to use in PostgreSQL uuid, MySQL and MariaDB BINARY(16) and
// SQLite BLOB columns. Each call returns a new slice. The error is always nil.
func (id ULID) Value() (driver.Value, error) {
	return id[:], nil
}

// Scan implements [database/sql.Scanner]. It accepts the forms a database
// hands back for a ULID column: the 16 bytes as a []byte or a [16]byte, and
// the 26-character ULID text (as [Parse] reads it) or UUID text (as
// [ParseUUID] reads it) as a string or a []byte. A 16-byte string is text,
// not binary, and so an error. Scan copies from src and keeps no reference to
// it.
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
			parsed, err = scanText(v, formSQLBytes, wantSQLBytes)
		}
	case string:
		parsed, err = scanText(v, formSQLString, wantSQLString)
	default:
		// The type's name as %T prints it. The browser tool's module never
		// scans, so this brings it no reflect code.
		return wrapError(ErrUnsupportedType, "cannot scan "+reflect.TypeOf(src).String()+" into ulid.ULID")
	}
	if err != nil {
		return err
	}
	*id = parsed
	return nil
}

// scanText reads src as ULID text or UUID text, told apart by length, for
// Scan and UnmarshalBSONValue. Text of any other length is a length error
// naming form, what src was, and want, the lengths that fit.
func scanText[T string | []byte](src T, form, want string) (ULID, error) {
	switch len(src) {
	case EncodedSize:
		high, low, err := decode(src, &decodeLenient)
		var id ULID
		id.set(high, low)
		return id, err
	case 32, uuidSize, uuidSize + 2, uuidSize + len(urnPrefix):
		return decodeUUID(src)
	}
	return ULID{}, &ParseError{Err: ErrInvalidLength, Form: form, Length: len(src), Offset: -1, Want: want}
}
