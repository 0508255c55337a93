// Command wasm is the logic of the ULID browser tool: the ulid package
// compiled to WebAssembly (GOOS=js GOARCH=wasm), with a few functions exported
// to the page's JavaScript. cmd/ulid-web builds and serves it.
//
// The functions in this file are plain Go, so they are tested on any
// platform; main_js.go only converts their results to JavaScript values.
package main

import (
	"encoding/hex"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// MaxCount is the most ULIDs one call to generate makes.
const MaxCount = 1000

// A signature is how the page calls one of the functions main_js.go
// exports to it: the function's name and its parameters.
type signature struct {
	name   string
	params []param
}

// A param is one parameter of a signature: its name and its JavaScript
// type, as typeof writes it: "string", "number" or "boolean".
type param struct{ name, typ string }

// The signatures of the functions exported to the page.
var (
	generateSig   = signature{"generate", []param{{"count", "string"}, {"monotonic", "boolean"}, {"lower", "boolean"}, {"at", "string"}, {"v7", "boolean"}}}
	decodeSig     = signature{"decode", []param{{"text", "string"}}}
	decodeListSig = signature{"decodeList", []param{{"text", "string"}}}
	convertSig    = signature{"convert", []param{{"text", "string"}}}
	trimSig       = signature{"trim", []param{{"text", "string"}}}
	localTimeSig  = signature{"localTime", []param{{"ms", "number"}, {"offsetSeconds", "number"}}}
)

// String writes s as a call: generate(count string, monotonic boolean, …).
func (s signature) String() string {
	var b strings.Builder
	b.WriteString(s.name + "(")
	for i, p := range s.params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.name + " " + p.typ)
	}
	b.WriteString(")")
	return b.String()
}

// check returns an error unless types, the JavaScript types of the
// arguments of a call (as syscall/js's Type.String writes them, which is
// typeof's name but for "null"), are those of s: as many, each its
// parameter's. JavaScript checks neither, and the conversions of
// syscall/js panic on a value of another type, which stops the program.
func (s signature) check(types []string) error {
	if len(types) != len(s.params) {
		n := "arguments"
		if len(s.params) == 1 {
			n = "argument"
		}
		return errors.New(s.String() + " takes " + strconv.Itoa(len(s.params)) + " " + n + ", not " + strconv.Itoa(len(types)))
	}
	for i, p := range s.params {
		if types[i] != p.typ {
			return errors.New(s.String() + ": " + p.name + " must be a " + p.typ + ", not " + article(types[i]))
		}
	}
	return nil
}

// article returns a JavaScript type's name with "a" or "an" before it, or
// alone for null and undefined.
func article(typ string) string {
	switch typ {
	case "null", "undefined":
		return typ
	case "object":
		return "an object"
	}
	return "a " + typ
}

// problem describes input that is not a valid ULID or UUID, in the terms the
// page shows: the message and where the offending character is.
type problem struct {
	Kind    string // "length", "character" or "overflow", from the library's error (the ULID reading's, for text also read as UUID text); for a public ID also "check" or "key" (describePublic); "other" otherwise
	Message string // toolinput.Error's message: the library's, without "ulid: ", then the UUID reading and the separator reminder, if any
	Length  int    // the length of the (trimmed) input, in bytes
	Offset  int    // byte offset of the bad character in the original input, or -1
	Index   int    // the same position in UTF-16 code units, for JavaScript, or -1
	Char    string // the bad character as text, or ""
}

func (p *problem) fields() map[string]any {
	return map[string]any{
		"kind":    p.Kind,
		"message": p.Message,
		"length":  p.Length,
		"offset":  p.Offset,
		"index":   p.Index,
		"char":    p.Char,
	}
}

// A fieldError is an error in one field of the Generate form, Field being
// "count" or "time", so that the page marks that field. Its message starts
// with the field's name, as in "count: out of range: want from 1 to 1000".
type fieldError struct {
	Field string
	Err   error
}

func (e *fieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *fieldError) Unwrap() error { return e.Err }

