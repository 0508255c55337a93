// Command wasm is the logic of the ULID browser tool: the ulid package
// compiled to WebAssembly (GOOS=js GOARCH=wasm), with a few functions exported
// to the page's JavaScript. cmd/ulid-web builds and serves it.
//
// Each input of the page is one call of one function, which returns one
// record that the page renders: whether the field is blank, the result, or
// the error with its wording and the character it names. The page trims,
// counts and words nothing itself. The functions in this file are plain Go,
// so they are tested on any platform; main_js.go only exports them.
package main

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// A record is what a function returns to the page, as js.ValueOf converts
// it: strings, ints, bools, records and []any of records. Every record of
// an input has "blank" true, for a field empty once trimmed
// (toolinput.Trim), or "ok", and with ok false, "error" (see problem and
// failure).
type record = map[string]any

// blankRecord is the record of a blank field: the page clears its output.
var blankRecord = record{"blank": true}

// failure is the record of a call that failed: ok false and error, with
// message and, if not "", field ("count", "time", "prefix", "keys" or
// "type"), which the page marks and names in front of the message.
func failure(field, message string) record {
	e := record{"message": message}
	if field != "" {
		e["field"] = field
	}
	return record{"ok": false, "error": e}
}

// read reads input with toolinput.Read under opt and returns it, or the
// record to return instead: blankRecord, or the problem of text that is no
// ID.
func read(input string, opt toolinput.Options) (toolinput.Input, record) {
	in, err := toolinput.Read(input, opt)
	switch {
	case in.Text == "":
		return in, blankRecord
	case err != nil:
		return in, problem(in, err)
	}
	return in, nil
}

// problem is the record of err, toolinput.Read's error for in: ok false
// and error, with message, as the command shows it; title, "Not a valid
// ULID: " (or UUID, public ID, TypeID) and the message; public, for text
// that is or looks like a public ID (toolinput.Verdict), with type, the
// type of one that looks typed; and offset, the byte offset
// in in.Given of the character to mark, or -1, with index, the same in
// UTF-16 code units, and char, that character (see visible). For a length
// error, that is the first character that is not ASCII, if any.
func problem(in toolinput.Input, err error) record {
	te := err.(*toolinput.Error) // every error of Read
	e := record{"message": te.Error(), "title": "Not a valid " + in.Kind.String() + ": " + te.Error(), "offset": -1, "index": -1}
	if te.PublicID != toolinput.NotPublic {
		e["public"], e["type"] = true, te.Type
	}
	at := te.Offset()
	// A line too long is not read, so it has no character to mark.
	if at < 0 && te.Err.Length <= toolinput.MaxLine {
		if i := strings.IndexFunc(in.Text, func(r rune) bool { return r > unicode.MaxASCII }); i >= 0 {
			at = in.Lead + i
		}
	}
	if at >= 0 && at < len(in.Given) {
		r, _ := utf8.DecodeRuneInString(in.Given[at:])
		e["offset"], e["index"], e["char"] = at, utf16Index(in.Given, at), visible(r)
	}
	return record{"ok": false, "error": e}
}

// visible returns r as text to show, or, if it shows as nothing or as a
// blank (white space, a control or a format character), its name: "space",
// or its code point, "U+3000".
func visible(r rune) string {
	switch {
	case r == ' ':
		return "space"
	case unicode.In(r, unicode.White_Space, unicode.Cc, unicode.Cf):
		h := strings.ToUpper(strconv.FormatUint(uint64(r), 16))
		return "U+" + strings.Repeat("0", max(0, 4-len(h))) + h
	}
	return string(r)
}

// utf16Index converts a byte offset in s into an index in UTF-16 code
// units, which is how JavaScript indexes strings.
func utf16Index(s string, offset int) int {
	n := 0
	for i, r := range s {
		if i >= offset {
			break
		}
		n += utf16.RuneLen(r) // invalid UTF-8 decodes as U+FFFD: one unit
	}
	return n
}

