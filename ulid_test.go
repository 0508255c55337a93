package ulid

import (
	"bytes"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"
)

// A vector is one ULID of testdata/vectors.json, in each of its forms.
type vector struct {
	Text string // canonical text
	Hex  string // the 16 bytes in hex
	Ms   uint64 // Unix milliseconds
	UTC  string // the time, RFC 3339 with milliseconds
	UUID string // the 16 bytes as UUID text
}

// A vectorExtra is an input of testdata/vectors.json that Parse reads as
// Want, or refuses if Want is empty.
type vectorExtra struct {
	Text    string
	Want    string
	Offsets []int // of Crockford's aliases in Text
}

// vectors are the test vectors of testdata/vectors.json, computed from the
// layout of the ULID specification (https://github.com/ulid/spec): its own
// example, the extremes and two more. The tests of the browser tool and of
// its page read the same file.
var vectors, vectorExtras = readVectors()

// vectorsJSON is embedded, rather than read when the tests start, so that
// go test reruns them when it changes.
//
//go:embed testdata/vectors.json
var vectorsJSON []byte

// readVectors decodes vectorsJSON. It panics if that is malformed, which
// fails the package's tests at once.
func readVectors() ([]vector, map[string]vectorExtra) {
	var file struct {
		Vectors []vector
		Extras  map[string]vectorExtra
	}
	err := json.Unmarshal(vectorsJSON, &file)
	if err != nil || len(file.Vectors) == 0 || len(file.Extras) == 0 {
		panic(fmt.Sprintf("testdata/vectors.json: %v (%d vectors)", err, len(file.Vectors)))
	}
	return file.Vectors, file.Extras
}

// rfc3339Milli formats times as the vectors write them.
const rfc3339Milli = "2006-01-02T15:04:05.000Z07:00"

func fromHex(t *testing.T, s string) ULID {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 16 {
		t.Fatalf("bad test hex %q", s)
	}
	return ULID(b)
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		t.Run(v.Text, func(t *testing.T) {
			want := fromHex(t, v.Hex)
			for name, parse := range map[string]func(string) (ULID, error){"Parse": Parse, "ParseStrict": ParseStrict} {
				got, err := parse(v.Text)
				if err != nil || got != want {
					t.Errorf("%s(%q) = %x, %v; want %x", name, v.Text, got[:], err, want[:])
				}
			}
			if got := want.String(); got != v.Text {
				t.Errorf("String() = %q, want %q", got, v.Text)
			}
			if got := want.Timestamp(); got != v.Ms {
				t.Errorf("Timestamp() = %d, want %d", got, v.Ms)
			}
			if got := want.Time().Format(rfc3339Milli); got != v.UTC {
				t.Errorf("Time() = %s, want %s", got, v.UTC)
			}
			if got := want.UUIDString(); got != v.UUID {
				t.Errorf("UUIDString() = %s, want %s", got, v.UUID)
			}
			if loc := want.Time().Location(); loc != time.UTC {
				t.Errorf("Time().Location() = %v, want UTC", loc)
			}
			if got := want.Entropy(); !bytes.Equal(got[:], want[6:]) {
				t.Errorf("Entropy() = %x, want %x", got, want[6:])
			}
			// Lower case parses to the same value.
			if got, err := Parse(strings.ToLower(v.Text)); err != nil || got != want {
				t.Errorf("Parse(lower) = %x, %v", got[:], err)
			}
		})
	}
}

func TestSpecExtras(t *testing.T) {
	lower, aliases, overflow := vectorExtras["lower"], vectorExtras["aliases"], vectorExtras["overflow"]
	if got, err := Parse(lower.Text); err != nil || got != MustParse(lower.Want) {
		t.Errorf("mixed case %s: %v, %v", lower.Text, got, err)
	}
	if got, err := Parse(aliases.Text); err != nil || got != MustParse(aliases.Want) {
		t.Errorf("aliases %s with Parse: %v, %v", aliases.Text, got, err)
	}
	var pe *ParseError
	if _, err := ParseStrict(aliases.Text); !errors.Is(err, ErrInvalidCharacter) || !errors.As(err, &pe) || pe.Offset != aliases.Offsets[0] {
		t.Errorf("aliases with ParseStrict: err = %v, want ErrInvalidCharacter at offset %d", err, aliases.Offsets[0])
	}
	if _, err := Parse(overflow.Text); overflow.Want != "" || !errors.Is(err, ErrOverflow) {
		t.Errorf("overflow %s: err = %v, want ErrOverflow", overflow.Text, err)
	}
}

func TestZeroValue(t *testing.T) {
	var id ULID
	if !id.IsZero() {
		t.Error("zero ULID: IsZero() = false")
	}
	if s := id.String(); s != strings.Repeat("0", 26) {
		t.Errorf("zero ULID: String() = %q", s)
	}
	if got, err := Parse(id.String()); err != nil || got != id {
		t.Errorf("zero ULID does not round-trip: %v, %v", got, err)
	}
	if !id.Time().Equal(time.Unix(0, 0)) || id.Timestamp() != 0 {
		t.Errorf("zero ULID time = %v (%d ms)", id.Time(), id.Timestamp())
	}
	if MustParse("00000000000000000000000001").IsZero() {
		t.Error("non-zero ULID: IsZero() = true")
	}
}

