package ulid

import (
	"bytes"
	"errors"
	"io"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

// fakeClock is a settable clock for Monotonic.now.
type fakeClock struct {
	mu sync.Mutex
	ms int64
}

func (c *fakeClock) now() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ms
}

func (c *fakeClock) set(ms int64) {
	c.mu.Lock()
	c.ms = ms
	c.mu.Unlock()
}

// newTestMonotonic returns a generator reading entropy from a fixed stream
// and time from a fake clock.
func newTestMonotonic(entropy []byte, ms int64) (*Monotonic, *fakeClock) {
	clock := &fakeClock{ms: ms}
	m := NewMonotonic(bytes.NewReader(entropy))
	m.now = clock.now
	return m, clock
}

func mustNext(t *testing.T, m *Monotonic) ULID {
	t.Helper()
	id, err := m.Next()
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestMonotonicSameMillisecondIncrements(t *testing.T) {
	entropy := []byte{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfe}
	m, _ := newTestMonotonic(entropy, 1469918176385)
	want := [][10]byte{
		{0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfe}, // fresh entropy
		{0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}, // +1
		{0, 0, 0, 0, 0, 0, 0, 0x01, 0, 0},    // +1 with carry across bytes
		{0, 0, 0, 0, 0, 0, 0, 0x01, 0, 0x01},
	}
	for i, w := range want {
		got := mustNext(t, m)
		if got.Entropy() != w || got.Timestamp() != 1469918176385 {
			t.Fatalf("call %d: %s (entropy %x), want entropy %x", i, got, got.Entropy(), w)
		}
	}
}

func TestMonotonicCarryAcrossBytes(t *testing.T) {
	// Entropy 0x00ff ffffffffffffffff: the increment carries from the low 64
	// bits into the top 16.
	entropy := []byte{0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	m, _ := newTestMonotonic(entropy, 7)
	first := mustNext(t, m)
	second := mustNext(t, m)
	if got := second.Entropy(); got != [10]byte{0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0} {
		t.Errorf("after %x: entropy %x, want 01000000000000000000", first.Entropy(), got)
	}
	if second.Timestamp() != 7 || first.Compare(second) >= 0 {
		t.Errorf("%s then %s", first, second)
	}
}

func TestMonotonicNewMillisecondDrawsFreshEntropy(t *testing.T) {
	entropy := append(bytes.Repeat([]byte{0x11}, 10), bytes.Repeat([]byte{0x22}, 10)...)
	m, clock := newTestMonotonic(entropy, 100)
	a := mustNext(t, m)
	clock.set(101)
	b := mustNext(t, m)
	if a.Entropy() != [10]byte(bytes.Repeat([]byte{0x11}, 10)) || b.Entropy() != [10]byte(bytes.Repeat([]byte{0x22}, 10)) {
		t.Errorf("entropy %x then %x, want fresh reads", a.Entropy(), b.Entropy())
	}
	if a.Timestamp() != 100 || b.Timestamp() != 101 {
		t.Errorf("timestamps %d, %d", a.Timestamp(), b.Timestamp())
	}
}

func TestMonotonicClockGoingBackwards(t *testing.T) {
	entropy := bytes.Repeat([]byte{0x42}, 10)
	m, clock := newTestMonotonic(entropy, 5000)
	prev := mustNext(t, m)
	for _, ms := range []int64{4000, 0, -50, 4999} {
		clock.set(ms)
		id := mustNext(t, m)
		if id.Compare(prev) <= 0 {
			t.Fatalf("clock at %d ms: %s is not after %s", ms, id, prev)
		}
		if id.Timestamp() != 5000 {
			t.Fatalf("clock at %d ms: timestamp %d, want the latest issued, 5000", ms, id.Timestamp())
		}
		prev = id
	}
}

func TestMonotonicOverflow(t *testing.T) {
	allOnes := bytes.Repeat([]byte{0xff}, 10)
	fresh := bytes.Repeat([]byte{0x01}, 10)

	t.Run("Next moves to the next millisecond", func(t *testing.T) {
		m, _ := newTestMonotonic(append(slices.Clone(allOnes), fresh...), 9000)
		top := mustNext(t, m)
		if top.Entropy() != [10]byte(allOnes) {
			t.Fatalf("first ULID %s", top)
		}
		next := mustNext(t, m)
		if next.Timestamp() != 9001 || next.Entropy() != [10]byte(fresh) || next.Compare(top) <= 0 {
			t.Fatalf("after overflow: %s (ms %d), want ms 9001 with fresh entropy", next, next.Timestamp())
		}
		// The clock still reads 9000: the generator stays ahead and increments.
		after := mustNext(t, m)
		if after.Timestamp() != 9001 || after.Compare(next) <= 0 {
			t.Fatalf("then %s (ms %d)", after, after.Timestamp())
		}
	})

	t.Run("New returns ErrMonotonicOverflow", func(t *testing.T) {
		m := NewMonotonic(bytes.NewReader(append(slices.Clone(allOnes), fresh...)))
		top, err := m.New(9000)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.New(9000); !errors.Is(err, ErrMonotonicOverflow) {
			t.Fatalf("New after all-ones entropy: err = %v, want ErrMonotonicOverflow", err)
		}
		// Again: the failed call left the state unchanged.
		if _, err := m.New(9000); !errors.Is(err, ErrMonotonicOverflow) {
			t.Fatalf("New again: err = %v, want ErrMonotonicOverflow", err)
		}
		// A later millisecond works again.
		id, err := m.New(9001)
		if err != nil || id.Compare(top) <= 0 {
			t.Fatalf("New(9001) = %s, %v", id, err)
		}
	})

	t.Run("maximum timestamp", func(t *testing.T) {
		m, _ := newTestMonotonic(allOnes, int64(MaxTimestamp)+5)
		top := mustNext(t, m)
		if top != MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ") {
			t.Fatalf("clock past the maximum: %s", top)
		}
		if _, err := m.Next(); !errors.Is(err, ErrMonotonicOverflow) {
			t.Fatalf("Next at the very last ULID: err = %v, want ErrMonotonicOverflow", err)
		}
	})
}

func TestMonotonicNew(t *testing.T) {
	m := NewMonotonic(bytes.NewReader(append(bytes.Repeat([]byte{0}, 10), bytes.Repeat([]byte{0x80}, 10)...)))
	a, _ := m.New(1000)
	b, _ := m.New(1000)
	if a.String() != "00000000Z80000000000000000" || b.String() != "00000000Z80000000000000001" {
		t.Errorf("got %s, %s", a, b)
	}
	// An earlier millisecond draws fresh entropy rather than incrementing.
	c, err := m.New(999)
	if err != nil || c.Timestamp() != 999 || c.Entropy() != [10]byte(bytes.Repeat([]byte{0x80}, 10)) {
		t.Errorf("New(999) = %s, %v", c, err)
	}
	if _, err := m.New(MaxTimestamp + 1); !errors.Is(err, ErrTimeOutOfRange) {
		t.Errorf("New(MaxTimestamp+1) err = %v", err)
	}
	// Running out of entropy is the reader's error, not silent zero bytes.
	if _, err := m.New(5); !errors.Is(err, io.EOF) {
		t.Errorf("New with an exhausted reader: err = %v, want io.EOF", err)
	}
	// The clock is far past 1000 ms, so Next needs fresh entropy too.
	if _, err := m.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("Next with an exhausted reader: err = %v, want io.EOF", err)
	}
}

