package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// A vector is a ULID of testdata/vectors.json in the module's root, as the
// Decode tab shows it; the ulid package's tests and the page's read the same
// file.
type vector struct {
	text, bytes, utc, uuid string
	ms                     uint64
}

// vectorsFile is the shared file of vectors.
var vectorsFile = filepath.Join("..", "..", "testdata", "vectors.json")

var vectors = readVectors(vectorsFile)

// readVectors reads the vectors of the JSON file at name. It panics if the
// file is missing or malformed, which fails the package's tests at once.
func readVectors(name string) []vector {
	var file struct {
		Vectors []struct {
			Text, Hex, UTC, UUID string
			Ms                   uint64
		}
	}
	data, err := os.ReadFile(name)
	if err == nil {
		err = json.Unmarshal(data, &file)
	}
	if err != nil || len(file.Vectors) == 0 {
		panic(fmt.Sprintf("%s: %v (%d vectors)", name, err, len(file.Vectors)))
	}
	var vs []vector
	for _, v := range file.Vectors {
		vs = append(vs, vector{v.Text, v.Hex, v.UTC, v.UUID, v.Ms})
	}
	return vs
}

// get returns the value at path in r, following records, or nil.
func get(r record, path ...string) any {
	var v any = r
	for _, key := range path {
		m, _ := v.(record)
		v = m[key]
	}
	return v
}

// fixed returns an offset function of a zone whose offset from UTC is
// always seconds east.
func fixed(seconds int) func(uint64) int { return func(uint64) int { return seconds } }

// kolkata is the offset of Asia/Kolkata, +05:30, which has not changed
// since 1945.
var kolkata = fixed(19800)

func TestDecodeVectors(t *testing.T) {
	// go test reruns a package's tests when a file they opened changes, but
	// counts only the files opened while they run, not those read at start:
	// reading it again here makes a change to the file rerun them.
	if got := readVectors(vectorsFile); !slices.Equal(got, vectors) {
		t.Fatalf("%s changed while the tests ran", vectorsFile)
	}
	for _, v := range vectors {
		local := toolinput.LocalTime(v.ms, 19800).Format(toolinput.Layout)
		want := record{"ok": true, "zone": "", "prefix": "", "note": "", "local": local, "fields": record{
			"ulid": v.text, "time": v.utc, "unix_ms": strconv.FormatUint(v.ms, 10),
			"entropy": v.bytes[12:], "uuid": v.uuid, "uuidv7": "false",
		}}
		if got := decode(v.text, kolkata); !reflect.DeepEqual(got, want) {
			t.Errorf("decode(%q) = %v, want %v", v.text, got, want)
		}
		for _, in := range []string{v.text, strings.ToLower(v.text)} {
			want := record{"ok": true, "ulid": v.text, "uuid": v.uuid, "kind": "ULID", "note": "Read as a ULID, so this is its UUID."}
			if got := convert(in); !reflect.DeepEqual(got, want) {
				t.Errorf("convert(%q) = %v, want %v", in, got, want)
			}
		}
		for _, u := range []string{v.uuid, strings.ToUpper(v.uuid), strings.ReplaceAll(v.uuid, "-", ""), "{" + v.uuid + "}", "urn:uuid:" + v.uuid} {
			want := record{"ok": true, "ulid": v.text, "uuid": v.uuid, "kind": "UUID", "note": "Read as UUID text, so this is its ULID."}
			if got := convert(u); !reflect.DeepEqual(got, want) {
				t.Errorf("convert(%q) = %v, want %v", u, got, want)
			}
		}
	}
}

// TestDecodeNormalises checks the note on what reading the input did:
// UUID text read, or a ULID in another form than its canonical one.
func TestDecodeNormalises(t *testing.T) {
	const normalised = "Normalised to the canonical form above: upper case, 1 for I and L, 0 for O, no white space around it."
	const uuidText = "Read as UUID text: this is the ULID of the same 16 bytes."
	for _, tc := range []struct{ input, note string }{
		{vectors[0].text, ""},
		{" \t01arYZ6s41tsv4rrffq69g5fav\n", normalised},
		{"OIARYZ6S41TSV4RRFFQ69G5FAV", normalised},
		{" oLARYZ6S41TSV4RRFFQ69G5FAV", normalised},
		{"0IARYZ6S41TSV4RRFFQ69G5FAV", normalised},
		{" " + vectors[0].text, normalised},
		{vectors[0].uuid, uuidText},
		{"\u00a0{" + strings.ToUpper(vectors[0].uuid) + "}", uuidText},
	} {
		d := decode(tc.input, kolkata)
		if get(d, "fields", "ulid") != vectors[0].text || d["note"] != tc.note {
			t.Errorf("decode(%q) = %v, want note %q", tc.input, d, tc.note)
		}
	}
}

