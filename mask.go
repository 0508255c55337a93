package ulid

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// PublicIDSize is the length of a public ID, in bytes: 2 characters of key
// mark, the 26 characters of the masked block, and 1 check character. It
// differs from the length of ULID text (26) and of every UUID text form (32,
// 36, 38, 45), so that none of them is ever read as another.
const PublicIDSize = 29

// Errors of public IDs, beside [ErrInvalidLength], [ErrInvalidCharacter] and
// [ErrOverflow], which [Masker.Unmask] reports as [Parse] does.
var (
	// ErrCheckCharacter reports a public ID whose last character is not the
	// check character of the 28 before it: one of them was mistyped or two
	// were swapped, or the text was never a public ID.
	ErrCheckCharacter = errors.New("ulid: public ID check character does not match")

	// ErrUnknownMaskingKey reports a well-formed public ID whose key mark names none
	// of a [Masker]'s keys: it was made with another key, or with a key that
	// has been retired.
	ErrUnknownMaskingKey = errors.New("ulid: public ID made with a key this masker does not have")

	// ErrInvalidMaskingKey reports a key that [NewMasker] or [ParseMasker] cannot
	// use: a length other than 16, 24 or 32 bytes, text that is not hex, no
	// key at all, or two keys with the same key mark.
	ErrInvalidMaskingKey = errors.New("ulid: invalid masking key")
)

// markBlock is the block whose encryption under a key gives the key's mark:
// the 16 ASCII bytes "ulid-public-id-1".
var markBlock = [aes.BlockSize]byte([]byte("ulid-public-id-1"))

// A Masker turns ULIDs into public IDs and back, with secret keys: a keyed,
// reversible mapping that hides what a ULID reveals. A service keeps ULIDs as
// its keys and shows only public IDs, such as 3X36YT6DZA8AW0NT3GCJJ9764WCVS,
// which carry no readable time, keep no order, and look unrelated even for
// two ULIDs made one after the other in one millisecond. The public ID
// format, which docs/public-ids.md specifies to the bit, is 29 characters of
// Crockford's Base32:
//
//	characters  0-1   key mark: 10 bits that name the key (see below)
//	            2-27  the ULID encrypted as one AES block with that key,
//	                  written as ULID text (the first character '0' to '7')
//	            28    check character over the 28 before it
//
// A key's mark is the top 10 bits of the encryption, under that key, of the
// 16 ASCII bytes "ulid-public-id-1". The check character c makes
// v0·α^28 + v1·α^27 + … + v27·α^1 + c = 0 in GF(32), where vi is the value
// of character i and α a root of x^5 + x^2 + 1: it refuses every
// single-character substitution and every swap of two different characters.
//
// A Masker holds one or more keys. The first masks; all of them unmask, each
// chosen by the mark of the public ID, so that adding a new key in front
// rotates keys while the public IDs of older keys keep opening. A service of
// several instances adds the new key second everywhere before it moves it in
// front, so that no instance refuses the public IDs of another (see
// docs/public-ids.md, "Rotating keys"). Masking is deterministic: one ULID
// and key always give the same public ID, and a new key gives every ULID a
// new one.
//
// [Masker.Typed] returns a Masker of the same keys for one type of public
// IDs, such as user_yz4g5ym28fg1qptxha7hbqfjzf496, which refuses the public
// IDs of every other type.
//
// A Masker is not authorization: whoever holds a public ID can still present
// it. It is safe for concurrent use; make it once, at start, and share it.
//
// The zero Masker has no key. Its Unmask checks the form of a public ID and
// then refuses it with [ErrUnknownMaskingKey], which tells a public ID from other
// text without any key; its Mask and AppendMask panic.
type Masker struct {
	keys   []maskKey // keys[0] masks
	prefix string    // the type of a Masker that Typed made; "" for others
	check  byte      // prefixCheck(prefix) for a typed Masker; 0 for others
}

// maskKey is one key of a Masker, with what is derived from it once.
type maskKey struct {
	block  cipher.Block
	mark   uint16  // 10 bits
	text   [2]byte // mark as two characters of the alphabet, as public IDs show it
	master []byte  // the key itself, from which Typed derives type keys; nil in a typed Masker
}

// NewMasker returns a Masker with the given AES keys, each 16, 24 or 32
// bytes (AES-128, AES-192 or AES-256; make a key with crypto/rand.Read).
// The first key masks; every key unmasks. Keep retired keys after the new
// one for as long as their public IDs must keep opening.
//
// NewMasker returns an error wrapping [ErrInvalidMaskingKey] if there is no key, if
// a key has another length, or if two keys have the same 10-bit mark: the
// same key twice, or one pair of random keys in 1024 (make another key). It
// keeps no reference to keys.
func NewMasker(keys ...[]byte) (*Masker, error) {
	if len(keys) == 0 {
		return nil, wrapError(ErrInvalidMaskingKey, "no key")
	}
	m, err := newMasker(keys, "")
	if err != nil {
		return nil, err
	}
	for i, key := range keys {
		m.keys[i].master = slices.Clone(key)
	}
	return m, nil
}

