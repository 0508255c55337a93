package ulid

import (
	"bytes"
	"encoding/hex"
	"errors"
	"slices"
	"testing"
	"time"
)

// rfc9562Example is the version 7 UUID of RFC 9562, appendix A.6: Unix time
// 1645557742000 ms (2022-02-22T19:22:22Z) and rand_a 0xCC3, rand_b
// 0x18C4DC0C0C07398F.
const rfc9562Example = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"

func TestIsUUIDv7(t *testing.T) {
	tests := []struct {
		name string
		id   ULID
		want bool
	}{
		{"RFC 9562 appendix A.6", mustParseUUID(t, rfc9562Example), true},
		{"ULID spec example", MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"), false}, // byte 6 is 0xd6
		{"zero", ULID{}, false},
		{"all ones", MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), false},
		{"version 7, variant 11", ULID{6: 0x70, 8: 0xc0}, false},
		{"version 7, variant 0", ULID{6: 0x7f, 8: 0x3f}, false},
		{"version 6, variant 10", ULID{6: 0x6f, 8: 0xbf}, false},
		{"version 8, variant 10", ULID{6: 0x80, 8: 0x80}, false},
		{"smallest v7 bits", ULID{6: 0x70, 8: 0x80}, true},
		{"largest v7 bits", ULID{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, true},
	}
	for _, tt := range tests {
		if got := tt.id.IsUUIDv7(); got != tt.want {
			t.Errorf("%s: %s (%s).IsUUIDv7() = %v, want %v", tt.name, tt.id, tt.id.UUIDString(), got, tt.want)
		}
	}
	// The RFC's example as a ULID: the timestamp reads the same either way.
	id := mustParseUUID(t, rfc9562Example)
	if id.Timestamp() != 1645557742000 || id.String() != "01FWHE4YDGFK1SHH6W1G60EECF" {
		t.Errorf("RFC 9562 example as a ULID: %s at %d ms", id, id.Timestamp())
	}
}

func mustParseUUID(t *testing.T, s string) ULID {
	t.Helper()
	id, err := ParseUUID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// raceDetector is set by race_internal_test.go when the race detector is on.
var raceDetector bool

// newTestMonotonicV7 is newTestMonotonic for a UUIDv7-compatible generator.
func newTestMonotonicV7(entropy []byte, ms int64) (*Monotonic, *fakeClock) {
	clock := &fakeClock{ms: ms}
	m := NewMonotonicV7(bytes.NewReader(entropy))
	m.now = clock.now
	return m, clock
}

func entropyHex(t *testing.T, s string) [10]byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 10 {
		t.Fatalf("bad hex %q", s)
	}
	return [10]byte(b)
}

// The version and variant replace 6 bits of the entropy read; the increment
// runs over the other 74, carrying from rand_b into rand_a across the variant.
func TestMonotonicV7Increment(t *testing.T) {
	tests := []struct {
		name    string
		entropy string   // the 10 bytes read
		want    []string // the entropy of the ULIDs made in one millisecond
	}{
		{"the fixed bits replace what was read", "00000000000000000000",
			[]string{"70008000000000000000", "70008000000000000001"}},
		{"the read bits are kept elsewhere", "ffffffffffffffff0000",
			[]string{"7fffbfffffffffff0000", "7fffbfffffffffff0001"}},
		{"carry within rand_b", "00000000ffffffffffff",
			[]string{"70008000ffffffffffff", "70008001000000000000"}},
		{"carry from rand_b into rand_a, over the variant", "0123ffffffffffffffff",
			[]string{"7123bfffffffffffffff", "71248000000000000000", "71248000000000000001"}},
		{"carry within rand_a", "00ffffffffffffffffff",
			[]string{"70ffbfffffffffffffff", "71008000000000000000"}},
	}
	for _, tt := range tests {
		m, _ := newTestMonotonicV7(func() []byte { e := entropyHex(t, tt.entropy); return e[:] }(), 1645557742000)
		for i, w := range tt.want {
			got := mustNext(t, m)
			if got.Entropy() != entropyHex(t, w) || got.Timestamp() != 1645557742000 || !got.IsUUIDv7() {
				t.Errorf("%s: ULID %d is %s, entropy %x; want entropy %s at 1645557742000 ms",
					tt.name, i, got.UUIDString(), got.Entropy(), w)
			}
		}
	}
}

// When all 74 free bits are set, Monotonic.New fails and Next moves on to
// the next millisecond; neither wraps to a smaller ULID or loses the fixed
// bits.
func TestMonotonicV7Overflow(t *testing.T) {
	allOnes := bytes.Repeat([]byte{0xff}, 10)
	fresh := bytes.Repeat([]byte{0x01}, 10)
	top := entropyHex(t, "7fffbfffffffffffffff") // every free bit set

	t.Run("New returns ErrMonotonicOverflow", func(t *testing.T) {
		m := NewMonotonicV7(bytes.NewReader(slices.Concat(allOnes, fresh)))
		first, err := m.New(9000)
		if err != nil || first.Entropy() != top {
			t.Fatalf("New(9000) = %s (entropy %x), %v", first, first.Entropy(), err)
		}
		for range 2 { // the failed call leaves the state unchanged
			if _, err := m.New(9000); !errors.Is(err, ErrMonotonicOverflow) {
				t.Fatalf("New(9000) with every free bit set: err = %v, want ErrMonotonicOverflow", err)
			}
		}
		next, err := m.New(9001)
		if err != nil || next.Compare(first) <= 0 || next.Entropy() != entropyHex(t, "71018101010101010101") {
			t.Fatalf("New(9001) = %s (entropy %x), %v", next, next.Entropy(), err)
		}
	})

	t.Run("Next moves to the next millisecond", func(t *testing.T) {
		m, _ := newTestMonotonicV7(slices.Concat(allOnes, fresh), 9000)
		first := mustNext(t, m)
		next := mustNext(t, m)
		if first.Entropy() != top || next.Timestamp() != 9001 || !next.IsUUIDv7() || next.Compare(first) <= 0 {
			t.Fatalf("%s then %s (ms %d)", first.UUIDString(), next.UUIDString(), next.Timestamp())
		}
	})

	t.Run("maximum timestamp", func(t *testing.T) {
		m, _ := newTestMonotonicV7(allOnes, int64(MaxTimestamp)+5)
		last := mustNext(t, m)
		if last.UUIDString() != "ffffffff-ffff-7fff-bfff-ffffffffffff" {
			t.Fatalf("clock past the maximum: %s", last.UUIDString())
		}
		if _, err := m.Next(); !errors.Is(err, ErrMonotonicOverflow) {
			t.Fatalf("Next at the very last v7 ULID: err = %v, want ErrMonotonicOverflow", err)
		}
	})
}

// A ULID made for an earlier millisecond than the latest gets fresh entropy,
// with the version and variant too.
func TestMonotonicV7Earlier(t *testing.T) {
	m := NewMonotonicV7(bytes.NewReader(bytes.Repeat([]byte{0xff}, 20)))
	if _, err := m.New(9000); err != nil {
		t.Fatal(err)
	}
	id, err := m.New(8000)
	if err != nil || !id.IsUUIDv7() || id.Timestamp() != 8000 {
		t.Fatalf("New(8000) after 9000 = %s, %v", id.UUIDString(), err)
	}
}

// Each of the 74 free bits is set in half of the ULIDs drawn in distinct
// milliseconds. With n = 200,000 the standard deviation of a bit's share is
// 0.11%, so the ±1% bound is 9 standard deviations: a correct generator fails
// it less than once in 10^17 runs.
func TestMonotonicV7FreeBitsAreUniform(t *testing.T) {
	const n = 200_000
	m := NewMonotonicV7(nil)
	var ones [128]int
	for i := range n {
		id, err := m.New(1_700_000_000_000 + uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for b := range 128 {
			ones[b] += int(id[b/8]>>(7-b%8)) & 1
		}
	}
	for b := 48; b < 128; b++ {
		share := float64(ones[b]) / n
		switch {
		case b >= 48 && b <= 51: // version 0111
			if want := float64(int(0b0111) >> (51 - b) & 1); share != want {
				t.Errorf("version bit %d set in %.4f of ULIDs, want %v", b, share, want)
			}
		case b == 64 || b == 65: // variant 10
			if want := float64(65 - b); share != want {
				t.Errorf("variant bit %d set in %.4f of ULIDs, want %v", b, share, want)
			}
		case share < 0.49 || share > 0.51:
			t.Errorf("free bit %d set in %.4f of ULIDs, want 0.50 ± 0.01", b, share)
		}
	}
}

// MakeV7 from many goroutines: one million ULIDs, each a UUIDv7 with the
// ULID's timestamp, each goroutine's strictly increasing, all distinct, and
// all below the next MakeV7.
func TestMakeV7Concurrent(t *testing.T) {
	goroutines, perGoroutine := 8, 125_000
	if raceDetector || testing.Short() {
		perGoroutine = 10_000 // the race detector checks the locking with fewer
	}
	before := time.Now().UnixMilli()
	results := makeConcurrently(goroutines, perGoroutine, MakeV7)
	after := MakeV7()
	all := slices.Concat(results...)
	for g, ids := range results {
		for i, id := range ids {
			if i > 0 && id.Compare(ids[i-1]) <= 0 {
				t.Fatalf("goroutine %d: %s after %s", g, id, ids[i-1])
			}
		}
	}
	slices.SortFunc(all, ULID.Compare)
	for i, id := range all {
		if i > 0 && id == all[i-1] {
			t.Fatalf("duplicate %s", id)
		}
		if !id.IsUUIDv7() {
			t.Fatalf("%s (%s) is not a UUIDv7", id, id.UUIDString())
		}
		// The UUIDv7 timestamp, unix_ts_ms, is the first 48 bits, as the
		// ULID's is: read it as a UUID reader would.
		uuidMs := uint64(id[0])<<40 | uint64(id[1])<<32 | uint64(id[2])<<24 | uint64(id[3])<<16 | uint64(id[4])<<8 | uint64(id[5])
		if uuidMs != id.Timestamp() || int64(uuidMs) < before {
			t.Fatalf("%s: UUID timestamp %d, ULID timestamp %d, test started at %d", id, uuidMs, id.Timestamp(), before)
		}
	}
	if last := all[len(all)-1]; after.Compare(last) <= 0 || !after.IsUUIDv7() {
		t.Errorf("MakeV7 after the goroutines = %s, not a UUIDv7 above %s", after, last)
	}
}

// MakeV7's sequence is apart from Make's: both stay ordered, and each keeps
// its own kind.
func TestMakeV7AndMakeInterleaved(t *testing.T) {
	var prev, prevV7 ULID
	for range 10_000 {
		id, v7 := Make(), MakeV7()
		if id.Compare(prev) <= 0 || v7.Compare(prevV7) <= 0 || !v7.IsUUIDv7() {
			t.Fatalf("Make %s after %s, MakeV7 %s after %s", id, prev, v7, prevV7)
		}
		prev, prevV7 = id, v7
	}
}

func TestMakeV7TimeBounds(t *testing.T) {
	for range 1000 {
		before := time.Now().UnixMilli()
		id := MakeV7()
		after := time.Now().UnixMilli()
		// MakeV7 may run ahead of the clock only after using up a
		// millisecond's 2^74 values, which this test cannot do.
		if ms := int64(id.Timestamp()); ms < before || ms > after {
			t.Fatalf("MakeV7 at %d ms, outside the clock's %d–%d", ms, before, after)
		}
	}
}
