package ulid

import (
	"database/sql/driver"
	"errors"
	"reflect"
	"strconv"
	"time"
)

// A Prefix names the type of a [Typed] ID by its TypeID prefix. Implement
// it with an empty struct per type:
//
//	type user struct{}
//
//	func (user) Prefix() string { return "user" }
//
//	type UserID = ulid.Typed[user]
//
// Prefix must return the same valid TypeID prefix (see [AppendTypeID]) at
// every call, and is called on the zero value of the type.
type Prefix interface {
	Prefix() string
}

// A Typed is a ULID whose type is named by P: Typed[user] and Typed[order]
// are different Go types, so one cannot be passed, assigned or decoded where
// the other belongs. Its text is TypeID text with P's prefix
// ("user_01h455vb4pex5vsknk084sn02q", TypeID specification, version 0.3.0);
// in a database it is the 16 bytes of the ULID, as [ULID.Value] stores them,
// so the prefix lives in the Go type and not in the column.
//
// Like ULID it is a comparable 16-byte value, usable as a map key, and its
// zero value is the zero ULID. Its methods do not allocate where ULID's do
// not, and are safe for concurrent use.
type Typed[P Prefix] struct {
	id ULID
}

// MakeTyped returns a new Typed of [MakeV7]: a ULID that is also a valid
// UUIDv7, as the TypeID specification prefers, and greater than every other
// MakeV7 has returned in this process. It is safe for concurrent use.
func MakeTyped[P Prefix]() Typed[P] {
	return Typed[P]{MakeV7()}
}

// TypedOf returns id as a Typed of P.
func TypedOf[P Prefix](id ULID) Typed[P] {
	return Typed[P]{id}
}

// ParseTyped reads s as TypeID text of P's prefix, as [ParseTypeID] does.
// Text of another prefix, or of none where P has one, is a [*ParseError] of
// Form "TypeID" wrapping [ErrWrongPrefix], at the offset of the first byte
// that differs; other errors are ParseTypeID's. The prefix is read before
// the suffix: a prefix that breaks TypeID's rule, then another prefix, then
// the suffix's length and characters, so that text of another type is never
// told a length that would not do for P either. It does not allocate unless
// it returns an error.
func ParseTyped[P Prefix](s string) (Typed[P], error) {
	high, low, err := parseTyped[P](s)
	var t Typed[P]
	t.id.set(high, low)
	return t, err
}

// MustParseTyped is like [ParseTyped] but panics if s is not TypeID text of
// P's prefix. It is intended for tests and initialisation with hard-coded
// strings.
func MustParseTyped[P Prefix](s string) Typed[P] {
	t, err := ParseTyped[P](s)
	if err != nil {
		panic(err)
	}
	return t
}

// parseTyped is ParseTyped for a string or a []byte. It returns the ULID's
// two halves, as decode does.
func parseTyped[P Prefix, T string | []byte](s T) (high, low uint64, err error) {
	sep, high, low, err := parseTypeID(s)
	var p P
	want := p.Prefix()
	if err != nil {
		// Another prefix is told before a fault of the suffix, but after
		// a prefix that breaks the rule.
		if len(s) > 0 && !errors.Is(err, ErrInvalidPrefix) && string(s[:max(sep, 0)]) != want {
			return 0, 0, wrongPrefixError(s, sep, want)
		}
		return 0, 0, err
	}
	if string(s[:max(sep, 0)]) != want {
		return 0, 0, wrongPrefixError(s, sep, want)
	}
	return high, low, nil
}

// wrongPrefixError returns the error of TypeID text s whose prefix, ending
// at sep (-1 for none), is not want: at the first byte that differs.
func wrongPrefixError[T string | []byte](s T, sep int, want string) error {
	got := s[:max(sep, 0)]
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	if i == len(got) {
		i = max(sep, 0) // s has no prefix, or a prefix of want
	}
	wanted := "no prefix"
	if want != "" {
		wanted = "the prefix " + strconv.Quote(want+"_")
	}
	return &ParseError{Err: ErrWrongPrefix, Form: formTypeID, Length: len(s), Offset: i, Byte: s[i], Want: wanted}
}

// ULID returns t as a plain ULID.
func (t Typed[P]) ULID() ULID { return t.id }

// Prefix returns the TypeID prefix of P.
func (Typed[P]) Prefix() string {
	var p P
	return p.Prefix()
}