// newMasker returns a Masker with keys, for the type prefix ("" for none):
// NewMasker's, or the type keys that Typed derives from them.
func newMasker(keys [][]byte, prefix string) (*Masker, error) {
	m := &Masker{keys: make([]maskKey, len(keys)), prefix: prefix}
	if prefix != "" {
		m.check = prefixCheck(prefix)
	}
	for i, key := range keys {
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, wrapError(ErrInvalidMaskingKey, "key "+strconv.Itoa(i+1)+" is "+strconv.Itoa(len(key))+
				" bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)")
		}
		var out [aes.BlockSize]byte
		block.Encrypt(out[:], markBlock[:])
		mark := binary.BigEndian.Uint16(out[:]) >> 6
		text := [2]byte{alphabet[mark>>5], alphabet[mark&31]}
		if prefix != "" {
			text[0], text[1] = text[0]|0x20, text[1]|0x20 // lower case, as typed public IDs are written
		}
		for j := range i {
			if m.keys[j].mark != mark {
				continue
			}
			same := " (the same key twice, or a 1-in-1024 chance: make another key)"
			if prefix != "" {
				same = " for the type " + strconv.Quote(prefix) + " (a 1-in-1024 chance for each type: make another key)"
			}
			return nil, wrapError(ErrInvalidMaskingKey, "keys "+strconv.Itoa(j+1)+" and "+strconv.Itoa(i+1)+
				" have the same key mark "+strconv.Quote(string(m.keys[j].text[:]))+same)
		}
		m.keys[i] = maskKey{block: block, mark: mark, text: text}
	}
	return m, nil
}

// ParseMasker returns a Masker with the keys written in text as hex digits
// (32, 48 or 64 each, either case), separated by white space; a '#' starts a
// comment that runs to the end of its line, and a byte order mark at the
// start is ignored. This is the form of a key file or of an environment
// variable:
//
//	# newest first: it masks; the others only unmask
//	9f2c4e0a7b1d36e85a0c4f2e1b7d9a63
//	4be1a07c52d9e3f8016b2c7d4e9a5f30
//
// ParseMasker returns an error wrapping [ErrInvalidMaskingKey], which names the
// key by its position but never shows it, for text that is not hex (an odd
// number of digits and a 0x prefix are named as such) and for every error of
// [NewMasker].
func ParseMasker(text string) (*Masker, error) {
	var keys [][]byte
	text = strings.TrimPrefix(text, "\ufeff") // the byte order mark some editors write
	for line := range strings.Lines(text) {
		line, _, _ = strings.Cut(line, "#")
		for field := range strings.FieldsSeq(line) {
			key, ok := decodeHex(field)
			if !ok {
				return nil, keyTextError(len(keys)+1, field)
			}
			keys = append(keys, key)
		}
	}
	return NewMasker(keys...)
}

// decodeHex returns the bytes that s, an even number of hex digits in either
// case, stands for, or false: hex.DecodeString without its error, whose
// message is made with fmt, which the browser tool's module does without.
func decodeHex(s string) ([]byte, bool) {
	if len(s)%2 != 0 {
		return nil, false
	}
	b := make([]byte, len(s)/2)
	var bad byte // the OR of every digit's value; above 15 if one was no digit
	for i := range b {
		hi, lo := hexValue[s[2*i]], hexValue[s[2*i+1]]
		bad |= hi | lo
		b[i] = hi<<4 | lo
	}
	return b, bad <= 15
}

// keyTextError describes why field, key n of a key text, is not a key in
// hex, without showing any of it.
func keyTextError(n int, field string) error {
	hexDigits := strings.Trim(field, "0123456789abcdefABCDEF") == ""
	switch {
	case hexDigits: // an odd number of them
		return wrapError(ErrInvalidMaskingKey, "key "+strconv.Itoa(n)+" is "+strconv.Itoa(len(field))+" hex digits, want 32, 48 or 64")
	case len(field) > 2 && (field[:2] == "0x" || field[:2] == "0X"):
		return wrapError(ErrInvalidMaskingKey, "key "+strconv.Itoa(n)+" starts with 0x: write the hex digits alone")
	}
	return wrapError(ErrInvalidMaskingKey, "key "+strconv.Itoa(n)+" is not hex digits")
}

// Mask returns the public ID of id: 29 upper-case characters of Crockford's
// Base32, made with the Masker's first key. The same id and key always give
// the same public ID. For a Masker that [Masker.Typed] returns, it is the
// typed public ID: the prefix, '_', and 29 lower-case characters. Mask
// allocates only the string it returns.
func (m *Masker) Mask(id ULID) string {
	b := m.AppendMask(make([]byte, 0, m.size()), id)
	return unsafe.String(&b[0], len(b)) // b is new and never written again
}

