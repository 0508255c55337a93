package ulid

import (
	"errors"
	"slices"
	"strconv"
)

// TypeID text, as the TypeID specification, version 0.3.0, defines it
// (github.com/jetify-com/typeid, spec/README.md): a prefix that names the
// type, '_', and the 128 bits as 26 characters of lower-case Crockford's
// Base32, which are a ULID's text in lower case.

var (
	// ErrInvalidPrefix means that a TypeID prefix breaks the rule of the
	// TypeID specification: at most 63 characters 'a' to 'z' and '_',
	// starting and ending with a letter.
	ErrInvalidPrefix = errors.New("ulid: invalid TypeID prefix")

	// ErrWrongPrefix means that text names another type than the one it is
	// read as: TypeID text of another prefix read into a [Typed], or a
	// typed public ID of another type.
	ErrWrongPrefix = errors.New("ulid: wrong TypeID prefix")
)

// MaxPrefixLength is the longest TypeID prefix, in bytes.
const MaxPrefixLength = 63

// formTypeID and formTypeIDPrefix are the ParseError forms of TypeID text and
// of a prefix given to AppendTypeID.
const (
	formTypeID       = "TypeID"
	formTypeIDPrefix = "TypeID prefix"
	wantPrefixByte   = "'a' to 'z', or '_' between letters"
	wantSuffixByte   = "a lower-case character of Crockford's Base32 (0-9, a-z but i, l, o, u)"
)

// badPrefixByte returns the offset of the first byte of prefix that breaks
// the TypeID prefix rule, MaxPrefixLength for a prefix that is too long, or
// -1 for a valid one, the empty prefix included.
func badPrefixByte[T string | []byte](prefix T) int {
	for i := range min(len(prefix), MaxPrefixLength) {
		c := prefix[i]
		if !('a' <= c && c <= 'z' || c == '_' && i > 0 && i < len(prefix)-1) {
			return i
		}
	}
	if len(prefix) > MaxPrefixLength {
		return MaxPrefixLength
	}
	return -1
}

// prefixError returns the error of a prefix whose byte at offset i breaks
// the rule (see badPrefixByte), in text s of form.
func prefixError[T string | []byte](s T, i int, form string) error {
	want := wantPrefixByte
	if i == MaxPrefixLength {
		want = "a prefix of at most 63 characters"
	}
	return &ParseError{Err: ErrInvalidPrefix, Form: form, Length: len(s), Offset: i, Byte: s[i], Want: want}
}

// decodeLower is decodeStrict without the upper-case letters: the suffix
// of TypeID text.
var decodeLower = func() (t [256]byte) {
	t = decodeStrict
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = invalid
	}
	return t
}()

// ParseTypeID reads s as TypeID text, as the TypeID specification, version
// 0.3.0, defines it, and returns its prefix, a substring of s, and its 128
// bits as a ULID: "user_01h455vb4pex5vsknk084sn02q" is the prefix "user"
// and the ULID 01H455VB4PEX5VSKNK084SN02Q. Text without '_' has the empty
// prefix. The bits may be any UUID's; [MakeV7] makes ones that are also
// valid UUIDv7s, as the specification prefers.
//
// Unlike [Parse], it takes only what the specification allows: the suffix
// in lower case and without Crockford's aliases (I, L, O) and the prefix as
// [AppendTypeID] describes it. The error is a [*ParseError] of Form
// "TypeID" wrapping [ErrInvalidPrefix], [ErrInvalidLength] (the suffix is
// not 26 characters), [ErrInvalidCharacter] or [ErrOverflow], with the
// offset of the offending byte in s. ParseTypeID does not allocate unless it
// returns an error.
func ParseTypeID(s string) (prefix string, id ULID, err error) {
	sep, high, low, err := parseTypeID(s)
	if err != nil {
		return "", ULID{}, err
	}
	id.set(high, low)
	return s[:max(sep, 0)], id, nil
}

// parseTypeID is ParseTypeID for a string or a []byte: it returns the
// offset of the '_' that ends the prefix, or -1 if there is none, and the
// ULID's two halves, as decode does, so that they come back in registers.
// With an error about the suffix it still returns that offset, which
// ParseTyped reads.
func parseTypeID[T string | []byte](s T) (sep int, high, low uint64, err error) {
	// The '_' is the last one, 27 bytes from the end in valid text.
	sep = len(s) - EncodedSize - 1
	if sep < 0 || s[sep] != '_' {
		for sep = len(s) - 1; sep >= 0 && s[sep] != '_'; sep-- {
		}
	}
	if sep == 0 {
		return 0, 0, 0, &ParseError{Err: ErrInvalidPrefix, Form: formTypeID, Length: len(s), Offset: 0, Byte: '_',
			Want: "no '_' before a suffix without a prefix"}
	}
	if sep > 0 {
		if i := badPrefixByte(s[:sep]); i >= 0 {
			return 0, 0, 0, prefixError(s, i, formTypeID)
		}
	}
	high, low, err = decode(s[sep+1:], &decodeLower)
	if err != nil {
		return sep, 0, 0, suffixError(err, len(s), sep)
	}
	return sep, high, low, nil
}

// suffixError rewords decode's error err about the suffix of TypeID text
// of length n whose prefix ends at sep as an error about the whole text.
func suffixError(err error, n, sep int) error {
	var pe *ParseError
	errors.As(err, &pe)
	pe.Form, pe.Length = formTypeID, n
	switch {
	case pe.Offset < 0:
		pe.Want = strconv.Itoa(sep + 1 + EncodedSize)
		if sep > 0 {
			pe.Want += ": the prefix, '_' and 26 characters"
		}
	case pe.Err == ErrInvalidCharacter:
		pe.Offset += sep + 1
		pe.Want = wantSuffixByte
	default:
		pe.Offset += sep + 1
	}
	return pe
}

// AppendTypeID appends the TypeID text of id with prefix to b and returns
// the extended buffer: prefix, '_' and id's 26 characters in lower case, or,
// for the empty prefix, the 26 characters alone (TypeID specification,
// version 0.3.0). It does not allocate if b has room for them.
//
// A prefix is at most 63 bytes 'a' to 'z' and '_', the first and the last
// a letter. For any other prefix, AppendTypeID returns b unchanged and a
// [*ParseError] of Form "TypeID prefix" wrapping [ErrInvalidPrefix], with
// the offset of the first byte that breaks the rule.
func AppendTypeID(b []byte, prefix string, id ULID) ([]byte, error) {
	if i := badPrefixByte(prefix); i >= 0 {
		return b, prefixError(prefix, i, formTypeIDPrefix)
	}
	n := len(b)
	if prefix != "" {
		n += len(prefix) + 1
	}
	b = slices.Grow(b, n-len(b)+EncodedSize)
	if prefix != "" {
		b = append(append(b, prefix...), '_')
	}
	b = b[:n+EncodedSize]
	id.encodeLower((*[EncodedSize]byte)(b[n:]))
	return b, nil
}
