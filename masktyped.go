package ulid

import (
	"crypto/hkdf"
	"crypto/sha256"
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
