package main

import (
	"errors"
	"flag"
	"strconv"
	"strings"
	"time"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// inspectOptions are the settings of inspect.
type inspectOptions struct {
	json   bool // print JSON
	show   showOptions
	policy toolinput.Options
}

// inspectOnlyFlags are the flags of inspect that make no sense without IDs.
var inspectOnlyFlags = []string{"strict", "ulid-only"}

// showOptions are -f and --local, of inspect and generate.
type showOptions struct {
	field toolinput.Field // print only this field (-f); or the zero Field
	local bool            // show times in the local time zone
}

// one reports whether opt asks for one value per ID (-f).
func (opt showOptions) one() bool { return opt.field.Append != nil }

// appendOne appends the value of id that -f asks for to b.
func (opt showOptions) appendOne(b []byte, id ulid.ULID) []byte {
	return opt.field.Append(b, id, shownTime(id, opt.local))
}

// fieldAliases are oklog/ulid's names for fields that -f takes too.
var fieldAliases = map[string]string{"rfc3339": "time", "ms": "unix_ms"}

// unixField is the time in Unix seconds, which -f alone prints.
var unixField = toolinput.Field{Name: "unix", Append: func(b []byte, id ulid.ULID, _ time.Time) []byte {
	return strconv.AppendUint(b, id.Timestamp()/1000, 10)
}}

// lookupField returns the field that -f names name (in lower case), or false.
func lookupField(name string) (toolinput.Field, bool) {
	if alias, ok := fieldAliases[name]; ok {
		name = alias
	}
	for _, f := range toolinput.Fields() {
		if f.Name == name {
			return f, true
		}
	}
	return unixField, name == unixField.Name
}

// appendInspect appends what inspect prints of id, read with the TypeID
// prefix given or "", to b: a line per field, the prefix's first if any.
func appendInspect(b []byte, id ulid.ULID, prefix string, local bool) []byte {
	t := shownTime(id, local)
	if prefix != "" {
		b = append(append(append(b, "prefix   "...), prefix...), '\n')
	}
	for _, f := range toolinput.Fields() {
		b = append(b, f.Name...)
		b = append(b, "         "[len(f.Name):]...)
		b = append(f.Append(b, id, t), '\n')
	}
	return b
}

// fieldNames lists the values of -f for messages.
const fieldNames = "ulid, time (or rfc3339), unix_ms (or ms), unix, entropy, uuid, uuidv7"

// showFlags defines -f (--format) and -l (--local) on fs, to set opt.
func showFlags(fs *flag.FlagSet, opt *showOptions) {
	fs.BoolVar(&opt.local, "local", false, "show the time in the local time zone")
	fs.BoolVar(&opt.local, "l", false, "short for --local")
	setField := func(s string) error {
		name := strings.ToLower(s)
		switch f, ok := lookupField(name); {
		case ok:
			opt.field = f
		case name == "default":
			return errors.New("oklog's default layout (Mon Jan 02 15:04:05.999 MST 2006) is not offered, as its zone abbreviation " +
				"cannot be read back; use -f time for the time in RFC 3339")
		default:
			return errors.New("want one of " + fieldNames)
		}
		return nil
	}
	fs.Func("f", "print only this field of each ID", setField)
	fs.Func("format", "long form of -f", setField)
}

// inspectFlags defines the flags of inspect on fs.
func inspectFlags(fs *flag.FlagSet) *inspectOptions {
	opt := &inspectOptions{}
	fs.BoolVar(&opt.json, "json", false, "print one JSON object per ID")
	showFlags(fs, &opt.show)
	policyFlags(fs, &opt.policy)
	return opt
}

// errJSONWithField is the usage error for --json with -f.
const errJSONWithField = usageError("--json and -f cannot be combined: -f prints one field as plain text")

// check returns a usageError for flags that cannot be combined.
func (opt *inspectOptions) check() error {
	if opt.json && opt.show.one() {
		return errJSONWithField
	}
	return nil
}

// shownTime returns id's time in UTC, or with local as toolinput.LocalTime
// shows it in the local time zone.
func shownTime(id ulid.ULID, local bool) time.Time {
	t := id.Time()
	if local {
		_, offset := t.Local().Zone()
		t = toolinput.LocalTime(id.Timestamp(), offset)
	}
	return t
}

// appendJSON appends what inspect --json prints of id, read with the
// TypeID prefix given or "", to b: its fields as one JSON object, the
// prefix's first if any, none needing escapes, and a newline.
func appendJSON(b []byte, id ulid.ULID, prefix string, local bool) []byte {
	t, sep := shownTime(id, local), byte('{')
	if prefix != "" {
		b, sep = append(append(append(b, `{"prefix":"`...), prefix...), '"'), ','
	}
	for _, f := range toolinput.Fields() {
		b = append(append(append(b, sep, '"'), f.Name...), '"', ':')
		if f.Quoted {
			b = append(f.Append(append(b, '"'), id, t), '"')
		} else {
			b = f.Append(b, id, t)
		}
		sep = ','
	}
	return append(b, '}', '\n')
}

// runInspect describes each ID in args (see each) and returns the exit
// status, or a usageError for flags that cannot be combined.
func (c *cli) runInspect(args []string, opt inspectOptions) (int, error) {
	if err := opt.check(); err != nil {
		return 0, err
	}
	first := true
	return c.each(args, opt.policy, func(b []byte, in toolinput.Input) []byte {
		switch {
		case opt.show.one():
			return append(opt.show.appendOne(b, in.ID), '\n')
		case opt.json:
			return appendJSON(b, in.ID, in.Prefix, opt.show.local)
		case !first:
			b = append(b, '\n')
		}
		first = false
		return appendInspect(b, in.ID, in.Prefix, opt.show.local)
	}), nil
}