// failure is what a call that failed returns to JavaScript: ok false and
// the error, a problem's fields with nothing to mark and err's message; for
// a fieldError, also "field", and the message without the field's name.
func failure(err error) map[string]any {
	e := (&problem{Kind: "other", Message: err.Error(), Offset: -1, Index: -1}).fields()
	var fe *fieldError
	if errors.As(err, &fe) {
		e["field"], e["message"] = fe.Field, fe.Err.Error()
	}
	return map[string]any{"ok": false, "error": e}
}

// trim removes surrounding white space, as the input policy of the tools
// says (toolinput.Trim), for the page's own decisions: whether a field is
// blank, how many characters it holds.
func trim(input string) string {
	t, _ := toolinput.Trim(input)
	return t
}

// describe turns err, toolinput.Read's error for given, text that is not
// an ID, into a problem: the message, the kind and length of the fault
// from the library's error, and the byte to mark (toolinput.Error.Offset).
func describe(given string, err error) *problem {
	p := &problem{Kind: "other", Message: err.Error(), Offset: -1, Index: -1}
	if e, ok := err.(*toolinput.Error); ok {
		p.Offset = e.Offset()
	}
	var pe *ulid.ParseError
	if errors.As(err, &pe) {
		p.Length = pe.Length
		switch pe.Err {
		case ulid.ErrInvalidLength:
			p.Kind = "length"
		case ulid.ErrOverflow:
			p.Kind = "overflow"
		default:
			p.Kind = "character"
		}
	}
	if p.Offset < 0 {
		return p
	}
	p.Index = utf16Index(given, p.Offset)
	if r, size := utf8.DecodeRuneInString(given[p.Offset:]); r != utf8.RuneError || size > 1 {
		p.Char = string(r)
	} else {
		p.Char = "\\x" + hex.EncodeToString([]byte{given[p.Offset]})
	}
	return p
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

// generated is one ULID made by generate.
type generated struct {
	ULID    string // canonical, or lower case when asked for
	Ms      uint64
	UTC     string
	Entropy string // the 10 entropy bytes, lower-case hex
}

// generate makes count ULIDs for the time at, read as the command's --time
// (toolinput.ParseTime), or for the current time if at is blank. count is
// the text of the page's field, read as the command's -n
// (toolinput.ParseCount), from 1 to MaxCount. They are made as the
// command makes them (toolinput.Generation): with monotonic they increase
// strictly, for the current time from ulid.Make, one sequence per page,
// for a time set from a new generator (as ulid --time does). Without, each
// has fresh random entropy, so those made in the same millisecond are in
// no particular order. With v7 each is also a valid RFC 9562 version 7
// UUID, as ulid --v7 makes them. An error about the count or the time is
// a *fieldError.
func generate(count string, monotonic, lower bool, at string, v7 bool) ([]generated, error) {
	n, err := toolinput.ParseCount(count, 1, MaxCount)
	if err != nil {
		return nil, &fieldError{Field: "count", Err: err}
	}
	g := toolinput.Generation{V7: v7, Fresh: !monotonic}
	if trim(at) != "" {
		g.At, err = toolinput.ParseTime(at) // which trims as trim does
		if err != nil {
			return nil, &fieldError{Field: "time", Err: err}
		}
		g.AtSet = true
	}
	next := g.Generator()
	out := make([]generated, 0, n)
	for range n {
		id, err := next()
		if err != nil {
			return nil, err
		}
		s := id.String()
		if lower {
			s = strings.ToLower(s)
		}
		e := id.Entropy()
		out = append(out, generated{ULID: s, Ms: id.Timestamp(), UTC: toolinput.Format(id.Timestamp()), Entropy: hex.EncodeToString(e[:])})
	}
	return out, nil
}

// decoded is what the Decode tab shows for one input.
type decoded struct {
	Input     string
	Canonical string
	UTC       string
	Ms        uint64
	TimeHex   string // the 6 timestamp bytes
	Entropy   string // the 10 entropy bytes, lower-case hex
	UUID      string
	Bytes     string // all 16 bytes, lower-case hex
	Trimmed   bool   // white space around the input was ignored
	UUIDText  bool   // the input was UUID text
	UUIDv7    bool   // the 128 bits are a valid RFC 9562 version 7 UUID (ulid.ULID.IsUUIDv7)
	LowerCase bool   // the input had lower-case letters (of a ULID)
	Aliases   []int  // byte offsets in Input of the aliases I, L and O
	Problem   *problem
}

func (d *decoded) fields() map[string]any {
	m := map[string]any{"input": d.Input, "ok": d.Problem == nil, "uuidText": d.UUIDText}
	if d.Problem != nil {
		m["error"] = d.Problem.fields()
		return m
	}
	aliases := make([]any, len(d.Aliases))
	for i, a := range d.Aliases {
		aliases[i] = a
	}
	m["canonical"] = d.Canonical
	m["utc"] = d.UTC
	m["ms"] = strconv.FormatUint(d.Ms, 10)
	m["timeHex"] = d.TimeHex
	m["entropy"] = d.Entropy
	m["uuid"] = d.UUID
	m["uuidv7"] = d.UUIDv7
	m["bytes"] = d.Bytes
	m["trimmed"] = d.Trimmed
	m["lowerCase"] = d.LowerCase
	m["aliases"] = aliases
	return m
}

// decode reads input under the tools' input policy (toolinput.Read), as
// ulid inspect does: surrounding white space is trimmed, and it is a ULID
// (lower case and Crockford's aliases accepted) or UUID text.
func decode(input string) *decoded {
	in, err := toolinput.Read(input, toolinput.Options{})
	d := &decoded{Input: input, UUIDText: in.Kind == toolinput.UUID}
	if err != nil {
		d.Problem = describe(input, err)
		return d
	}
	id := in.ID
	text, lead := toolinput.Trim(input)
	d.Trimmed = len(text) != len(input)
	d.Canonical = id.String()
	d.UTC = toolinput.Format(id.Timestamp())
	d.Ms = id.Timestamp()
	d.TimeHex = hex.EncodeToString(id[:6])
	e := id.Entropy()
	d.Entropy = hex.EncodeToString(e[:])
	d.UUID = id.UUIDString()
	d.UUIDv7 = id.IsUUIDv7()
	d.Bytes = hex.EncodeToString(id[:])
	if d.UUIDText {
		return d
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c >= 'a' && c <= 'z':
			d.LowerCase = true
			if c == 'i' || c == 'l' || c == 'o' {
				d.Aliases = append(d.Aliases, lead+i)
			}
		case c == 'I' || c == 'L' || c == 'O':
			d.Aliases = append(d.Aliases, lead+i)
		}
	}
	return d
}