// TestDecodeProblems checks the error of each kind: the message, the title
// with the form the text was read as, and the character it names, with its
// offsets in bytes and in UTF-16 code units.
func TestDecodeProblems(t *testing.T) {
	for _, tc := range []struct {
		input         string
		offset, index int
		char, message string
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", 25, 25, "U", "invalid character 'U' at offset 25"},
		{"  01ARYZ6S41TSV4RRFFQ69G5FAU", 27, 27, "U", "invalid character 'U' at offset 27"},
		{"01ARYZ6S41-SV4RRFFQ69G5FAV", 10, 10, "-", "invalid character '-' at offset 10"},
		{"01ARYZ6S41 SV4RRFFQ69G5FAV", 10, 10, "space", "invalid character ' ' at offset 10 (a line holds one ID, and this one has a space at offset 10)"},
		{"01ARYZ6S41\u200bSV4RRFFQ69G5F", 10, 10, "U+200B", "invalid character 0xe2 at offset 10"},
		{"80000000000000000000000000", 0, 0, "8", "first character '8' is above '7': value overflows 128 bits"},
		{"01ARYZ6S41TSV4RRFFQ69G5FA", -1, -1, "", "invalid length 25 bytes, want 26"},
		{"0é1ARYZ6S41TSV4RRFFQ69G5F", 1, 1, "é", "invalid character 0xc3 at offset 1"},
		{"01ARYZ6S41😀TSV4RRFFQ69G", 10, 10, "😀", "invalid character 0xf0 at offset 10"},
		// A no-break space is trimmed; it is two bytes but one UTF-16 unit.
		{"\u00a001ARYZ6S41TSV4RRFFQ69G5FAU", 27, 26, "U", "invalid character 'U' at offset 27"},
		{"\ufeff01ARYZ6S41TSV4RRFFQ69G5FAU", 28, 26, "U", "invalid character 'U' at offset 28"},
	} {
		d := decode(tc.input, kolkata)
		e, _ := d["error"].(record)
		want := record{"message": tc.message, "title": "Not a valid ULID: " + tc.message, "offset": tc.offset, "index": tc.index}
		if tc.char != "" {
			want["char"] = tc.char
		}
		if d["ok"] != false || !reflect.DeepEqual(e, want) || d["fields"] != nil {
			t.Errorf("decode(%q) = %v, want error %v", tc.input, d, want)
		}
	}
	if got := utf16Index("a😀b", 5); got != 3 {
		t.Errorf("utf16Index after an astral character = %d, want 3", got)
	}
	if e := get(convert("01563df3-6481-d676-4c61-efb99302bd5x"), "error").(record); e["offset"] != 35 || e["char"] != "x" ||
		!strings.HasPrefix(e["title"].(string), "Not a valid UUID: ") {
		t.Errorf("convert of a UUID with a bad digit: %v", e)
	}
	// Of several faults, the first in input order is the one shown.
	for _, tc := range []struct {
		input  string
		offset int
		char   string
	}{
		{"01g63df3-6481-d676-4c61_efb99302bd5b", 2, "g"},
		{"-01563df3-6481-d676-4c61-efb99302bd5", 0, "-"},
		{"0156-3df36481-d676-4c61-efb99302bd5b", 4, "-"},
		{"{g1563df3-6481-d676-4c61-efb99302bd5b)", 1, "g"},
		{"urn:uuid:0g563df3-6481-d676-4c61_efb99302bd5b", 10, "g"},
	} {
		if e := get(convert(tc.input), "error").(record); e["offset"] != tc.offset || e["char"] != tc.char {
			t.Errorf("convert(%q) error = %v, want %q at offset %d", tc.input, e, tc.char, tc.offset)
		}
	}
}

