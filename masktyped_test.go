package ulid

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// typedKeyCases are the master keys and prefixes on which the derivation of
// type keys is checked against implementations that are not Go's: the keys
// of testdata/publicid.json (128, 192 and 256 bits) and prefixes of 1, 4, 5,
// 10 and 63 characters.
func typedKeyCases(t *testing.T) (keys [][]byte, prefixes []string) {
	t.Helper()
	_, _, byName := readPublicIDVectors(t)
	for _, name := range []string{"k128", "k128b", "k192", "k256"} {
		keys = append(keys, byName[name])
	}
	return keys, []string{"a", "user", "order", "user_group", strings.Repeat("ab_", 20) + "xyz"}
}

// TestTypedKeyPython checks the derivation of a type's key against
// Python's hmac module: HMAC-SHA-256 of the info and the byte 1, keyed with
// the master key, cut to the master key's length, which is what HKDF-Expand
// gives for at most 32 bytes (RFC 5869 section 2.3, T(1)).
func TestTypedKeyPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	keys, prefixes := typedKeyCases(t)
	const script = `import hashlib, hmac, sys
for arg in sys.argv[1:]:
    key, info = (bytes.fromhex(x) for x in arg.split(":"))
    print(hmac.new(key, info + b"\x01", hashlib.sha256).digest()[:len(key)].hex())`
	args := []string{"-c", script}
	var want []string
	for _, k := range keys {
		for _, p := range prefixes {
			args = append(args, hex.EncodeToString(k)+":"+hex.EncodeToString([]byte(typedKeyLabel+p)))
			want = append(want, hex.EncodeToString(typedKey(k, p)))
		}
	}
	out, err := exec.Command(python, args...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	got := strings.Fields(string(out))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Python's hmac gives\n%s\ntypedKey gives\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTypedKeyOpenSSL checks the derivation of a type's key against
// OpenSSL's HKDF in its expand-only mode, the master key as the
// pseudorandom key.
func TestTypedKeyOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl on PATH")
	}
	if out, err := exec.Command(openssl, "kdf", "-help").CombinedOutput(); err != nil {
		t.Skipf("openssl has no kdf command (OpenSSL 3 has): %v\n%s", err, out)
	}
	keys, prefixes := typedKeyCases(t)
	for _, k := range keys {
		for _, p := range prefixes {
			cmd := exec.Command(openssl, "kdf", "-keylen", strconv.Itoa(len(k)), "-kdfopt", "digest:SHA256", "-kdfopt", "mode:EXPAND_ONLY",
				"-kdfopt", "hexkey:"+hex.EncodeToString(k), "-kdfopt", "hexinfo:"+hex.EncodeToString([]byte(typedKeyLabel+p)), "HKDF")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %v", cmd.Args, err)
			}
			got := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(string(out)), ":", ""))
			if want := hex.EncodeToString(typedKey(k, p)); got != want {
				t.Errorf("key of %d bytes, prefix %q: openssl kdf gives %s, typedKey %s", len(k), p, got, want)
			}
		}
	}
}

// typedMasker returns the typed Masker of prefix for m, failing the test on
// error.
func typedMasker(t testing.TB, m *Masker, prefix string) *Masker {
	t.Helper()
	tm, err := m.Typed(prefix)
	if err != nil {
		t.Fatalf("Typed(%q): %v", prefix, err)
	}
	return tm
}

// slowTypedCheck is an independent reading of the typed check character's
// definition: the character c that makes the weighted sum of the values of
// prefix, '_' and body (28 characters) and c zero in GF(32), found by trying
// all 32, with products computed as carry-less multiplications reduced
// modulo x^5 + x^2 + 1. A letter of the prefix has the value of its place in
// the English alphabet, 1 to 26, and '_' the value 31; the body's characters
// their values in Crockford's alphabet, in either case.
func slowTypedCheck(prefix, body string) byte {
	var values []uint
	for _, c := range prefix + "_" {
		if c == '_' {
			values = append(values, 31)
		} else {
			values = append(values, uint(c-'a'+1))
		}
	}
	for _, c := range strings.ToUpper(body) {
		values = append(values, uint(strings.IndexRune(alphabet, c)))
	}
	for c := range uint(32) {
		sum := c
		for i, v := range values {
			sum ^= slowMul(v, slowPow(len(values)-i))
		}
		if sum == 0 {
			return strings.ToLower(alphabet)[c]
		}
	}
	panic("no check character")
}

