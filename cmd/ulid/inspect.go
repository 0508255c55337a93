package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/cmd/ulid/toolinput"
)

// inspectOptions are the settings of inspect.
type inspectOptions struct {
	json   bool   // print JSON
	local  bool   // show times in the local time zone
	field  string // print only this field, one line per ID: a key of fields, or ""
	policy toolinput.Options
}

// inspectFlagNames are the flags inspectFlags defines, for messages about
// flags given in the wrong mode.
var inspectFlagNames = []string{"json", "local", "l", "f", "format", "strict", "ulid-only"}

// fields maps the names -f takes to the field they print: the names inspect
// prints, and those of oklog/ulid's command for the same fields.
var fields = map[string]func(info) string{
	"ulid":    func(d info) string { return d.ULID },
	"time":    func(d info) string { return d.Time },
	"rfc3339": func(d info) string { return d.Time },
	"unix_ms": func(d info) string { return strconv.FormatUint(d.UnixMS, 10) },
	"ms":      func(d info) string { return strconv.FormatUint(d.UnixMS, 10) },
	"unix":    func(d info) string { return strconv.FormatUint(d.UnixMS/1000, 10) },
	"entropy": func(d info) string { return d.Entropy },
	"uuid":    func(d info) string { return d.UUID },
}

// fieldNames lists the values of -f for messages.
const fieldNames = "ulid, time (or rfc3339), unix_ms (or ms), unix, entropy, uuid"

// inspectFlags defines the flags of inspect on fs.
func inspectFlags(fs *flag.FlagSet) *inspectOptions {
	opt := &inspectOptions{}
	fs.BoolVar(&opt.json, "json", false, "print one JSON object per ID")
	fs.BoolVar(&opt.local, "local", false, "show the time in the local time zone")
	fs.BoolVar(&opt.local, "l", false, "short for --local")
	setField := func(s string) error {
		name := strings.ToLower(s)
		if _, ok := fields[name]; !ok {
			if name == "default" {
				return errors.New("oklog's default layout (Mon Jan 02 15:04:05.999 MST 2006) is not offered, as its zone abbreviation cannot be read back; use -f time")
			}
			return errors.New("want one of " + fieldNames)
		}
		opt.field = name
		return nil
	}
	fs.Func("f", "print only this field of each ID", setField)
	fs.Func("format", "long form of -f", setField)
	fs.BoolVar(&opt.policy.Strict, "strict", false, "reject the aliases I, L and O")
	fs.BoolVar(&opt.policy.ULIDOnly, "ulid-only", false, "reject UUID text")
	return opt
}

// check reports flags that cannot be combined as misuse.
func (opt *inspectOptions) check() {
	if opt.json && opt.field != "" {
		misuse("--json and -f cannot be combined: -f prints one field as plain text")
	}
}

// info is what inspect shows of a ULID, in text and as JSON.
type info struct {
	ULID    string `json:"ulid"`
	Time    string `json:"time"`
	UnixMS  uint64 `json:"unix_ms"`
	Entropy string `json:"entropy"`
	UUID    string `json:"uuid"`
}

// describe returns what inspect shows of id.
func describe(id ulid.ULID, local bool) info {
	t := id.Time()
	if local {
		// RFC 3339 offsets have no seconds: a zone whose offset has them
		// (local mean time before 1972, say) is shown in UTC, so that the
		// time still reads back exactly with --time.
		if _, offset := t.Local().Zone(); offset%60 == 0 {
			t = t.Local()
		}
	}
	e := id.Entropy()
	return info{
		ULID:    id.String(),
		Time:    t.Format(toolinput.Layout),
		UnixMS:  id.Timestamp(),
		Entropy: hex.EncodeToString(e[:]),
		UUID:    id.UUIDString(),
	}
}

// runInspect describes each ID in args on standard output (see eachID) and
// returns the exit status.
func runInspect(args []string, opt inspectOptions) int {
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	enc := json.NewEncoder(w)
	first := true
	return eachID(w, args, opt.policy, func(id ulid.ULID, _ toolinput.Kind) error {
		d := describe(id, opt.local)
		switch {
		case opt.json:
			return enc.Encode(d)
		case opt.field != "":
			_, err := w.WriteString(fields[opt.field](d) + "\n")
			return err
		}
		if !first {
			w.WriteByte('\n')
		}
		first = false
		_, err := fmt.Fprintf(w, "ulid     %s\ntime     %s\nunix_ms  %d\nentropy  %s\nuuid     %s\n",
			d.ULID, d.Time, d.UnixMS, d.Entropy, d.UUID)
		return err
	})
}