// TestLengthMark checks the character the page marks in text of the
// wrong length, whose error names none: the first that is not ASCII, which
// counts as several bytes, at its offsets in bytes and in UTF-16 code
// units, named if it shows as nothing; none in text of ASCII alone.
func TestLengthMark(t *testing.T) {
	v := vectors[0].text
	for _, tc := range []struct {
		name          string
		record        record
		title         string
		offset, index int
		char          string
	}{
		{"short ULID", decode(" "+v[:25], kolkata), "Not a valid ULID: invalid length 25 bytes, want 26", -1, -1, ""},
		{"one character", decode("x", kolkata), "Not a valid ULID: invalid length 1 bytes, want 26", -1, -1, ""},
		{"U+3000 after", decode(v+"\u3000", kolkata), "Not a valid ULID: invalid length 29 bytes, want 26", 26, 26, "U+3000"},
		{"U+2028 before", decode("\u2028"+v, kolkata), "Not a valid ULID: invalid length 29 bytes, want 26", 0, 0, "U+2028"},
		{"U+2003 U+200A", decode("\u2003\u200a", kolkata), "Not a valid ULID: invalid length 6 bytes, want 26", 0, 0, "U+2003"},
		{"emoji inside", decode("01ARYZ6S41TSV4😀RFFQ69G5F", kolkata), "Not a valid ULID: invalid length 27 bytes, want 26", 14, 14, "😀"},
		{"after a trimmed no-break space", decode("\u00a0"+v+"é", kolkata), "Not a valid ULID: invalid length 28 bytes, want 26", 28, 27, "é"},
		{"UUID", decode("01563df3-6481-d676-4c61efb99302bd5b", kolkata),
			"Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphens", -1, -1, ""},
		{"convert UUID", convert(" 01563df3-6481-d676-4c61efb99302bd5b"),
			"Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphens", -1, -1, ""},
		{"convert U+3000", convert("\u3000"), "Not a valid ULID: invalid length 3 bytes, want 26", 0, 0, "U+3000"},
	} {
		e, _ := tc.record["error"].(record)
		want := record{"message": strings.SplitN(tc.title, ": ", 2)[1], "title": tc.title, "offset": tc.offset, "index": tc.index}
		if tc.char != "" {
			want["char"] = tc.char
		}
		if !reflect.DeepEqual(e, want) {
			t.Errorf("%s: error %v;\nwant %v", tc.name, e, want)
		}
	}
}

// generated calls generate and returns its record and, for a failure, an
// error with the failure's field, if any, and message, as the page shows
// them: "count: out of range: want from 1 to 1000".
func generated(count string, monotonic, lower bool, at string, v7 bool) (record, error) {
	r := generate(count, monotonic, lower, at, v7, "")
	if r["ok"] != false {
		return r, nil
	}
	msg := get(r, "error", "message").(string)
	if field, ok := get(r, "error", "field").(string); ok {
		msg = field + ": " + msg
	}
	return r, errors.New(msg)
}

// items returns the items of generate's record r, and their ULIDs as the
// library parses them.
func items(t *testing.T, r record) ([]record, []ulid.ULID) {
	t.Helper()
	list, _ := r["items"].([]any)
	out, ids := make([]record, len(list)), make([]ulid.ULID, len(list))
	for i, it := range list {
		out[i] = it.(record)
		id, err := ulid.Parse(out[i]["ulid"].(string))
		if err != nil {
			t.Fatalf("item %d: %v", i, err)
		}
		e := id.Entropy()
		if out[i]["time"] != toolinput.Format(id.Timestamp()) || out[i]["entropy"] != hex.EncodeToString(e[:]) {
			t.Fatalf("item %d = %v, but its ULID has time %s and entropy %x", i, out[i], toolinput.Format(id.Timestamp()), e)
		}
		ids[i] = id
	}
	return out, ids
}

// TestGenerateCount checks that the count is read as ulid -n reads it,
// from 1 to MaxCount, with the same errors.
func TestGenerateCount(t *testing.T) {
	const syntax = "count: " + toolinput.CountSyntax
	const outside = "count: out of range: want from 1 to 1000"
	for _, tc := range []struct {
		count string
		n     int
		err   string
	}{
		{"1", 1, ""},
		{"10", 10, ""},
		{"1000", 1000, ""},
		{" 010\n", 10, ""},
		{"+7", 7, ""},
		{"0", 0, outside},
		{"-1", 0, outside},
		{"1001", 0, outside},
		{"99999999999999999999", 0, outside},
		{"", 0, syntax},
		{"\u3000", 0, syntax},
		{"1e3", 0, syntax},
		{"1E1", 0, syntax},
		{"10.000", 0, syntax},
		{"2.5", 0, syntax},
		{"0x10", 0, syntax},
		{"1_000", 0, syntax},
		{"x", 0, syntax},
	} {
		r, err := generated(tc.count, true, false, "", false)
		got, _ := items(t, r)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("generate(%q) = %d items, %v; want error %q", tc.count, len(got), err, tc.err)
			}
		case err != nil || len(got) != tc.n || r["at"] != "":
			t.Errorf("generate(%q) = %d items, at %q, %v; want %d", tc.count, len(got), r["at"], err, tc.n)
		}
		// The same rule as ulid -n's, with its bounds.
		if _, cliErr := toolinput.ParseCount(tc.count, 1, MaxCount); (cliErr == nil) != (tc.err == "") ||
			cliErr != nil && "count: "+cliErr.Error() != tc.err {
			t.Errorf("toolinput.ParseCount(%q, 1, %d): %v, but generate: %v", tc.count, MaxCount, cliErr, err)
		}
	}
}

