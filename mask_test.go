package ulid

import (
	"bytes"
	crand "crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
)

// publicIDFile is testdata/publicid.json: keys, public IDs of known ULIDs,
// and text each key must refuse, shared with the SQL kit's and the page's
// tests.
type publicIDFile struct {
	Keys []struct {
		Name, Hex, Mark string
	}
	Vectors []struct {
		Key, ULID, Block string
		PublicID         string `json:"public_id"`
	}
	Refused []struct {
		Key, Text, Error string
		Offset           int
	}
	TypedKeys []struct {
		Key, Prefix, Info, Mark string
		TypeKey                 string `json:"type_key"`
		PrefixCheck             byte   `json:"prefix_check"`
	} `json:"typed_keys"`
	TypedVectors []struct {
		Key, Prefix, ULID, Block string
		PublicID                 string `json:"public_id"`
	} `json:"typed_vectors"`
	TypedRefused []struct {
		Key, Prefix, Text, Error string
		Offset                   int
	} `json:"typed_refused"`
	TypedSameMark struct {
		Keys         []string
		Prefix, Mark string
	} `json:"typed_same_mark"`
}

//go:embed testdata/publicid.json
var publicIDJSON []byte

// readPublicIDVectors decodes publicIDJSON and makes a one-key Masker for each
// key, by name.
func readPublicIDVectors(t testing.TB) (publicIDFile, map[string]*Masker, map[string][]byte) {
	t.Helper()
	var file publicIDFile
	if err := json.Unmarshal(publicIDJSON, &file); err != nil || len(file.Vectors) == 0 || len(file.Refused) == 0 {
		t.Fatalf("testdata/publicid.json: %v", err)
	}
	maskers, keys := map[string]*Masker{}, map[string][]byte{}
	for _, k := range file.Keys {
		key, err := hex.DecodeString(k.Hex)
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMasker(key)
		if err != nil {
			t.Fatalf("key %s: %v", k.Name, err)
		}
		if got := m.keys[0].text; string(got[:]) != k.Mark {
			t.Errorf("key %s: mark %s, want %s", k.Name, got[:], k.Mark)
		}
		maskers[k.Name], keys[k.Name] = m, key
	}
	return file, maskers, keys
}

func TestMaskVectors(t *testing.T) {
	file, maskers, _ := readPublicIDVectors(t)
	for _, v := range file.Vectors {
		m := maskers[v.Key]
		id := MustParse(v.ULID)
		if got := m.Mask(id); got != v.PublicID {
			t.Errorf("%s: Mask(%s) = %s, want %s", v.Key, v.ULID, got, v.PublicID)
		}
		if got := string(m.AppendMask([]byte("/orders/"), id)); got != "/orders/"+v.PublicID {
			t.Errorf("%s: AppendMask(%s) = %s", v.Key, v.ULID, got)
		}
		for _, text := range []string{v.PublicID, strings.ToLower(v.PublicID)} {
			got, err := m.Unmask(text)
			if err != nil || got != id {
				t.Errorf("%s: Unmask(%s) = %s, %v; want %s", v.Key, text, got, err, v.ULID)
			}
		}
		// The block between mark and check is the AES encryption of the ULID.
		block := MustParse(v.PublicID[2:28])
		if hex.EncodeToString(block[:]) != v.Block {
			t.Errorf("%s: block of %s is %x, want %s", v.Key, v.PublicID, block, v.Block)
		}
		if c := slowCheck(v.PublicID[:28]); c != v.PublicID[28] {
			t.Errorf("%s: check character of %s is %c, want %c", v.Key, v.PublicID, v.PublicID[28], c)
		}
	}
}

