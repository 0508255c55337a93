package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
	"strings"

	"github.com/ulidgo/ulid"
)

// docSource is doc.go, whose package doc is the help: one text for go doc
// and for ulid -h.
//
//go:embed doc.go
var docSource string

// help, printed for -h, is the package doc as plain text.
var help = docText(docSource)

// synopsis, printed on misuse, is the Usage block of the help.
var synopsis = usageOf(help) + "Run 'ulid -h' for details and examples.\n"

// docText returns the doc comment at the top of a Go source file as plain
// text: without the comment markers, and with the tab that marks a code
// block shown as two spaces.
func docText(src string) string {
	var b strings.Builder
	for line := range strings.Lines(src) {
		text, ok := strings.CutPrefix(line, "//")
		if !ok {
			break
		}
		text = strings.TrimPrefix(text, " ")
		if tab, ok := strings.CutPrefix(text, "\t"); ok {
			text = "  " + tab
		}
		b.WriteString(text)
	}
	return b.String()
}

// usageOf returns the lines of help's Usage block, the first prefixed with
// "usage: " and the others aligned under it.
func usageOf(help string) string {
	_, block, _ := strings.Cut(help, "Usage:\n\n")
	block, _, _ = strings.Cut(block, "\n\n")
	var b strings.Builder
	for i, line := range strings.Split(block, "\n") {
		prefix := "usage: "
		if i > 0 {
			prefix = "       "
		}
		b.WriteString(prefix + strings.TrimPrefix(line, "  ") + "\n")
	}
	return b.String()
}

// main sets up log for "ulid: " messages and runs the command.
func main() {
	log.SetFlags(0)
	log.SetPrefix("ulid: ")
	os.Exit(run(os.Args[1:]))
}

// run runs the command line args, without the program name, and returns
// the exit status.
func run(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "generate":
			fs := newFlagSet()
			gen := generateFlags(fs)
			if ids := parseFlags(fs, args[1:]); len(ids) > 0 {
				misuse("generate takes no IDs")
			}
			return runGenerate(*gen)
		case "inspect":
			fs := newFlagSet()
			opt := inspectFlags(fs)
			return runInspect(parseFlags(fs, args[1:]), *opt)
		case "convert":
			fs := newFlagSet()
			strict := strictFlag(fs)
			return runConvert(parseFlags(fs, args[1:]), *strict)
		case "validate":
			fs := newFlagSet()
			strict := strictFlag(fs)
			return runValidate(parseFlags(fs, args[1:]), *strict)
		case "help":
			fmt.Print(help)
			return 0
		}
	}

	// No command: generate, or inspect the IDs given.
	fs := newFlagSet()
	gen := generateFlags(fs)
	opt := inspectFlags(fs)
	ids := parseFlags(fs, args)
	if len(ids) == 0 {
		if name := anySet(fs, "json", "local", "strict"); name != "" {
			misuse(dashes(name) + " inspects IDs; give IDs, or - to read them")
		}
		return runGenerate(*gen)
	}
	if name := anySet(fs, "n", "time", "lower", "uuid"); name != "" {
		misuse(dashes(name) + " generates; it cannot be combined with IDs to inspect")
	}
	if w := ids[0]; len(w) < ulid.EncodedSize && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
		misuse("unknown command " + strconv.Quote(w))
	}
	return runInspect(ids, *opt)
}

// newFlagSet returns an empty flag set that leaves reporting errors to
// parseFlags.
func newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("ulid", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// strictFlag defines --strict on fs.
func strictFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("strict", false, "reject the aliases I, L and O")
}

// parseFlags parses args with fs and returns the remaining arguments, the
// IDs. Flags may also follow IDs, as in "ulid inspect ID --json"; "--" ends
// the flags. For -h it prints the help and exits; on misuse it exits with
// status 2.
func parseFlags(fs *flag.FlagSet, args []string) []string {
	var ids []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fmt.Print(help)
			os.Exit(0)
		}
		if err != nil {
			misuse(err.Error())
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return ids
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(ids, rest...)
		}
		ids = append(ids, rest[0])
		args = rest[1:]
	}
}

// anySet returns the first of names that was set on the command line, or
// "" if none was.
func anySet(fs *flag.FlagSet, names ...string) string {
	set := ""
	fs.Visit(func(f *flag.Flag) {
		for _, name := range names {
			if set == "" && f.Name == name {
				set = name
			}
		}
	})
	return set
}

