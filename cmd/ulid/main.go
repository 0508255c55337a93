package main

import (
	"bufio"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
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

// main runs the command with the process's arguments and standard streams.
func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args, without the program name, with the
// standard streams given, and returns the exit status: 0 on success, 1 if
// an ID was invalid or the output could not be written, 2 on misuse.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	status, err := c.run(args)
	var werr error
	switch {
	case err == nil:
		return status
	case errors.Is(err, flag.ErrHelp):
		_, werr = fmt.Fprint(stdout, help)
	case errors.Is(err, errVersion):
		_, werr = fmt.Fprintln(stdout, version())
	default:
		fmt.Fprintf(stderr, "ulid: %s\n%s", err, synopsis)
		return 2
	}
	if werr != nil {
		return c.fail(werr)
	}
	return 0
}

// A cli is one run of the command: the streams it reads and writes.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	typed          map[string]string // flag names as the user spelled them; see typedFlags
}

// errVersion is the error of parseFlags for --version.
var errVersion = errors.New("--version")

// A usageError is misuse of the command line: run prints it with the
// synopsis and exits with status 2.
type usageError string

func (e usageError) Error() string { return string(e) }

// run runs args and returns the exit status, or the error that ends the
// run before any ID is read: a usageError, flag.ErrHelp for -h and help,
// or errVersion.
func (c *cli) run(args []string) (int, error) {
	c.typed = typedFlags(args)
	if len(args) > 0 {
		switch args[0] {
		case "generate":
			fs := newFlagSet()
			gen := generateFlags(fs)
			showFlags(fs, &gen.show)
			fs.BoolVar(&gen.json, "json", false, "print one JSON object per ULID")
			ids, _, err := c.parseFlags(fs, args[1:])
			if err != nil {
				return 0, err
			}
			if len(ids) > 0 {
				return 0, usageError("generate takes no IDs")
			}
			return c.runGenerate(*gen)
		case "inspect":
			fs := newFlagSet()
			opt := inspectFlags(fs)
			ids, _, err := c.parseFlags(fs, args[1:])
			if err == nil {
				err = opt.check()
			}
			if err != nil {
				return 0, err
			}
			return c.runInspect(ids, *opt), nil
		case "convert", "validate":
			fs := newFlagSet()
			var opt toolinput.Options
			policyFlags(fs, &opt)
			ids, _, err := c.parseFlags(fs, args[1:])
			if err != nil {
				return 0, err
			}
			if args[0] == "convert" {
				return c.runConvert(ids, opt), nil
			}
			return c.runValidate(ids, opt), nil
		case "mask", "unmask":
			return c.runMasking(args[0], args[1:])
		case "help":
			return 0, flag.ErrHelp
		}
	}

	// No command: generate, or inspect the IDs given. --json, -f and
	// --local apply to either; -z and -q only change generated IDs.
	fs := newFlagSet()
	gen := generateFlags(fs)
	opt := inspectFlags(fs)
	ids, literal, err := c.parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		if name := anySet(fs, inspectOnlyFlags...); name != "" {
			return 0, usageError(c.flagName(name) + " inspects IDs; give IDs, or - to read them")
		}
		gen.show, gen.json = opt.show, opt.json
		return c.runGenerate(*gen)
	}
	if name := anySet(fs, generateOnlyFlags...); name != "" {
		return 0, usageError(c.flagName(name) + " generates; it cannot be combined with IDs to inspect")
	}
	// A first argument of lower-case letters only, shorter than a ULID, is
	// a mistyped command; any other, the empty one included, is an ID, as is
	// every argument after "--".
	if w := ids[0]; literal > 0 && w != "" && len(w) < ulid.EncodedSize && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
		switch w {
		case "generate", "inspect", "convert", "validate", "mask", "unmask", "help":
			return 0, usageError("the command " + strconv.Quote(w) + " must come first, before any flag")
		}
		return 0, usageError("unknown command " + strconv.Quote(w))
	}
	if err := opt.check(); err != nil {
		return 0, err
	}
	return c.runInspect(ids, *opt), nil
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
// policy, on fs, setting opt. inspectOnlyFlags names them.
func policyFlags(fs *flag.FlagSet, opt *toolinput.Options) {
	fs.BoolVar(&opt.Strict, "strict", false, "reject the aliases I, L and O")
	fs.BoolVar(&opt.ULIDOnly, "ulid-only", false, "reject UUID text")
}