// Timestamp returns the ULID's time in Unix milliseconds, as
// [ULID.Timestamp].
func (t Typed[P]) Timestamp() uint64 { return t.id.Timestamp() }

// Time returns the ULID's time in UTC, as [ULID.Time].
func (t Typed[P]) Time() time.Time { return t.id.Time() }

// IsZero reports whether t is the zero value.
func (t Typed[P]) IsZero() bool { return t.id.IsZero() }

// Compare returns -1, 0 or +1 as t sorts before, with or after u, as
// [ULID.Compare] does.
func (t Typed[P]) Compare(u Typed[P]) int { return t.id.Compare(u.id) }

// String returns t's TypeID text, such as "user_01h455vb4pex5vsknk084sn02q".
// If P's prefix breaks the TypeID rule, it returns text that names the
// fault and that no parser reads as an ID, such as
// `invalid TypeID prefix "User": 01h455vb4pex5vsknk084sn02q`.
func (t Typed[P]) String() string {
	b, err := t.AppendText(make([]byte, 0, MaxPrefixLength+1+EncodedSize))
	if err != nil {
		return "invalid TypeID prefix " + strconv.Quote(t.Prefix()) + ": " + t.id.StringLower()
	}
	return string(b)
}

// AppendText appends t's TypeID text to b, as [AppendTypeID] does, and
// returns the extended buffer; it implements [encoding.TextAppender]. The
// error, for a prefix of P that breaks the TypeID rule, wraps
// [ErrInvalidPrefix].
func (t Typed[P]) AppendText(b []byte) ([]byte, error) {
	return AppendTypeID(b, t.Prefix(), t.id)
}

// MarshalText implements [encoding.TextMarshaler]: it returns t's TypeID
// text, through which encoding/json writes t as a JSON string.
func (t Typed[P]) MarshalText() ([]byte, error) {
	return t.AppendText(nil)
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads text as
// [ParseTyped] does, TypeID text of P's prefix only, without allocating
// unless it returns an error. On error t is unchanged.
func (t *Typed[P]) UnmarshalText(text []byte) error {
	high, low, err := parseTyped[P](text)
	if err != nil {
		return err
	}
	t.id.set(high, low)
	return nil
}

// Value implements [database/sql/driver.Valuer]: t is stored as the 16
// bytes of its ULID, as [ULID.Value] stores it, in the same columns. The
// error, for a prefix of P that breaks the TypeID rule, wraps
// [ErrInvalidPrefix], so that no ID of a misnamed type is stored.
func (t Typed[P]) Value() (driver.Value, error) {
	p := t.Prefix()
	if i := badPrefixByte(p); i >= 0 {
		return nil, prefixError(p, i, formTypeIDPrefix)
	}
	return t.id.Value()
}

// Scan implements [database/sql.Scanner]. It accepts what [ULID.Scan]
// accepts (the 16 bytes, ULID text, UUID text; SQL NULL is an error
// wrapping [ErrNull]) and TypeID text of P's prefix, as a string or a
// []byte. TypeID text of another prefix is an error wrapping
// [ErrWrongPrefix]. A source of another Go type is an error wrapping
// [ErrUnsupportedType] that names the Typed type by its prefix. On error t is
// unchanged.
func (t *Typed[P]) Scan(src any) error {
	var (
		high, low uint64
		err       error
	)
	switch v := src.(type) {
	case string:
		if !hasSeparator(v) {
			return t.id.Scan(v)
		}
		high, low, err = parseTyped[P](v)
	case []byte:
		if len(v) == BinarySize || !hasSeparator(v) {
			return t.id.Scan(v)
		}
		high, low, err = parseTyped[P](v)
	case nil, [16]byte:
		return t.id.Scan(src)
	default:
		// ULID.Scan's message would name ulid.ULID; this one names the
		// Typed type by its prefix.
		return wrapError(ErrUnsupportedType, "cannot scan "+reflect.TypeOf(src).String()+
			" into ulid.Typed of prefix "+strconv.Quote(t.Prefix()))
	}
	if err != nil {
		return err
	}
	t.id.set(high, low)
	return nil
}

// hasSeparator reports whether s has a '_', which no ULID or UUID text has
// and TypeID text with a prefix does.
func hasSeparator[T string | []byte](s T) bool {
	for i := range len(s) {
		if s[i] == '_' {
			return true
		}
	}
	return false
}
