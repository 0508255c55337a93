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
	"github.com/ulidgo/ulid/internal/toolinput"
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
			showFlags(fs, &gen.show)
			fs.BoolVar(&gen.json, "json", false, "print one JSON object per ULID")
			if ids := parseFlags(fs, args[1:]); len(ids) > 0 {
				misuse("generate takes no IDs")
			}
			return runGenerate(*gen)
		case "inspect":
			fs := newFlagSet()
			opt := inspectFlags(fs)
			ids := parseFlags(fs, args[1:])
			opt.check()
			return runInspect(ids, *opt)
		case "convert":
			fs := newFlagSet()
			opt := policyFlags(fs)
			return runConvert(parseFlags(fs, args[1:]), *opt)
		case "validate":
			fs := newFlagSet()
			opt := policyFlags(fs)
			return runValidate(parseFlags(fs, args[1:]), *opt)
		case "help":
			fmt.Print(help)
			return 0
		}
	}

	// No command: generate, or inspect the IDs given. --json, -f and
	// --local apply to either; -z and -q only change generated IDs.
	fs := newFlagSet()
	gen := generateFlags(fs)
	opt := inspectFlags(fs)
	ids := parseFlags(fs, args)
	if len(ids) == 0 {
		if name := anySet(fs, inspectOnlyFlags...); name != "" {
			misuse(dashes(name) + " inspects IDs; give IDs, or - to read them")
		}
		gen.show, gen.json = opt.show, opt.json
		return runGenerate(*gen)
	}
	if name := anySet(fs, generateOnlyFlags...); name != "" {
		misuse(dashes(name) + " generates; it cannot be combined with IDs to inspect")
	}
	// A first argument of lower-case letters only, shorter than a ULID, is
	// a mistyped command; any other, the empty one included, is an ID.
	if w := ids[0]; w != "" && len(w) < ulid.EncodedSize && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
		switch w {
		case "generate", "inspect", "convert", "validate", "help":
			misuse("the command " + strconv.Quote(w) + " must come first, before any flag")
		}
		misuse("unknown command " + strconv.Quote(w))
	}
	opt.check()
	return runInspect(ids, *opt)
}

// newFlagSet returns a flag set with --version that leaves reporting
// errors to parseFlags.
func newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("ulid", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Bool("version", false, "print the version and exit")
	return fs
}

// policyFlags defines --strict and --ulid-only, the flags of the input
// policy, on fs.
func policyFlags(fs *flag.FlagSet) *toolinput.Options {
	opt := &toolinput.Options{}
	fs.BoolVar(&opt.Strict, "strict", false, "reject the aliases I, L and O")
	fs.BoolVar(&opt.ULIDOnly, "ulid-only", false, "reject UUID text")
	return opt
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
			misuse(flagError(err))
		}
		if fs.Lookup("version").Value.String() == "true" {
			fmt.Println(version())
			os.Exit(0)
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

// flagError returns the message of err, an error of fs.Parse, with the
// value it quotes for a flag that refused it (`invalid value "..." for
// flag -time: ...`, `invalid boolean value "..." for -json: ...`) quoted
// as toolinput.Quote does, cut as IDs are, so that a long value does not
// make a long line.
func flagError(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"invalid value ", "invalid boolean value "} {
		rest, ok := strings.CutPrefix(msg, prefix)
		if !ok {
			continue
		}
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			break
		}
		v, err := strconv.Unquote(q)
		if err != nil {
			break
		}
		return prefix + toolinput.Quote(v) + rest[len(q):]
	}
	return msg
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
	text   []byte            // the ID as given, without its line ending; of a long line, only the start
	size   int               // the length of the ID as given, in bytes, even when text is cut
	stream *toolinput.Stream // for a line longer than maxLine, the whole of it, trimmed as it was read
	arg    int               // the 1-based argument number, or 0 for a line of standard input
	line   int               // the 1-based line number in standard input
}

// where says where in came from, such as "line 7", for messages.
func (in input) where() string {
	if in.arg > 0 {
		return "argument " + strconv.Itoa(in.arg)
	}
	return "line " + strconv.Itoa(in.line)
}

