package main

import (
	"bufio"
	"fmt"
	"log"
	"os"

	"github.com/ulidgo/ulid/internal/toolinput"
)

// runValidate checks each ID in args (see forEach) under the input policy
// with opt and prints each invalid one on standard output with where it was
// and the reason. It returns the exit status: 1 if any ID was invalid.
func runValidate(args []string, opt toolinput.Options) int {
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	total, bad := 0, 0
	err := forEach(args, func(in input) error {
		total++
		if _, _, err := in.parse(opt); err != nil {
			bad++
			_, err = fmt.Fprintf(w, "%s: %s: %s\n", in.where(), in.show(err), reason(err))
			return err
		}
		return nil
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		log.Print(err)
		return 1
	}
	if bad > 0 {
		log.Printf("%d of %d IDs invalid", bad, total)
		return 1
	}
	return 0
}
