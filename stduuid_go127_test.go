//go:build go1.27

package ulid_test

// ULIDs beside the standard library's version 7 UUIDs (Go 1.27): the facts
// docs/uuidv7.md compares them by, each pinned here against uuid.NewV7
// itself.

import (
	"bytes"
	"strings"
	"testing"
	"testing/synctest"
	"time"
	"uuid"

	"github.com/ulidgo/ulid"
)

// unixMs is the 48-bit timestamp at the front of a ULID or a UUIDv7.
func unixMs(b [16]byte) uint64 {
	return uint64(b[0])<<40 | uint64(b[1])<<32 | uint64(b[2])<<24 | uint64(b[3])<<16 | uint64(b[4])<<8 | uint64(b[5])
}

// A ULID's text is 26 characters, a UUID's 36, for the same 128 bits.
func TestStdUUIDTextLength(t *testing.T) {
	for range 1000 {
		id := ulid.MakeV7()
		if s := id.String(); len(s) != 26 {
			t.Fatalf("MakeV7().String() = %q, %d characters", s, len(s))
		}
		if s := uuid.UUID(id).String(); len(s) != 36 || s != id.UUIDString() {
			t.Fatalf("uuid.UUID(id).String() = %q, id.UUIDString() = %q", s, id.UUIDString())
		}
		if s := uuid.NewV7().String(); len(s) != 36 {
			t.Fatalf("uuid.NewV7().String() = %q, %d characters", s, len(s))
		}
	}
}

// A UUID from uuid.NewV7 is a ULID too, with the same 48-bit millisecond:
// ulid.ULID(u) reads its time and writes its 26-character text, and it is
// a UUIDv7 by IsUUIDv7.
func TestStdUUIDAsULID(t *testing.T) {
	for range 1000 {
		before := time.Now().UnixMilli()
		u := uuid.NewV7()
		id := ulid.ULID(u)
		if !id.IsUUIDv7() || id.Timestamp() != unixMs(u) || int64(id.Timestamp()) < before {
			t.Fatalf("ulid.ULID(%v): IsUUIDv7 %v, timestamp %d, want %d (made after %d)", u, id.IsUUIDv7(), id.Timestamp(), unixMs(u), before)
		}
		if id.Time().UnixMilli() != int64(unixMs(u)) {
			t.Fatalf("ulid.ULID(%v).Time() = %v", u, id.Time())
		}
		back, err := ulid.ParseUUID(u.String())
		if err != nil || back != id || ulid.MustParse(id.String()) != id {
			t.Fatalf("ParseUUID(%s) = %v, %v; want %v", u, back, err, id)
		}
	}
}

// Both kinds sort by time as bytes and as text: each value made after
// another compares greater, its first 48 bits are the Unix millisecond it
// was made in, and its text sorts after the other's.
func TestStdUUIDSortsByTime(t *testing.T) {
	const n = 100_000
	for _, k := range []struct {
		name string
		make func() [16]byte
		text func([16]byte) string
	}{
		{"uuid.NewV7", func() [16]byte { return uuid.NewV7() }, func(b [16]byte) string { return uuid.UUID(b).String() }},
		{"ulid.MakeV7", func() [16]byte { return ulid.MakeV7() }, func(b [16]byte) string { return ulid.ULID(b).String() }},
		{"ulid.Make", func() [16]byte { return ulid.Make() }, func(b [16]byte) string { return ulid.ULID(b).String() }},
	} {
		before := uint64(time.Now().UnixMilli())
		prev := k.make()
		for i := range n {
			b := k.make()
			if bytes.Compare(b[:], prev[:]) <= 0 {
				t.Fatalf("%s #%d: % x not after % x", k.name, i, b, prev)
			}
			if strings.Compare(k.text(b), k.text(prev)) <= 0 {
				t.Fatalf("%s #%d: text %s not after %s", k.name, i, k.text(b), k.text(prev))
			}
			prev = b
		}
		// uuid.NewV7 may run ahead of the clock (TestStdUUIDSubMillisecond),
		// by one millisecond per 4096 UUIDs at most.
		after := uint64(time.Now().UnixMilli())
		if ms := unixMs(prev); ms < before || ms > after+n/4096 {
			t.Errorf("%s: last timestamp %d ms, outside the clock's %d–%d", k.name, ms, before, after)
		}
	}
}

