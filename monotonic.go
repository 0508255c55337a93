package ulid

import (
	"encoding/binary"
	"fmt"
	"io"
	"sync"
	"time"
)

// A Monotonic generates ULIDs that increase monotonically, following the
// ULID specification: within one millisecond each ULID's entropy is the
// previous ULID's entropy plus one, as an 80-bit big-endian unsigned integer
// with carry, and in a new millisecond fresh entropy is read from the source.
//
// [Make] uses a process-wide Monotonic with crypto/rand entropy. Create your
// own with [NewMonotonic] for a separate sequence or a custom entropy source,
// such as a seeded reader in a deterministic test.
//
// A Monotonic is safe for concurrent use: a mutex guards its state, so one
// generator yields a single increasing sequence across all goroutines. Its
// zero value is ready to use, with crypto/rand entropy. It must not be copied
// after first use.
type Monotonic struct {
	// The fields every call touches come first, to share as few cache lines
	// as possible when goroutines on several cores take turns.
	mu     sync.Mutex
	issued bool      // whether ms, hi and lo describe an issued ULID
	wall   wallClock // the wall clock, derived from the monotonic clock
	ms     uint64    // timestamp of the last ULID issued
	hi     uint64    // top 16 bits of its entropy
	lo     uint64    // bottom 64 bits of its entropy

	v7      bool         // whether the ULIDs are UUIDv7-compatible (NewMonotonicV7)
	entropy io.Reader    // nil means crypto/rand
	now     func() int64 // the clock in Unix milliseconds, for tests; nil means the wall clock
}

// defaultMonotonic and defaultMonotonicV7 are the generators behind Make and
// MakeV7, padded so that no other variable shares their cache lines.
var (
	defaultMonotonic struct {
		_ [64]byte
		Monotonic
		_ [64]byte
	}
	defaultMonotonicV7 = struct {
		_ [64]byte
		Monotonic
		_ [64]byte
	}{Monotonic: Monotonic{v7: true}}
)

// NewMonotonic returns a generator that reads fresh entropy from entropy,
// 10 bytes per new millisecond, as [New] reads them: a short read or a reader
// that makes no progress is an error. A nil entropy, or crypto/rand.Reader
// itself, means crypto/rand, read through the same allocation-free buffer as
// [Make]. If entropy is not safe for concurrent use, the generator serialises
// its reads, but nothing else may read from it meanwhile.
func NewMonotonic(entropy io.Reader) *Monotonic {
	return &Monotonic{entropy: entropy}
}

// NewMonotonicV7 returns a generator like [NewMonotonic] whose ULIDs are also
// valid RFC 9562 version 7 UUIDs, as [MakeV7] makes them: bits 48–51 hold the
// version 7 and bits 64–65 the variant 10 (RFC 9562, section 5.7), and the
// other 74 bits of the entropy are random. Within one millisecond each ULID's
// 74 free bits are the previous ones plus one, as a 74-bit unsigned integer
// whose carry crosses the version and variant fields and leaves them as they
// are (RFC 9562, section 6.2, method 2). Its [Monotonic.New] returns
// [ErrMonotonicOverflow] when those 74 bits of a millisecond are used up.
//
// entropy is read as NewMonotonic reads it, 10 bytes per new millisecond, of
// which the 6 bits that the version and variant take are dropped.
func NewMonotonicV7(entropy io.Reader) *Monotonic {
	return &Monotonic{v7: true, entropy: entropy}
}

// New returns a ULID with the timestamp ms, in Unix milliseconds.
//
// If ms is the generator's latest timestamp, the new ULID's entropy is the
// latest entropy plus one; if ms is later, fresh entropy is read and ms
// becomes the latest timestamp. Either way the result is greater than every
// ULID the generator has issued. The sequence never moves backwards: for an
// ms earlier than the latest timestamp, New returns a ULID with fresh entropy
// and leaves the generator's state as it was, so such ULIDs are not ordered
// among themselves.
//
// New returns an error wrapping [ErrTimeOutOfRange] if ms is greater than
// [MaxTimestamp], one wrapping [ErrMonotonicOverflow] if the entropy of ms is
// used up (2^80 ULIDs, or fewer when the fresh entropy started high), or the
// error of the entropy reader. It never wraps around to a smaller ULID. On
// error the generator's state is unchanged.
func (m *Monotonic) New(ms uint64) (ULID, error) {
	if ms > MaxTimestamp {
		return ULID{}, timestampRangeError(ms)
	}
	m.mu.Lock()
	defer m.mu.Unlock() // released even if the entropy reader panics
	high, low, err := m.at(ms)
	var id ULID
	id.set(high, low)
	return id, err
}