// TestTypedMask checks the typed public IDs of random ULIDs, for prefixes
// of 1 to 63 characters, against the definition: the prefix, '_', the
// type key's mark, the ULID encrypted with the type key as one AES block
// and written as ULID text, and the check character over all of them, all
// in lower case. Unmask reads them back, and their body in upper or mixed
// case; AppendMask appends the same bytes.
func TestTypedMask(t *testing.T) {
	m := testMasker(t)
	r := rand.New(rand.NewPCG(33, 2))
	prefixes := []string{"a", "z", "user", "order", "user_group", "a_b", "a__b", strings.Repeat("x", 63), strings.Repeat("ab_", 20) + "xyz"}
	for _, p := range prefixes {
		tm := typedMasker(t, m, p)
		if tm.Prefix() != p || m.Prefix() != "" {
			t.Errorf("Prefix() = %q and %q, want %q and \"\"", tm.Prefix(), m.Prefix(), p)
		}
		typeKey, err := NewMasker(typedKey(m.keys[0].master, p))
		if err != nil {
			t.Fatal(err)
		}
		for range 200 {
			var id ULID
			for i := range id {
				id[i] = byte(r.Uint32())
			}
			s := tm.Mask(id)
			untyped := typeKey.Mask(id) // the type key's mark and block, upper case
			want := p + "_" + strings.ToLower(untyped[:28])
			want += string(slowTypedCheck(p, untyped[:28]))
			if s != want {
				t.Fatalf("%s: Typed(%q).Mask = %s, want %s", id, p, s, want)
			}
			if got := string(tm.AppendMask([]byte("/x/"), id)); got != "/x/"+s {
				t.Fatalf("AppendMask = %s, want /x/%s", got, s)
			}
			body := []byte(s[len(p)+1:])
			for i := range body {
				if r.IntN(2) == 0 {
					body[i] = strings.ToUpper(string(body[i]))[0]
				}
			}
			for _, text := range []string{s, p + "_" + strings.ToUpper(s[len(p)+1:]), p + "_" + string(body)} {
				if got, err := tm.Unmask(text); err != nil || got != id {
					t.Fatalf("Unmask(%s) = %s, %v; want %s", text, got, err, id)
				}
			}
		}
	}
}

// TestTypedRefusesOtherText checks that a typed Masker refuses every text
// that is not a typed public ID of its type, before anything is decrypted:
// untyped public IDs, ULID text, every UUID text form and TypeID text, with
// or without its prefix, and typed public IDs of other prefixes, each of
// them always with ErrWrongPrefix, but TypeID text of its own prefix, whose
// body is too short (ErrInvalidLength).
func TestTypedRefusesOtherText(t *testing.T) {
	m := testMasker(t)
	user := typedMasker(t, m, "user")
	for range 1000 {
		id := Make()
		other := []string{
			m.Mask(id), strings.ToLower(m.Mask(id)), id.String(), strings.ToLower(id.String()), id.UUIDString(),
			strings.ReplaceAll(id.UUIDString(), "-", ""), "{" + id.UUIDString() + "}", "urn:uuid:" + id.UUIDString(),
			"order_" + strings.ToLower(id.String()), strings.ToLower(id.String()) + "_user", " user_" + user.Mask(id)[5:],
		}
		for _, p := range []string{"order", "users", "use", "user_group", "a_user", "u"} {
			other = append(other, typedMasker(t, m, p).Mask(id))
		}
		for _, s := range other {
			_, err := user.Unmask(s)
			var pe *ParseError
			if !errors.Is(err, ErrWrongPrefix) || !errors.As(err, &pe) || pe.Form != "typed public ID" || pe.Offset != 0 || pe.Byte != s[0] {
				t.Fatalf("Unmask(%q) of the user type: %v (%+v), want ErrWrongPrefix at offset 0", s, err, pe)
			}
		}
		typeID := "user_" + strings.ToLower(id.String())
		if _, err := user.Unmask(typeID); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("Unmask(%q): %v, want ErrInvalidLength", typeID, err)
		}
		// And the untyped Masker refuses typed public IDs, by their length.
		if _, err := m.Unmask(user.Mask(id)); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("untyped Unmask(%q): %v, want ErrInvalidLength", user.Mask(id), err)
		}
	}
}