func TestGenerate(t *testing.T) {
	before := time.Now().UnixMilli()
	r, err := generated(strconv.Itoa(MaxCount), true, false, "", false)
	after := time.Now().UnixMilli()
	got, ids := items(t, r)
	if err != nil || len(got) != MaxCount {
		t.Fatalf("generate(%d) = %d items, %v", MaxCount, len(got), err)
	}
	for i, id := range ids {
		if i > 0 && id.Compare(ids[i-1]) <= 0 {
			t.Fatalf("not increasing at %d: %s after %s", i, id, ids[i-1])
		}
		if got[i]["ulid"] != id.String() {
			t.Fatalf("item %d = %v, not canonical", i, got[i])
		}
		if ms := int64(id.Timestamp()); ms < before || ms > after+1 {
			t.Fatalf("item %d at %d ms, outside [%d, %d]", i, ms, before, after)
		}
	}
	r, err = generated("50", false, true, "", false)
	got, _ = items(t, r)
	if err != nil || len(got) != 50 {
		t.Fatalf("generate(50, not monotonic, lower) = %d items, %v", len(got), err)
	}
	for _, it := range got {
		if s := it["ulid"].(string); s != strings.ToLower(s) {
			t.Fatalf("lower-case item %v", it)
		}
	}
}

func TestGenerateAt(t *testing.T) {
	for _, at := range []string{"2016-07-30T22:36:16.385Z", " @1469918176.385 ", "1469918176385", "2016-07-31t04:06:16.385+05:30"} {
		for _, monotonic := range []bool{true, false} {
			r, err := generated("20", monotonic, false, at, false)
			got, ids := items(t, r)
			if err != nil || len(got) != 20 || r["at"] != vectors[0].utc {
				t.Fatalf("generate(20, %v, at %q) = %d items at %q, %v", monotonic, at, len(got), r["at"], err)
			}
			for i, id := range ids {
				if id.Timestamp() != vectors[0].ms || got[i]["time"] != vectors[0].utc {
					t.Fatalf("at %q: item %d = %v", at, i, got[i])
				}
				if monotonic && i > 0 && id.Compare(ids[i-1]) <= 0 {
					t.Fatalf("at %q: not increasing at %d", at, i)
				}
			}
		}
	}
	for at, want := range map[string]string{
		"1796113133":                "time: 1796113133 is ambiguous",
		"yesterday":                 "time: want an RFC 3339 time",
		"\u3000":                    "time: want an RFC 3339 time",
		"10889-08-02T05:31:50.656Z": "time: time out of range: 10889-08-02T05:31:50.656Z is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z",
	} {
		if _, err := generated("1", true, false, at, false); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("generate at %q: %v, want %q", at, err, want)
		}
	}
	r, err := generated("1", true, false, "10889-08-02T05:31:50.655Z", false)
	if _, ids := items(t, r); err != nil || ids[0].Timestamp() != vectors[2].ms {
		t.Errorf("generate at the largest time: %v, %v", r, err)
	}
	// White space that the policy trims is no time: now.
	if r, err := generated("1", true, false, " \u00a0", false); err != nil || r["at"] != "" {
		t.Errorf("generate at blank: %v, %v", r, err)
	}
}

// isV7Text reports whether u, UUID text with hyphens, has the version
// digit 7 and a variant digit of 8 to b (bits 10), read from the text
// alone, without the package.
func isV7Text(u string) bool {
	return len(u) == 36 && u[14] == '7' && strings.IndexByte("89ab", u[19]) >= 0
}

