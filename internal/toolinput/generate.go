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
	// Zero starts the entropy at zero, the next ULIDs following it, all in
	// one millisecond: At, or the time Generator is called. Fresh is then
	// ignored.
	Zero bool
	// V7 makes ULIDs that are also valid RFC 9562 version 7 UUIDs.
	V7 bool
	// Fresh gives each ULID fresh random entropy, so that those of one
	// millisecond are in no order. Otherwise they increase strictly: from
	// ulid.Make (or MakeV7), or at a time set, a new ulid.Monotonic.
	Fresh bool
}

// Generator returns a function that makes a new ULID as g says at each
// call, not safe for concurrent use. Its error is the library's:
// ulid.ErrMonotonicOverflow or ulid.ErrTimeOutOfRange.
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