// TestMaskOpenSSL checks every vector's block against openssl's AES in ECB
// mode without padding: an implementation of AES that is not Go's.
func TestMaskOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl on PATH")
	}
	file, _, keys := readPublicIDVectors(t)
	for _, v := range file.Vectors {
		key := keys[v.Key]
		id := MustParse(v.ULID)
		cipherName := fmt.Sprintf("-aes-%d-ecb", len(key)*8)
		cmd := exec.Command(openssl, "enc", cipherName, "-nopad", "-K", hex.EncodeToString(key))
		cmd.Stdin = bytes.NewReader(id[:])
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("openssl %s: %v", cipherName, err)
		}
		if got := hex.EncodeToString(out); got != v.Block {
			t.Errorf("%s: openssl encrypts %s to %s, the vector says %s", v.Key, v.ULID, got, v.Block)
		}
		mark := exec.Command(openssl, "enc", cipherName, "-nopad", "-K", hex.EncodeToString(key))
		mark.Stdin = strings.NewReader("ulid-public-id-1")
		out, err = mark.Output()
		if err != nil {
			t.Fatal(err)
		}
		if m := uint16(out[0])<<2 | uint16(out[1])>>6; v.PublicID[:2] != string([]byte{alphabet[m>>5], alphabet[m&31]}) {
			t.Errorf("%s: openssl gives the mark %d, the public ID starts %s", v.Key, m, v.PublicID[:2])
		}
	}
}

func TestUnmaskRefusedVectors(t *testing.T) {
	file, maskers, _ := readPublicIDVectors(t)
	sentinels := map[string]error{
		"length": ErrInvalidLength, "character": ErrInvalidCharacter, "check": ErrCheckCharacter,
		"overflow": ErrOverflow, "unknown key": ErrUnknownMaskingKey,
	}
	for _, r := range file.Refused {
		id, err := maskers[r.Key].Unmask(r.Text)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, sentinels[r.Error]) || pe.Offset != r.Offset || pe.Form != "public ID" {
			t.Errorf("Unmask(%q) = %s, %v (%+v); want a public ID %s error at offset %d", r.Text, id, err, pe, r.Error, r.Offset)
		}
		if id != (ULID{}) {
			t.Errorf("Unmask(%q) returned %s with its error", r.Text, id)
		}
	}
}

