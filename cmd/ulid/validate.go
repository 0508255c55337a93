package main

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/ulidgo/ulid/internal/toolinput"
)

// runValidate checks each ID in args (see forEach) under the input policy
// with opt and prints each invalid one on standard output with where it was
// and the reason. It returns the exit status: 1 if any ID was invalid.
func (c *cli) runValidate(args []string, opt toolinput.Options) int {
	w := bufio.NewWriterSize(c.stdout, 64<<10)
	total, bad := 0, 0
	err := c.forEach(args, opt, func(in toolinput.Input, err error) error {
		total++
		if err != nil {
			bad++
			_, err = fmt.Fprintln(w, toolinput.Report(in, err.(*toolinput.Error)))
		}
		return err
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return c.fail(err)
	}
	if bad > 0 {
		fmt.Fprintln(c.stderr, "ulid: "+strconv.Itoa(bad)+" of "+strconv.Itoa(total)+" IDs invalid")
		return 1
	}
	return 0
}