// dashes returns the flag name as the help spells it: -n, --json.
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// misuse reports a usage error and exits with status 2.
func misuse(msg string) {
	log.Print(msg)
	fmt.Fprint(os.Stderr, synopsis)
	os.Exit(2)
}

// An input is one ID to process: a command-line argument or a line of
// standard input.
type input struct {
	text []byte // the ID without its line ending; only the start of an over-long line
	size int    // the length of the ID in bytes, even when text is cut
	arg  int    // the 1-based argument number, or 0 for a line of standard input
	line int    // the 1-based line number in standard input
}

// where says where in came from, such as "line 7", for messages.
func (in input) where() string {
	if in.arg > 0 {
		return "argument " + strconv.Itoa(in.arg)
	}
	return "line " + strconv.Itoa(in.line)
}

// show quotes in's text for a message, cut to 40 bytes.
func (in input) show() string {
	const max = 40
	if in.size <= max {
		return strconv.Quote(string(in.text))
	}
	return strconv.Quote(string(in.text[:max])) + "..."
}

// isUUID reports whether in has the length of a UUID text form.
func (in input) isUUID() bool {
	switch in.size {
	case 32, 36, 38, 45:
		return true
	}
	return false
}

// parse decodes in as a ULID, with ParseStrict if strict, or if uuids is
// set and in has the length of a UUID, as a UUID.
func (in input) parse(strict, uuids bool) (ulid.ULID, error) {
	switch {
	case in.size != len(in.text):
		return ulid.ULID{}, &ulid.ParseError{Err: ulid.ErrInvalidLength, Length: in.size, Offset: -1}
	case uuids && in.isUUID():
		return ulid.ParseUUID(string(in.text))
	case strict:
		return ulid.ParseStrict(string(in.text))
	}
	return ulid.Parse(string(in.text))
}

// reason returns err's message without the "ulid: " prefix.
func reason(err error) string {
	return strings.TrimPrefix(err.Error(), "ulid: ")
}

// forEach calls fn for each of args, where "-" stands for the lines of
// standard input, or for each line of standard input if args is empty.
// It stops at the first error from fn or from reading.
func forEach(args []string, fn func(input) error) error {
	if len(args) == 0 {
		return readLines(os.Stdin, fn)
	}
	for i, arg := range args {
		var err error
		if arg == "-" {
			err = readLines(os.Stdin, fn)
		} else {
			err = fn(input{text: []byte(arg), size: len(arg), arg: i + 1})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// maxLine is the longest line readLines passes whole; the longest valid ID,
// a UUID with "urn:uuid:", has 45 bytes.
const maxLine = 64 << 10

// readLines calls fn for each line of r that is not blank, without its
// "\n" or "\r\n", stopping at the first error from fn or from reading.
// Of a line longer than maxLine it passes only the start, in constant
// memory, however long the line is.
func readLines(r io.Reader, fn func(input) error) error {
	br := bufio.NewReaderSize(r, maxLine)
	for n := 1; ; n++ {
		chunk, err := br.ReadSlice('\n')
		text, size, prev := chunk, len(chunk), byte(0)
		if err == bufio.ErrBufferFull {
			text = bytes.Clone(chunk[:64])
			for err == bufio.ErrBufferFull {
				prev = chunk[len(chunk)-1]
				chunk, err = br.ReadSlice('\n')
				size += len(chunk)
			}
		}
		if err == nil { // the line ends in '\n'; is there a '\r' before it?
			size--
			if len(chunk) >= 2 && chunk[len(chunk)-2] == '\r' || len(chunk) == 1 && prev == '\r' {
				size--
			}
			text = text[:min(size, len(text))]
		} else if err != io.EOF {
			return err
		}
		if size > 0 && (size != len(text) || len(bytes.TrimSpace(text)) > 0) {
			if err := fn(input{text: text, size: size, line: n}); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// eachID calls fn with each ID in args (see forEach), decoded as a ULID, or
// as a UUID if it has the length of one. It reports the invalid ones on
// standard error, flushing w first to keep the output in order, and returns
// the exit status: 1 if any ID was invalid or an error stopped it.
func eachID(w *bufio.Writer, args []string, strict bool, fn func(input, ulid.ULID) error) int {
	status := 0
	err := forEach(args, func(in input) error {
		id, err := in.parse(strict, true)
		if err != nil {
			status = 1
			if err := w.Flush(); err != nil {
				return err
			}
			log.Printf("%s: %s: %s", in.where(), in.show(), reason(err))
			return nil
		}
		return fn(in, id)
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		log.Print(err)
		return 1
	}
	return status
}
