package ulid

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// vectors are the test vectors of SPEC.md §3.
var vectors = []struct {
	text string
	hex  string
	ms   uint64
	time string
}{
	{"01ARYZ6S41TSV4RRFFQ69G5FAV", "01563df36481d6764c61efb99302bd5b", 1469918176385, "2016-07-30T22:36:16.385Z"},
	{"00000000000000000000000000", "00000000000000000000000000000000", 0, "1970-01-01T00:00:00.000Z"},
	{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffffffffffffffffffffffffffff", 281474976710655, "10889-08-02T05:31:50.655Z"},
	{"01KVT0F720ZK9N4T2QX7VR8WMC", "019ef4079c40fcd3526857e9f784728c", 1782210600000, "2026-06-23T10:30:00.000Z"},
	{"014D2PF2DBSQQZXQ5TK1V58CGG", "0123456789abcdeffedcba9876543210", 1250999896491, "2009-08-23T03:58:16.491Z"},
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
		t.Run(v.text, func(t *testing.T) {
			want := fromHex(t, v.hex)
			for name, parse := range map[string]func(string) (ULID, error){"Parse": Parse, "ParseStrict": ParseStrict} {
				got, err := parse(v.text)
				if err != nil || got != want {
					t.Errorf("%s(%q) = %x, %v; want %x", name, v.text, got[:], err, want[:])
				}
			}
			if got := want.String(); got != v.text {
				t.Errorf("String() = %q, want %q", got, v.text)
			}
			if got := want.Timestamp(); got != v.ms {
				t.Errorf("Timestamp() = %d, want %d", got, v.ms)
			}
			if got := want.Time().Format(rfc3339Milli); got != v.time {
				t.Errorf("Time() = %s, want %s", got, v.time)
			}
			if loc := want.Time().Location(); loc != time.UTC {
				t.Errorf("Time().Location() = %v, want UTC", loc)
			}
			if got := want.Entropy(); !bytes.Equal(got[:], want[6:]) {
				t.Errorf("Entropy() = %x, want %x", got, want[6:])
			}
			// Lower case parses to the same value.
			if got, err := Parse(strings.ToLower(v.text)); err != nil || got != want {
				t.Errorf("Parse(lower) = %x, %v", got[:], err)
			}
		})
	}
}

