package main

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// runConvert prints each ID in args (see each) in the other form: the UUID
// text of a ULID or TypeID text, the ULID of a UUID; or, if typeID is not
// nil, TypeID text of that prefix. It returns the exit status.
func (c *cli) runConvert(args []string, opt toolinput.Options, typeID *string) int {
	return c.each(args, opt, func(b []byte, in toolinput.Input) []byte {
		switch {
		case typeID != nil:
			b, _ = ulid.AppendTypeID(b, *typeID, in.ID) // the prefix was checked
		case in.Kind == toolinput.UUID:
			b, _ = in.ID.AppendText(b) // never fails
		default:
			b = in.ID.AppendUUID(b)
		}
		return append(b, '\n')
	})
}

// runValidate reads the IDs in args as each does, prints the report of
// each invalid one on standard output and how many were invalid on standard
// error, and returns the exit status.
func (c *cli) runValidate(args []string, opt toolinput.Options) int {
	w := bufio.NewWriterSize(c.stdout, 64<<10)
	total, bad := 0, 0
	for in, err := range toolinput.Inputs(args, c.stdin, opt) {
		total++
		if e, invalid := err.(*toolinput.Error); invalid {
			bad++
			_, err = fmt.Fprintln(w, toolinput.Report(in, e))
		}
		if err != nil {
			return c.fail(err)
		}
	}
	if err := w.Flush(); err != nil {
		return c.fail(err)
	}
	if bad > 0 {
		fmt.Fprintln(c.stderr, "ulid: "+strconv.Itoa(bad)+" of "+strconv.Itoa(total)+" IDs invalid")
		return 1
	}
	return 0
}
