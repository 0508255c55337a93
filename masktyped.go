package ulid

import (
	"crypto/hkdf"
	"crypto/sha256"
	"strconv"
)

// typedKeyLabel is the start of the HKDF info from which a type's key is
// derived: the info is this label followed by the type's prefix, such as
// "ulid typed public ID 1:order".
const typedKeyLabel = "ulid typed public ID 1:"

// typedKey returns the key of the type prefix under the master key: HKDF-
// Expand of RFC 5869 with HMAC-SHA-256, the master key as the pseudorandom
// key (it is already uniformly random, so HKDF-Extract is skipped, as RFC
// 5869 section 3.3 allows), typedKeyLabel and prefix as the info, and the
// master key's length as the output length. For the 16, 24 and 32 bytes of
// an AES key that is the first 16, 24 or 32 bytes of
// HMAC-SHA-256(master, info || 0x01).
func typedKey(master []byte, prefix string) []byte {
	k, err := hkdf.Expand(sha256.New, master, typedKeyLabel+prefix, len(master))
	if err != nil {
		panic("ulid: HKDF-Expand of a masking key: " + err.Error()) // not reached: at most 32 bytes are asked for
	}
	return k
}

// prefixValue returns the value in the check character's sum of b, a byte
// of a type prefix or the '_' after it: its ASCII code modulo 32, so 'a' to
// 'z' are 1 to 26 and '_' is 31, all different and none zero.
func prefixValue(b byte) byte { return b & 31 }

// prefixCheck returns the part of a typed public ID's check value that comes
// from its prefix and the '_' after it: the values of those len(prefix)+1
// characters, summed as the check sums the characters of the body, each
// weighted by α to the power of its distance from the end of the text. The
// body's 29 characters follow them, so the '_' is weighted α^29.
func prefixCheck(prefix string) byte {
	var s byte
	for i := range len(prefix) {
		s = gfMul(s, 2) ^ prefixValue(prefix[i])
	}
	s = gfMul(s, 2) ^ prefixValue('_')
	return gfMul(s, gfPow(PublicIDSize))
}

// Typed returns a Masker for the public IDs of one type, named by prefix,
// such as "user" or "order": a typed public ID is the prefix, '_', and 29
// characters laid out as a public ID's, as in
// user_yz4g5ym28fg1qptxha7hbqfjzf496. Under each of m's keys it masks and
// unmasks with a key of its own, derived from that key and the prefix, so
// that the public ID of an order never opens as a user's: the same ULID has
// unrelated public IDs in two types. The prefix follows TypeID's rule: 1 to
// 63 characters 'a' to 'z' and '_', starting and ending with a letter.
// docs/public-ids.md specifies the format to the bit.
//
// The Masker returned masks with the type key of m's first key and unmasks
// with the type keys of all of them, so keys rotate for every type at once,
// as for m. Its Mask writes the whole text in lower case; its Unmask reads
// the body in either case but the prefix only as written, and refuses, with
// a [*ParseError] of Form "typed public ID", text of any other prefix or
// none ([ErrWrongPrefix]: public IDs of another type, untyped public IDs,
// ULID, UUID and TypeID text of another prefix), and then what
// [Masker.Unmask] refuses, at offsets in the whole text: TypeID text of its
// own prefix, for one, is [ErrInvalidLength]. The check character covers the prefix, and the
// key mark is the type key's, so a public ID of another type whose prefix was
// changed to m's is refused too: always if the check values of the two
// prefixes differ, else 1023 times in 1024 for each key.
//
// Typed returns an error wrapping [ErrInvalidPrefix] for a prefix that
// breaks the rule, and one wrapping [ErrInvalidMaskingKey] if m has no key,
// if m is itself typed, or if two of m's keys give type keys with the same
// mark: a chance of 1 in 1024 for each type and pair of keys (make another
// key). Make the typed Maskers once, at start, beside m.
func (m *Masker) Typed(prefix string) (*Masker, error) {
	if prefix == "" {
		return nil, wrapError(ErrInvalidPrefix, "a typed public ID needs a prefix")
	}
	if i := badPrefixByte(prefix); i >= 0 {
		return nil, prefixError(prefix, i, formTypeIDPrefix)
	}
	switch {
	case m.prefix != "":
		return nil, wrapError(ErrInvalidMaskingKey, "Typed of the typed Masker of "+strconv.Quote(m.prefix)+
			": call Typed on a Masker of the keys themselves")
	case len(m.keys) == 0:
		return nil, wrapError(ErrInvalidMaskingKey, "no key")
	}
	keys := make([][]byte, len(m.keys))
	for i, k := range m.keys {
		keys[i] = typedKey(k.master, prefix)
	}
	t, err := newMasker(keys, prefix)
	for _, k := range keys {
		clear(k) // the cipher.Blocks hold what they need
	}
	return t, err
}

// Prefix returns the type prefix of a Masker that [Masker.Typed] returned,
// and "" for any other.
func (m *Masker) Prefix() string { return m.prefix }

// prefixFault describes the fault of s, which a typed Masker m refuses for
// its prefix: ErrWrongPrefix at offset 0, or ErrInvalidLength for s empty.
func prefixFault[T string | []byte](m *Masker, s T) error {
	if len(s) == 0 {
		return &ParseError{Err: ErrInvalidLength, Form: formTypedPublicID, Offset: -1, Want: m.want()}
	}
	return &ParseError{Err: ErrWrongPrefix, Form: formTypedPublicID, Length: len(s), Offset: 0, Byte: s[0],
		Want: "the prefix " + strconv.Quote(m.prefix+"_")}
}
