package benchmarks

import (
	"slices"
	"sync"
	"testing"
	"time"

	googleuuid "github.com/google/uuid"
	"github.com/ulidgo/ulid"
)

// TestMakeV7AsGoogleUUID reads a million ULIDs from ulid.MakeV7, made by 8
// goroutines at once, with github.com/google/uuid, a reader written apart from
// ours: each must be a version 7 UUID of the RFC 9562 variant (which
// google/uuid calls RFC4122), and the Unix millisecond that google/uuid's Time
// reads from a version 7 UUID must be the ULID's timestamp, within the span of
// the test. Each goroutine's ULIDs must increase strictly, and all million must
// be distinct.
func TestMakeV7AsGoogleUUID(t *testing.T) {
	const goroutines, perGoroutine = 8, 125_000

	start := uint64(time.Now().UnixMilli())
	ids := make([][]ulid.ULID, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		ids[g] = make([]ulid.ULID, perGoroutine)
		wg.Go(func() {
			for i := range ids[g] {
				ids[g][i] = ulid.MakeV7()
			}
		})
	}
	wg.Wait()
	end := uint64(time.Now().UnixMilli())

	all := make([]ulid.ULID, 0, goroutines*perGoroutine)
	for g, seq := range ids {
		for i, id := range seq {
			u := googleuuid.UUID(id)
			if v := u.Version(); v != 7 {
				t.Fatalf("goroutine %d, ULID %d: %s (UUID %s) has google/uuid Version %d, want 7", g, i, id, u, v)
			}
			if v := u.Variant(); v != googleuuid.RFC4122 {
				t.Fatalf("goroutine %d, ULID %d: %s (UUID %s) has google/uuid Variant %v, want %v", g, i, id, u, v, googleuuid.RFC4122)
			}
			// For version 7, google/uuid's Time is the 48-bit Unix
			// millisecond in 100 ns units since 1582; UnixTime turns it back
			// into Unix seconds and nanoseconds.
			sec, nsec := u.Time().UnixTime()
			if ms := sec*1000 + nsec/1_000_000; ms != int64(id.Timestamp()) {
				t.Fatalf("goroutine %d, ULID %d: google/uuid reads %d ms from %s, Timestamp() = %d", g, i, ms, u, id.Timestamp())
			}
			if ts := id.Timestamp(); ts < start || ts > end {
				t.Fatalf("goroutine %d, ULID %d: %s has timestamp %d, outside the test's %d…%d", g, i, id, ts, start, end)
			}
			if i > 0 && id.Compare(seq[i-1]) <= 0 {
				t.Fatalf("goroutine %d: ULID %d %s is not after ULID %d %s", g, i, id, i-1, seq[i-1])
			}
		}
		all = append(all, seq...)
	}

	slices.SortFunc(all, ulid.ULID.Compare)
	for i := 1; i < len(all); i++ {
		if all[i] == all[i-1] {
			t.Fatalf("MakeV7 returned %s twice", all[i])
		}
	}
}

// TestMakeIsNotReliablyV7 checks that ULIDs from the plain generator are
// version 7 UUIDs only by chance: a ULID whose 80 entropy bits are random has
// the version 7 (4 bits) and the variant 10 (2 bits) one time in 64.
//
// Make draws fresh entropy only in a new millisecond and increments it within
// one, which seldom touches bytes 6 and 8, so the ULIDs of one millisecond
// are one sample, not many. The test therefore counts the first ULID of each
// millisecond of Make, and, for the share, a generator like Make's given a new
// millisecond on every call, so that each of its 64,000 ULIDs has fresh
// entropy.
func TestMakeIsNotReliablyV7(t *testing.T) {
	t.Run("Make", func(t *testing.T) {
		// At least 64 milliseconds' first ULIDs. Expected: one v7 among 64.
		// All 64 v7 would have odds of 64^-64; 16 or more, under 1e-14.
		const millis = 64
		var first, v7 int
		last := uint64(0)
		for first < millis {
			id := ulid.Make()
			if id.Timestamp() == last {
				continue
			}
			last = id.Timestamp()
			first++
			if id.IsUUIDv7() {
				v7++
			}
		}
		t.Logf("%d of the first ULIDs of %d milliseconds are UUIDv7", v7, millis)
		if v7 > millis/4 {
			t.Errorf("%d of the first ULIDs of %d milliseconds of Make are UUIDv7, want about 1 in 64", v7, millis)
		}
	})

	t.Run("fresh entropy", func(t *testing.T) {
		// Binomial with n = 64,000 and p = 1/64: mean 1,000, standard
		// deviation 31.4. The bounds are 6 deviations away: a correct
		// generator fails with odds of about 2 in 10^9.
		const n = 64_000
		const lo, hi = 812, 1188
		g := ulid.NewMonotonic(nil) // crypto/rand, as Make's generator
		ms := uint64(time.Now().UnixMilli())
		v7 := 0
		for i := range uint64(n) {
			id, err := g.New(ms + i) // a new millisecond: fresh entropy
			if err != nil {
				t.Fatal(err)
			}
			if id.IsUUIDv7() {
				v7++
			}
			// IsUUIDv7 against google/uuid's own reading of the bits.
			u := googleuuid.UUID(id)
			if want := u.Version() == 7 && u.Variant() == googleuuid.RFC4122; id.IsUUIDv7() != want {
				t.Fatalf("%s: IsUUIDv7() = %v, google/uuid reads version %d, variant %v", id, id.IsUUIDv7(), u.Version(), u.Variant())
			}
		}
		t.Logf("%d of %d ULIDs with fresh entropy are UUIDv7", v7, n)
		if v7 < lo || v7 > hi {
			t.Errorf("%d of %d ULIDs with fresh entropy are UUIDv7, want %d…%d (about 1 in 64)", v7, n, lo, hi)
		}
	})
}
