package toolinput

import (
	"encoding/hex"
	"strconv"
	"time"

	"github.com/ulidgo/ulid"
)

// A Field is one value the tools show of an ID, under one name everywhere:
// ulid inspect prints each field on a line of its own, --json prints them
// as the members of one JSON object, -f prints one alone, and the browser
// tool's Decode tab shows each in the output of that name.
type Field struct {
	Name string
	// Append appends the value to b as text. t is the ID's time in the
	// zone to show it in: id.Time() for UTC, or see LocalTime.
	Append func(b []byte, id ulid.ULID, t time.Time) []byte
	// Quoted is whether the value is a JSON string; unix_ms is a JSON
	// number and uuidv7 a JSON boolean.
	Quoted bool
}

// fields are the fields of Fields.
var fields = [...]Field{
	{"ulid", func(b []byte, id ulid.ULID, _ time.Time) []byte { b, _ = id.AppendText(b); return b }, true}, // never fails
	{"time", func(b []byte, _ ulid.ULID, t time.Time) []byte { return t.AppendFormat(b, Layout) }, true},
	{"unix_ms", func(b []byte, id ulid.ULID, _ time.Time) []byte { return strconv.AppendUint(b, id.Timestamp(), 10) }, false},
	{"entropy", func(b []byte, id ulid.ULID, _ time.Time) []byte { e := id.Entropy(); return hex.AppendEncode(b, e[:]) }, true},
	{"uuid", func(b []byte, id ulid.ULID, _ time.Time) []byte { return id.AppendUUID(b) }, true},
	// Whether the 128 bits are a valid RFC 9562 version 7 UUID.
	{"uuidv7", func(b []byte, id ulid.ULID, _ time.Time) []byte { return strconv.AppendBool(b, id.IsUUIDv7()) }, false},
}

// Fields returns the fields of an ID in the order the tools show them:
// ulid (the canonical ULID), time (RFC 3339 with milliseconds, in Layout),
// unix_ms, entropy (the 10 entropy bytes in hex), uuid (the UUID text of
// the same 16 bytes) and uuidv7 (true or false).
func Fields() [6]Field { return fields }
