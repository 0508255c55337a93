package toolinput

import (
	"bufio"
	"bytes"
	"io"
	"iter"
)

// Inputs returns the IDs in args, command-line arguments, each read as
// Read reads it, in order, with its Place set to its argument number. An
// argument "-" stands for the lines of stdin (see Lines), and no arguments
// at all for the lines of stdin alone.
//
// The errors are those of Read and of Lines: an *Error for text that is
// not an ID, after which the sequence goes on, or stdin's, which ends it.
func Inputs(args []string, stdin io.Reader, opt Options) iter.Seq2[Input, error] {
	if len(args) == 0 {
		return Lines(stdin, opt)
	}
	return func(yield func(Input, error) bool) {
		for i, arg := range args {
			if arg == "-" {
				for in, err := range Lines(stdin, opt) {
					_, invalid := err.(*Error)
					if !yield(in, err) || err != nil && !invalid {
						return
					}
				}
				continue
			}
			in, err := Read(arg, opt)
			in.Place = Place{Arg: i + 1}
			if !yield(in, err) {
				return
			}
		}
	}
}

// Lines returns the IDs in r, such as standard input, one a line, each
// read as Read reads it, in order, with its Place set to its line number.
// A line ends at "\n" or "\r\n", which is not part of it, or at the end of
// r. A blank line, empty or white space only (what Trim trims), is skipped
// without allocating.
//
// A line longer than MaxLine is not read, whatever it holds: Lines skips
// to its end in constant memory and yields the error "line too long (N
// bytes)", with N the length of the whole line, and an Input whose Given
// is the line's first MaxLine bytes, as Read gives for such text.
//
// Each input comes with its error from Read, an *Error, for text that is
// not an ID; the sequence goes on after it. An error from reading r ends
// the sequence: it is yielded with an Input that has only its Place.
func Lines(r io.Reader, opt Options) iter.Seq2[Input, error] {
	return func(yield func(Input, error) bool) {
		br := bufio.NewReaderSize(r, MaxLine+len("\r\n"))
		for line := 1; ; line++ {
			chunk, err := br.ReadSlice('\n')
			n, long := len(chunk), err == bufio.ErrBufferFull
			var given string
			if long {
				given = string(chunk[:MaxLine])
			}
			prev := byte(0) // the last byte of the chunk before the last
			for err == bufio.ErrBufferFull {
				prev = chunk[len(chunk)-1]
				chunk, err = br.ReadSlice('\n')
				n += len(chunk)
			}
			if err != nil && err != io.EOF {
				yield(Input{Place: Place{Line: line}}, err)
				return
			}
			if err == nil { // the line ends in "\n"; is there a '\r' before it?
				n--
				if len(chunk) >= 2 && chunk[len(chunk)-2] == '\r' || len(chunk) == 1 && prev == '\r' {
					n--
				}
			}
			if n > MaxLine || len(bytes.TrimLeftFunc(chunk[:n], isSpace)) > 0 { // a blank line is all in chunk
				if !long {
					given = string(chunk[:n])
				}
				in, ierr := read(given, n, opt)
				in.Place = Place{Line: line}
				if !yield(in, ierr) {
					return
				}
			}
			if err == io.EOF {
				return
			}
		}
	}
}