// TestUnmaskErrorMessages pins the message of each kind of refusal.
func TestUnmaskErrorMessages(t *testing.T) {
	_, maskers, _ := readPublicIDVectors(t)
	m := maskers["k128"]
	p := m.Mask(MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")) // 3X36YT6DZA8AW0NT3GCJJ9764WCVS
	tests := []struct{ in, want string }{
		{"01ARYZ6S41TSV4RRFFQ69G5FAV", "ulid: invalid public ID length 26 bytes, want 29"},
		{p[:7] + "u" + p[8:], "ulid: invalid public ID: character 'u' at offset 7"},
		{p[:13] + "O" + p[14:], "ulid: invalid public ID: character 'O' at offset 13 (Crockford alias of '0': a public ID has only the 32 characters of the alphabet)"},
		{p[:10] + "0" + p[11:], "ulid: public ID check character 'S' at offset 28 does not match: a character is mistyped, or two are swapped"},
		{maskers["k256"].Mask(Make()), "ulid: public ID made with another key: its key mark names none of the keys given (a wrong or retired key)"},
	}
	for _, tt := range tests {
		if _, err := m.Unmask(tt.in); err == nil || err.Error() != tt.want {
			t.Errorf("Unmask(%q): %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// TestUnmaskTypos changes every character of public IDs to every other
// character of the alphabet, and swaps every pair of adjacent characters that
// differ: each result must be refused, never opened to another ULID.
func TestUnmaskTypos(t *testing.T) {
	m := testMasker(t)
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var id ULID
		for i := range id {
			id[i] = byte(r.Uint32())
		}
		p := []byte(m.Mask(id))
		for i := range p {
			orig := p[i]
			for _, c := range []byte(alphabet + strings.ToLower(alphabet) + "ILOUilou-_ ") {
				if decodeStrict[c] == decodeStrict[orig] {
					continue // the same character, or its other case
				}
				p[i] = c
				if got, err := m.Unmask(string(p)); err == nil {
					t.Fatalf("%s with %q at %d opens to %s", m.Mask(id), c, i, got)
				}
			}
			p[i] = orig
		}
		for i := range len(p) - 1 {
			if p[i] == p[i+1] {
				continue
			}
			p[i], p[i+1] = p[i+1], p[i]
			if got, err := m.Unmask(string(p)); err == nil {
				t.Fatalf("%s with %d and %d swapped opens to %s", m.Mask(id), i, i+1, got)
			}
			p[i], p[i+1] = p[i+1], p[i]
		}
	}
}

// TestUnmaskRefusalRates measures what share of made-up public IDs and of
// public IDs from another key a one-key Masker refuses. The documented rates
// are 131071 in 131072 and 1023 in 1024; the bounds below hold unless
// something is badly wrong (each check is false with odds far below 1e-9).
func TestUnmaskRefusalRates(t *testing.T) {
	m := testMasker(t)
	r := rand.New(rand.NewPCG(3, 4))
	const n = 1 << 20
	accepted := 0
	buf := make([]byte, PublicIDSize)
	for range n {
		for i := range buf {
			buf[i] = alphabet[r.IntN(32)]
		}
		if _, err := unmask(m, buf); err == nil {
			accepted++
		}
	}
	// Expected 8 of 2^20; more than 40 would be p < 1e-12.
	if accepted > 40 {
		t.Errorf("made-up strings: %d of %d accepted, want about %d", accepted, n, n/131072)
	}
	t.Logf("made-up strings: %d of %d accepted (expected %d)", accepted, n, n/131072)

	accepted = 0
	const keys = 20000
	var key [16]byte
	for range keys {
		crand.Read(key[:])
		other, err := NewMasker(key[:])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Unmask(other.Mask(Make())); err == nil {
			accepted++
		} else if !errors.Is(err, ErrUnknownMaskingKey) {
			t.Fatalf("another key's public ID: %v, want ErrUnknownMaskingKey", err)
		}
	}
	// Expected about 20 of 20000 (1 in 1024); more than 60 is p < 1e-9.
	if accepted > 60 {
		t.Errorf("other keys: %d of %d accepted, want about %d", accepted, keys, keys/1024)
	}
	t.Logf("public IDs of other keys: %d of %d accepted (expected %.1f)", accepted, keys, keys/1024.0)
}

// TestUnmaskForgeries measures what a one-key Masker opens of strings forged
// by someone who has seen one of its public IDs, and so knows its key's mark.
// Of strings that keep the mark and keep character 2 in range (0 to 7), with
// the other 26 characters drawn at random, the check character matches for 1
// in 32, which open; the others are refused with ErrCheckCharacter. The check
// character needs no key (docs/public-ids.md gives its computation), so
// every forgery that computes it opens. Neither way chooses the ULID: each
// change of one character of a real public ID, its check character
// recomputed, opens to another ULID, and each of the 128 bits of those
// ULIDs differs from the real one's in about half of them. Each bound below
// is crossed by chance with odds below 1e-10.
func TestUnmaskForgeries(t *testing.T) {
	m := testMasker(t)
	r := rand.New(rand.NewPCG(5, 6))
	id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	seen := m.Mask(id) // the public ID the forger has seen

	const n = 1 << 20
	opened := 0
	buf := []byte(seen)
	for range n {
		buf[2] = alphabet[r.IntN(8)]
		for i := 3; i < PublicIDSize; i++ {
			buf[i] = alphabet[r.IntN(32)]
		}
		if _, err := unmask(m, buf); err == nil {
			opened++
		} else if !errors.Is(err, ErrCheckCharacter) {
			t.Fatalf("%s: %v, want ErrCheckCharacter", buf, err)
		}
	}
	// Expected 32,768 (1 in 32); outside 31,568 to 33,968 with odds below
	// 2e-11.
	if opened < 31568 || opened > 33968 {
		t.Errorf("the key's mark, character 2 in range: %d of %d opened, want about %d", opened, n, n/32)
	}
	t.Logf("the key's mark, character 2 in range: %d of %d opened (expected %d)", opened, n, n/32)

	// Every change of one character of the real public ID, in 2 to 27 (7
	// for character 2, 31 for each other), with the check character
	// computed as the guide says: all open, none to id.
	var ones [128]int // per bit of the ULID, how often it differs from id's
	edits := 0
	for i := 2; i < PublicIDSize-1; i++ {
		values := alphabet
		if i == 2 {
			values = alphabet[:8]
		}
		for _, c := range []byte(values) {
			if c == seen[i] {
				continue
			}
			copy(buf, seen)
			buf[i] = c
			buf[28] = slowCheck(string(buf))
			got, err := unmask(m, buf)
			if err != nil || got == id {
				t.Fatalf("%s, with its check character computed: %s, %v; want another ULID", buf, got, err)
			}
			for b := range 128 {
				ones[b] += int((got[b/8]^id[b/8])>>(7-b%8)) & 1
			}
			edits++
		}
	}
	if edits != 7+25*31 {
		t.Fatalf("%d changes of one character, want %d", edits, 7+25*31)
	}
	// Each count is expected to be 391 (one half of 782); outside 281 to 501
	// with odds below 2e-15, below 3e-13 for the 128 of them.
	t.Logf("%d changes of one character, check character recomputed: all opened; each bit of the ULID differs from the real one's in %d to %d of them (expected %d)",
		edits, slices.Min(ones[:]), slices.Max(ones[:]), edits/2)
	for b, c := range ones {
		if c < 281 || c > 501 {
			t.Errorf("bit %d of the ULID differs from the real one's in %d of %d forgeries, want about %d", b, c, edits, edits/2)
		}
	}
}

// TestMaskRotation adds a new key in front of an old one: the new key masks,
// the old public IDs still open, and after the old key is retired they are
// refused as made with an unknown key.
func TestMaskRotation(t *testing.T) {
	oldKey, newKey := mustHex(t, "000102030405060708090a0b0c0d0e0f"), mustHex(t, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
	before, err := NewMasker(oldKey)
	if err != nil {
		t.Fatal(err)
	}
	ids := []ULID{Make(), Make(), MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")}
	var published []string
	for _, id := range ids {
		published = append(published, before.Mask(id))
	}

	during, err := ParseMasker("# rotated\n" + hex.EncodeToString(newKey) + "\n" + hex.EncodeToString(oldKey) + " # retiring\n")
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		if got, err := during.Unmask(published[i]); err != nil || got != id {
			t.Errorf("old public ID %s after rotation: %s, %v", published[i], got, err)
		}
		p := during.Mask(id)
		if p == published[i] || p[:2] != "WC" {
			t.Errorf("Mask after rotation = %s, want the new key's (mark WC)", p)
		}
		if got, err := during.Unmask(p); err != nil || got != id {
			t.Errorf("new public ID %s: %s, %v", p, got, err)
		}
	}

	after, err := NewMasker(newKey)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range published {
		if _, err := after.Unmask(p); !errors.Is(err, ErrUnknownMaskingKey) {
			t.Errorf("public ID %s of a retired key: %v, want ErrUnknownMaskingKey", p, err)
		}
	}
}

func TestNewMaskerErrors(t *testing.T) {
	k128b := mustHex(t, "2b7e151628aed2a6abf7158809cf4f3c")
	k192 := mustHex(t, "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b") // the same mark, RB
	tests := []struct {
		name string
		keys [][]byte
		want string
	}{
		{"none", nil, "ulid: invalid masking key: no key"},
		{"short", [][]byte{make([]byte, 15)}, "ulid: invalid masking key: key 1 is 15 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)"},
		{"long", [][]byte{k128b, make([]byte, 33)}, "ulid: invalid masking key: key 2 is 33 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)"},
		{"twice", [][]byte{k128b, k128b}, `ulid: invalid masking key: keys 1 and 2 have the same key mark "RB" (the same key twice, or a 1-in-1024 chance: make another key)`},
		{"same mark", [][]byte{k128b, k192}, `ulid: invalid masking key: keys 1 and 2 have the same key mark "RB" (the same key twice, or a 1-in-1024 chance: make another key)`},
	}
	for _, tt := range tests {
		m, err := NewMasker(tt.keys...)
		if m != nil || !errors.Is(err, ErrInvalidMaskingKey) || err.Error() != tt.want {
			t.Errorf("%s: NewMasker = %v, %v\nwant %s", tt.name, m, err, tt.want)
		}
	}
}

func TestParseMasker(t *testing.T) {
	good := []string{
		"000102030405060708090a0b0c0d0e0f",
		"000102030405060708090A0B0C0D0E0F\n",
		"# key file\n\n  000102030405060708090a0b0c0d0e0f  # current\r\n",
		"\ufeff000102030405060708090a0b0c0d0e0f\n", // a byte order mark in front
		"000102030405060708090a0b0c0d0e0f 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
	}
	for _, text := range good {
		m, err := ParseMasker(text)
		if err != nil {
			t.Errorf("ParseMasker(%q): %v", text, err)
			continue
		}
		if got := m.Mask(MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")); got != "3X36YT6DZA8AW0NT3GCJJ9764WCVS" {
			t.Errorf("ParseMasker(%q).Mask = %s", text, got)
		}
	}
	secret := "000102030405060708090a0b0c0d0e0g"
	bad := map[string]string{
		"":                                     "ulid: invalid masking key: no key",
		"# only\n":                             "ulid: invalid masking key: no key",
		secret:                                 "ulid: invalid masking key: key 1 is not hex digits",
		"0001020304 #":                         "ulid: invalid masking key: key 1 is 5 bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)",
		"000102030405060708090a0b0c0d0e0":      "ulid: invalid masking key: key 1 is 31 hex digits, want 32, 48 or 64",
		"0x000102030405060708090a0b0c0d0e0f":   "ulid: invalid masking key: key 1 starts with 0x: write the hex digits alone",
		"000102030405060708090a0b0c0d0e0f 0X1": "ulid: invalid masking key: key 2 starts with 0x: write the hex digits alone",
		"000102030405060708090a0b0c0d0e0f\nzz0102030405060708090a0b0c0d0e": "ulid: invalid masking key: key 2 is not hex digits",
	}
	for text, want := range bad {
		m, err := ParseMasker(text)
		if m != nil || !errors.Is(err, ErrInvalidMaskingKey) || err.Error() != want {
			t.Errorf("ParseMasker(%q) = %v, %v\nwant %s", text, m, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "0102") {
			t.Errorf("ParseMasker(%q): the error shows the key: %v", text, err)
		}
	}
}

// TestParseMaskerHexDigits checks that ParseMasker reads every hex digit, in
// either case and at either place of a byte, as encoding/hex does, in every
// key of a key text, and that a byte just outside the digits' ranges is no
// digit.
func TestParseMaskerHexDigits(t *testing.T) {
	keys := []string{
		"0123456789abcdefABCDEF0123456789",                                 // a digit's value in the high half of a byte
		"f0123456789abcdefABCDEF012345678",                                 // and in the low half
		"a0b1c2d3e4f5A6B7C8D9EFfedcbaFEDCBA9876543210abcd",                 // 48
		"ffeeddccbbaa99887766554433221100FFEEDDCCBBAA99887766554433221100", // 64
	}
	ids := []ULID{{}, MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"), MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")}
	for i := range keys {
		// Each key masks in turn, as the first of a text that holds them all.
		text := strings.Join(append(slices.Clone(keys[i:]), keys[:i]...), "\n")
		parsed, err := ParseMasker(text)
		if err != nil {
			t.Fatalf("ParseMasker(%q): %v", text, err)
		}
		want, err := NewMasker(mustHex(t, keys[i]))
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range ids {
			if got, want := parsed.Mask(id), want.Mask(id); got != want {
				t.Errorf("key %s: ParseMasker's Mask(%s) = %s, encoding/hex's key gives %s", keys[i], id, got, want)
			}
		}
	}
	for _, c := range []byte("/:@G`g\x00\x7f\x80\xff") {
		for _, at := range []int{0, 1, 30, 31} {
			field := []byte(keys[0])
			field[at] = c
			if _, err := ParseMasker(string(field)); err == nil || err.Error() != "ulid: invalid masking key: key 1 is not hex digits" {
				t.Errorf("a key with %q at %d: %v", c, at, err)
			}
		}
	}
}

// TestMaskerPrintsNoKey checks that printing a Masker in every usual way shows
// its marks and not its keys.
func TestMaskerPrintsNoKey(t *testing.T) {
	m, err := ParseMasker("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 000102030405060708090a0b0c0d0e0f")
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
		for _, v := range []any{m, *m} {
			if got := fmt.Sprintf(format, v); got != "ulid.Masker{masks with WC, unmasks WC 3X}" {
				t.Errorf("Sprintf(%q, %T) = %s", format, v, got)
			}
		}
	}
	// Inside another value, as a field, too.
	holder := struct{ Masker Masker }{*m}
	if got := fmt.Sprintf("%+v", holder); got != "{Masker:ulid.Masker{masks with WC, unmasks WC 3X}}" {
		t.Errorf("a Masker in a struct prints as %s", got)
	}
}

// TestPublicIDIsNoULID checks both directions: ULID and UUID text never
// unmask, and a public ID never parses as a ULID or a UUID.
func TestPublicIDIsNoULID(t *testing.T) {
	m := testMasker(t)
	for range 1000 {
		id := Make()
		p := m.Mask(id)
		if _, err := Parse(p); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("Parse(%s): %v", p, err)
		}
		if _, err := ParseUUID(p); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("ParseUUID(%s): %v", p, err)
		}
		var scanned ULID
		if err := scanned.Scan(p); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("Scan(%s): %v", p, err)
		}
		for _, text := range []string{id.String(), id.UUIDString(), strings.ReplaceAll(id.UUIDString(), "-", ""), "{" + id.UUIDString() + "}", "urn:uuid:" + id.UUIDString()} {
			if _, err := m.Unmask(text); !errors.Is(err, ErrInvalidLength) {
				t.Fatalf("Unmask(%s): %v", text, err)
			}
		}
	}
}

// TestMaskHidesOrder checks the property public IDs exist for: consecutive
// ULIDs of one millisecond, which differ in their last bit, give public IDs
// that share no more than chance would (about 1 in 32 characters each).
func TestMaskHidesOrder(t *testing.T) {
	m := testMasker(t)
	g := NewMonotonic(nil)
	prev, err := g.New(1782210600000)
	if err != nil {
		t.Fatal(err)
	}
	same, total := 0, 0
	for range 1000 {
		next, err := g.New(1782210600000)
		if err != nil {
			t.Fatal(err)
		}
		a, b := m.Mask(prev), m.Mask(next)
		for i := 2; i < 28; i++ { // the block's characters
			total++
			if a[i] == b[i] {
				same++
			}
		}
		prev = next
	}
	// Chance is 1 in 32 per character (the first block character: 1 in 8):
	// about 900 of 26000. Adjacency kept would show as thousands more.
	if same > 1200 {
		t.Errorf("consecutive ULIDs: %d of %d block characters equal, want about %d", same, total, total/32)
	}
}

func TestMaskConcurrent(t *testing.T) {
	m := testMasker(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				id := Make()
				got, err := m.Unmask(m.Mask(id))
				if err != nil || got != id {
					t.Errorf("round trip of %s: %s, %v", id, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestMaskAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	m := testMasker(t)
	id := Make()
	p := m.Mask(id)
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = m.AppendMask(buf[:0], id) }); n != 0 {
		t.Errorf("AppendMask: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = m.Unmask(p) }); n != 0 {
		t.Errorf("Unmask: %v allocations, want 0", n)
	}
}

// slowCheck is an independent reading of the check character's definition:
// the character c that makes the weighted sum of the 29 values zero in
// GF(32), found by trying all 32, with products computed as carry-less
// multiplications reduced modulo x^5 + x^2 + 1.
func slowCheck(s string) byte {
	for c := range uint(32) {
		var sum uint
		for i := range 28 {
			sum ^= slowMul(uint(strings.IndexByte(alphabet, s[i])), slowPow(28-i))
		}
		if sum^c == 0 {
			return alphabet[c]
		}
	}
	panic("no check character")
}

// slowMul multiplies a and b in GF(32), for the slow check characters: a
// carry-less multiplication, reduced modulo x^5 + x^2 + 1 by cancelling its
// highest term with the modulus until it has none above x^4.
func slowMul(a, b uint) uint {
	var p uint
	for i := range 5 {
		p ^= a << i * (b >> i & 1)
	}
	for p >= 32 {
		p ^= 0x25 << (bits.Len(p) - 6)
	}
	return p
}

// slowPow returns α^k in GF(32): x^k modulo x^5 + x^2 + 1, one shift and
// reduction at a time.
func slowPow(k int) uint {
	p := uint(1)
	for range k {
		if p <<= 1; p >= 32 {
			p ^= 0x25
		}
	}
	return p
}

func testMasker(t testing.TB) *Masker {
	t.Helper()
	m, err := NewMasker(mustHex(t, "000102030405060708090a0b0c0d0e0f"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzUnmask checks that Unmask never panics, that what it accepts is a
// public ID whose canonical form (upper case) Mask gives back, and that what
// it refuses it refuses with a ParseError.
func FuzzUnmask(f *testing.F) {
	m := testMasker(f)
	f.Add(m.Mask(MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")))
	f.Add("3x36yt6dza8aw0nt3gcjj9764wcvs")
	f.Add("01ARYZ6S41TSV4RRFFQ69G5FAV")
	f.Add("3X86YT6DZA8AW0NT3GCJJ9764WCVS")
	f.Fuzz(func(t *testing.T, s string) {
		id, err := m.Unmask(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Form != "public ID" || id != (ULID{}) {
				t.Fatalf("Unmask(%q) = %s, %v", s, id, err)
			}
			return
		}
		if got := m.Mask(id); got != strings.ToUpper(s) {
			t.Fatalf("Unmask(%q) = %s, whose public ID is %s", s, id, got)
		}
	})
}

// TestPublicIDGuideIsExample checks that every line of Go in
// docs/public-ids.md (without its indentation and trailing comment) is a
// line of the code that runs it, so that the guide shows code that runs: the
// first Go block is ExampleMasker, the second the recipe of reload_test.go,
// the third ExampleMasker_Typed.
// The program of "Binding the keys of a key file" (```go program) is built
// and run by TestPublicIDSQLProgram in integration/.
func TestPublicIDGuideIsExample(t *testing.T) {
	checkGuideCode(t, "docs/public-ids.md", []guideSource{
		{"example_test.go", "func ExampleMasker() {"},
		{"reload_test.go", ""},
		{"example_test.go", "func ExampleMasker_Typed() {"},
	})
}

// TestZeroMasker checks what the zero Masker does: Unmask checks the form and
// refuses every public ID as made with an unknown key; Mask panics.
func TestZeroMasker(t *testing.T) {
	var zero Masker
	file, _, _ := readPublicIDVectors(t)
	for _, v := range file.Vectors {
		if _, err := zero.Unmask(v.PublicID); !errors.Is(err, ErrUnknownMaskingKey) {
			t.Errorf("zero Masker: Unmask(%s): %v, want ErrUnknownMaskingKey", v.PublicID, err)
		}
	}
	if _, err := zero.Unmask("3X36YT6DZA8AW0NT3GCJJ9764WCVT"); !errors.Is(err, ErrCheckCharacter) {
		t.Errorf("zero Masker: a typo: %v, want ErrCheckCharacter", err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "zero Masker") {
			t.Errorf("zero Masker: Mask did not panic with a clear message: %v", r)
		}
	}()
	zero.Mask(ULID{})
}

// FuzzParseMasker checks that ParseMasker never panics, that every error
// wraps ErrInvalidMaskingKey and shows no hex of the text given, and that a Masker
// it returns masks and unmasks.
func FuzzParseMasker(f *testing.F) {
	f.Add("000102030405060708090a0b0c0d0e0f")
	f.Add("# keys\n603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 000102030405060708090a0b0c0d0e0f\r\n")
	f.Add("\ufeff0x000102030405060708090a0b0c0d0e0f")
	f.Add("2b7e151628aed2a6abf7158809cf4f3c 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMasker(text)
		if err != nil {
			if m != nil || !errors.Is(err, ErrInvalidMaskingKey) {
				t.Fatalf("ParseMasker(%q) = %v, %v", text, m, err)
			}
			for field := range strings.FieldsSeq(text) {
				if len(field) >= 8 && strings.Contains(err.Error(), field) {
					t.Fatalf("ParseMasker(%q): the error shows %q: %v", text, field, err)
				}
			}
			return
		}
		id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
		if got, err := m.Unmask(m.Mask(id)); err != nil || got != id {
			t.Fatalf("ParseMasker(%q): round trip gives %s, %v", text, got, err)
		}
	})
}