// MaxLines is the most lines decodeList reads.
const MaxLines = 10000

// listItem is one line of a list decodeList read.
type listItem struct {
	Line      int    // 1-based line number in the pasted text
	Input     string // the line as pasted, without its line ending; of a line longer than toolinput.MaxLine, its first MaxLine bytes
	Canonical string
	UTC       string
	Ms        uint64
	id        ulid.ULID
	Problem   *problem
}

func (it *listItem) fields() map[string]any {
	m := map[string]any{"line": it.Line, "input": it.Input, "ok": it.Problem == nil}
	if it.Problem != nil {
		m["error"] = it.Problem.fields()
		return m
	}
	m["canonical"] = it.Canonical
	m["utc"] = it.UTC
	m["ms"] = strconv.FormatUint(it.Ms, 10)
	return m
}

// decodeList reads text as IDs one per line, as ulid validate reads
// standard input (toolinput.Lines): blank lines are skipped, and a line
// longer than toolinput.MaxLine is an error. It returns the valid IDs of
// the first MaxLines lines sorted by time (and, within a millisecond, by
// the rest of their bits, as ULIDs sort), the invalid ones in line order,
// and the number of lines it left unread. It reads the first MaxLines
// lines, then skips blank lines up to the next line that is not blank:
// the lines from that one to the end are unread, and text with only blank
// lines after line MaxLines has none unread.
func decodeList(text string) (valid, invalid []*listItem, unread int) {
	stop := 0 // the first line left unread, or 0 if every line was read
	for in, err := range toolinput.Lines(strings.NewReader(text), toolinput.Options{}) {
		line := in.Place.Line
		if line > MaxLines {
			stop = line
			break
		}
		it := &listItem{Line: line, Input: in.Given}
		if err != nil { // a strings.Reader never fails: a *toolinput.Error
			it.Problem = describe(in.Given, err)
			invalid = append(invalid, it)
			continue
		}
		it.id, it.Canonical, it.UTC, it.Ms = in.ID, in.ID.String(), toolinput.Format(in.ID.Timestamp()), in.ID.Timestamp()
		valid = append(valid, it)
	}
	if stop > 0 {
		// The lines of text, as Lines counts them: a last line without
		// "\n" is one too.
		lines := strings.Count(text, "\n")
		if !strings.HasSuffix(text, "\n") {
			lines++
		}
		unread = lines - stop + 1
	}
	slices.SortStableFunc(valid, func(a, b *listItem) int { return a.id.Compare(b.id) })
	return valid, invalid, unread
}