// TestGenerateV7 checks generate with v7: every ULID, at now or a time
// set, monotonic or not, in either case, is a valid UUIDv7 with the time
// asked for, and the monotonic ones increase.
func TestGenerateV7(t *testing.T) {
	for _, bad := range []string{"0", strconv.Itoa(MaxCount + 1)} {
		if _, err := generated(bad, true, false, "", true); err == nil {
			t.Errorf("generate(%s, v7) succeeded", bad)
		}
	}
	for _, at := range []string{"", vectors[0].utc, " @1469918176.385 ", "10889-08-02T05:31:50.655Z"} {
		for _, monotonic := range []bool{true, false} {
			for _, lower := range []bool{false, true} {
				before := time.Now().UnixMilli()
				r, err := generated(strconv.Itoa(MaxCount), monotonic, lower, at, true)
				after := time.Now().UnixMilli()
				got, ids := items(t, r)
				if err != nil || len(got) != MaxCount {
					t.Fatalf("generate(%d, %v, %v, %q, v7) = %d items, %v", MaxCount, monotonic, lower, at, len(got), err)
				}
				for i, id := range ids {
					s := got[i]["ulid"].(string)
					if !isV7Text(id.UUIDString()) || get(decode(s, kolkata), "fields", "uuidv7") != "true" ||
						(s == strings.ToLower(s)) != lower {
						t.Fatalf("at %q, monotonic %v: item %d %v is not a UUIDv7", at, monotonic, i, got[i])
					}
					ms := id.Timestamp()
					switch at {
					case "":
						if int64(ms) < before || int64(ms) > after+1 {
							t.Fatalf("item %d at %d ms, outside [%d, %d]", i, ms, before, after)
						}
					case "10889-08-02T05:31:50.655Z":
						if ms != vectors[2].ms {
							t.Fatalf("at %q: item %d at %d ms", at, i, ms)
						}
					default:
						if ms != vectors[0].ms {
							t.Fatalf("at %q: item %d = %v", at, i, got[i])
						}
					}
					if monotonic && i > 0 && id.Compare(ids[i-1]) <= 0 {
						t.Fatalf("at %q: not increasing at %d: %s after %s", at, i, id, ids[i-1])
					}
				}
			}
		}
	}

	// Without v7, a ULID is a UUIDv7 only by chance, one in 64: of 1000
	// with fresh entropy, 15.6 on average. A generator that set the bits
	// anyway would make 1000; a correct one makes 100 or more less than
	// once in 10^45 runs (Chernoff's bound).
	r, err := generated(strconv.Itoa(MaxCount), false, false, vectors[0].utc, false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, id := range second(items(t, r)) {
		if id.IsUUIDv7() {
			n++
		}
	}
	if n >= 100 {
		t.Errorf("without v7, %d of %d ULIDs are UUIDv7s", n, MaxCount)
	}
}

// second returns b.
func second[A, B any](_ A, b B) B { return b }

// TestDecodeUUIDv7 checks the Decode tab's UUIDv7 answer: yes for RFC
// 9562's example UUIDv7 in each form and no for the ULID specification's
// example, and yes exactly when bits 48-51 are 0111 and bits 64-65 are 10.
func TestDecodeUUIDv7(t *testing.T) {
	const rfcUUID, rfcULID = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "01FWHE4YDGFK1SHH6W1G60EECF"
	for _, tc := range []struct {
		input string
		want  bool
	}{
		{rfcUUID, true},
		{rfcULID, true},
		{strings.ToLower(rfcULID), true},
		{" urn:uuid:" + strings.ToUpper(rfcUUID) + "\n", true},
		{vectors[0].text, false},
		{vectors[0].uuid, false},
		{"017f22e2-79b0-7cc3-a8c4-dc0c0c07398f", true},  // variant digit a: 1010
		{"017f22e2-79b0-7cc3-b8c4-dc0c0c07398f", true},  // b: 1011
		{"017f22e2-79b0-7cc3-78c4-dc0c0c07398f", false}, // 0111: variant 0
		{"017f22e2-79b0-7cc3-c8c4-dc0c0c07398f", false}, // 1100: variant 110
		{"017f22e2-79b0-6cc3-98c4-dc0c0c07398f", false}, // version 6
		{"017f22e2-79b0-8cc3-98c4-dc0c0c07398f", false}, // version 8
		{"00000000-0000-7000-8000-000000000000", true},
		{"ffffffff-ffff-7fff-bfff-ffffffffffff", true},
	} {
		want := strconv.FormatBool(tc.want)
		if got := get(decode(tc.input, kolkata), "fields", "uuidv7"); got != want {
			t.Errorf("decode(%q): UUIDv7 %q, want %q", tc.input, got, want)
		}
	}
	d := decode(rfcUUID, kolkata)
	if get(d, "fields", "ulid") != rfcULID || get(d, "fields", "unix_ms") != "1645557742000" || get(d, "fields", "time") != "2022-02-22T19:22:22.000Z" {
		t.Errorf("decode(%q) = %v", rfcUUID, d)
	}
}

// TestDecodePolicy checks that the Decode tab reads input as ulid inspect
// does: UUID text included, white space trimmed, UUID errors for
// malformed UUIDs.
func TestDecodePolicy(t *testing.T) {
	for _, v := range vectors {
		for _, in := range []string{v.uuid, " " + strings.ToUpper(v.uuid) + "\n", "{" + v.uuid + "}", "urn:uuid:" + v.uuid, strings.ReplaceAll(v.uuid, "-", "")} {
			d := decode(in, kolkata)
			if get(d, "fields", "ulid") != v.text || get(d, "fields", "entropy") != v.bytes[12:] ||
				!strings.HasPrefix(d["note"].(string), "Read as UUID text") {
				t.Errorf("decode(%q) = %v", in, d)
			}
		}
	}
	for _, tc := range []struct {
		input, title  string
		offset, index int
		char          string
	}{
		{"01563df3-6481-d676-4c61efb99302bd5b", "Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphens", -1, -1, ""},
		// Text of a UUID's length read as a ULID: both readings in the
		// message, and the mark on the byte the UUID reading names.
		{" 01563df36481d6764c61efb99302bd5g", "Not a valid ULID: invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 32, want a hex digit", 32, 32, "g"},
		{"  01563df3-6481-d676-4c61-efb99302bd5x", "Not a valid UUID: invalid UUID text: character 'x' at offset 37, want a hex digit", 37, 37, "x"},
	} {
		e, _ := get(decode(tc.input, kolkata), "error").(record)
		if e["title"] != tc.title || e["offset"] != tc.offset || e["index"] != tc.index || tc.char != "" && e["char"] != tc.char {
			t.Errorf("decode(%q) error = %v, want %q at %d", tc.input, e, tc.title, tc.offset)
		}
	}
}

// TestBlank checks that a field is blank when the policy trims it to
// nothing (toolinput.Trim), not when JavaScript's trim would: U+3000,
// U+2028 and the other white space the policy keeps make a field that is
// not blank and an error of length, whose character the page marks.
func TestBlank(t *testing.T) {
	for _, in := range []string{"", " \t\r\n\f\v\u00a0\ufeff"} {
		for name, r := range map[string]record{"decode": decode(in, kolkata), "convert": convert(in), "decodeList": decodeList(in + "\n" + in)} {
			if !reflect.DeepEqual(r, record{"blank": true}) {
				t.Errorf("%s(%q) = %v, want blank", name, in, r)
			}
		}
	}
	for _, in := range []string{"\u3000", "\u2028x\u2003", "\u200a\u1680\u205f"} {
		for name, r := range map[string]record{"decode": decode(in, kolkata), "convert": convert(in)} {
			if r["ok"] != false || r["blank"] != nil || get(r, "error", "char") == nil {
				t.Errorf("%s(%q) = %v, want a length error", name, in, r)
			}
		}
	}
	if r := decodeList("\u3000\n\u00a0\n"); len(r["valid"].([]any)) != 0 || len(r["invalid"].([]any)) != 1 || get(r["invalid"].([]any)[0].(record), "report") != `line 1: "\u3000": invalid length 3 bytes, want 26` {
		t.Errorf("decodeList: a line of U+3000 is not blank, one of U+00A0 is: %v", r)
	}
}

// list returns the valid and invalid rows of decodeList's record r.
func list(r record) (valid, invalid []record) {
	for _, v := range r["valid"].([]any) {
		valid = append(valid, v.(record))
	}
	for _, v := range r["invalid"].([]any) {
		invalid = append(invalid, v.(record))
	}
	return valid, invalid
}

func TestDecodeList(t *testing.T) {
	text := "\r\n" + vectors[0].text + "\r\n" + // line 2
		"  " + vectors[3].uuid + "\n" + // line 3
		"01ARYZ6S41TSV4RRFFQ69G5FAU\n" + // line 4
		"\n" + vectors[1].text + "\n" + // line 6
		"01563df3-6481-d676-4c61efb99302bd5b\n" + // line 7
		strings.ToLower(vectors[4].text) // line 8, no newline
	r := decodeList(text)
	valid, invalid := list(r)
	want := []record{
		{"line": 6, "ulid": vectors[1].text, "time": vectors[1].utc},
		{"line": 8, "ulid": vectors[4].text, "time": vectors[4].utc},
		{"line": 2, "ulid": vectors[0].text, "time": vectors[0].utc},
		{"line": 3, "ulid": vectors[3].text, "time": vectors[3].utc},
	}
	wantInvalid := []record{
		{"report": `line 4: "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid character 'U' at offset 25`},
		{"report": `line 7: "01563df3-6481-d676-4c61efb99302bd5b": invalid UUID text length 35 bytes, want 36 for the form with hyphens`},
	}
	if r["ok"] != true || r["unread"] != 0 || !reflect.DeepEqual(valid, want) || !reflect.DeepEqual(invalid, wantInvalid) {
		t.Errorf("decodeList = %v\nwant valid %v\ninvalid %v", r, want, wantInvalid)
	}
	// Within a millisecond, the entropy orders them.
	valid, _ = list(decodeList("01ARYZ6S410000000000000002\n01ARYZ6S410000000000000000\n01ARYZ6S410000000000000001\n"))
	for i, it := range valid {
		if it["ulid"] != "01ARYZ6S41000000000000000"+strconv.Itoa(i) {
			t.Errorf("tie %d: %v", i, it)
		}
	}
}

// TestDecodeListUnread checks the lines decodeList says it left unread:
// the lines after the first MaxLines, but for blank ones it read and
// skipped before the next line that is not blank.
func TestDecodeListUnread(t *testing.T) {
	id, blank := vectors[0].text+"\n", "\n \r\n\u00a0\n" // three blank lines
	ids := strings.Repeat(id, MaxLines)
	for _, tc := range []struct {
		name   string
		text   string
		valid  int
		unread int
	}{
		{"MaxLines IDs", ids, MaxLines, 0},
		{"5 more", ids + strings.Repeat(id, 5), MaxLines, 5},
		{"blank lines after", ids + blank, MaxLines, 0},
		{"blank lines after, no final newline", ids + blank + " ", MaxLines, 0},
		{"an ID after blank lines", ids + blank + id + "\n\n", MaxLines, 3},
		{"an ID after blank lines, no final newline", ids + blank + vectors[1].text, MaxLines, 1},
		// Blank lines count as lines: the ID of line MaxLines is read, the
		// next is not.
		{"blank lines before", strings.Repeat("\n", MaxLines-1) + id + blank + vectors[1].text, 1, 1},
		{"blank lines before, one too many", strings.Repeat("\n", MaxLines) + id, 0, 1},
	} {
		r := decodeList(tc.text)
		valid, invalid := list(r)
		if len(valid) != tc.valid || len(invalid) != 0 || r["unread"] != tc.unread {
			t.Errorf("%s: %d valid, %d invalid, %v unread; want %d, 0, %d", tc.name, len(valid), len(invalid), r["unread"], tc.valid, tc.unread)
		}
	}
	// As reported: every line was read, none is unread; the list is blank.
	if r := decodeList(strings.Repeat("\n", 10_000_000)); r["blank"] != true {
		t.Errorf("ten million blank lines: %v", r)
	}
}

// TestTooLong checks the bound the command has: a field or a line of up
// to toolinput.MaxLine bytes is read, white space and all, and a longer
// one is an error that says its length, as ulid validate says it.
func TestTooLong(t *testing.T) {
	v := vectors[0]
	fill := strings.Repeat(" ", toolinput.MaxLine-len(v.text))
	if d := decode(fill+v.text, kolkata); get(d, "fields", "ulid") != v.text {
		t.Errorf("decode of %d bytes: %v", toolinput.MaxLine, d["error"])
	}
	const want = "line too long (65537 bytes)"
	long := fill + v.text + " "
	if e, _ := get(decode(long, kolkata), "error").(record); e["message"] != want || e["title"] != "Not a valid ULID: "+want || e["offset"] != -1 || e["index"] != -1 {
		t.Errorf("decode of %d bytes: %v, want %q", len(long), e, want)
	}
	// Text too long is not read, so no character of it is marked.
	if e, _ := get(decode(long+"\u3000", kolkata), "error").(record); e["char"] != nil || e["offset"] != -1 {
		t.Errorf("decode of %d bytes: marks %q, want none", len(long)+3, e["char"])
	}
	if got := get(convert(long), "error", "message"); got != want {
		t.Errorf("convert of %d bytes: %v, want %q", len(long), got, want)
	}
	m, err := ulid.ParseMasker(strings.Repeat("0", 32))
	if err != nil {
		t.Fatal(err)
	}
	if got := get(unmask(m, "", long), "error", "title"); got != "Not a valid public ID: "+want {
		t.Errorf("unmask of %d bytes: %v, want it named a public ID's error", len(long), got)
	}
	valid, invalid := list(decodeList(v.uuid + "\r\n" + long + "\r\n" + fill + v.text + "\r\n"))
	if len(valid) != 2 || len(invalid) != 1 || invalid[0]["report"] != `line 2: "`+fill[:toolinput.QuoteMax]+`"...: `+want {
		t.Errorf("decodeList: %d valid, invalid %v; want line 2: %q", len(valid), invalid, want)
	}
}

// TestConvertPolicy checks that the Convert tab reads input as ulid
// convert does, in either of its fields: a ULID or UUID text, trimmed, and
// the errors of the form the input looks like.
func TestConvertPolicy(t *testing.T) {
	v := vectors[0]
	for _, tc := range []struct {
		name, input string
		uuidText    bool
	}{
		{"ULID", v.text, false},
		{"lower-case ULID with aliases, padded", " \t0laryz6s41tsv4rrffq69g5fav\u00a0", false},
		{"UUID", v.uuid, true},
		{"UUID in braces, padded like psql", "  {" + strings.ToUpper(v.uuid) + "}\n", true},
		{"urn:uuid:", "urn:uuid:" + v.uuid, true},
		{"32 hex digits", strings.ReplaceAll(v.uuid, "-", ""), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			note := "Read as a ULID, so this is its UUID."
			if tc.uuidText {
				note = "Read as UUID text, so this is its ULID."
			}
			want := record{"ok": true, "ulid": v.text, "uuid": v.uuid, "kind": map[bool]string{false: "ULID", true: "UUID"}[tc.uuidText], "note": note}
			if got := convert(tc.input); !reflect.DeepEqual(got, want) {
				t.Errorf("convert(%q) = %v, want %v", tc.input, got, want)
			}
		})
	}
	for _, tc := range []struct {
		name, input, title string
	}{
		{"malformed UUID", " 01563df3-6481-d676-4c61efb99302bd5b", "Not a valid UUID: invalid UUID text length 35 bytes, want 36 for the form with hyphens"},
		{"bad UUID digit", "01563df3-6481-d676-4c61-efb99302bd5g", "Not a valid UUID: invalid UUID text: character 'g' at offset 35, want a hex digit"},
		{"bad ULID character", "  01ARYZ6S41TSV4RRFFQ69G5FAU", "Not a valid ULID: invalid character 'U' at offset 27"},
		{"not white space to the policy", v.text + "\u3000", "Not a valid ULID: invalid length 29 bytes, want 26"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := convert(tc.input)
			if get(c, "error", "title") != tc.title || c["ok"] != false || c["ulid"] != nil {
				t.Errorf("convert(%q) = %v; want %q", tc.input, c, tc.title)
			}
		})
	}
}

