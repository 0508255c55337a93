package ulid

import (
	"crypto/aes"
	"sync"
)

// gfPoly is x^5 + x^2 + 1, the modulus of the check character's arithmetic:
// GF(32) as polynomials over GF(2), in which its root α (the value 2) has
// order 31. The weights α^28 … α^1, one per character before the check, are
// all different, which is what makes every substitution and every swap of two
// different characters change the sum.
const gfPoly = 0x25

// gfMul multiplies a and b, 5-bit values, in GF(32).
func gfMul(a, b byte) byte {
	var p byte
	for range 5 {
		if b&1 != 0 {
			p ^= a
		}
		b >>= 1
		a <<= 1
		if a&0x20 != 0 {
			a ^= gfPoly
		}
	}
	return p
}

// checkValue returns v0·α^(n-1) + v1·α^(n-2) + … + v(n-1)·α^0 in GF(32) by
// Horner's rule: the check value of the characters before the check if
// values holds those 28 and a 0, and zero for a whole public ID whose check
// character is right. It is the definition that checkTables compute faster.
func checkValue(values []byte) byte {
	var sum byte
	for _, v := range values {
		sum = gfMul(sum, 2) ^ v
	}
	return sum
}

// checkTables hold the check value's parts: block[j][b] is the part that comes
// from byte j of the encrypted block having the value b, and mark[m] the part
// of the two characters of the key mark m. The check value is linear over GF(2)
// in the bits of the characters, and so in the bits of the block, whose bit k
// (from the right) is bit k%5 of character 27-k/5, weighted α^(1+k/5): the sum
// over the 16 bytes, and the mark's part, give the check value with 16 look-
// ups. Each entry is the XOR of the parts of its bits. The tables are made on
// first use, so that programs that never mask pay nothing for them.
type checkTables struct {
	block [aes.BlockSize][256]byte
	mark  [1024]byte
}

// checks returns the check tables, made on the first call.
var checks = sync.OnceValue(func() *checkTables {
	return &checkTables{block: blockChecks(), mark: markChecks()}
})

// blockChecks returns the tables of checkTables.block.
func blockChecks() (t [aes.BlockSize][256]byte) {
	for j := range aes.BlockSize {
		var bits [8]byte // the part of each bit of byte j
		for bit := range 8 {
			k := (15-j)*8 + bit
			bits[bit] = gfMul(gfPow(1+k/5), 1<<(k%5))
		}
		for b := 1; b < 256; b++ {
			low := b & -b // the lowest set bit of b
			t[j][b] = t[j][b^low] ^ bits[bitIndex(low)]
		}
	}
	return t
}

// bitIndex returns the position of the single set bit of b, below 256.
func bitIndex(b int) int {
	n := 0
	for b > 1 {
		b >>= 1
		n++
	}
	return n
}

// gfPow returns α^n in GF(32).
func gfPow(n int) byte {
	p := byte(1)
	for range n {
		p = gfMul(p, 2)
	}
	return p
}

// markChecks returns, at each mark, the part of the check value that comes
// from the two characters of a key mark, weighted α^28 and α^27.
func markChecks() (t [1024]byte) {
	high, low := gfPow(28), gfPow(27)
	for mark := range t {
		t[mark] = gfMul(high, byte(mark>>5)) ^ gfMul(low, byte(mark&31))
	}
	return t
}

// blockCheck returns the encrypted block's part of the check value, for the
// block whose big-endian halves are high and low, from the tables t.
func (c *checkTables) blockCheck(high, low uint64) byte {
	t := &c.block
	return t[0][byte(high>>56)] ^ t[1][byte(high>>48)] ^ t[2][byte(high>>40)] ^ t[3][byte(high>>32)] ^
		t[4][byte(high>>24)] ^ t[5][byte(high>>16)] ^ t[6][byte(high>>8)] ^ t[7][byte(high)] ^
		t[8][byte(low>>56)] ^ t[9][byte(low>>48)] ^ t[10][byte(low>>40)] ^ t[11][byte(low>>32)] ^
		t[12][byte(low>>24)] ^ t[13][byte(low>>16)] ^ t[14][byte(low>>8)] ^ t[15][byte(low)]
}
