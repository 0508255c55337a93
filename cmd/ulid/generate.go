package main

import (
	"bufio"
	"errors"
	"flag"
	"io"
	"log"
	"os"
	"strconv"
	"time"

	"github.com/ulidgo/ulid"
)

// genOptions are the settings of generate.
type genOptions struct {
	n      int64  // how many ULIDs; not int, whose range differs by platform
	at     uint64 // the timestamp in Unix milliseconds, if atSet
	atSet  bool   // whether --time was given; otherwise ULIDs are for now
	lower  bool   // print lower case
	asUUID bool   // print the UUID text form
}

// generateFlags defines the flags of generate on fs.
func generateFlags(fs *flag.FlagSet) *genOptions {
	opt := &genOptions{}
	fs.Int64Var(&opt.n, "n", 1, "number of ULIDs to generate")
	fs.Func("time", "time of the ULIDs, RFC 3339 or Unix milliseconds", func(s string) (err error) {
		opt.at, err = parseTime(s)
		opt.atSet = true
		return err
	})
	fs.BoolVar(&opt.lower, "lower", false, "print lower case")
	fs.BoolVar(&opt.asUUID, "uuid", false, "print the UUID text form")
	return opt
}

// parseTime reads s, an RFC 3339 time or a count of Unix milliseconds,
// as Unix milliseconds within a ULID's range.
func parseTime(s string) (uint64, error) {
	if ms, err := strconv.ParseUint(s, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
		if err != nil || ms > ulid.MaxTimestamp {
			return 0, errors.New("out of range: the largest is " + strconv.FormatUint(ulid.MaxTimestamp, 10))
		}
		return ms, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0, errors.New("want an RFC 3339 time, such as 2026-06-23T10:30:00Z, or Unix milliseconds")
	}
	ms, err := ulid.Timestamp(t)
	if err != nil {
		return 0, errors.New("out of range: ULIDs hold times from 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z")
	}
	return ms, nil
}

// runGenerate writes the ULIDs opt asks for to standard output and returns
// the exit status.
func runGenerate(opt genOptions) int {
	if opt.n < 0 {
		misuse("-n must not be negative")
	}
	if err := generate(os.Stdout, opt); err != nil {
		log.Print(err)
		return 1
	}
	return 0
}

// generate writes opt.n new ULIDs to w, one per line, in increasing order,
// stopping at the first write error. Without a time it uses ulid.Make;
// with one, a new Monotonic generator, so that the ULIDs still increase.
func generate(w io.Writer, opt genOptions) error {
	next := func() (ulid.ULID, error) { return ulid.Make(), nil }
	if opt.atSet {
		g := ulid.NewMonotonic(nil)
		next = func() (ulid.ULID, error) { return g.New(opt.at) }
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	for range opt.n {
		id, err := next()
		if err != nil {
			return err
		}
		b := bw.AvailableBuffer()
		if opt.asUUID {
			b = id.AppendUUID(b)
		} else {
			start := len(b)
			b, _ = id.AppendText(b)
			if opt.lower {
				for i := start; i < len(b); i++ {
					b[i] |= 0x20 // Crockford's alphabet is digits and upper-case letters
				}
			}
		}
		if _, err := bw.Write(append(b, '\n')); err != nil {
			return err
		}
	}
	return bw.Flush()
}
