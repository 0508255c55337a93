package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// main runs the command with the process's arguments and standard streams.
func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// A cli is one run of the command: the streams it reads and writes.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// run runs the command line args, without the program name, and returns
// the exit status: 0 on success, 1 for an invalid ID or a failed write, 2
// on misuse.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	status, err := c.run(args)
	var werr error
	switch {
	case err == nil:
		return status
	case errors.Is(err, flag.ErrHelp):
		_, werr = io.WriteString(stdout, help())
	case errors.Is(err, errVersion):
		_, werr = io.WriteString(stdout, version()+"\n")
	default:
		fmt.Fprintf(stderr, "ulid: %s\n%s", err, synopsis())
		return 2
	}
	if werr != nil {
		return c.fail(werr)
	}
	return 0
}

// errVersion is the error of parseFlags for --version.
var errVersion = errors.New("--version")

// A usageError is misuse of the command line: run prints it with the
// synopsis and exits with status 2.
type usageError string

func (e usageError) Error() string { return string(e) }

// commands are the command names a command line may start with.
var commands = []string{"generate", "inspect", "convert", "validate", "mask", "unmask", "help"}

// run runs args and returns the exit status, or the error that ends the
// run before any ID is read: a usageError, flag.ErrHelp or errVersion.
func (c *cli) run(args []string) (int, error) {
	cmd := ""
	if len(args) > 0 && slices.Contains(commands, args[0]) {
		cmd, args = args[0], args[1:]
	}
	fs := newFlagSet()
	var gen *genOptions
	var insp *inspectOptions
	var policy toolinput.Options
	var typeID *string // convert --typeid
	switch cmd {
	case "help":
		return 0, flag.ErrHelp
	case "mask", "unmask":
		return c.runMasking(fs, cmd, args)
	case "convert":
		prefixFlag(fs, "typeid", "write TypeID text of this prefix", func(s string) { typeID, policy.Type = &s, s })
		fallthrough
	case "validate":
		policyFlags(fs, &policy)
	case "generate":
		gen = generateFlags(fs)
		showFlags(fs, &gen.show)
		fs.BoolVar(&gen.json, "json", false, "print one JSON object per ULID")
	case "inspect":
		insp = inspectFlags(fs)
	default: // generate, or inspect the IDs given
		gen, insp = generateFlags(fs), inspectFlags(fs)
	}
	ids, literal, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	switch {
	case cmd == "convert":
		return c.runConvert(ids, policy, typeID), nil
	case cmd == "validate":
		return c.runValidate(ids, policy), nil
	case cmd == "generate" && len(ids) > 0:
		return 0, usageError("generate takes no IDs")
	case cmd == "generate":
		return c.runGenerate(*gen)
	case cmd == "inspect":
		return c.runInspect(ids, *insp)
	}

	// No command: --json, -f and --local apply to generate and inspect;
	// -z and -q only change generated IDs.
	if len(ids) == 0 {
		if name := anySet(fs, inspectOnlyFlags...); name != "" {
			return 0, usageError(dashes(name) + " inspects IDs; give IDs, or - to read them")
		}
		gen.show, gen.json = insp.show, insp.json
		return c.runGenerate(*gen)
	}
	// A first argument of lower-case letters, shorter than a ULID and not
	// after "--", is a mistyped command; any other is an ID.
	if w := ids[0]; literal > 0 && w != "" && len(w) < ulid.EncodedSize && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
		if slices.Contains(commands, w) {
			return 0, usageError("the command " + strconv.Quote(w) + " must come first, before any flag")
		}
		return 0, usageError("unknown command " + strconv.Quote(w))
	}
	if name := anySet(fs, generateOnlyFlags...); name != "" {
		return 0, usageError(dashes(name) + " generates; it cannot be combined with IDs to inspect")
	}
	return c.runInspect(ids, *insp)
}

// newFlagSet returns a flag set with --version that leaves errors to run.
func newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("ulid", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Bool("version", false, "print the version and exit")
	return fs
}

// policyFlags defines --strict and --ulid-only on fs, to set opt.
func policyFlags(fs *flag.FlagSet, opt *toolinput.Options) {
	fs.BoolVar(&opt.Strict, "strict", false, "reject the aliases I, L and O")
	fs.BoolVar(&opt.ULIDOnly, "ulid-only", false, "reject UUID text")
}

// prefixFlag defines the flag --name PREFIX on fs, which calls set with a
// TypeID prefix, refusing the empty one and one that breaks TypeID's rule
// (ulid.ErrInvalidPrefix).
func prefixFlag(fs *flag.FlagSet, name, usage string, set func(string)) {
	fs.Func(name, usage, func(s string) error {
		_, err := ulid.AppendTypeID(nil, s, ulid.ULID{})
		switch {
		case s == "":
			return errors.New("want a TypeID prefix, such as user: 'a' to 'z', or '_' between letters")
		case err != nil:
			return errors.New(toolinput.Message(err))
		}
		set(s)
		return nil
	})
}

// parseFlags parses args with fs, flags also after IDs ("ulid inspect ID
// --json") up to "--", and returns the IDs and the index of the first after
// "--" (or len(ids)). The error is flag.ErrHelp, errVersion, or a
// usageError with the flag package's message.
func parseFlags(fs *flag.FlagSet, args []string) (ids []string, literal int, err error) {
	for {
		err = fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			return nil, 0, err
		}
		if err != nil {
			return nil, 0, usageError(flagError(err))
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

// flagError returns the message of err, from fs.Parse, with a refused
// value (`invalid value "..." for flag -time: ...`) quoted as
// toolinput.Quote does, so that a long value does not make a long line.
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

// anySet returns the first of names set on the command line, or "".
func anySet(fs *flag.FlagSet, names ...string) string {
	set := ""
	fs.Visit(func(f *flag.Flag) {
		if set == "" && slices.Contains(names, f.Name) {
			set = f.Name
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

// fail reports err, which ends the run, and returns the exit status 1.
func (c *cli) fail(err error) int {
	fmt.Fprintln(c.stderr, "ulid:", err)
	return 1
}

// each reads the IDs in args under opt (toolinput.Inputs) and writes what
// format appends for each valid one to standard output, and each invalid
// one's report to standard error, flushing the output first to keep the
// two in order. It returns the exit status.
func (c *cli) each(args []string, opt toolinput.Options, format func(b []byte, id toolinput.Input) []byte) int {
	w := bufio.NewWriterSize(c.stdout, 64<<10)
	status := 0
	for in, err := range toolinput.Inputs(args, c.stdin, opt) {
		bad, invalid := err.(*toolinput.Error)
		switch {
		case invalid:
			status = 1
			if err = w.Flush(); err == nil {
				fmt.Fprintln(c.stderr, "ulid: "+toolinput.Report(in, bad))
			}
		case err == nil:
			_, err = w.Write(format(w.AvailableBuffer(), in))
		}
		if err != nil {
			return c.fail(err)
		}
	}
	if err := w.Flush(); err != nil {
		return c.fail(err)
	}
	return status
}