// TestLocalTime checks the Decode tab's local time: RFC 3339 with
// milliseconds and the offset, or UTC where the offset has seconds, as
// ulid --local shows it, and the zone's note then; and that the At time
// field (generate, with toolinput.ParseTime) reads each back as the same
// millisecond.
func TestLocalTime(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ms     uint64
		offset int // seconds east of UTC
		want   string
		zone   string
	}{
		{"Asia/Kolkata", vectors[0].ms, 19800, "2016-07-31T04:06:16.385+05:30", ""},
		{"America/New_York in 1970", 0, -18000, "1969-12-31T19:00:00.000-05:00", ""},
		{"Africa/Monrovia in 2016", vectors[0].ms, 0, vectors[0].utc, ""},
		{"Africa/Monrovia in 1970", 0, -2670, "1970-01-01T00:00:00.000Z", "in UTC, as the offset then, -00:44:30, has seconds, which RFC 3339 cannot write"},
		{"Africa/Monrovia in 1971", 63072000000 - 1, -2670, "1971-12-31T23:59:59.999Z", "in UTC, as the offset then, -00:44:30, has seconds, which RFC 3339 cannot write"},
		{"Pacific/Kiritimati at the largest time", vectors[2].ms, 14 * 3600, "10889-08-02T19:31:50.655+14:00", ""},
		{"an offset of one second", vectors[3].ms, 1, vectors[3].utc, "in UTC, as the offset then, +00:00:01, has seconds, which RFC 3339 cannot write"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var asked []uint64
			d := decode(ulidAt(tc.ms), func(ms uint64) int { asked = append(asked, ms); return tc.offset })
			if got := d["local"]; got != tc.want || d["zone"] != tc.zone || !slices.Equal(asked, []uint64{tc.ms}) {
				t.Errorf("decode at %d, offset %d: local %q, zone %q, asked %v; want %q, %q", tc.ms, tc.offset, got, d["zone"], asked, tc.want, tc.zone)
			}
			if ms, err := toolinput.ParseTime(tc.want); err != nil || ms != tc.ms {
				t.Errorf("toolinput.ParseTime(%q) = %d, %v; want %d", tc.want, ms, err, tc.ms)
			}
			r, err := generated("1", true, false, tc.want, false)
			if _, ids := items(t, r); err != nil || ids[0].Timestamp() != tc.ms {
				t.Errorf("generate at %q: %v, %v; want ms %d", tc.want, r, err, tc.ms)
			}
		})
	}
}