// TestTypedIsNoULID checks that no typed public ID, of a prefix of any
// length from 1 to 63, parses as a ULID or a UUID, or scans into a ULID.
func TestTypedIsNoULID(t *testing.T) {
	m := testMasker(t)
	for n := 1; n <= 63; n++ {
		tm := typedMasker(t, m, strings.Repeat("q", n))
		for range 100 {
			s := tm.Mask(Make())
			if _, err := Parse(s); err == nil {
				t.Fatalf("Parse(%s) succeeded", s)
			}
			if _, err := ParseStrict(s); err == nil {
				t.Fatalf("ParseStrict(%s) succeeded", s)
			}
			if _, err := ParseUUID(s); err == nil {
				t.Fatalf("ParseUUID(%s) succeeded", s)
			}
			var id ULID
			if err := id.Scan(s); err == nil {
				t.Fatalf("Scan(%s) succeeded", s)
			}
			if err := id.Scan([]byte(s)); err == nil {
				t.Fatalf("Scan([]byte(%s)) succeeded", s)
			}
			if err := id.UnmarshalText([]byte(s)); err == nil {
				t.Fatalf("UnmarshalText(%s) succeeded", s)
			}
		}
	}
}

// randomMasker returns a Masker of one random 128-bit key drawn from rng.
func randomMasker(t testing.TB, rng *rand.Rand) *Masker {
	t.Helper()
	var key [16]byte
	for i := range key {
		key[i] = byte(rng.Uint32())
	}
	m, err := NewMasker(key[:])
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomPrefix returns a prefix of 1 to 12 characters drawn from rng: letters
// and, inside, '_'.
func randomPrefix(rng *rand.Rand) string {
	b := make([]byte, 1+rng.IntN(12))
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
		if i > 0 && i < len(b)-1 && rng.IntN(6) == 0 {
			b[i] = '_'
		}
	}
	return string(b)
}

// TestTypedEditedPrefix measures what a typed Masker of type A opens of the
// public IDs of another type B, made with the same master keys, whose
// prefix was replaced by A and whose body was kept. The exact rule, checked
// on every trial: if the prefixes' parts of the check value differ, the
// check character refuses it (ErrCheckCharacter); if they are the same, the
// key mark refuses it (ErrUnknownMaskingKey) unless B's type key has the
// mark of one of A's, which opens it to a ULID that is not the one masked.
// Over random pairs of prefixes the parts are the same for 1 pair in 32, and
// a mark of one key is another's for 1 in 1024, so that 1 in 32,768 edited
// public IDs open for a masker of one key; the bounds below are crossed by
// chance with odds below 1e-9.
func TestTypedEditedPrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 3))
	const n = 1 << 17
	var byCheck, byMark, opened, samePart int
	for range n {
		m := randomMasker(t, r)
		a, b := randomPrefix(r), randomPrefix(r)
		for a == b {
			b = randomPrefix(r)
		}
		ta, tb := typedMasker(t, m, a), typedMasker(t, m, b)
		id := Make()
		edited := a + tb.Mask(id)[len(b):]
		got, err := ta.Unmask(edited)
		same := prefixCheck(a) == prefixCheck(b)
		marks := ta.keys[0].mark == tb.keys[0].mark
		switch {
		case !same && errors.Is(err, ErrCheckCharacter):
			byCheck++
		case same && !marks && errors.Is(err, ErrUnknownMaskingKey):
			byMark++
		case same && marks && err == nil && got != id:
			opened++
		default:
			t.Fatalf("%s as %q: %s, %v; the prefixes' check parts are equal: %v, the marks: %v", tb.Mask(id), a, got, err, same, marks)
		}
		if same {
			samePart++
		}
	}
	t.Logf("%d public IDs of a random type given the prefix of another: %d refused by the check character, %d by the key mark, %d opened (expected %d, %.0f and %.1f)",
		n, byCheck, byMark, opened, n*31/32, n/32*1023/1024.0, n/32/1024.0)
	// samePart is expected to be 4096 (1 in 32); outside 3700 to 4500 with
	// odds below 1e-9. opened is expected to be 4 (1 in 32,768); above 25
	// with odds below 1e-9.
	if samePart < 3700 || samePart > 4500 {
		t.Errorf("%d of %d pairs of prefixes have the same part of the check value, want about %d", samePart, n, n/32)
	}
	if opened > 25 {
		t.Errorf("%d of %d edited public IDs opened, want about %d", opened, n, n/32768)
	}

	// The pairs whose check parts are the same, user and order among them:
	// the key mark refuses 1023 in 1024. Expected 64 opened of 65,536;
	// outside 23 to 120 with odds below 1e-9.
	if prefixCheck("user") != prefixCheck("order") {
		t.Fatalf("the check parts of user and order differ: %d and %d", prefixCheck("user"), prefixCheck("order"))
	}
	const pairs = 1 << 16
	opened = 0
	for range pairs {
		m := randomMasker(t, r)
		user, order := typedMasker(t, m, "user"), typedMasker(t, m, "order")
		id := Make()
		edited := "order" + user.Mask(id)[len("user"):]
		_, err := order.Unmask(edited)
		switch marks := user.keys[0].mark == order.keys[0].mark; {
		case marks && err == nil:
			opened++
		case marks || !errors.Is(err, ErrUnknownMaskingKey):
			t.Fatalf("%s: %v; the marks are equal: %v", edited, err, marks)
		}
	}
	t.Logf("user public IDs given the prefix order, each of a new key: %d of %d opened (expected %d)", opened, pairs, pairs/1024)
	if opened < 23 || opened > 120 {
		t.Errorf("user public IDs given the prefix order: %d of %d opened, want about %d", opened, pairs, pairs/1024)
	}
}

