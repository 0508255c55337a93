//go:build go1.25

package ulid_test

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/ulidgo/ulid"
)

// bubbleEpoch is where the fake clock of a testing/synctest bubble starts:
// 2000-01-01T00:00:00Z, in Unix milliseconds.
const bubbleEpoch = 946684800000

// TestSynctestBubble pins what ULIDs look like inside a testing/synctest
// bubble, whose time.Now is a fake clock starting at 2000-01-01T00:00:00Z
// that moves only when every goroutine in the bubble is blocked.
//
// A generator created inside the bubble follows the fake clock, so its
// timestamps are exact and reproducible. Make, the process-wide generator,
// has usually issued real-time ULIDs before the bubble starts: to it the
// fake clock looks like a clock that stepped back 26 years, so it keeps its
// latest real millisecond and increments. Either way every ULID is greater
// than the one before.
func TestSynctestBubble(t *testing.T) {
	before := ulid.Make() // real time, as in any test binary that ran Make earlier

	synctest.Test(t, func(t *testing.T) {
		if now := time.Now().UnixMilli(); now != bubbleEpoch {
			t.Fatalf("the bubble's clock starts at %d ms, want %d", now, int64(bubbleEpoch))
		}

		g := ulid.NewMonotonic(nil)
		var prev ulid.ULID
		for _, tc := range []struct {
			sleep time.Duration
			want  uint64 // the timestamp of the ULIDs made after sleeping
		}{
			{0, bubbleEpoch},
			{time.Millisecond, bubbleEpoch + 1},
			{999 * time.Microsecond, bubbleEpoch + 1}, // 1.999 ms: truncated, never rounded up
			{time.Hour, bubbleEpoch + 1 + 3_600_000},
		} {
			time.Sleep(tc.sleep)
			for range 3 {
				id, err := g.Next()
				if err != nil {
					t.Fatal(err)
				}
				if id.Timestamp() != tc.want {
					t.Errorf("after %v: generator made in the bubble gave timestamp %d, want %d", tc.sleep, id.Timestamp(), tc.want)
				}
				if id.Compare(prev) <= 0 {
					t.Errorf("generator: %s is not after %s", id, prev)
				}
				prev = id
			}
		}

		last := before
		for range 3 {
			id := ulid.Make()
			if id.Compare(last) <= 0 {
				t.Errorf("Make in the bubble: %s is not after %s", id, last)
			}
			if id.Timestamp() < before.Timestamp() || id.Timestamp() > before.Timestamp()+1 {
				t.Errorf("Make in the bubble: timestamp %d, want the last real one, %d (or the next if its entropy ran out)", id.Timestamp(), before.Timestamp())
			}
			last = id
		}
	})
}
