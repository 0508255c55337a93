package main

import (
	"bufio"
	"flag"
	"io"
	"math"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// genOptions are the settings of generate.
type genOptions struct {
	n      int64                // how many ULIDs; not int, whose range differs by platform
	gen    toolinput.Generation // --time, -z and --v7
	lower  bool                 // print lower case
	asUUID bool                 // print the UUID text form
	json   bool                 // print what inspect --json prints of each ULID instead
	show   showOptions          // -f and --local: print one field of each ULID instead
	typeID *string              // print TypeID text of this prefix (--typeid), or nil
}

// generateOnlyFlags are the flags of generate that cannot be given with
// IDs. -z and -q can, and change nothing there, as in oklog/ulid's command,
// so that an alias such as ulid='ulid -q' still inspects.
var generateOnlyFlags = []string{"n", "time", "lower", "uuid", "v7", "typeid"}

// generateFlags defines the flags of generate on fs.
func generateFlags(fs *flag.FlagSet) *genOptions {
	opt := &genOptions{n: 1}
	// -n is read as the page reads its count (toolinput.ParseCount), in
	// decimal: flag's Int64 would read 010 as 8 and 0x10 as 16.
	fs.Func("n", "number of ULIDs to generate", func(s string) (err error) {
		opt.n, err = toolinput.ParseCount(s, 0, math.MaxInt64)
		return err
	})
	fs.Func("time", "time of the ULIDs: RFC 3339, @ and Unix seconds, or Unix milliseconds", func(s string) (err error) {
		opt.gen.At, err = toolinput.ParseTime(s)
		opt.gen.AtSet = true
		return err
	})
	fs.BoolVar(&opt.lower, "lower", false, "print lower case")
	fs.BoolVar(&opt.asUUID, "uuid", false, "print the UUID text form")
	fs.BoolVar(&opt.gen.V7, "v7", false, "make ULIDs that are also valid UUIDv7")
	prefixFlag(fs, "typeid", "print TypeID text of this prefix, made as by --v7", func(s string) { opt.typeID, opt.gen.V7 = &s, true })
	fs.BoolVar(&opt.gen.Zero, "z", false, "entropy starts at zero")
	fs.BoolVar(&opt.gen.Zero, "zero", false, "long form of -z")
	// oklog's -q asks for math/rand entropy; here it is always crypto/rand,
	// and -q is accepted so that scripts written for oklog run.
	var quick bool
	fs.BoolVar(&quick, "q", false, "accepted for oklog compatibility; changes nothing")
	fs.BoolVar(&quick, "quick", false, "long form of -q")
	return opt
}

// runGenerate writes the ULIDs opt asks for to standard output and returns
// the exit status, or a usageError for flags that cannot be combined.
func (c *cli) runGenerate(opt genOptions) (int, error) {
	if opt.typeID != nil && (opt.asUUID || opt.json || opt.show.one()) {
		return 0, usageError("--typeid cannot be combined with --uuid, --json or -f: it prints TypeID text")
	}
	if opt.show.one() {
		switch {
		case opt.json:
			return 0, errJSONWithField
		case opt.asUUID:
			return 0, usageError("--uuid and -f cannot be combined: -f prints one field of each new ULID; -f uuid prints the UUID")
		case opt.lower:
			return 0, usageError("--lower and -f cannot be combined: -f prints one field of each new ULID")
		}
	}
	if opt.json {
		switch {
		case opt.asUUID:
			return 0, usageError("--uuid and --json cannot be combined: --json prints the UUID among the fields of each new ULID")
		case opt.lower:
			return 0, usageError("--lower and --json cannot be combined: --json prints the fields of each new ULID")
		}
	}
	if err := generate(c.stdout, opt); err != nil {
		return c.fail(err), nil
	}
	return 0, nil
}

// generate writes opt.n new ULIDs to w as opt says, one per line, stopping
// at the first write error.
func generate(w io.Writer, opt genOptions) error {
	next := opt.gen.Generator()
	bw := bufio.NewWriterSize(w, 64<<10)
	for range opt.n {
		id, err := next()
		if err != nil {
			return err
		}
		b := bw.AvailableBuffer()
		switch {
		case opt.json:
			b = appendJSON(b, id, "", opt.show.local)
		case opt.show.one():
			b = append(opt.show.appendOne(b, id), '\n')
		case opt.asUUID:
			b = append(id.AppendUUID(b), '\n')
		case opt.typeID != nil:
			b, _ = ulid.AppendTypeID(b, *opt.typeID, id) // the prefix was checked
			b = append(b, '\n')
		case opt.lower:
			b = append(id.AppendLower(b), '\n')
		default:
			b, _ = id.AppendText(b) // never fails
			b = append(b, '\n')
		}
		if _, err := bw.Write(b); err != nil {
			return err
		}
	}
	return bw.Flush()
}