// at is New under the lock; like next, it returns the ULID as two halves.
// The caller holds m.mu.
func (m *Monotonic) at(ms uint64) (high, low uint64, err error) {
	switch {
	case m.issued && ms == m.ms:
		if !m.increment() {
			return 0, 0, fmt.Errorf("%w: timestamp %d ms", ErrMonotonicOverflow, ms)
		}
		return m.halves()
	case m.issued && ms < m.ms:
		var e [10]byte
		if err := readEntropy(m.entropy, &e); err != nil {
			return 0, 0, err
		}
		hi, lo := m.split(&e)
		return ms<<16 | hi, lo, nil
	}
	if err := m.fresh(ms); err != nil {
		return 0, 0, err
	}
	return m.halves()
}

// Next returns a ULID for the current time, greater than every ULID this
// generator has issued before.
//
// Next never goes backwards: if the wall clock reads earlier than the
// generator's latest timestamp (the clock stepped back, or an earlier call
// moved ahead), Next keeps that latest timestamp and increments the entropy.
// If the entropy of that millisecond is used up, it moves on to the next
// millisecond with fresh entropy rather than failing.
//
// Next reads the monotonic clock once per call and derives the wall-clock
// time from it; it reads the wall clock itself (time.Now) once per
// millisecond, so a step of the wall clock shows from the next millisecond
// on. Reading one clock instead of two matters: the clock is most of the
// cost of Next. The derived millisecond is the one time.Now gives at the
// moment of the call: a ULID's timestamp is never earlier than the Unix
// millisecond of a time.Now read before Next, nor later than that of one read
// after it (unless the clock stepped back or an earlier ULID moved ahead, as
// above). Compare milliseconds, not times: the timestamp has no finer part.
//
// With the default entropy, crypto/rand is read in blocks of 320 bytes and
// handed out 10 bytes per new millisecond, each byte to one ULID only.
//
// The only errors are those of the entropy reader; with crypto/rand, Next
// never fails. (It would also fail with [ErrMonotonicOverflow] if every ULID
// up to [MaxTimestamp] were used, which no clock before the year 10889 can
// reach.)
func (m *Monotonic) Next() (ULID, error) {
	mono := monotonicNow() // the one clock read, outside the lock
	m.mu.Lock()
	defer m.mu.Unlock() // released even if the entropy reader panics
	high, low, err := m.next(mono)
	var id ULID
	id.set(high, low)
	return id, err
}

// next is Next under the lock, kept to the state update so that the lock is
// held briefly: it returns the new ULID as two halves. The caller holds m.mu.
func (m *Monotonic) next(mono int64) (high, low uint64, err error) {
	now := m.clock(mono)
	if m.issued && now <= m.ms {
		if m.increment() {
			return m.halves()
		}
		if m.ms == MaxTimestamp {
			return 0, 0, fmt.Errorf("%w: timestamp %d ms is the maximum", ErrMonotonicOverflow, m.ms)
		}
		now = m.ms + 1
	}
	if err := m.fresh(now); err != nil {
		return 0, 0, err
	}
	return m.halves()
}

// make is Next for Make and MakeV7: the entropy is crypto/rand, which never
// fails, so the only possible error is exhausting every ULID up to
// MaxTimestamp, and then the largest ULID of the generator's kind is the best
// answer left.
func (m *Monotonic) make() ULID {
	id, err := m.Next()
	if err != nil {
		id.set(MaxTimestamp<<16|0xffff, ^uint64(0))
		if m.v7 {
			id.set(MaxTimestamp<<16|v7HighFree|v7Version, v7LowFree|v7Variant)
		}
	}
	return id
}

// clock returns the current time in Unix milliseconds, clamped to the range
// a ULID can hold. mono is a reading of monotonicNow. The caller holds m.mu.
func (m *Monotonic) clock(mono int64) uint64 {
	var ms int64
	if m.now != nil {
		ms = m.now()
	} else {
		ms = m.wall.millis(mono)
	}
	switch {
	case ms < 0:
		return 0
	case uint64(ms) > MaxTimestamp:
		return MaxTimestamp
	}
	return uint64(ms)
}

// processStart is the origin of monotonicNow.
var processStart = time.Now()

// monotonicNow reads the monotonic clock, in nanoseconds since processStart.
// time.Since reads only that clock, where time.Now reads it and the wall
// clock: on Linux each read is a vDSO call of some 20–25 ns.
func monotonicNow() int64 {
	return int64(time.Since(processStart))
}

// A wallClock tells the wall-clock time, in Unix milliseconds, from a reading
// of the monotonic clock, so that Next reads one clock instead of two. It
// pairs the two clocks with a full time.Now whenever the monotonic clock has
// entered a new millisecond since the last pairing, so a step of the wall
// clock (NTP, a resumed VM, an administrator) shows in the next millisecond,
// and the cost of the pairing is shared by every call within a millisecond.
//
// A pairing is not exact: time.Now reads the wall clock and the monotonic
// clock one after the other, and the thread can be descheduled in between.
// So a pairing brackets the wall-clock read with two monotonic readings, and
// a derived time is used only when every instant in the bracket gives the same
// millisecond; otherwise millis reads time.Now. A derived millisecond is
// therefore the one time.Now would have given at the caller's monotonic
// reading, never one earlier or later.
type wallClock struct {
	paired bool
	ms     int64 // wall clock at the last pairing, in whole Unix milliseconds
	subMs  int64 // nanoseconds past ms at the last pairing, 0 to 999,999
	mono   int64 // monotonic reading just after the wall-clock read, in ns
	span   int64 // ns from the monotonic reading just before the wall-clock read to mono
}