// TestMonotonicIsNotAReader pins a v1 decision: a *Monotonic is not an
// io.Reader, so it cannot be passed to New as entropy, where it would be a
// second way to do what Monotonic.New does.
func TestMonotonicIsNotAReader(t *testing.T) {
	if _, ok := any(NewMonotonic(nil)).(io.Reader); ok {
		t.Error("*Monotonic implements io.Reader")
	}
}

func TestMonotonicDeterministic(t *testing.T) {
	// The same seeded entropy and clock give the same sequence.
	run := func() []ULID {
		m := NewMonotonic(rand.NewChaCha8([32]byte{1, 2, 3}))
		clock := int64(1700000000000)
		m.now = func() int64 { clock += 37; return clock / 100 }
		var ids []ULID
		for range 50 {
			ids = append(ids, mustNext(t, m))
		}
		return ids
	}
	a, b := run(), run()
	if !slices.Equal(a, b) {
		t.Error("seeded runs differ")
	}
	if !slices.IsSortedFunc(a, ULID.Compare) {
		t.Error("seeded run not sorted")
	}
}

// TestMakeConcurrent runs many goroutines calling Make: no duplicates, and
// every goroutine sees a strictly increasing sequence. Run it with -race.
// makeConcurrently calls generate perGoroutine times in each of goroutines
// goroutines at once, and returns each goroutine's ULIDs in the order made.
func makeConcurrently(goroutines, perGoroutine int, generate func() ULID) [][]ULID {
	results := make([][]ULID, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ids := make([]ULID, perGoroutine)
			for i := range ids {
				ids[i] = generate()
			}
			results[g] = ids
		}()
	}
	wg.Wait()
	return results
}

