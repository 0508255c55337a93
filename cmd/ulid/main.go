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
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"

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
	flags := flag.NewFlagSet("ulid", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // errors are reported below, with the prefix
	n := flags.Int("n", 1, "number of ULIDs to generate")
	err := flags.Parse(os.Args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Print(usage)
		return
	case err != nil:
		misuse(err.Error())
	case *n < 0:
		misuse("-n must not be negative")
	case flags.NArg() > 0 && isSet(flags, "n"):
		misuse("-n generates; it cannot be combined with ULIDs to decode")
	}

	out := bufio.NewWriter(os.Stdout)
	status := 0
	if flags.NArg() == 0 {
		err = generate(out, *n)
	} else if !decode(out, flags.Args()) {
		status = 1
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		log.Fatal(err)
	}
	os.Exit(status)
}

// isSet reports whether the named flag was given on the command line.
func isSet(flags *flag.FlagSet, name string) bool {
	set := false
	flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// misuse reports a usage error and exits with status 2.
func misuse(msg string) {
	log.Print(msg)
	fmt.Fprint(os.Stderr, usage)
	os.Exit(2)
}

// generate writes n new ULIDs to w, one per line, stopping at the first
// write error.
func generate(w *bufio.Writer, n int) error {
	buf := make([]byte, 0, ulid.EncodedSize+1)
	for range n {
		buf, _ = ulid.Make().AppendText(buf[:0])
		if _, err := w.Write(append(buf, '\n')); err != nil {
			return err
		}
	}
	return nil
}

// decode writes one line per argument to w and reports whether all were
// valid. It reports the invalid ones on standard error, in order with the
// results.
func decode(w *bufio.Writer, args []string) bool {
	ok := true
	for _, arg := range args {
		id, err := ulid.Parse(arg)
		if err != nil {
			w.Flush()
			fmt.Fprintf(os.Stderr, "%v: %s\n", err, shorten(arg))
			ok = false
			continue
		}
		fmt.Fprintf(w, "%s %s %d\n", id, id.Time().Format("2006-01-02T15:04:05.000Z07:00"), id.Timestamp())
	}
	return ok
}

// shorten quotes s for an error message, cut to at most 40 bytes.
func shorten(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "..."
	}
	return strconv.Quote(s)
}