// MaxCount is the most ULIDs one call to generate makes.
const MaxCount = 1000

// generate makes count ULIDs (the text of the page's field, read as -n is,
// from 1 to MaxCount) by toolinput.Generation: at the time at, read as
// --time is, or now if at is blank; increasing strictly if monotonic, each
// with fresh entropy if not; valid UUIDv7s too if v7 or if prefix is not
// blank. The record has items, the fields of each ULID, with ulid in lower
// case if lower, and typeid, its TypeID text of the prefix, if not blank,
// as ulid --typeid makes them; prefix, that prefix, trimmed; and at, the
// time set in UTC, or "" for now. A bad count, time or prefix is a failure
// of that field.
func generate(count string, monotonic, lower bool, at string, v7 bool, prefix string) record {
	n, err := toolinput.ParseCount(count, 1, MaxCount)
	if err != nil {
		return failure("count", err.Error())
	}
	prefix, _ = toolinput.Trim(prefix)
	if _, err := ulid.AppendTypeID(nil, prefix, ulid.ULID{}); err != nil {
		return failure("prefix", toolinput.Message(err))
	}
	g := toolinput.Generation{V7: v7 || prefix != "", Fresh: !monotonic}
	if at, _ = toolinput.Trim(at); at != "" {
		if g.At, err = toolinput.ParseTime(at); err != nil {
			return failure("time", err.Error())
		}
		g.AtSet = true
	}
	next := g.Generator()
	items := make([]any, n)
	for i := range items {
		id, err := next()
		if err != nil {
			return failure("", err.Error())
		}
		f := fields(id)
		if lower {
			f["ulid"] = string(id.AppendLower(nil))
		}
		if prefix != "" {
			b, _ := ulid.AppendTypeID(nil, prefix, id) // the prefix was checked
			f["typeid"] = string(b)
		}
		items[i] = f
	}
	r := record{"ok": true, "items": items, "at": "", "prefix": prefix}
	if g.AtSet {
		r["at"] = items[0].(record)["time"]
	}
	return r
}

// decode reads input as ulid inspect does (toolinput.Read). offset returns
// the local zone's offset at an instant (Unix ms), in seconds east. The
// record has fields (see fields); local, the time in the local zone; zone,
// "" or why that time is in UTC; prefix, the prefix of TypeID text, or "";
// and note, what reading did (see normalised).
func decode(input string, offset func(ms uint64) int) record {
	in, r := read(input, toolinput.Options{})
	if r != nil {
		return r
	}
	ms := in.ID.Timestamp()
	zoneOffset := offset(ms)
	local := toolinput.LocalTime(ms, zoneOffset) // in UTC if the offset has seconds
	zone := ""
	if _, shown := local.Zone(); shown != zoneOffset {
		offset := time.UnixMilli(int64(ms)).In(time.FixedZone("", zoneOffset)).Format("-07:00:00")
		zone = "in UTC, as the offset then, " + offset + ", has seconds, which RFC 3339 cannot write"
	}
	return record{"ok": true, "fields": fields(in.ID), "local": local.Format(toolinput.Layout), "zone": zone, "prefix": in.Prefix, "note": normalised(in)}
}

// fields returns the fields of id as ulid inspect shows them
// (toolinput.Fields), the time in UTC, as a record of text.
func fields(id ulid.ULID) record {
	r := record{}
	for _, f := range toolinput.Fields() {
		r[f.Name] = string(f.Append(nil, id, id.Time()))
	}
	return r
}

// normalised says what reading in, a valid ID, did to its text: read UUID
// or TypeID text, or a ULID in another form than its canonical one; or ""
// if none.
func normalised(in toolinput.Input) string {
	switch {
	case in.Kind == toolinput.UUID:
		return "Read as UUID text: this is the ULID of the same 16 bytes."
	case in.Kind == toolinput.TypeID:
		return "Read as TypeID text of the prefix " + strconv.Quote(in.Prefix) + ": this is the ULID of the same 16 bytes."
	case in.Given != in.ID.String():
		return "Normalised to the canonical form above: upper case, 1 for I and L, 0 for O, no white space around it."
	}
	return ""
}