func TestMakeConcurrent(t *testing.T) {
	const goroutines, perGoroutine = 16, 2000
	results := makeConcurrently(goroutines, perGoroutine, Make)
	seen := make(map[ULID]bool, goroutines*perGoroutine)
	for g, ids := range results {
		for i, id := range ids {
			if i > 0 && id.Compare(ids[i-1]) <= 0 {
				t.Fatalf("goroutine %d: %s after %s", g, id, ids[i-1])
			}
			if seen[id] {
				t.Fatalf("duplicate %s", id)
			}
			seen[id] = true
		}
	}
	// Across goroutines, the union sorted is a single monotonic sequence
	// whose latest value is below the next Make.
	all := slices.SortedFunc(func(yield func(ULID) bool) {
		for id := range seen {
			if !yield(id) {
				return
			}
		}
	}, ULID.Compare)
	if next := Make(); next.Compare(all[len(all)-1]) <= 0 {
		t.Errorf("Make after the goroutines = %s, not above %s", next, all[len(all)-1])
	}
}

// TestMonotonicConcurrentWithClock drives one generator from many goroutines
// while another goroutine moves the fake clock forwards and backwards.
func TestMonotonicConcurrentWithClock(t *testing.T) {
	m := NewMonotonic(nil)
	clock := &fakeClock{ms: 1000}
	m.now = clock.now
	done := make(chan struct{})
	go func() {
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			default:
				clock.set(1000 + int64(i%7) - 3) // wobbles around 1000
			}
		}
	}()
	var mu sync.Mutex
	var all []ULID
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var prev ULID
			for range 1000 {
				id := mustNext(t, m)
				if id.Compare(prev) <= 0 {
					t.Errorf("%s after %s", id, prev)
					return
				}
				prev = id
				mu.Lock()
				all = append(all, id)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(done)
	slices.SortFunc(all, ULID.Compare)
	if len(slices.Compact(all)) != 8000 {
		t.Error("duplicates across goroutines")
	}
}

// TestMonotonicNewEarlierLeavesSequence: an explicit earlier millisecond gets
// fresh entropy and does not pull the sequence backwards.
func TestMonotonicNewEarlierLeavesSequence(t *testing.T) {
	m := NewMonotonic(rand.NewChaCha8([32]byte{9}))
	clock := &fakeClock{ms: 5000}
	m.now = clock.now
	a := mustNext(t, m)
	early, err := m.New(4000)
	if err != nil || early.Timestamp() != 4000 {
		t.Fatalf("New(4000) = %s, %v", early, err)
	}
	b := mustNext(t, m)
	if b.Compare(a) <= 0 || b.Timestamp() != 5000 {
		t.Fatalf("Next after New(earlier) = %s, not after %s", b, a)
	}
	// The latest millisecond continues from b, by exactly one.
	c, _ := m.New(5000)
	if want := plusOne(b); c != want {
		t.Fatalf("New(5000) = %s after %s, want %s", c, b, want)
	}
}

// plusOne returns id + 1 as a 128-bit integer, computed with math/big.
func plusOne(id ULID) ULID {
	n := new(big.Int).SetBytes(id[:])
	n.Add(n, big.NewInt(1))
	var out ULID
	n.FillBytes(out[:])
	return out
}

// TestMakeTimeBounds is the check docs/testing.md shows, in a loop: Make's
// timestamp lies between time.Now's milliseconds before and after the call.
func TestMakeTimeBounds(t *testing.T) {
	for deadline := time.Now().Add(20 * time.Millisecond); time.Now().Before(deadline); {
		before := uint64(time.Now().UnixMilli())
		id := Make()
		after := uint64(time.Now().UnixMilli())
		if ms := id.Timestamp(); ms < before || ms > after {
			t.Fatalf("timestamp %d ms not in [%d, %d]", ms, before, after)
		}
	}
}