// show quotes in's text for a message about err, the error parsing it.
// Text of more than toolinput.QuoteMax bytes is cut: to its first
// QuoteMax bytes and "..." (toolinput.Quote), or, where err names a byte
// after those, to "..." and the bytes up to and including that one,
// QuoteMax at most and none of the white space in front, and "..." if
// more follow. Either way the offset in err counts in the whole text.
func (in input) show(err error) string {
	const quoteMax = toolinput.QuoteMax
	if in.size <= quoteMax {
		return toolinput.Quote(in.text)
	}
	// The byte at is in the trimmed text, which a Stream keeps all of
	// when an error names a byte: such text has no more bytes than an ID.
	at := offsetOf(err)
	var start []byte // the start of the trimmed text
	var lead int     // where it starts
	if in.stream != nil {
		start, lead, _ = in.stream.Text()
	} else {
		t, n := toolinput.Trim(string(in.text))
		start, lead = in.text[n:n+len(t)], n
	}
	if at < quoteMax || at < lead || at-lead >= len(start) {
		return toolinput.Quote(in.text) // in.text has more than quoteMax bytes
	}
	from := max(at+1-quoteMax, lead)
	q := "..." + strconv.Quote(string(start[from-lead:at+1-lead]))
	if at+1 < in.size {
		q += "..."
	}
	return q
}

// offsetOf returns the offset that err, an error of toolinput.Parse,
// names in its message, or -1 if it names none.
func offsetOf(err error) int {
	var two *toolinput.TwoReadingsError
	if errors.As(err, &two) {
		return two.UUID.Offset
	}
	var pe *ulid.ParseError
	if errors.As(err, &pe) {
		return pe.Offset
	}
	return -1
}

// parse decodes in under the input policy (see toolinput.Parse) and says
// whether it was UUID text.
func (in input) parse(opt toolinput.Options) (ulid.ULID, toolinput.Kind, error) {
	if in.stream != nil {
		return in.stream.Parse(opt)
	}
	return toolinput.Parse(string(in.text), opt)
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
// A line longer than maxLine, however long, is read in constant memory:
// in has its first 64 bytes and a toolinput.Stream that trimmed it as it
// was read, so that it parses as the whole line would.
func readLines(r io.Reader, fn func(input) error) error {
	br := bufio.NewReaderSize(r, maxLine)
	for n := 1; ; n++ {
		chunk, err := br.ReadSlice('\n')
		text, size, prev := chunk, len(chunk), byte(0)
		var st *toolinput.Stream
		if err == bufio.ErrBufferFull {
			text, st = bytes.Clone(chunk[:64]), new(toolinput.Stream)
			for err == bufio.ErrBufferFull {
				st.Write(chunk)
				prev = chunk[len(chunk)-1]
				chunk, err = br.ReadSlice('\n')
				size += len(chunk)
			}
			// The rest, with its "\n": a '\r' before it is white space
			// to the Stream, which trims it.
			st.Write(bytes.TrimSuffix(chunk, []byte("\n")))
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
		if st != nil && !blankStream(st) || st == nil && size > 0 && !blank(text) {
			if err := fn(input{text: text, size: size, stream: st, line: n}); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// blank reports whether text is empty or only white space, as the input
// policy trims it.
func blank(text []byte) bool {
	return len(bytes.TrimFunc(text, toolinput.IsSpace)) == 0
}

// blankStream reports whether the line st read is only white space.
func blankStream(st *toolinput.Stream) bool {
	_, _, n := st.Text()
	return n == 0
}

// eachID calls fn with each ID in args (see forEach), decoded under the
// input policy with opt, and the form it was in. It reports the invalid ones on
// standard error, flushing w first to keep the output in order, and returns
// the exit status: 1 if any ID was invalid or an error stopped it.
func eachID(w *bufio.Writer, args []string, opt toolinput.Options, fn func(ulid.ULID, toolinput.Kind) error) int {
	status := 0
	err := forEach(args, func(in input) error {
		id, kind, err := in.parse(opt)
		if err != nil {
			status = 1
			if err := w.Flush(); err != nil {
				return err
			}
			log.Printf("%s: %s: %s", in.where(), in.show(err), reason(err))
			return nil
		}
		return fn(id, kind)
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
