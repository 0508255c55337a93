package main

import (
	"bufio"
	"os"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// runConvert prints each ID in args (see eachID) in the other form: the
// UUID text of a ULID, the ULID of a UUID. It returns the exit status.
func runConvert(args []string, opt toolinput.Options) int {
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	return eachID(w, args, opt, func(id ulid.ULID, kind toolinput.Kind) error {
		b := w.AvailableBuffer()
		if kind == toolinput.UUID {
			b, _ = id.AppendText(b)
		} else {
			b = id.AppendUUID(b)
		}
		_, err := w.Write(append(b, '\n'))
		return err
	})
}