// AppendMask appends the public ID of id, the bytes that [Masker.Mask]
// returns, to b and returns the extended buffer: 29 bytes, or for a typed
// Masker len(m.Prefix()) + 30. It does not allocate if b has room for them.
func (m *Masker) AppendMask(b []byte, id ULID) []byte {
	n := len(b)
	b = slices.Grow(b, m.size())[:n+m.size()]
	if m.prefix != "" {
		n += copy(b[n:], m.prefix)
		b[n] = '_'
		n++
	}
	m.mask((*[PublicIDSize]byte)(b[n:]), id)
	return b
}

// size returns the length of m's public IDs: PublicIDSize, and for a typed
// Masker its prefix and '_' before that.
func (m *Masker) size() int {
	if m.prefix == "" {
		return PublicIDSize
	}
	return len(m.prefix) + 1 + PublicIDSize
}

// mask writes the public ID of id into dst. It encrypts in dst's last 16
// bytes, which the text then overwrites: the block cipher is an interface,
// through which any buffer on the stack would escape to the heap.
func (m *Masker) mask(dst *[PublicIDSize]byte, id ULID) {
	if len(m.keys) == 0 {
		panic("ulid: Mask with the zero Masker, which has no key: make a Masker with NewMasker or ParseMasker")
	}
	k := &m.keys[0]
	scratch := dst[PublicIDSize-aes.BlockSize:]
	copy(scratch, id[:])
	k.block.Encrypt(scratch, scratch)
	high, low := binary.BigEndian.Uint64(scratch), binary.BigEndian.Uint64(scratch[8:])
	dst[0], dst[1] = k.text[0], k.text[1]
	encodeHalves((*[EncodedSize]byte)(dst[2:]), high, low)
	c := checks()
	dst[28] = alphabet[c.mark[k.mark]^c.blockCheck(high, low)^m.check]
	if m.prefix != "" {
		for i := range dst {
			dst[i] |= 0x20 // lower case: letters gain the bit, digits have it
		}
	}
}

// blockPool holds the buffers that Unmask decrypts in: the block cipher is an
// interface, through which a buffer on the stack would escape to the heap.
var blockPool = sync.Pool{New: func() any { return new([aes.BlockSize]byte) }}

// Unmask returns the ULID whose public ID is s, read as [Masker.Mask] writes
// it; lower case is accepted too, Crockford's aliases (I, L, O) are not.
// Nothing is trimmed.
//
// The error is a [*ParseError] with Form "public ID", wrapping, in the order
// they are checked: [ErrInvalidLength] if s is not 29 bytes long (as for ULID
// text, 26, or UUID text), [ErrInvalidCharacter] for a byte outside the
// alphabet (with its offset), [ErrCheckCharacter] if the check character does
// not match (a typo), [ErrOverflow] if character 2 is above '7', or
// [ErrUnknownMaskingKey] if the key mark names none of m's keys (a wrong or retired
// key). None of them is "not found": a program should answer them as bad
// input before it looks anything up. Of strings made up at random from the
// alphabet, with one key, 131071 in 131072 are refused; of public IDs made
// with another key, 1023 in 1024.
//
// Unmask does not allocate unless it returns an error. It is safe for
// concurrent use.
//
// A Masker that [Masker.Typed] returns reads typed public IDs only, and
// refuses the others, untyped ones included, as described there.
func (m *Masker) Unmask(s string) (ULID, error) {
	return unmask(m, s)
}

// unmask is Unmask for text of either type.
func unmask[T string | []byte](m *Masker, s T) (ULID, error) {
	body := s
	if m.prefix != "" {
		// The prefix is all before the last '_', as in TypeID text.
		j := len(s) - 1
		for j >= 0 && s[j] != '_' {
			j--
		}
		if j != len(m.prefix) || string(s[:j]) != m.prefix {
			return ULID{}, prefixFault(m, s)
		}
		body = s[j+1:]
	}
	base := len(s) - len(body) // the offset of the body in s
	if len(body) != PublicIDSize {
		return ULID{}, &ParseError{Err: ErrInvalidLength, Form: m.form(), Length: len(s), Offset: -1, Want: m.want()}
	}
	t := &decodeStrict
	high, low, err := decode(body[2:28], t)
	m0, m1, c := t[body[0]], t[body[1]], t[body[28]]
	if err != nil || (m0|m1|c)&^31 != 0 {
		return ULID{}, bodyFault(m, s, base)
	}
	mark := uint16(m0)<<5 | uint16(m1)
	if ct := checks(); ct.mark[mark]^ct.blockCheck(high, low)^m.check != c {
		return ULID{}, &ParseError{Err: ErrCheckCharacter, Form: m.form(), Length: len(s), Offset: base + 28, Byte: body[28]}
	}
	for i := range m.keys {
		if k := &m.keys[i]; k.mark == mark {
			buf := blockPool.Get().(*[aes.BlockSize]byte)
			binary.BigEndian.PutUint64(buf[:], high)
			binary.BigEndian.PutUint64(buf[8:], low)
			k.block.Decrypt(buf[:], buf[:])
			id := ULID(*buf)
			blockPool.Put(buf)
			return id, nil
		}
	}
	return ULID{}, &ParseError{Err: ErrUnknownMaskingKey, Form: m.form(), Length: len(s), Offset: base, Byte: body[0]}
}

