//go:build go1.25

package ulid_test

import (
	"os"
	"os/exec"
	"strings"
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

// TestSynctestMakeFirst pins why the package doc says not to call Make in a
// bubble: in a process whose first ULID is made in a bubble, Make takes the
// bubble's fake time, and once the fake clock has run past the real one it
// keeps that future millisecond outside the bubble too, as it would after a
// real clock stepped back. Make's state is process-wide, so the test runs
// itself again in a new process (through $ULID_TEST_EXEC if set, as under
// QEMU) where nothing has made a ULID yet.
func TestSynctestMakeFirst(t *testing.T) {
	if os.Getenv("ULID_SYNCTEST_CHILD") != "1" {
		args := append(strings.Fields(os.Getenv("ULID_TEST_EXEC")), os.Args[0], "-test.run=^TestSynctestMakeFirst$", "-test.count=1", "-test.v")
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), "ULID_SYNCTEST_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("the test in a new process: %v\n%s", err, out)
		}
		return
	}

	const sleep = 40 * 365 * 24 * time.Hour // from 2000 to 2039, past the real clock
	var last ulid.ULID
	synctest.Test(t, func(t *testing.T) {
		if id := ulid.Make(); id.Timestamp() != bubbleEpoch {
			t.Errorf("first Make in the bubble: timestamp %d, want the bubble's %d", id.Timestamp(), uint64(bubbleEpoch))
		}
		time.Sleep(sleep)
		last = ulid.Make()
		if want := uint64(bubbleEpoch + sleep.Milliseconds()); last.Timestamp() != want {
			t.Errorf("Make after sleeping in the bubble: timestamp %d, want %d", last.Timestamp(), want)
		}
	})
	if now := uint64(time.Now().UnixMilli()); last.Timestamp() <= now {
		t.Fatalf("the bubble's clock did not run past the real one: %d <= %d", last.Timestamp(), now)
	}
	after := ulid.Make()
	if after.Compare(last) <= 0 || after.Timestamp() != last.Timestamp() {
		t.Errorf("Make outside the bubble = %s (timestamp %d), want the bubble's last millisecond %d, incremented", after, after.Timestamp(), last.Timestamp())
	}
}
