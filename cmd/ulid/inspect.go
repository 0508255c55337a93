package main

import (
	"encoding/hex"
	"encoding/json"
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

// inspectOnlyFlags are the flags of inspect that make no sense without
// IDs, for the message when ulid is given one of them and no ID.
var inspectOnlyFlags = []string{"strict", "ulid-only"}

// showOptions are -f and --local: what inspect and generate print of each
// ID, when it is one value, and in which time zone.
type showOptions struct {
	field string // print only this field: a key of fields; or ""
	local bool   // show times in the local time zone
}

// one reports whether opt asks for one value per ID (-f).
func (opt showOptions) one() bool { return opt.field != "" }

// appendOne appends the value of id that -f asks for to b.
func (opt showOptions) appendOne(b []byte, id ulid.ULID) []byte {
	return fields[opt.field](b, id, opt.local)
}

// fields maps the names -f takes to the field they append: the names
// inspect prints, and those of oklog/ulid's command for the same fields.
var fields = map[string]func(b []byte, id ulid.ULID, local bool) []byte{
	"ulid":    appendULID,
	"time":    appendTime,
	"rfc3339": appendTime,
	"unix_ms": appendUnixMS,
	"ms":      appendUnixMS,
	"unix": func(b []byte, id ulid.ULID, _ bool) []byte {
		return strconv.AppendUint(b, id.Timestamp()/1000, 10)
	},
	"entropy": func(b []byte, id ulid.ULID, _ bool) []byte {
		e := id.Entropy()
		return hex.AppendEncode(b, e[:])
	},
	"uuid":   func(b []byte, id ulid.ULID, _ bool) []byte { return id.AppendUUID(b) },
	"uuidv7": func(b []byte, id ulid.ULID, _ bool) []byte { return strconv.AppendBool(b, id.IsUUIDv7()) },
}

func appendULID(b []byte, id ulid.ULID, _ bool) []byte {
	b, _ = id.AppendText(b) // never fails
	return b
}

func appendTime(b []byte, id ulid.ULID, local bool) []byte {
	return shownTime(id, local).AppendFormat(b, toolinput.Layout)
}

func appendUnixMS(b []byte, id ulid.ULID, _ bool) []byte {
	return strconv.AppendUint(b, id.Timestamp(), 10)
}

// inspectFields are the fields inspect prints as text, in order: each on a
// line of its own, after its name padded to 9 columns.
var inspectFields = []string{"ulid", "time", "unix_ms", "entropy", "uuid", "uuidv7"}

// appendInspect appends to b the text inspect prints of id.
func appendInspect(b []byte, id ulid.ULID, local bool) []byte {
	for _, name := range inspectFields {
		b = append(b, name...)
		b = append(b, "         "[len(name):]...)
		b = fields[name](b, id, local)
		b = append(b, '\n')
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
		switch _, ok := fields[name]; {
		case ok:
			opt.field = name
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

// errJSONWithField is the usage error for --json with -f, in inspect and
// generate.
const errJSONWithField = usageError("--json and -f cannot be combined: -f prints one field as plain text")

// check returns a usageError for flags that cannot be combined.
func (opt *inspectOptions) check() error {
	if opt.json && opt.show.one() {
		return errJSONWithField
	}
	return nil
}

// info is what inspect --json shows of a ULID; the text shows the same
// fields (appendInspect).
type info struct {
	ULID    string `json:"ulid"`
	Time    string `json:"time"`
	UnixMS  uint64 `json:"unix_ms"`
	Entropy string `json:"entropy"`
	UUID    string `json:"uuid"`
	UUIDv7  bool   `json:"uuidv7"` // the 128 bits are a valid RFC 9562 version 7 UUID
}

// shownTime returns id's time as the tools show it: in UTC, or with local
// in the local time zone, as toolinput.LocalTime shows it.
func shownTime(id ulid.ULID, local bool) time.Time {
	t := id.Time()
	if local {
		_, offset := t.Local().Zone()
		t = toolinput.LocalTime(id.Timestamp(), offset)
	}
	return t
}

// describe returns what inspect --json shows of id.
func describe(id ulid.ULID, local bool) info {
	e := id.Entropy()
	return info{
		ULID:    id.String(),
		Time:    shownTime(id, local).Format(toolinput.Layout),
		UnixMS:  id.Timestamp(),
		Entropy: hex.EncodeToString(e[:]),
		UUID:    id.UUIDString(),
		UUIDv7:  id.IsUUIDv7(),
	}
}

// appendJSON appends what inspect --json prints of id to b: a JSON object
// and a newline.
func appendJSON(b []byte, id ulid.ULID, local bool) []byte {
	j, _ := json.Marshal(describe(id, local)) // never fails: strings, a number and a bool
	return append(append(b, j...), '\n')
}

// runInspect describes each ID in args on standard output (see each) and
// returns the exit status, or a usageError for flags that cannot be
// combined.
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
			return appendJSON(b, in.ID, opt.show.local)
		case !first:
			b = append(b, '\n')
		}
		first = false
		return appendInspect(b, in.ID, opt.show.local)
	}), nil
}