// MaxLines is the most lines decodeList reads.
const MaxLines = 10000

// decodeList reads text as IDs one per line, as ulid validate reads its
// input (toolinput.Lines). The record has valid, the valid IDs of the first
// MaxLines lines in ULID order, each with line (from 1), ulid and time;
// invalid, the others in line order, each with report, the line ulid
// validate prints (toolinput.Report); and unread, the lines from the first
// not blank after line MaxLines to the end.
func decodeList(text string) record {
	valid, invalid := []any{}, []any{}
	stop := 0 // the first line left unread, or 0 if every line was read
	for in, err := range toolinput.Lines(strings.NewReader(text), toolinput.Options{}) {
		line := in.Place.Line
		if line > MaxLines {
			stop = line
			break
		}
		if err != nil {
			// A *toolinput.Error: a strings.Reader fails at nothing.
			invalid = append(invalid, record{"report": toolinput.Report(in, err.(*toolinput.Error))})
			continue
		}
		valid = append(valid, record{"line": line, "ulid": in.ID.String(), "time": toolinput.Format(in.ID.Timestamp())})
	}
	unread := 0
	if stop > 0 { // the lines of text as Lines counts them, a last one without "\n" too
		unread = strings.Count(strings.TrimSuffix(text, "\n"), "\n") + 2 - stop
	}
	if len(valid)+len(invalid)+unread == 0 {
		return blankRecord // every line blank
	}
	// Canonical ULIDs sort as the IDs do.
	slices.SortStableFunc(valid, func(a, b any) int { return strings.Compare(a.(record)["ulid"].(string), b.(record)["ulid"].(string)) })
	return record{"ok": true, "valid": valid, "invalid": invalid, "unread": unread}
}

// convert reads input as ulid convert does (toolinput.Read) and returns
// both forms, ulid and uuid (RFC 9562 text); kind, what the input was read
// as, "ULID", "UUID" or "TypeID", so the page shows the other form; and
// note, which says so (see readAs).
func convert(input string) record {
	in, r := read(input, toolinput.Options{})
	if r != nil {
		return r
	}
	return record{"ok": true, "ulid": in.ID.String(), "uuid": in.ID.UUIDString(), "kind": in.Kind.String(), "note": readAs(in)}
}

// readAs says what the text of in, a valid ID, was read as, and so what
// convert shows: "Read as UUID text, so this is its ULID.", or as a ULID or
// TypeID text, so its UUID.
func readAs(in toolinput.Input) string {
	switch in.Kind {
	case toolinput.UUID:
		return "Read as UUID text, so this is its ULID."
	case toolinput.TypeID:
		return "Read as TypeID text of the prefix " + strconv.Quote(in.Prefix) + ", so this is its UUID."
	}
	return "Read as a ULID, so this is its UUID."
}

// toTypeID reads input as ulid convert --typeid prefix does
// (toolinput.Read with Options.Type) and returns typeid, its TypeID text of
// the prefix, and ulid. TypeID text of another prefix is refused, as ulid
// convert refuses it. A prefix that breaks TypeID's rule is a failure of
// the field "prefix"; a blank one gives noPrefix, for a field that is not.
func toTypeID(prefix, input string) record {
	prefix, _ = toolinput.Trim(prefix)
	if _, err := ulid.AppendTypeID(nil, prefix, ulid.ULID{}); err != nil {
		return failure("prefix", toolinput.Message(err))
	}
	in, r := read(input, toolinput.Options{Type: prefix})
	switch {
	case r["blank"] == true:
		return r
	case prefix == "":
		return record{"ok": false, "noPrefix": true}
	case r != nil:
		return r
	}
	b, _ := ulid.AppendTypeID(nil, prefix, in.ID) // the prefix was checked
	return record{"ok": true, "typeid": string(b), "ulid": in.ID.String()}
}
