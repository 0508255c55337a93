package toolinput

import (
	"bufio"
	"bytes"
	"io"
	"iter"
)

// Inputs returns the IDs in args, command-line arguments, each read by
// Read, with its argument number as Place; "-", or no arguments at all,
// stands for the lines of stdin (see Lines). An *Error, for text that is
// not an ID, is followed by the next input; stdin's error ends the sequence.
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

// Lines returns the IDs in r, one a line, each read by Read, with its line
// number as Place. A line ends at "\n" or "\r\n" or at the end of r; a
// blank line (what Trim trims) is skipped without allocating. A line longer
// than MaxLine is skipped in constant memory and yields "line too long (N
// bytes)", N the whole line's length, with its first MaxLine bytes as Given.
// An *Error, for text that is not an ID, is followed by the next line; an
// error reading r ends the sequence, with an Input that has only its Place.
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