// TestTypedTypos changes every character of the body of typed public IDs to
// every other character of the alphabet, in either case, and to bytes
// outside it, and swaps every pair of adjacent different characters of the
// body: each result is refused, with ErrCheckCharacter where the text is
// still in the alphabet, never opened.
func TestTypedTypos(t *testing.T) {
	m := testMasker(t)
	r := rand.New(rand.NewPCG(33, 4))
	for _, prefix := range []string{"user", "order", "a"} {
		tm := typedMasker(t, m, prefix)
		base := len(prefix) + 1
		for range 50 {
			var id ULID
			for i := range id {
				id[i] = byte(r.Uint32())
			}
			p := []byte(tm.Mask(id))
			for i := base; i < len(p); i++ {
				orig := p[i]
				for _, c := range []byte(alphabet + strings.ToLower(alphabet) + "ILOUilou-_ ") {
					if decodeStrict[c] == decodeStrict[orig] {
						continue
					}
					p[i] = c
					got, err := tm.Unmask(string(p))
					if err == nil {
						t.Fatalf("%s with %q at %d opens to %s", tm.Mask(id), c, i, got)
					}
					if decodeStrict[c] != invalid && i != base+2 && !errors.Is(err, ErrCheckCharacter) {
						t.Fatalf("%s with %q at %d: %v, want ErrCheckCharacter", tm.Mask(id), c, i, err)
					}
				}
				p[i] = orig
			}
			for i := base; i < len(p)-1; i++ {
				if p[i] == p[i+1] {
					continue
				}
				p[i], p[i+1] = p[i+1], p[i]
				if got, err := tm.Unmask(string(p)); !errors.Is(err, ErrCheckCharacter) && !errors.Is(err, ErrOverflow) {
					t.Fatalf("%s with %d and %d swapped: %s, %v", tm.Mask(id), i, i+1, got, err)
				}
				p[i], p[i+1] = p[i+1], p[i]
			}
		}
	}
}

