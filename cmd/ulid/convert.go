package main

import (
	"bufio"

	"github.com/ulidgo/ulid/internal/toolinput"
)

// runConvert prints each ID in args (see eachID) in the other form: the
// UUID text of a ULID, the ULID of a UUID. It returns the exit status.
func (c *cli) runConvert(args []string, opt toolinput.Options) int {
	w := bufio.NewWriterSize(c.stdout, 64<<10)
	return c.eachID(w, args, opt, func(in toolinput.Input) error {
		b := w.AvailableBuffer()
		if in.Kind == toolinput.UUID {
			b, _ = in.ID.AppendText(b)
		} else {
			b = in.ID.AppendUUID(b)
		}
		_, err := w.Write(append(b, '\n'))
		return err
	})
}
