package ulid

import (
	"encoding/binary"
	"io"
	"strconv"
	"sync"
)

// A Monotonic generates ULIDs that increase monotonically, following the
// ULID specification: within one millisecond each ULID's entropy is the
// previous ULID's entropy plus one, as an 80-bit big-endian unsigned integer
// with carry (74 bits for a generator from [NewMonotonicV7]), and in a new
// millisecond fresh entropy is read from the source.
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
// used up (2^80 ULIDs, 2^74 for [NewMonotonicV7], or fewer when the fresh
// entropy started high), or the error of the entropy reader. It never wraps
// around to a smaller ULID. On error the generator's state is unchanged.
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
			return 0, 0, wrapError(ErrMonotonicOverflow, "timestamp "+strconv.FormatUint(ms, 10)+" ms")
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
// The timestamp is the Unix millisecond that time.Now gives at the moment of
// the call: never earlier than the millisecond of a time.Now read before
// Next, nor later than that of one read after it (unless the clock stepped
// back or an earlier ULID moved ahead, as above). A step of the wall clock
// shows from the next millisecond on. Compare milliseconds, not times: the
// timestamp has no finer part.
//
// With the default entropy, each byte read from crypto/rand goes into one
// ULID only.
//
// The only errors are those of the entropy reader; with crypto/rand, Next
// never fails. (It would also fail with [ErrMonotonicOverflow] if every ULID
// up to [MaxTimestamp] were used, which no clock before the year 10889 can
// reach.)
func (m *Monotonic) Next() (ULID, error) {
	high, low, err := m.nextHalves()
	var id ULID
	id.set(high, low)
	return id, err
}

// nextHalves is Next, returning the ULID as two big-endian halves so that
// Make builds its result once, where it returns it, rather than copying a
// ULID built here.
func (m *Monotonic) nextHalves() (high, low uint64, err error) {
	// Next reads only the monotonic clock and derives the wall clock from it
	// (see wallClock), which reads time.Now once per millisecond: the clock
	// reads are most of the cost of Next, and one costs half as much as two.
	mono := monotonicNow() // the one clock read, outside the lock
	m.mu.Lock()
	defer m.mu.Unlock() // released even if the entropy reader panics
	return m.next(mono)
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
			return 0, 0, wrapError(ErrMonotonicOverflow, "timestamp "+strconv.FormatUint(m.ms, 10)+" ms is the maximum")
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
func (m *Monotonic) make() (id ULID) {
	high, low, err := m.nextHalves()
	switch {
	case err == nil:
	case m.v7:
		high, low = MaxTimestamp<<16|v7HighFree|v7Version, v7LowFree|v7Variant
	default:
		high, low = MaxTimestamp<<16|0xffff, ^uint64(0)
	}
	id.set(high, low)
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