// TestTypedRotation rotates keys as docs/public-ids.md says, for two types
// at once: after the new key is added in front, each type's new public IDs
// are the new key's and its old ones still open; once the old key is
// retired, they are refused as made with an unknown key. The typed public
// IDs of each master key are those of its own type key.
func TestTypedRotation(t *testing.T) {
	oldKey, newKey := mustHex(t, "000102030405060708090a0b0c0d0e0f"), mustHex(t, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
	before, err := NewMasker(oldKey)
	if err != nil {
		t.Fatal(err)
	}
	during, err := NewMasker(newKey, oldKey)
	if err != nil {
		t.Fatal(err)
	}
	after, err := NewMasker(newKey)
	if err != nil {
		t.Fatal(err)
	}
	for _, prefix := range []string{"user", "order"} {
		tb, td, ta := typedMasker(t, before, prefix), typedMasker(t, during, prefix), typedMasker(t, after, prefix)
		if want := "ulid.Masker{type " + prefix + ", masks with " + string(ta.keys[0].text[:]) + ", unmasks " +
			string(ta.keys[0].text[:]) + " " + string(tb.keys[0].text[:]) + "}"; td.String() != want {
			t.Errorf("during the rotation: %v, want %s", td, want)
		}
		for range 100 {
			id := Make()
			old := tb.Mask(id)
			if got, err := td.Unmask(old); err != nil || got != id {
				t.Errorf("%s of the old key during the rotation: %s, %v", old, got, err)
			}
			p := td.Mask(id)
			if p != ta.Mask(id) || p == old {
				t.Errorf("Mask during the rotation = %s, want the new key's %s", p, ta.Mask(id))
			}
			if got, err := td.Unmask(p); err != nil || got != id {
				t.Errorf("%s during the rotation: %s, %v", p, got, err)
			}
			if _, err := ta.Unmask(old); !errors.Is(err, ErrUnknownMaskingKey) {
				t.Errorf("%s of the retired key: %v, want ErrUnknownMaskingKey", old, err)
			}
		}
	}
}

// sameTypedMarks returns a prefix for which the type keys of key1 and key2
// have the same mark, found by trying prefixes in order: one in 1024 does.
func sameTypedMarks(t testing.TB, key1, key2 []byte) string {
	t.Helper()
	for i := range 100_000 {
		p := ""
		for n := i; ; n = n/26 - 1 {
			p = string(rune('a'+n%26)) + p
			if n < 26 {
				break
			}
		}
		m1, err1 := NewMasker(typedKey(key1, p))
		m2, err2 := NewMasker(typedKey(key2, p))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if m1.keys[0].mark == m2.keys[0].mark {
			return p
		}
	}
	t.Fatal("no prefix of 100,000 gives the two keys' type keys the same mark")
	return ""
}

// TestTypedErrors checks what Typed refuses: a prefix that breaks TypeID's
// rule, a Masker with no key, a typed Masker, and two keys whose type keys
// have the same mark, which NewMasker could not foresee.
func TestTypedErrors(t *testing.T) {
	m := testMasker(t)
	for _, prefix := range []string{"", "User", "_user", "user_", strings.Repeat("a", 64)} {
		if _, err := m.Typed(prefix); !errors.Is(err, ErrInvalidPrefix) {
			t.Errorf("Typed(%q): %v, want ErrInvalidPrefix", prefix, err)
		}
	}
	var zero Masker
	if tm, err := zero.Typed("user"); tm != nil || !errors.Is(err, ErrInvalidMaskingKey) || err.Error() != "ulid: invalid masking key: no key" {
		t.Errorf("the zero Masker's Typed: %v, %v", tm, err)
	}
	user := typedMasker(t, m, "user")
	if tm, err := user.Typed("order"); tm != nil || !errors.Is(err, ErrInvalidMaskingKey) ||
		err.Error() != `ulid: invalid masking key: Typed of the typed Masker of "user": call Typed on a Masker of the keys themselves` {
		t.Errorf("Typed of a typed Masker: %v, %v", tm, err)
	}
	k1, k2 := mustHex(t, "000102030405060708090a0b0c0d0e0f"), mustHex(t, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
	p := sameTypedMarks(t, k1, k2)
	both, err := NewMasker(k1, k2)
	if err != nil {
		t.Fatal(err)
	}
	tm, err := both.Typed(p)
	mark := typedMasker(t, testMasker(t), p).keys[0].text
	want := `ulid: invalid masking key: keys 1 and 2 have the same key mark "` + string(mark[:]) + `" for the type "` + p +
		`" (a 1-in-1024 chance for each type: make another key)`
	if tm != nil || !errors.Is(err, ErrInvalidMaskingKey) || err.Error() != want {
		t.Errorf("Typed(%q) of two keys whose type keys have one mark: %v, %v\nwant %s", p, tm, err, want)
	}
	t.Logf("the keys of the vectors k128 and k256 give the type %q's keys the same mark %s", p, mark[:])
}

// TestTypedErrorMessages pins the message and fields of each kind of
// refusal of a typed public ID.
func TestTypedErrorMessages(t *testing.T) {
	m := testMasker(t)
	user := typedMasker(t, m, "user")
	p := user.Mask(MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")) // user_yz4g5ym28fg1qptxha7hbqfjzf496
	k256, err := NewMasker(mustHex(t, "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"))
	if err != nil {
		t.Fatal(err)
	}
	overflow := p[:7] + "8" + p[8:33]
	overflow += string(slowTypedCheck("user", strings.ToUpper(overflow[5:])))
	tests := []struct {
		in     string
		err    error
		offset int
		want   string
	}{
		{"order" + p[4:], ErrWrongPrefix, 0, `ulid: typed public ID of another type, want the prefix "user_"`},
		{p[5:], ErrWrongPrefix, 0, `ulid: typed public ID of another type, want the prefix "user_"`},
		{"", ErrInvalidLength, -1, "ulid: invalid typed public ID length 0 bytes, want 34"},
		{"user_01h455vb4pex5vsknk084sn02q", ErrInvalidLength, -1, "ulid: invalid typed public ID length 31 bytes, want 34"},
		{p[:12] + "u" + p[13:], ErrInvalidCharacter, 12, "ulid: invalid typed public ID: character 'u' at offset 12"},
		{p[:13] + "o" + p[14:], ErrInvalidCharacter, 13, "ulid: invalid typed public ID: character 'o' at offset 13 (Crockford alias of '0': a public ID has only the 32 characters of the alphabet)"},
		{p[:10] + "0" + p[11:], ErrCheckCharacter, 33, "ulid: typed public ID check character '6' at offset 33 does not match: a character is mistyped, two are swapped, or the prefix was changed"},
		{overflow, ErrOverflow, 7, "ulid: invalid typed public ID: character '8' at offset 7 is above '7'"},
		{typedMasker(t, k256, "user").Mask(Make()), ErrUnknownMaskingKey, 5, "ulid: typed public ID made with another key or for another type: its key mark names none of the keys given (a wrong or retired key, or a changed prefix)"},
	}
	for _, tt := range tests {
		_, err := user.Unmask(tt.in)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, tt.err) || pe.Offset != tt.offset || pe.Form != "typed public ID" || pe.Length != len(tt.in) || err.Error() != tt.want {
			t.Errorf("Unmask(%q): %v (%+v)\nwant %s", tt.in, err, pe, tt.want)
		}
		if pe != nil && pe.Offset >= 0 && pe.Byte != tt.in[pe.Offset] {
			t.Errorf("Unmask(%q): Byte %q, the byte at offset %d is %q", tt.in, pe.Byte, pe.Offset, tt.in[pe.Offset])
		}
	}
}

// TestTypedMaskerPrintsNoKey checks that a typed Masker prints its type and
// its type keys' marks, as its public IDs show them, and neither the master
// keys nor the type keys.
func TestTypedMaskerPrintsNoKey(t *testing.T) {
	m, err := ParseMasker("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4 000102030405060708090a0b0c0d0e0f")
	if err != nil {
		t.Fatal(err)
	}
	user := typedMasker(t, m, "user")
	want := "ulid.Masker{type user, masks with " + user.Mask(Make())[5:7] + ", unmasks " + string(user.keys[0].text[:]) + " " + string(user.keys[1].text[:]) + "}"
	for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
		for _, v := range []any{user, *user} {
			got := fmt.Sprintf(format, v)
			if got != want {
				t.Errorf("Sprintf(%q, %T) = %s, want %s", format, v, got, want)
			}
			for _, k := range m.keys {
				for _, secret := range [][]byte{k.master, typedKey(k.master, "user")} {
					if strings.Contains(strings.ToLower(got), hex.EncodeToString(secret)[:8]) {
						t.Errorf("Sprintf(%q, %T) shows a key: %s", format, v, got)
					}
				}
			}
		}
	}
}

func TestTypedMaskAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	user := typedMasker(t, testMasker(t), "user")
	id := Make()
	p := user.Mask(id)
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = user.AppendMask(buf[:0], id) }); n != 0 {
		t.Errorf("AppendMask: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = user.Mask(id) }); n != 1 {
		t.Errorf("Mask: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = user.Unmask(p) }); n != 0 {
		t.Errorf("Unmask: %v allocations, want 0", n)
	}
}

// TestTypedMaskConcurrent masks and unmasks with typed Maskers of one
// Masker from several goroutines, for the race detector.
func TestTypedMaskConcurrent(t *testing.T) {
	m := testMasker(t)
	user, order := typedMasker(t, m, "user"), typedMasker(t, m, "order")
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tm := user
			if g%2 == 1 {
				tm = order
			}
			for range 1000 {
				id := Make()
				if got, err := tm.Unmask(tm.Mask(id)); err != nil || got != id {
					t.Errorf("round trip of %s: %s, %v", id, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// FuzzUnmaskTyped checks that a typed Masker's Unmask never panics, that
// what it accepts is a typed public ID of its prefix whose canonical form
// (lower case) Mask gives back, and that what it refuses it refuses with a
// ParseError of Form "typed public ID", at an offset in the text.
func FuzzUnmaskTyped(f *testing.F) {
	m := testMasker(f)
	user := typedMasker(f, m, "user")
	f.Add(user.Mask(MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")))
	f.Add("user_YZ4G5YM28FG1QPTXHA7HBQFJZF496")
	f.Add("order_va3xj8yjvprrpzzw4pn06hgfb5vx5")
	f.Add("user_01h455vb4pex5vsknk084sn02q")
	f.Add(m.Mask(MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")))
	f.Add("user_yz8g5ym28fg1qptxha7hbqfjzf496")
	f.Add("user__yz4g5ym28fg1qptxha7hbqfjzf496")
	f.Fuzz(func(t *testing.T, s string) {
		id, err := user.Unmask(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Form != "typed public ID" || id != (ULID{}) || pe.Length != len(s) ||
				pe.Offset < -1 || pe.Offset >= max(len(s), 1) || (pe.Offset >= 0 && pe.Byte != s[pe.Offset]) {
				t.Fatalf("Unmask(%q) = %s, %v (%+v)", s, id, err, pe)
			}
			if !strings.HasPrefix(s, "user_") && !errors.Is(err, ErrWrongPrefix) && s != "" {
				t.Fatalf("Unmask(%q): %v, want ErrWrongPrefix", s, err)
			}
			return
		}
		if got := user.Mask(id); got != "user_"+strings.ToLower(s[5:]) || s[:5] != "user_" {
			t.Fatalf("Unmask(%q) = %s, whose typed public ID is %s", s, id, got)
		}
	})
}

// TestTypedMaskVectors checks the typed part of testdata/publicid.json: each
// type key and its info, mark and prefix check part; each typed public ID,
// from Mask and back from Unmask, and its block, the AES encryption of the
// ULID with the type key; each refusal, with its error and offset; and the
// two keys whose type keys have one mark, refused together by Typed.
func TestTypedMaskVectors(t *testing.T) {
	file, maskers, keys := readPublicIDVectors(t)
	if len(file.TypedKeys) < 20 || len(file.TypedVectors) < 24 || len(file.TypedRefused) < 12 {
		t.Fatalf("testdata/publicid.json: %d type keys, %d typed vectors, %d typed refusals: fewer than expected", len(file.TypedKeys), len(file.TypedVectors), len(file.TypedRefused))
	}
	for _, k := range file.TypedKeys {
		if k.Info != hex.EncodeToString([]byte("ulid typed public ID 1:"+k.Prefix)) {
			t.Errorf("%s %s: info %s is not the label and the prefix", k.Key, k.Prefix, k.Info)
		}
		if got := hex.EncodeToString(typedKey(keys[k.Key], k.Prefix)); got != k.TypeKey {
			t.Errorf("%s %s: type key %s, want %s", k.Key, k.Prefix, got, k.TypeKey)
		}
		tm := typedMasker(t, maskers[k.Key], k.Prefix)
		if got := string(tm.keys[0].text[:]); got != k.Mark {
			t.Errorf("%s %s: mark %s, want %s", k.Key, k.Prefix, got, k.Mark)
		}
		if got := prefixCheck(k.Prefix); got != k.PrefixCheck {
			t.Errorf("%s %s: prefix check part %d, want %d", k.Key, k.Prefix, got, k.PrefixCheck)
		}
	}
	for _, v := range file.TypedVectors {
		tm := typedMasker(t, maskers[v.Key], v.Prefix)
		id := MustParse(v.ULID)
		if got := tm.Mask(id); got != v.PublicID {
			t.Errorf("%s %s: Mask(%s) = %s, want %s", v.Key, v.Prefix, v.ULID, got, v.PublicID)
		}
		body := v.PublicID[len(v.Prefix)+1:]
		for _, text := range []string{v.PublicID, v.Prefix + "_" + strings.ToUpper(body)} {
			if got, err := tm.Unmask(text); err != nil || got != id {
				t.Errorf("%s %s: Unmask(%s) = %s, %v; want %s", v.Key, v.Prefix, text, got, err, v.ULID)
			}
		}
		block := MustParse(body[2:28])
		if hex.EncodeToString(block[:]) != v.Block {
			t.Errorf("%s %s: block of %s is %x, want %s", v.Key, v.Prefix, v.PublicID, block, v.Block)
		}
		if c := slowTypedCheck(v.Prefix, body[:28]); c != body[28] {
			t.Errorf("%s %s: check character of %s is %c, want %c", v.Key, v.Prefix, v.PublicID, body[28], c)
		}
	}
	sentinels := map[string]error{
		"wrong prefix": ErrWrongPrefix, "length": ErrInvalidLength, "character": ErrInvalidCharacter, "check": ErrCheckCharacter,
		"overflow": ErrOverflow, "unknown key": ErrUnknownMaskingKey,
	}
	for _, r := range file.TypedRefused {
		id, err := typedMasker(t, maskers[r.Key], r.Prefix).Unmask(r.Text)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, sentinels[r.Error]) || pe.Offset != r.Offset || pe.Form != "typed public ID" || id != (ULID{}) {
			t.Errorf("%s %s: Unmask(%q) = %s, %v (%+v); want a typed public ID %s error at offset %d", r.Key, r.Prefix, r.Text, id, err, pe, r.Error, r.Offset)
		}
	}
	same := file.TypedSameMark
	m, err := NewMasker(keys[same.Keys[0]], keys[same.Keys[1]])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Typed(same.Prefix); !errors.Is(err, ErrInvalidMaskingKey) || !strings.Contains(err.Error(), `same key mark "`+same.Mark+`"`) {
		t.Errorf("Typed(%q) of %v: %v, want ErrInvalidMaskingKey for the mark %s", same.Prefix, same.Keys, err, same.Mark)
	}
}

// TestTypedMaskOpenSSL checks every typed vector's block against openssl's
// AES with the vector's type key, and the type key's mark.
func TestTypedMaskOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl on PATH")
	}
	file, _, _ := readPublicIDVectors(t)
	typeKeys := map[string]string{}
	for _, k := range file.TypedKeys {
		typeKeys[k.Key+" "+k.Prefix] = k.TypeKey
	}
	for _, v := range file.TypedVectors {
		key := typeKeys[v.Key+" "+v.Prefix]
		id := MustParse(v.ULID)
		cipherName := "-aes-" + strconv.Itoa(len(key)*4) + "-ecb"
		for _, in := range []string{string(id[:]), "ulid-public-id-1"} {
			cmd := exec.Command(openssl, "enc", cipherName, "-nopad", "-K", key)
			cmd.Stdin = strings.NewReader(in)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("openssl %s: %v", cipherName, err)
			}
			if in != "ulid-public-id-1" {
				if got := hex.EncodeToString(out); got != v.Block {
					t.Errorf("%s %s: openssl encrypts %s to %s, the vector says %s", v.Key, v.Prefix, v.ULID, got, v.Block)
				}
				continue
			}
			mark := uint16(out[0])<<2 | uint16(out[1])>>6
			if got := strings.ToLower(string([]byte{alphabet[mark>>5], alphabet[mark&31]})); v.PublicID[len(v.Prefix)+1:len(v.Prefix)+3] != got {
				t.Errorf("%s %s: openssl gives the mark %s, the public ID is %s", v.Key, v.Prefix, got, v.PublicID)
			}
		}
	}
}

// TestTypedMadeUp measures what a typed Masker of one key opens of text made
// up at random after its prefix: as for untyped public IDs, 1 in 131,072
// (1 in 32 for the check character, 8 in 32 for character 2, 1 in 1024 for
// the mark). Expected 8 of 2^20; more than 40 would be p < 1e-12.
func TestTypedMadeUp(t *testing.T) {
	user := typedMasker(t, testMasker(t), "user")
	r := rand.New(rand.NewPCG(33, 10))
	const n = 1 << 20
	opened := 0
	buf := []byte("user_" + strings.Repeat("0", PublicIDSize))
	for range n {
		for i := 5; i < len(buf); i++ {
			buf[i] = alphabet[r.IntN(32)]
		}
		if _, err := unmask(user, buf); err == nil {
			opened++
		}
	}
	t.Logf("made-up typed public IDs: %d of %d opened (expected %d)", opened, n, n/131072)
	if opened > 40 {
		t.Errorf("made-up typed public IDs: %d of %d opened, want about %d", opened, n, n/131072)
	}
}

// TestTypedPrefixCheckOneCharacter checks that the prefix's part of the check
// value changes with every change of one character of a prefix to another of
// 'a' to 'z' and '_', at every place, for prefixes of every length: a typed
// public ID whose prefix differs from the type's in one character is refused
// by the check character as well as by its prefix.
func TestTypedPrefixCheckOneCharacter(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 11))
	const chars = "abcdefghijklmnopqrstuvwxyz_"
	for n := 1; n <= 63; n++ {
		for range 20 {
			p := []byte(randomPrefix(r))
			for len(p) < n {
				p = append(p, chars[r.IntN(26)])
			}
			p = p[:n]
			want := prefixCheck(string(p))
			for i := range p {
				orig := p[i]
				for _, c := range []byte(chars) {
					if c == orig {
						continue
					}
					p[i] = c
					if prefixCheck(string(p)) == want {
						t.Fatalf("%q and the prefix with %q at %d have the same check part %d", p, orig, i, want)
					}
				}
				p[i] = orig
			}
		}
	}
}
