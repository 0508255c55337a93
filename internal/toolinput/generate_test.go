package toolinput

import (
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// TestGeneration checks each way the tools make ULIDs: their time, order,
// entropy and version bits.
func TestGeneration(t *testing.T) {
	const n = 100
	for _, tc := range []struct {
		name   string
		g      Generation
		ms     uint64 // the time of every ULID, or 0 for now
		sorted bool   // strictly increasing; otherwise, for fresh entropy, not in order
		first  string // the first ULID as UUID text, if known
	}{
		{name: "now", g: Generation{}, sorted: true},
		{name: "now v7", g: Generation{V7: true}, sorted: true},
		{name: "time", g: Generation{At: specMS, AtSet: true}, ms: specMS, sorted: true},
		{name: "time v7", g: Generation{At: specMS, AtSet: true, V7: true}, ms: specMS, sorted: true},
		{name: "zero", g: Generation{At: specMS, AtSet: true, Zero: true}, ms: specMS, sorted: true, first: "01563df3-6481-0000-0000-000000000000"},
		{name: "zero fresh", g: Generation{At: specMS, AtSet: true, Zero: true, Fresh: true}, ms: specMS, sorted: true, first: "01563df3-6481-0000-0000-000000000000"},
		{name: "zero v7", g: Generation{At: specMS, AtSet: true, Zero: true, V7: true}, ms: specMS, sorted: true, first: "01563df3-6481-7000-8000-000000000000"},
		{name: "zero now", g: Generation{Zero: true}, sorted: true},
		{name: "fresh", g: Generation{Fresh: true}},
		{name: "fresh v7", g: Generation{Fresh: true, V7: true}},
		{name: "fresh time", g: Generation{At: specMS, AtSet: true, Fresh: true}, ms: specMS},
		{name: "fresh time v7", g: Generation{At: specMS, AtSet: true, Fresh: true, V7: true}, ms: specMS},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := uint64(time.Now().UnixMilli())
			next := tc.g.Generator()
			ids := make([]ulid.ULID, n)
			for i := range ids {
				id, err := next()
				if err != nil {
					t.Fatal(err)
				}
				ids[i] = id
			}
			after := uint64(time.Now().UnixMilli())
			for i, id := range ids {
				switch ms := id.Timestamp(); {
				case tc.ms != 0 && ms != tc.ms, tc.ms == 0 && (ms < before || ms > after):
					t.Fatalf("ULID %d: %s has %d ms, want %d or from %d to %d", i, id, ms, tc.ms, before, after)
				case tc.g.V7 && !id.IsUUIDv7():
					t.Fatalf("ULID %d: %s: IsUUIDv7 %v", i, id, id.IsUUIDv7())
				case tc.g.Zero && ms != ids[0].Timestamp():
					t.Fatalf("ULID %d: %s is not of the first one's millisecond", i, id)
				}
			}
			if tc.first != "" && ids[0].UUIDString() != tc.first {
				t.Errorf("first %s, want %s", ids[0].UUIDString(), tc.first)
			}
			// Fresh entropy puts 100 ULIDs of one millisecond in order by
			// chance once in 100!; the clock ticks at most a few times
			// while they are made, and the ULIDs of each millisecond are
			// as likely in order.
			increasing := true
			for i := 1; i < n && increasing; i++ {
				increasing = ids[i].Compare(ids[i-1]) > 0
			}
			if increasing != tc.sorted {
				t.Errorf("strictly increasing: %v, want %v", increasing, tc.sorted)
			}
		})
	}
}
