// Command ulid generates and decodes ULIDs.
//
// Usage:
//
//	ulid [-n N] [ULID...]
//
// With no arguments, ulid prints one new ULID. With -n N it prints N new
// ULIDs, one per line, in strictly increasing order.
//
// Given ULIDs as arguments, ulid decodes each and prints one line per ULID:
// its canonical form, its time in UTC (RFC 3339 with milliseconds) and its
// timestamp in Unix milliseconds. Lower case and Crockford's aliases are
// accepted.
//
// Results go to standard output, diagnostics to standard error. The exit
// status is 1 if any argument is not a valid ULID, and 2 on misuse.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/ulidgo/ulid"
)

const usage = `usage: ulid [-n N] [ULID...]

Without arguments, prints one new ULID. With -n N, prints N new ULIDs in
increasing order. Given ULIDs, decodes each to its time (UTC) and Unix ms.

Examples:
  ulid
  ulid -n 5
  ulid 01ARYZ6S41TSV4RRFFQ69G5FAV
`

func main() {
	log.SetFlags(0)
	log.SetPrefix("ulid: ")
	flag.Usage = func() { fmt.Fprint(os.Stderr, usage) }
	n := flag.Int("n", 1, "number of ULIDs to generate")
	flag.Parse()
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "ulid: -n must not be negative")
		flag.Usage()
		os.Exit(2)
	}

	out := bufio.NewWriter(os.Stdout)
	status := 0
	if flag.NArg() == 0 {
		generate(out, *n)
	} else if !decode(out, flag.Args()) {
		status = 1
	}
	if err := out.Flush(); err != nil {
		log.Fatal(err)
	}
	os.Exit(status)
}

// generate writes n new ULIDs to w, one per line.
func generate(w *bufio.Writer, n int) {
	buf := make([]byte, 0, ulid.EncodedSize+1)
	for range n {
		buf, _ = ulid.Make().AppendText(buf[:0])
		w.Write(append(buf, '\n'))
	}
}

// decode writes one line per argument to w and reports whether all were
// valid; it reports the invalid ones on standard error.
func decode(w io.Writer, args []string) bool {
	ok := true
	for _, arg := range args {
		id, err := ulid.Parse(arg)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%q: %v\n", arg, err)
			ok = false
			continue
		}
		fmt.Fprintf(w, "%s %s %d\n", id, id.Time().Format("2006-01-02T15:04:05.000Z07:00"), id.Timestamp())
	}
	return ok
}
