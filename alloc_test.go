package ulid_test

import (
	"crypto/rand"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// raceEnabled is set by race_test.go when the race detector is on.
var raceEnabled bool

// Package-level sinks keep results alive without making the values under
// test escape.
var (
	sinkULID   ulid.ULID
	sinkInt    int
	sinkTime   time.Time
	sinkString string
	sinkBytes  []byte
	sinkMs     uint64
)

// TestZeroAllocations pins the allocation-free paths. It lives in the
// external test package on purpose: what matters is what a caller in another
// package sees, after the compiler has inlined across the package boundary.
func TestZeroAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	const str = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	text := []byte(str)
	uuidText := "01563df3-6481-d676-4c61-efb99302bd5b"
	var uuidBytes any = []byte(uuidText) // boxed once, outside the measured calls
	buf := make([]byte, 0, 64)
	const typeID = "user_01aryz6s41tsv4rrffq69g5fav"
	typeIDBytes := []byte(typeID)
	var typeIDAny any = typeIDBytes
	now := time.Now()
	monotonic := ulid.NewMonotonic(nil)
	monotonicV7 := ulid.NewMonotonicV7(nil)
	randMonotonic := ulid.NewMonotonic(rand.Reader)

	tests := []struct {
		name string
		f    func()
	}{
		{"Make", func() { sinkULID = ulid.Make() }},
		{"MakeV7", func() { sinkULID = ulid.MakeV7() }},
		{"NewMonotonicV7(nil).Next", func() { sinkULID, _ = monotonicV7.Next() }},
		{"New(ms, nil)", func() { sinkULID, _ = ulid.New(1469918176385, nil) }},
		{"New(ms, crypto/rand.Reader)", func() { sinkULID, _ = ulid.New(1469918176385, rand.Reader) }},
		{"NewMonotonic(crypto/rand.Reader).New", func() { sinkULID, _ = randMonotonic.New(uint64(time.Now().UnixMilli())) }},
		{"Monotonic.Next", func() { sinkULID, _ = monotonic.Next() }},
		{"Parse", func() { sinkULID, _ = ulid.Parse(str) }},
		{"ParseStrict", func() { sinkULID, _ = ulid.ParseStrict(str) }},
		{"UnmarshalText", func() {
			var id ulid.ULID
			_ = id.UnmarshalText(text)
			sinkULID = id
		}},
		{"AppendText", func() { buf, _ = id.AppendText(buf[:0]) }},
		{"AppendBinary", func() { buf, _ = id.AppendBinary(buf[:0]) }},
		{"AppendUUID", func() { buf = id.AppendUUID(buf[:0]) }},
		{"ParseUUID", func() { sinkULID, _ = ulid.ParseUUID(uuidText) }},
		{"Scan", func() {
			var id ulid.ULID
			_ = id.Scan(uuidBytes)
			sinkULID = id
		}},
		{"Compare", func() { sinkInt = id.Compare(sinkULID) }},
		{"Time", func() { sinkTime = id.Time() }},
		{"Timestamp", func() { sinkMs = id.Timestamp() }},
		{"Entropy", func() { e := id.Entropy(); sinkInt = int(e[0]) }},
		{"Timestamp(t)", func() { sinkMs, _ = ulid.Timestamp(now) }},
		{"MinAt", func() { sinkULID, _ = ulid.MinAt(1469918176385) }},
		{"AppendLower", func() { buf = id.AppendLower(buf[:0]) }},
		{"ParseTypeID", func() { sinkString, sinkULID, _ = ulid.ParseTypeID(typeID) }},
		{"AppendTypeID", func() { buf, _ = ulid.AppendTypeID(buf[:0], "user", id) }},
		{"ParseTyped", func() { u, _ := ulid.ParseTyped[user](typeID); sinkULID = u.ULID() }},
		{"Typed.UnmarshalText", func() {
			var u ulid.Typed[user]
			_ = u.UnmarshalText(typeIDBytes)
			sinkULID = u.ULID()
		}},
		{"Typed.AppendText", func() { buf, _ = ulid.TypedOf[user](id).AppendText(buf[:0]) }},
		{"Typed.Scan", func() {
			var u ulid.Typed[user]
			_ = u.Scan(typeIDAny)
			sinkULID = u.ULID()
		}},
	}
	for _, tc := range tests {
		if n := testing.AllocsPerRun(1000, tc.f); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", tc.name, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { sinkString = id.String() }); n != 1 {
		t.Errorf("String: %v allocations per run, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { sinkBytes, _ = id.MarshalText() }); n != 1 {
		t.Errorf("MarshalText: %v allocations per run, want 1", n)
	}
}