// millis returns the wall clock in Unix milliseconds at the monotonic reading
// mono, pairing the clocks first if mono is in a later millisecond than the
// last pairing. The caller serialises calls.
func (c *wallClock) millis(mono int64) int64 {
	if !c.paired || mono/1e6 > c.mono/1e6 {
		before := monotonicNow()
		now := time.Now()
		c.pair(now.UnixMilli(), int64(now.Nanosecond()%1e6), before, monotonicNow())
		return c.ms
	}
	if ms, ok := c.at(mono); ok {
		return ms
	}
	return time.Now().UnixMilli()
}

// pair records that the wall clock read ms milliseconds and subMs
// nanoseconds at some instant between the monotonic readings before and
// after.
func (c *wallClock) pair(ms, subMs, before, after int64) {
	c.paired, c.ms, c.subMs, c.mono, c.span = true, ms, subMs, after, after-before
}

// at returns the wall clock in Unix milliseconds at the monotonic reading
// mono, which may be slightly before the last pairing when a caller read the
// clock just before another paired it. It reports false when the pairing's
// uncertainty straddles a millisecond boundary, and the caller must read the
// wall clock itself.
//
// The uncertainty is the pairing's bracket, plus 1/1024 of the time since the
// pairing (about 0.1%) for a wall clock that runs at another rate than the
// monotonic one: NTP slews a wall clock by at most 0.05%.
func (c *wallClock) at(mono int64) (int64, bool) {
	since := mono - c.mono
	slack := max(since, -since) >> 10
	earliest := floorMillis(c.subMs + since - slack)        // the wall clock was read at c.mono
	latest := floorMillis(c.subMs + since + c.span + slack) // it was read c.span earlier
	if earliest != latest {
		return 0, false
	}
	return c.ms + earliest, true
}

// floorMillis returns ns nanoseconds in whole milliseconds, rounded toward
// negative infinity.
func floorMillis(ns int64) int64 {
	if ns < 0 {
		return (ns+1)/1e6 - 1
	}
	return ns / 1e6
}

// Bits of a UUIDv7-compatible ULID's entropy, in the top 16 and bottom 64
// bits that a Monotonic keeps (RFC 9562, section 5.7).
const (
	v7Version  = 0x7000    // bits 48–51: version 7, in the top 16 bits
	v7HighFree = 0x0fff    // bits 52–63: rand_a, the 12 free bits of the top 16
	v7Variant  = 1 << 63   // bits 64–65: variant 10, in the bottom 64 bits
	v7LowFree  = 1<<62 - 1 // bits 66–127: rand_b, the 62 free bits of the bottom 64
)

// increment adds one to the free bits of the entropy (all 80 of them, or the
// 74 of a UUIDv7-compatible ULID, whose carry passes over the variant), or
// reports false, leaving them unchanged, if they are all ones. The caller
// holds m.mu.
func (m *Monotonic) increment() bool {
	highFree, lowFree := uint64(0xffff), ^uint64(0)
	if m.v7 {
		highFree, lowFree = v7HighFree, v7LowFree
	}
	if m.lo&lowFree == lowFree {
		if m.hi&highFree == highFree {
			return false
		}
		m.hi++
		m.lo &^= lowFree
		return true
	}
	m.lo++
	return true
}

// fresh reads new entropy and makes ms the current timestamp. The caller
// holds m.mu.
func (m *Monotonic) fresh(ms uint64) error {
	var buf [10]byte
	if err := readEntropy(m.entropy, &buf); err != nil {
		return err
	}
	m.issued = true
	m.ms = ms
	m.hi, m.lo = m.split(&buf)
	return nil
}

// split returns 10 entropy bytes as their top 16 and bottom 64 bits, with the
// version and variant set if the generator makes UUIDv7-compatible ULIDs.
func (m *Monotonic) split(e *[10]byte) (hi, lo uint64) {
	hi, lo = uint64(binary.BigEndian.Uint16(e[0:])), binary.BigEndian.Uint64(e[2:])
	if m.v7 {
		hi, lo = hi&v7HighFree|v7Version, lo&v7LowFree|v7Variant
	}
	return hi, lo
}

// halves returns the ULID the state describes as two big-endian 64-bit
// halves. The caller holds m.mu.
func (m *Monotonic) halves() (high, low uint64, err error) {
	return m.ms<<16 | m.hi, m.lo, nil
}
