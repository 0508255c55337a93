package main

import (
	"bufio"
	"os"

	"github.com/ulidgo/ulid"
)

// runConvert prints each ID in args (see eachID) in the other form: the
// UUID text of a ULID, the ULID of a UUID. It returns the exit status.
func runConvert(args []string, strict bool) int {
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	return eachID(w, args, strict, func(in input, id ulid.ULID) error {
		b := w.AvailableBuffer()
		if in.isUUID() {
			b, _ = id.AppendText(b)
		} else {
			b = id.AppendUUID(b)
		}
		_, err := w.Write(append(b, '\n'))
		return err
	})
}
