package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/ulidgo/ulid"
)

// inspectOptions are the settings of inspect.
type inspectOptions struct {
	json   bool // print JSON
	local  bool // show times in the local time zone
	strict bool // reject Crockford's aliases
}

// inspectFlags defines the flags of inspect on fs.
func inspectFlags(fs *flag.FlagSet) *inspectOptions {
	opt := &inspectOptions{}
	fs.BoolVar(&opt.json, "json", false, "print one JSON object per ID")
	fs.BoolVar(&opt.local, "local", false, "show the time in the local time zone")
	fs.BoolVar(&opt.strict, "strict", false, "reject the aliases I, L and O")
	return opt
}

// info is what inspect shows of a ULID, in text and as JSON.
type info struct {
	ULID    string `json:"ulid"`
	Time    string `json:"time"`
	UnixMS  uint64 `json:"unix_ms"`
	Entropy string `json:"entropy"`
	UUID    string `json:"uuid"`
}

// timeLayout is RFC 3339 with milliseconds.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// describe returns what inspect shows of id.
func describe(id ulid.ULID, local bool) info {
	t := id.Time()
	if local {
		t = t.Local()
	}
	e := id.Entropy()
	return info{
		ULID:    id.String(),
		Time:    t.Format(timeLayout),
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
	return eachID(w, args, opt.strict, func(_ input, id ulid.ULID) error {
		d := describe(id, opt.local)
		if opt.json {
			return enc.Encode(d)
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