// bodyFault finds the first fault in the 29 bytes of s from base on, a
// public ID or the body of a typed one that has a byte outside the alphabet
// or overflows, and describes it.
func bodyFault[T string | []byte](m *Masker, s T, base int) error {
	body := s[base:]
	for i := range len(body) {
		if decodeStrict[body[i]] == invalid {
			return &ParseError{Err: ErrInvalidCharacter, Form: m.form(), Length: len(s), Offset: base + i, Byte: body[i]}
		}
	}
	// Every byte is in the alphabet: the block's first character is above 7.
	// The check comes first, as in unmask, so that a typo there reads as one.
	var values [PublicIDSize]byte
	for i := range len(body) {
		values[i] = decodeStrict[body[i]]
	}
	if checkValue(values[:]) != m.check {
		return &ParseError{Err: ErrCheckCharacter, Form: m.form(), Length: len(s), Offset: base + 28, Byte: body[28]}
	}
	return &ParseError{Err: ErrOverflow, Form: m.form(), Length: len(s), Offset: base + 2, Byte: body[2]}
}

// String returns a description of m that names its keys by their marks and
// never shows a key, so that logging a Masker leaks nothing:
// "ulid.Masker{masks with 3M, unmasks 3M 7Q}".
func (m Masker) String() string {
	var b strings.Builder
	b.WriteString("ulid.Masker{")
	if m.prefix != "" {
		b.WriteString("type " + m.prefix + ", ")
	}
	if len(m.keys) > 0 {
		b.WriteString("masks with " + string(m.keys[0].text[:]) + ", unmasks")
		for _, k := range m.keys {
			b.WriteString(" " + string(k.text[:]))
		}
	}
	b.WriteString("}")
	return b.String()
}

// GoString returns [Masker.String], so that %#v does not print keys either.
// Both have value receivers, so that a Masker inside another value prints
// the same way.
func (m Masker) GoString() string { return m.String() }

// formPublicID and wantPublicID are ParseError's Form and Want for public
// IDs, formTypedPublicID its Form for typed public IDs.
const (
	formPublicID      = "public ID"
	wantPublicID      = "29"
	formTypedPublicID = "typed public ID"
)

// form returns the Form of m's errors.
func (m *Masker) form() string {
	if m.prefix == "" {
		return formPublicID
	}
	return formTypedPublicID
}

// want returns the Want of m's length errors: the length of its public IDs.
func (m *Masker) want() string {
	if m.prefix == "" {
		return wantPublicID
	}
	return strconv.Itoa(m.size())
}

// publicIDError is [ParseError.Error] for e.Form "public ID" and "typed
// public ID".
func (e *ParseError) publicIDError() string {
	at := quoteByte(e.Byte) + " at offset " + strconv.Itoa(e.Offset)
	typed := e.Form == formTypedPublicID
	switch {
	case e.Err == ErrWrongPrefix:
		return "ulid: " + e.Form + " of another type" + e.want()
	case e.Err == ErrCheckCharacter && typed:
		return "ulid: " + e.Form + " check character " + at + " does not match: a character is mistyped, two are swapped, or the prefix was changed"
	case e.Err == ErrCheckCharacter:
		return "ulid: " + e.Form + " check character " + at + " does not match: a character is mistyped, or two are swapped"
	case e.Err == ErrUnknownMaskingKey && typed:
		return "ulid: " + e.Form + " made with another key or for another type: its key mark names none of the keys given (a wrong or retired key, or a changed prefix)"
	case e.Err == ErrUnknownMaskingKey:
		return "ulid: " + e.Form + " made with another key: its key mark names none of the keys given (a wrong or retired key)"
	case e.Err == ErrOverflow:
		return "ulid: invalid " + e.Form + ": character " + at + " is above '7'"
	case e.Offset < 0:
		return "ulid: invalid " + e.Form + " length " + strconv.Itoa(e.Length) + " bytes" + e.want()
	}
	return "ulid: invalid " + e.Form + ": character " + at + aliasNote(e.Byte, ": a public ID has only the 32 characters of the alphabet") + e.want()
}