// parseFlags parses args with fs and returns the remaining arguments, the
// IDs, and the index in ids of the first one that followed "--" (len(ids)
// when none did). Flags may also follow IDs, as in "ulid inspect ID --json";
// "--" ends the flags. The error is flag.ErrHelp for -h, errVersion for
// --version, or a usageError.
func (c *cli) parseFlags(fs *flag.FlagSet, args []string) (ids []string, literal int, err error) {
	for {
		err = fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0, err
		}
		if err != nil {
			return nil, 0, usageError(c.respell(flagError(err)))
		}
		if fs.Lookup("version").Value.String() == "true" {
			return nil, 0, errVersion
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return ids, len(ids), nil
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(ids, rest...), len(ids), nil
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

// typedFlags returns, for each flag in args before "--", the way the user
// wrote its name ("-time" or "--time", without "=value"), so that errors
// name a flag as it was typed: the flag package accepts both spellings
// and writes one dash.
func typedFlags(args []string) map[string]string {
	typed := map[string]string{}
	for _, a := range args {
		if a == "--" {
			break
		}
		spelled, _, _ := strings.Cut(a, "=")
		name := strings.TrimLeft(spelled, "-")
		if len(spelled) < 2 || spelled[0] != '-' || name == "" {
			continue
		}
		if _, seen := typed[name]; !seen {
			typed[name] = spelled
		}
	}
	return typed
}

// flagName returns the flag called name as the user typed it, or as the
// help writes it if they did not.
func (c *cli) flagName(name string) string {
	if spelled, ok := c.typed[name]; ok {
		return spelled
	}
	return dashes(name)
}

// respell returns msg, an error of the flag package, with the flag it
// names ("-time") written as the user typed it ("--time").
func (c *cli) respell(msg string) string {
	for _, marker := range []string{"flag provided but not defined: -", "flag needs an argument: -", " for flag -", " for -"} {
		i := strings.LastIndex(msg, marker)
		if i < 0 {
			continue
		}
		start := i + len(marker) - 1 // the dash
		end := strings.IndexByte(msg[start:], ':')
		if end < 0 {
			end = len(msg) - start
		}
		return msg[:start] + c.flagName(msg[start+1:start+end]) + msg[start+end:]
	}
	return msg
}

// dashes returns the flag name as the help spells it: -n, --json.
func dashes(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// fail reports err, which ends the run, on standard error and returns the
// exit status 1.
func (c *cli) fail(err error) int {
	fmt.Fprintln(c.stderr, "ulid:", err)
	return 1
}

// forEach calls fn with each of args read as an ID under opt, and its
// error (see toolinput.Inputs). It stops at the first error from fn or
// from reading.
func (c *cli) forEach(args []string, opt toolinput.Options, fn func(toolinput.Input, error) error) error {
	for in, err := range toolinput.Inputs(args, c.stdin, opt) {
		if _, invalid := err.(*toolinput.Error); err != nil && !invalid {
			return err
		}
		if err := fn(in, err); err != nil {
			return err
		}
	}
	return nil
}

// eachID calls fn with each ID in args (see forEach), read with opt. It
// reports the invalid ones on standard error, flushing w first to keep the
// output in order, and returns the exit status: 1 if any ID was invalid or
// an error stopped it.
func (c *cli) eachID(w *bufio.Writer, args []string, opt toolinput.Options, fn func(toolinput.Input) error) int {
	status := 0
	err := c.forEach(args, opt, func(in toolinput.Input, err error) error {
		if err != nil {
			status = 1
			if err := w.Flush(); err != nil {
				return err
			}
			fmt.Fprintln(c.stderr, "ulid: "+toolinput.Report(in, err.(*toolinput.Error)))
			return nil
		}
		return fn(in)
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return c.fail(err)
	}
	return status
}