// When the clock steps back, uuid.NewV7 steps back with it, as its doc says
// ("except when the system clock moves backwards"); Make and MakeV7 keep the
// latest millisecond they issued and go on increasing. A testing/synctest
// bubble's clock reads 2000-01-01 (bubbleEpoch): to code that ran before,
// the clock has stepped back 26 years.
func TestStdUUIDClockStepBack(t *testing.T) {
	lastUUID, lastV7, lastULID := uuid.NewV7(), ulid.MakeV7(), ulid.Make()
	synctest.Test(t, func(t *testing.T) {
		u := uuid.NewV7()
		if u.Compare(lastUUID) >= 0 || unixMs(u) != bubbleEpoch {
			t.Errorf("uuid.NewV7 after the clock stepped back: %v (%d ms), want one before %v, at %d ms",
				u, unixMs(u), lastUUID, int64(bubbleEpoch))
		}
		id := ulid.MakeV7()
		if id.Compare(lastV7) <= 0 || id.Timestamp() < lastV7.Timestamp() || !id.IsUUIDv7() {
			t.Errorf("MakeV7 after the clock stepped back: %s, want one after %s", id.UUIDString(), lastV7.UUIDString())
		}
		if uuid.UUID(id).Compare(uuid.UUID(lastV7)) <= 0 {
			t.Errorf("MakeV7's ULIDs as uuid.UUIDs: %v not after %v", uuid.UUID(id), uuid.UUID(lastV7))
		}
		p := ulid.Make()
		if p.Compare(lastULID) <= 0 || p.Timestamp() < lastULID.Timestamp() {
			t.Errorf("Make after the clock stepped back: %s, want one after %s", p, lastULID)
		}
	})
}

// uuid.NewV7 fills the 12 bits after the version (rand_a) with a fraction of
// the millisecond, 1/4096 ms, counted on by one when the clock has not moved:
// so it has 62 random bits, and after 4096 UUIDs in one millisecond its
// timestamp runs ahead of the clock. A ULID generator's 74 (v7) or 80 free
// bits are all random, and its timestamp stays the clock's. The bubble's
// clock stands still until every goroutine in it blocks.
func TestStdUUIDSubMillisecond(t *testing.T) {
	_ = uuid.NewV7() // real time before the bubble, so its first UUID starts afresh
	synctest.Test(t, func(t *testing.T) {
		g := ulid.NewMonotonicV7(nil) // made in the bubble: follows its clock
		for i := range 5000 {
			u := uuid.NewV7()
			frac := uint64(u[6]&0x0f)<<8 | uint64(u[7])
			wantMs, wantFrac := uint64(bubbleEpoch)+uint64(i/4096), uint64(i%4096)
			if unixMs(u) != wantMs || frac != wantFrac {
				t.Fatalf("uuid.NewV7 #%d at a standing clock: %v, %d ms and rand_a %d; want %d ms and rand_a %d",
					i, u, unixMs(u), frac, wantMs, wantFrac)
			}
			id, err := g.Next()
			if err != nil || id.Timestamp() != bubbleEpoch {
				t.Fatalf("NewMonotonicV7's Next #%d at a standing clock: %s (%d ms), %v; want %d ms",
					i, id.UUIDString(), id.Timestamp(), err, int64(bubbleEpoch))
			}
		}
	})
}

// Within one millisecond MakeV7 adds one to the 74 free bits, so a ULID's
// successor is guessable from it; uuid.NewV7 draws its 62 random bits
// (rand_b) afresh for each UUID. Two fresh draws are equal, or one above the
// other, with odds of 2^-61 per pair: less than 10^-13 over this test.
func TestStdUUIDNeighbours(t *testing.T) {
	randB := func(b [16]byte) uint64 {
		return uint64(b[8]&0x3f)<<56 | uint64(b[9])<<48 | uint64(b[10])<<40 | uint64(b[11])<<32 |
			uint64(b[12])<<24 | uint64(b[13])<<16 | uint64(b[14])<<8 | uint64(b[15])
	}
	// The 74 free bits of a v7 ULID, as rand_a (12 bits) and rand_b (62).
	free := func(b [16]byte) (uint64, uint64) { return uint64(b[6]&0x0f)<<8 | uint64(b[7]), randB(b) }

	sameMs := 0
	prev := ulid.MakeV7()
	for range 10_000 {
		id := ulid.MakeV7()
		if id.Timestamp() == prev.Timestamp() {
			sameMs++
			a0, b0 := free(prev)
			a1, b1 := free(id)
			carry := b0 == 1<<62-1
			if carry && (a1 != a0+1 || b1 != 0) || !carry && (a1 != a0 || b1 != b0+1) {
				t.Fatalf("MakeV7 in one millisecond: %s after %s, not the 74 bits plus one", id.UUIDString(), prev.UUIDString())
			}
		}
		prev = id
	}
	if sameMs < 1000 {
		t.Fatalf("only %d of 10,000 MakeV7 pairs shared a millisecond", sameMs)
	}

	prevU := uuid.NewV7()
	for range 10_000 {
		u := uuid.NewV7()
		if b0, b1 := randB(prevU), randB(u); b1 == b0 || b1 == b0+1 {
			t.Fatalf("uuid.NewV7: rand_b of %v is that of %v or one more", u, prevU)
		}
		prevU = u
	}
}
