package toolinput

import (
	"time"

	"github.com/ulidgo/ulid"
)

// A Generation is how the tools make new ULIDs: ulid's -n, --time, -z and
// --v7, and the page's Generate form.
type Generation struct {
	At    uint64 // the time of every ULID, in Unix milliseconds, if AtSet; otherwise the time each is made
	AtSet bool
	// Zero starts the entropy at zero: the first ULID is the smallest of
	// its millisecond (with V7, the smallest with the version and variant
	// bits set), and the next ones follow it. All share one millisecond:
	// At, or the time of the call to Generator. Fresh is then ignored.
	Zero bool
	// V7 makes ULIDs that are also valid RFC 9562 version 7 UUIDs, as
	// ulid.MakeV7 and ulid.NewMonotonicV7 make them.
	V7 bool
	// Fresh gives each ULID fresh random entropy, so that those of one
	// millisecond are in no particular order. Otherwise the ULIDs increase
	// strictly: without a time they come from ulid.Make (or ulid.MakeV7),
	// process-wide; with one, from a new ulid.Monotonic generator.
	Fresh bool
}

// Generator returns a function that makes a new ULID, as g says, at each
// call. Its error is the library's: ulid.ErrMonotonicOverflow when a
// millisecond's entropy is used up at a time set, or ulid.ErrTimeOutOfRange
// for a clock outside a ULID's range. The function is not safe for
// concurrent use.
func (g Generation) Generator() func() (ulid.ULID, error) {
	fresh := func(ms uint64) (ulid.ULID, error) { return ulid.New(ms, nil) }
	newMonotonic, makeNow := ulid.NewMonotonic, ulid.Make
	if g.V7 {
		// A new generator's first ULID has fresh entropy with the version
		// and variant bits set.
		fresh = func(ms uint64) (ulid.ULID, error) { return ulid.NewMonotonicV7(nil).New(ms) }
		newMonotonic, makeNow = ulid.NewMonotonicV7, ulid.MakeV7
	}
	switch {
	case g.Zero:
		at, err := g.At, error(nil)
		if !g.AtSet {
			at, err = ulid.Timestamp(time.Now())
		}
		m := newMonotonic(zeros{})
		return func() (ulid.ULID, error) {
			if err != nil {
				return ulid.ULID{}, err
			}
			return m.New(at)
		}
	case g.Fresh && g.AtSet:
		return func() (ulid.ULID, error) { return fresh(g.At) }
	case g.Fresh:
		return func() (ulid.ULID, error) {
			ms, err := ulid.Timestamp(time.Now())
			if err != nil {
				return ulid.ULID{}, err
			}
			return fresh(ms)
		}
	case g.AtSet:
		m := newMonotonic(nil)
		return func() (ulid.ULID, error) { return m.New(g.At) }
	}
	return func() (ulid.ULID, error) { return makeNow(), nil }
}

// zeros is an entropy source of zero bytes, for Generation.Zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