// conversion is one ID in the other form, as ulid convert prints it.
type conversion struct {
	ULID, UUID string
	UUIDText   bool // the input was UUID text, so its other form is the ULID
	Problem    *problem
}

func (c *conversion) fields() map[string]any {
	m := map[string]any{"ok": c.Problem == nil, "uuidText": c.UUIDText}
	if c.Problem != nil {
		m["error"] = c.Problem.fields()
		return m
	}
	m["ulid"] = c.ULID
	m["uuid"] = c.UUID
	return m
}

// convert reads input under the tools' input policy (toolinput.Read), as
// ulid convert does, and returns the ID in both forms: the canonical ULID
// and the RFC 9562 text of the same 16 bytes. UUIDText says which form
// the input was, so the page shows the other.
func convert(input string) *conversion {
	in, err := toolinput.Read(input, toolinput.Options{})
	c := &conversion{UUIDText: in.Kind == toolinput.UUID}
	if err != nil {
		c.Problem = describe(input, err)
		return c
	}
	c.ULID, c.UUID = in.ID.String(), in.ID.UUIDString()
	return c
}

// localTimeArgs checks the arguments of the page's localTime, numbers in
// JavaScript: ms must be a ULID's Unix milliseconds, and the offset whole
// seconds, less than a day either way.
func localTimeArgs(ms, offset float64) (uint64, int, error) {
	if ms != math.Trunc(ms) || ms < 0 || ms > float64(ulid.MaxTimestamp) ||
		offset != math.Trunc(offset) || math.Abs(offset) >= 24*60*60 {
		return 0, 0, errors.New("localTime: ms must be a ULID's Unix milliseconds and the offset whole seconds under a day")
	}
	return uint64(ms), int(offset), nil
}

// localTime formats the instant ms (Unix milliseconds) as RFC 3339 with
// milliseconds in a zone whose offset from UTC then is offset seconds
// east, as ulid --local does (toolinput.LocalTime). The page passes the
// offset the browser knows for that instant (Go's js/wasm port knows only
// today's). Where the offset has seconds, which RFC 3339 offsets lack,
// the time is formatted in UTC instead and utc is true. Either way
// toolinput.ParseTime, and so the At time field and ulid --time, read the
// text back as ms.
func localTime(ms uint64, offset int) (text string, utc bool) {
	t := toolinput.LocalTime(ms, offset)
	_, shown := t.Zone()
	return t.Format(toolinput.Layout), shown != offset
}

// offsetText writes an offset in seconds east of UTC as ±hh:mm:ss.
func offsetText(offset int) string {
	return time.Unix(0, 0).In(time.FixedZone("", offset)).Format("-07:00:00")
}
