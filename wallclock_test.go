package ulid

import (
	"testing"
	"time"
)

func TestWallClockArithmetic(t *testing.T) {
	var c wallClock
	// The wall clock read 1000.5 ms at some instant between the monotonic
	// readings 4.9999 ms and 5 ms.
	c.pair(1000, 500_000, 4_999_900, 5_000_000)
	tests := []struct {
		mono int64
		want int64 // -1: the bracket straddles a millisecond, read time.Now
	}{
		{5_000_000, 1000},
		{5_400_000, 1000},
		// If the wall clock was read 100 ns before the pairing's monotonic
		// reading, it already shows 1001 here: deriving 1000 could give a
		// millisecond before a time.Now taken earlier.
		{5_499_950, -1},
		{5_499_500, -1}, // and the rate allowance widens the window
		{5_600_000, 1001},
		{7_000_000, 1002},
		{4_600_000, 1000}, // a reading from just before the pairing
		{4_500_000, -1},
		{4_400_000, 999},
	}
	for _, tc := range tests {
		got, ok := c.at(tc.mono)
		if !ok {
			got = -1
		}
		if got != tc.want {
			t.Errorf("at(%d) = %d, want %d", tc.mono, got, tc.want)
		}
	}
}

// TestWallClockInterruptedPairing pins that a pairing whose time.Now took
// a whole millisecond (the thread was descheduled between the two clock
// reads) is never used to derive a time: every call reads the wall clock
// until the next pairing.
func TestWallClockInterruptedPairing(t *testing.T) {
	var c wallClock
	mono := monotonicNow()
	c.pair(1000, 0, mono-1_000_000, mono) // a fake, 1970 wall clock
	for _, d := range []int64{-500_000, 0, 1, 500_000, 999_999 - mono%1e6} {
		if got, ok := c.at(mono + d); ok {
			t.Errorf("at(pairing%+d ns) = %d, true; want a read of the wall clock", d, got)
		}
	}
	before := time.Now().UnixMilli()
	got := c.millis(mono) // same millisecond as the pairing: no new pairing
	if got < before || got > time.Now().UnixMilli() {
		t.Fatalf("millis after an interrupted pairing = %d, want the wall clock (about %d)", got, before)
	}
	if c.ms != 1000 {
		t.Fatal("millis paired again within the same millisecond")
	}
}

func TestWallClockRepairsEachMillisecond(t *testing.T) {
	var c wallClock
	c.pair(1000, 0, 5_000_000, 5_000_000)
	c.millis(5_900_000) // same monotonic millisecond: no new pairing
	if c.mono != 5_000_000 {
		t.Fatal("paired again within the same millisecond")
	}
	c.millis(4_000_000) // an older reading never re-pairs
	if c.mono != 5_000_000 {
		t.Fatal("an older reading caused a pairing")
	}
	// A later millisecond pairs with the real clock, so a wall-clock step
	// (here from the fake 1970 value to now) shows at once.
	before := time.Now().UnixMilli()
	got := c.millis(6_000_000)
	if c.mono == 5_000_000 || got < before || got > time.Now().UnixMilli() {
		t.Fatalf("after a new millisecond: %d, clock %d", got, before)
	}
}

func TestWallClockAgreesWithTimeNow(t *testing.T) {
	var c wallClock
	deadline := time.Now().Add(30 * time.Millisecond)
	for n := 0; time.Now().Before(deadline); n++ {
		before := time.Now().UnixMilli()
		got := c.millis(monotonicNow())
		after := time.Now().UnixMilli()
		if got < before || got > after {
			t.Fatalf("call %d: %d ms outside the clock's %d–%d", n, got, before, after)
		}
	}
}

// TestNextAgreesWithTimeNow checks the promise of Next's doc comment, as a
// user's test would: a ULID's timestamp lies between time.Now read before
// and after the call.
func TestNextAgreesWithTimeNow(t *testing.T) {
	g := NewMonotonic(nil)
	deadline := time.Now().Add(30 * time.Millisecond)
	for n := 0; time.Now().Before(deadline); n++ {
		before := uint64(time.Now().UnixMilli())
		id, err := g.Next()
		after := uint64(time.Now().UnixMilli())
		if err != nil {
			t.Fatal(err)
		}
		if ms := id.Timestamp(); ms < before || ms > after {
			t.Fatalf("call %d: timestamp %d ms outside the clock's %d–%d", n, ms, before, after)
		}
	}
}