// ulidAt returns the canonical ULID of Unix ms with zero entropy.
func ulidAt(ms uint64) string {
	id, err := ulid.New(ms, strings.NewReader(strings.Repeat("\x00", 10)))
	if err != nil {
		panic(err)
	}
	return id.String()
}

// TestFailure checks what a failed call returns to the page: a field error
// of generate names its field and gives the message without the field's
// name, which the page puts its label in front of; any other error has no
// field and its whole message.
func TestFailure(t *testing.T) {
	if got, want := generate("1e3", true, false, "", false, ""), (record{"ok": false, "error": record{"field": "count", "message": toolinput.CountSyntax}}); !reflect.DeepEqual(got, want) {
		t.Errorf("generate of 1e3 = %v, want %v", got, want)
	}
	r := generate("1", false, false, "yesterday", false, "")
	if msg, _ := get(r, "error", "message").(string); get(r, "error", "field") != "time" || !strings.HasPrefix(msg, "want an RFC 3339 time") {
		t.Errorf("generate at yesterday = %v", r)
	}
	msg := "decode: runtime error: index out of range [0] with length 0"
	if got, want := failure("", msg), (record{"ok": false, "error": record{"message": msg}}); !reflect.DeepEqual(got, want) {
		t.Errorf("failure of a plain error = %v, want %v", got, want)
	}
}