// oracleEncode is a slow, independent encoder: the 128-bit integer written in
// base 32, most significant digit first, padded to 26 digits.
func oracleEncode(id ULID) string {
	n := new(big.Int).SetBytes(id[:])
	digits := make([]byte, 26)
	thirtyTwo := big.NewInt(32)
	mod := new(big.Int)
	for i := 25; i >= 0; i-- {
		n.DivMod(n, thirtyTwo, mod)
		digits[i] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[mod.Int64()]
	}
	return string(digits)
}

// oracleDecode is a slow, independent decoder that follows the ULID
// specification and Crockford's Base32: 26 characters, case-insensitive,
// aliases only when lenient, value below 2^128.
func oracleDecode(s string, lenient bool) (ULID, bool) {
	if len(s) != 26 {
		return ULID{}, false
	}
	n := new(big.Int)
	for _, c := range []byte(s) {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A' // ASCII only: strings.ToUpper would also map non-ASCII letters
		}
		if lenient {
			switch c {
			case 'I', 'L':
				c = '1'
			case 'O':
				c = '0'
			}
		}
		v := strings.IndexByte("0123456789ABCDEFGHJKMNPQRSTVWXYZ", c)
		if v < 0 {
			return ULID{}, false
		}
		n.Lsh(n, 5).Or(n, big.NewInt(int64(v)))
	}
	if n.BitLen() > 128 {
		return ULID{}, false
	}
	var id ULID
	n.FillBytes(id[:])
	return id, true
}

func TestEncodeAgreesWithOracle(t *testing.T) {
	ids := []ULID{{}, MaxAtOrFatal(t, MaxTimestamp)}
	for i := range 16 {
		var id ULID
		id[i] = 0x80 // each bit position is reached by one of these over the loop
		ids = append(ids, id)
		id[i] = 0x01
		ids = append(ids, id)
	}
	for range 1000 {
		ids = append(ids, Make())
	}
	for _, id := range ids {
		if got, want := id.String(), oracleEncode(id); got != want {
			t.Fatalf("String(%x) = %s, oracle says %s", id[:], got, want)
		}
	}
}