func TestSpecExtras(t *testing.T) {
	first := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	if got, err := Parse("01arYZ6s41tsv4rrffq69g5fav"); err != nil || got != first {
		t.Errorf("mixed case: %v, %v", got, err)
	}
	if got, err := Parse("OIARYZ6S41TSV4RRFFQ69G5FAV"); err != nil || got != first {
		t.Errorf("aliases with Parse: %v, %v", got, err)
	}
	if _, err := ParseStrict("OIARYZ6S41TSV4RRFFQ69G5FAV"); !errors.Is(err, ErrInvalidCharacter) {
		t.Errorf("aliases with ParseStrict: err = %v, want ErrInvalidCharacter", err)
	}
	if _, err := Parse("80000000000000000000000000"); !errors.Is(err, ErrOverflow) {
		t.Errorf("overflow: err = %v, want ErrOverflow", err)
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

// oracleDecode is a slow, independent decoder that follows SPEC §2: 26
// characters, case-insensitive, aliases only when lenient, value below 2^128.
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

// A brokenReader returns n and err from every Read, after copying up to n
// bytes of fill into p (none when n is out of range).
type brokenReader struct {
	n    int
	err  error
	fill byte
}

func (r *brokenReader) Read(p []byte) (int, error) {
	if r.n >= 0 && r.n <= len(p) {
		for i := range r.n {
			p[i] = r.fill
		}
	}
	return r.n, r.err
}

// TestNewBadReaders checks that readers which break the io.Reader contract,
// or run dry, give New and a Monotonic an error: never zero entropy, a panic
// or a wait without end.
func TestNewBadReaders(t *testing.T) {
	errBroken := errors.New("broken")
	tests := []struct {
		name string
		r    io.Reader
		err  error // nil: any error
		ok   bool
	}{
		{"no bytes and no error, forever", &brokenReader{n: 0}, io.ErrNoProgress, false},
		{"negative count", &brokenReader{n: -1}, nil, false},
		{"more than asked for", &brokenReader{n: 110}, nil, false},
		{"an error", &brokenReader{n: 0, err: errBroken}, errBroken, false},
		{"5 bytes, then EOF", bytes.NewReader(make([]byte, 5)), io.ErrUnexpectedEOF, false},
		{"empty", bytes.NewReader(nil), io.EOF, false},
		{"all 10 bytes with io.EOF", &brokenReader{n: 10, err: io.EOF, fill: 7}, nil, true},
		{"one byte at a time", iotest.OneByteReader(bytes.NewReader(bytes.Repeat([]byte{7}, 10))), nil, true},
		{"no progress 99 times, then bytes", io.MultiReader(&emptyReads{99}, bytes.NewReader(bytes.Repeat([]byte{7}, 10))), nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id, err := New(1469918176385, tc.r)
			if tc.ok {
				if err != nil || id.Entropy() != [10]byte(bytes.Repeat([]byte{7}, 10)) {
					t.Errorf("New = %s, %v; want entropy of 7s", id, err)
				}
				return
			}
			if err == nil || (tc.err != nil && !errors.Is(err, tc.err)) || !strings.HasPrefix(err.Error(), "ulid: reading entropy: ") || !id.IsZero() {
				t.Errorf("New = %s, %v; want the zero ULID and an error wrapping %v", id, err, tc.err)
			}
			g := NewMonotonic(tc.r)
			if _, err := g.New(1); err == nil {
				t.Error("Monotonic.New succeeded")
			}
			if _, err := g.Next(); err == nil {
				t.Error("Monotonic.Next succeeded")
			}
		})
	}
}

// emptyReads returns no bytes and no error n times, then io.EOF.
type emptyReads struct{ n int }

func (r *emptyReads) Read([]byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	r.n--
	return 0, nil
}

// TestNewCryptoRandReader checks that passing crypto/rand.Reader, as code
// written for oklog/ulid does, takes the buffered path of a nil entropy: the
// ULIDs come from systemRandom's buffer, so consecutive ones use consecutive
// 10-byte slices of one block, and reading it does not allocate (see
// TestZeroAllocations).
func TestNewCryptoRandReader(t *testing.T) {
	for _, name := range []string{"New", "NewMonotonic"} {
		t.Run(name, func(t *testing.T) {
			g := NewMonotonic(rand.Reader)
			ms := uint64(0)
			entropy := func() [10]byte { // from a new millisecond each time, so g reads fresh entropy
				ms++
				if name == "New" {
					return MustNew(ms, rand.Reader).Entropy()
				}
				id, err := g.New(ms)
				if err != nil {
					t.Fatal(err)
				}
				return id.Entropy()
			}
			// Use up the buffer to a block boundary, then take a whole block.
			systemRandom.mu.Lock()
			left := systemRandom.left
			systemRandom.mu.Unlock()
			for range left / 10 {
				entropy()
			}
			var block []byte
			for range len(systemRandom.buf) / 10 {
				e := entropy()
				block = append(block, e[:]...)
			}
			systemRandom.mu.Lock()
			buffered := bytes.Equal(block, systemRandom.buf[:])
			systemRandom.mu.Unlock()
			if !buffered {
				t.Errorf("%s with crypto/rand.Reader did not read through the shared buffer", name)
			}
		})
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

func TestTimestampConversion(t *testing.T) {
	paris := time.FixedZone("CEST", 2*60*60)
	tests := []struct {
		name string
		in   time.Time
		want uint64
		err  error
	}{
		{"epoch", time.Unix(0, 0), 0, nil},
		{"truncates, never rounds", time.Unix(1469918176, 385_999_999), 1469918176385, nil},
		{"non-UTC location", time.Date(2016, 7, 31, 0, 36, 16, 385_000_000, paris), 1469918176385, nil},
		{"maximum", time.UnixMilli(int64(MaxTimestamp)), MaxTimestamp, nil},
		{"maximum plus sub-millisecond", time.UnixMilli(int64(MaxTimestamp)).Add(999_999), MaxTimestamp, nil},
		{"one millisecond past the maximum", time.UnixMilli(int64(MaxTimestamp) + 1), 0, ErrTimeOutOfRange},
		{"one nanosecond before 1970", time.Unix(0, -1), 0, ErrTimeOutOfRange},
		{"year 1", time.Time{}, 0, ErrTimeOutOfRange},
		{"year 10890", time.Date(10890, 1, 1, 0, 0, 0, 0, time.UTC), 0, ErrTimeOutOfRange},
		{"far future", time.Unix(1<<62, 0), 0, ErrTimeOutOfRange}, // int64 arguments: the same on 32-bit platforms
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Timestamp(tc.in)
			if !errors.Is(err, tc.err) || got != tc.want {
				t.Errorf("Timestamp(%v) = %d, %v; want %d, %v", tc.in, got, err, tc.want, tc.err)
			}
			if err == nil && tc.in.Before(time.UnixMilli(int64(got))) {
				t.Errorf("Timestamp(%v) = %d ms is later than the instant", tc.in, got)
			}
		})
	}

	for _, v := range vectors {
		got, err := Time(v.ms)
		if err != nil || got.Format(rfc3339Milli) != v.time || got.Location() != time.UTC {
			t.Errorf("Time(%d) = %v, %v; want %s", v.ms, got, err, v.time)
		}
		back, err := Timestamp(got)
		if err != nil || back != v.ms {
			t.Errorf("Timestamp(Time(%d)) = %d, %v", v.ms, back, err)
		}
	}
	if _, err := Time(MaxTimestamp + 1); !errors.Is(err, ErrTimeOutOfRange) {
		t.Errorf("Time(MaxTimestamp+1) err = %v", err)
	}
}

// Make reads crypto/rand through a shared buffer; a program that replaced
// crypto/rand.Reader with a reader that panics gets the panic from Make,
// and after recovering it, Make works again once the reader does.
func TestMakeAfterPanickingCryptoRandReader(t *testing.T) {
	saved := rand.Reader
	t.Cleanup(func() { rand.Reader = saved })
	systemRandom.mu.Lock()
	systemRandom.left = 0 // the next ULID in a new millisecond reads crypto/rand
	systemRandom.mu.Unlock()
	rand.Reader = panicReader{}
	panicked := false
	// Make reads entropy only in a new millisecond; try until one does.
	for deadline := time.Now().Add(time.Second); !panicked && time.Now().Before(deadline); {
		panicked = recovered(func() { Make() })
	}
	if !panicked {
		t.Fatal("Make never read the replaced crypto/rand.Reader")
	}
	rand.Reader = saved
	withinSecond(t, "Make after a panic", func() {
		before := Make()
		time.Sleep(2 * time.Millisecond)
		if after := Make(); after.Compare(before) <= 0 {
			t.Errorf("Make after a panic: %v is not after %v", after, before)
		}
	})
}

// A program that replaces crypto/rand.Reader gets its reader used as it is
// for a nil entropy: a reader of zeros gives zero entropy, with no error.
func TestReplacedCryptoRandReaderIsUsedAsItIs(t *testing.T) {
	saved := rand.Reader
	dropBuffered := func() {
		systemRandom.mu.Lock()
		systemRandom.left = 0
		systemRandom.mu.Unlock()
	}
	t.Cleanup(func() { rand.Reader = saved; dropBuffered() }) // the zeros must not outlive this test
	dropBuffered()                                            // the bytes read before the change
	rand.Reader = zeroReader{}
	id, err := New(1469918176385, nil)
	if err != nil {
		t.Fatal(err)
	}
	if id.Entropy() != [10]byte{} {
		t.Errorf("entropy from a reader of zeros = %x, want all zero", id.Entropy())
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }
