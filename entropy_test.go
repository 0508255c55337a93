package ulid

import (
	"bytes"
	"crypto/rand"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

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

// panicReader panics on every Read, as a broken entropy source might.
type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("entropy reader panicked") }

// recovered calls f and reports whether it panicked, as net/http's handler
// recovery would.
func recovered(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// withinSecond fails the test if f does not return within a second: a lock
// left held by a panic would block it for good.
func withinSecond(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(time.Second):
		t.Fatalf("%s blocked: a recovered panic left the lock held", what)
	}
}

// A reader that panics must not leave a generator locked: the panic reaches
// the caller, and once it is recovered the generator works again.
func TestPanickingEntropyReleasesLock(t *testing.T) {
	r := &switchReader{}
	m := NewMonotonic(r)
	r.panics = true
	if !recovered(func() { _, _ = m.New(1) }) {
		t.Fatal("New: the reader's panic did not reach the caller")
	}
	r.panics = false
	withinSecond(t, "New after a panic", func() {
		id, err := m.New(2)
		if err != nil || id.Timestamp() != 2 {
			t.Errorf("New(2) after a panic = %v, %v; want a ULID at 2 ms", id, err)
		}
	})
	r.panics = true
	if !recovered(func() { _, _ = m.Next() }) {
		t.Fatal("Next: the reader's panic did not reach the caller")
	}
	r.panics = false
	withinSecond(t, "Next after a panic", func() {
		if _, err := m.Next(); err != nil {
			t.Errorf("Next after a panic: %v", err)
		}
	})
}

// switchReader reads zeros, or panics while panics is set.
type switchReader struct{ panics bool }

func (r *switchReader) Read(p []byte) (int, error) {
	if r.panics {
		panicReader{}.Read(p)
	}
	clear(p)
	return len(p), nil
}