func MaxAtOrFatal(t *testing.T, ms uint64) ULID {
	t.Helper()
	id, err := MaxAt(ms)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestEncodingsAgree(t *testing.T) {
	for _, id := range []ULID{{}, Make(), MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ")} {
		s := id.String()
		text, err := id.MarshalText()
		if err != nil || string(text) != s {
			t.Errorf("MarshalText = %q, %v; want %q", text, err, s)
		}
		appended, err := id.AppendText(nil)
		if err != nil || string(appended) != s {
			t.Errorf("AppendText(nil) = %q, %v; want %q", appended, err, s)
		}
		prefixed, _ := id.AppendText([]byte("id="))
		if string(prefixed) != "id="+s {
			t.Errorf("AppendText(prefix) = %q", prefixed)
		}
		if s != strings.ToUpper(s) {
			t.Errorf("String() = %q is not upper case", s)
		}
		bin, err := id.MarshalBinary()
		if err != nil || !bytes.Equal(bin, id[:]) {
			t.Errorf("MarshalBinary = %x, %v", bin, err)
		}
		bin2, _ := id.AppendBinary([]byte{0xaa})
		if !bytes.Equal(bin2, append([]byte{0xaa}, id[:]...)) {
			t.Errorf("AppendBinary = %x", bin2)
		}
		var back ULID
		if err := back.UnmarshalBinary(bin); err != nil || back != id {
			t.Errorf("UnmarshalBinary round trip = %v, %v", back, err)
		}
		bin[0] ^= 0xff // UnmarshalBinary copies: later changes to the input do not leak
		if back != id {
			t.Error("UnmarshalBinary kept a reference to its input")
		}
	}
}

func TestAppendTextDoesNotClobber(t *testing.T) {
	buf := make([]byte, 3, 64)
	copy(buf, "abc")
	out, _ := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV").AppendText(buf)
	if string(out) != "abc01ARYZ6S41TSV4RRFFQ69G5FAV" || &out[0] != &buf[0] {
		t.Errorf("AppendText into room = %q (same array: %v)", out, &out[0] == &buf[0])
	}
}

func TestUnmarshalBinaryLength(t *testing.T) {
	for _, n := range []int{0, 15, 17, 26} {
		id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
		err := id.UnmarshalBinary(make([]byte, n))
		if !errors.Is(err, ErrInvalidLength) {
			t.Errorf("UnmarshalBinary(%d bytes) = %v, want ErrInvalidLength", n, err)
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Length != n {
			t.Errorf("UnmarshalBinary(%d bytes): error %#v does not carry the length", n, err)
		}
		if id != MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV") {
			t.Error("UnmarshalBinary changed the ULID on error")
		}
	}
}

func TestJSON(t *testing.T) {
	type row struct {
		ID  ULID  `json:"id"`
		Ref *ULID `json:"ref"`
	}
	in := row{ID: MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"id":"01ARYZ6S41TSV4RRFFQ69G5FAV","ref":null}` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var out row
	if err := json.Unmarshal([]byte(`{"id":"01aryz6s41tsv4rrffq69g5fav","ref":null}`), &out); err != nil || out != in {
		t.Errorf("json.Unmarshal = %+v, %v", out, err)
	}
	for _, bad := range []string{`{"id":""}`, `{"id":"01ARYZ6S41TSV4RRFFQ69G5FAU"}`, `{"id":"8ZZZZZZZZZZZZZZZZZZZZZZZZZ"}`, `{"id":42}`} {
		if err := json.Unmarshal([]byte(bad), &out); err == nil {
			t.Errorf("json.Unmarshal(%s) succeeded", bad)
		}
	}
}

func TestCompare(t *testing.T) {
	ids := []ULID{
		{},
		MustParse("00000000000000000000000001"),
		MustParse("0000000000ZZZZZZZZZZZZZZZZ"),
		MustParse("00000000010000000000000000"),
		MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"),
		MustParse("01ARYZ6S41TSV4RRFFQ69G5FAW"),
		MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZY"),
		MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"),
	}
	for i, a := range ids {
		for j, b := range ids {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := a.Compare(b); got != want {
				t.Errorf("%s.Compare(%s) = %d, want %d", a, b, got, want)
			}
			if got := bytes.Compare(a[:], b[:]); got != want {
				t.Errorf("bytes.Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
			if got := strings.Compare(a.String(), b.String()); got != want {
				t.Errorf("strings.Compare(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
	shuffled := slices.Clone(ids)
	slices.Reverse(shuffled)
	slices.SortFunc(shuffled, ULID.Compare)
	if !slices.Equal(shuffled, ids) {
		t.Error("slices.SortFunc with ULID.Compare does not sort")
	}
}

func TestNew(t *testing.T) {
	id, err := New(1469918176385, bytes.NewReader([]byte{0xd6, 0x76, 0x4c, 0x61, 0xef, 0xb9, 0x93, 0x02, 0xbd, 0x5b}))
	if err != nil || id.String() != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
		t.Errorf("New with fixed entropy = %s, %v", id, err)
	}
	if _, err := New(MaxTimestamp+1, nil); !errors.Is(err, ErrTimeOutOfRange) {
		t.Errorf("New(MaxTimestamp+1) err = %v, want ErrTimeOutOfRange", err)
	}
	if id, err := New(MaxTimestamp, nil); err != nil || id.Timestamp() != MaxTimestamp {
		t.Errorf("New(MaxTimestamp) = %v, %v", id, err)
	}
	// Too little entropy is an error, never silent zero bytes.
	if _, err := New(1, bytes.NewReader(make([]byte, 9))); err == nil {
		t.Error("New with 9 bytes of entropy succeeded")
	}
	// A nil entropy means crypto/rand: two calls differ and are not zero.
	a, b := MustNew(5, nil), MustNew(5, nil)
	if a == b || a.Entropy() == [10]byte{} {
		t.Errorf("New(ms, nil) gave %s and %s", a, b)
	}
	if a.Timestamp() != 5 {
		t.Errorf("New(5, nil).Timestamp() = %d", a.Timestamp())
	}
}

func TestMustPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"MustParse":       func() { MustParse("bad") },
		"MustParseStrict": func() { MustParseStrict("OIARYZ6S41TSV4RRFFQ69G5FAV") },
		"MustNew":         func() { MustNew(MaxTimestamp+1, nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestRangeBounds(t *testing.T) {
	const ms = 1469918176385
	lo, err := MinAt(ms)
	if err != nil || lo.String() != "01ARYZ6S410000000000000000" {
		t.Errorf("MinAt = %s, %v", lo, err)
	}
	hi, err := MaxAt(ms)
	if err != nil || hi.String() != "01ARYZ6S41ZZZZZZZZZZZZZZZZ" {
		t.Errorf("MaxAt = %s, %v", hi, err)
	}
	inside := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	if lo.Compare(inside) > 0 || inside.Compare(hi) > 0 {
		t.Error("a ULID of the millisecond is outside [MinAt, MaxAt]")
	}
	prevHi, _ := MaxAt(ms - 1)
	nextLo, _ := MinAt(ms + 1)
	if prevHi.Compare(lo) >= 0 || hi.Compare(nextLo) >= 0 {
		t.Error("bounds of neighbouring milliseconds overlap")
	}
	if _, err := MinAt(MaxTimestamp + 1); !errors.Is(err, ErrTimeOutOfRange) {
		t.Errorf("MinAt(MaxTimestamp+1) err = %v", err)
	}
	if _, err := MaxAt(MaxTimestamp + 1); !errors.Is(err, ErrTimeOutOfRange) {
		t.Errorf("MaxAt(MaxTimestamp+1) err = %v", err)
	}
	if top := MaxAtOrFatal(t, MaxTimestamp); top.String() != "7ZZZZZZZZZZZZZZZZZZZZZZZZZ" {
		t.Errorf("MaxAt(MaxTimestamp) = %s", top)
	}
}
