package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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

func TestDecodeVectors(t *testing.T) {
	// go test reruns a package's tests when a file they opened changes, but
	// counts only the files opened while they run, not those read at start:
	// reading it again here makes a change to the file rerun them.
	if got := readVectors(vectorsFile); !slices.Equal(got, vectors) {
		t.Fatalf("%s changed while the tests ran", vectorsFile)
	}
	for _, v := range vectors {
		d := decode(v.text)
		if d.Problem != nil {
			t.Fatalf("decode(%q): %s", v.text, d.Problem.Message)
		}
		want := decoded{
			Input: v.text, Canonical: v.text, UTC: v.utc, Ms: v.ms,
			TimeHex: v.bytes[:12], Entropy: v.bytes[12:], UUID: v.uuid, Bytes: v.bytes,
		}
		if d.Canonical != want.Canonical || d.UTC != want.UTC || d.Ms != want.Ms || d.TimeHex != want.TimeHex ||
			d.Entropy != want.Entropy || d.UUID != want.UUID || d.Bytes != want.Bytes ||
			d.Trimmed || d.LowerCase || len(d.Aliases) != 0 || d.UUIDv7 || d.fields()["uuidv7"] != false {
			t.Errorf("decode(%q) = %+v, want %+v", v.text, *d, want)
		}
		for _, in := range []string{v.text, strings.ToLower(v.text)} {
			c := convert(in)
			if c.Problem != nil || c.UUID != v.uuid || c.ULID != v.text || c.UUIDText {
				t.Errorf("convert(%q) = %+v", in, *c)
			}
		}
		for _, u := range []string{v.uuid, strings.ToUpper(v.uuid), strings.ReplaceAll(v.uuid, "-", ""), "{" + v.uuid + "}", "urn:uuid:" + v.uuid} {
			c := convert(u)
			if c.Problem != nil || c.ULID != v.text || c.UUID != v.uuid || !c.UUIDText {
				t.Errorf("convert(%q) = %+v", u, *c)
			}
		}
	}
}

func TestDecodeNormalises(t *testing.T) {
	d := decode(" \t01arYZ6s41tsv4rrffq69g5fav\n")
	if d.Problem != nil || d.Canonical != vectors[0].text || !d.Trimmed || !d.LowerCase || len(d.Aliases) != 0 {
		t.Errorf("lower case, trimmed: %+v", *d)
	}
	d = decode("OIARYZ6S41TSV4RRFFQ69G5FAV")
	if d.Problem != nil || d.Canonical != vectors[0].text || d.LowerCase || !slices.Equal(d.Aliases, []int{0, 1}) {
		t.Errorf("aliases: %+v", *d)
	}
	d = decode(" oLARYZ6S41TSV4RRFFQ69G5FAV")
	if d.Problem != nil || d.Canonical != vectors[0].text || !d.LowerCase || !slices.Equal(d.Aliases, []int{1, 2}) {
		t.Errorf("aliases after a space: %+v", *d)
	}
}

func TestDecodeProblems(t *testing.T) {
	for _, tc := range []struct {
		input         string
		kind          string
		offset, index int
		char, message string
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", "character", 25, 25, "U", "invalid character 'U' at offset 25"},
		{"  01ARYZ6S41TSV4RRFFQ69G5FAU", "character", 27, 27, "U", "invalid character 'U' at offset 27"},
		{"01ARYZ6S41-SV4RRFFQ69G5FAV", "character", 10, 10, "-", "invalid character '-' at offset 10"},
		{"80000000000000000000000000", "overflow", 0, 0, "8", "first character '8' is above '7': value overflows 128 bits"},
		{"01ARYZ6S41TSV4RRFFQ69G5FA", "length", -1, -1, "", "invalid length 25 bytes, want 26"},
		{"", "length", -1, -1, "", "invalid length 0 bytes, want 26"},
		{"0é1ARYZ6S41TSV4RRFFQ69G5F", "character", 1, 1, "é", "invalid character 0xc3 at offset 1"},
		{"01ARYZ6S41😀TSV4RRFFQ69G", "character", 10, 10, "😀", "invalid character 0xf0 at offset 10"},
		// A no-break space is trimmed; it is two bytes but one UTF-16 unit.
		{"\u00a001ARYZ6S41TSV4RRFFQ69G5FAU", "character", 27, 26, "U", "invalid character 'U' at offset 27"},
	} {
		d := decode(tc.input)
		p := d.Problem
		if p == nil {
			t.Errorf("decode(%q) succeeded: %+v", tc.input, *d)
			continue
		}
		if p.Kind != tc.kind || p.Offset != tc.offset || p.Index != tc.index || p.Char != tc.char || p.Message != tc.message {
			t.Errorf("decode(%q) problem = %+v, want kind %s offset %d index %d char %q message %q",
				tc.input, *p, tc.kind, tc.offset, tc.index, tc.char, tc.message)
		}
	}
	if got := utf16Index("a😀b", 5); got != 3 {
		t.Errorf("utf16Index after an astral character = %d, want 3", got)
	}
	if p := convert("01563df3-6481-d676-4c61-efb99302bd5x").Problem; p == nil || p.Kind != "character" || p.Offset != 35 || p.Char != "x" {
		t.Errorf("convert of a UUID with a bad digit: %+v", p)
	}
	if p := convert("01563df3").Problem; p == nil || p.Kind != "length" {
		t.Errorf("convert of a short string: %+v", p)
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
		if p := convert(tc.input).Problem; p == nil || p.Kind != "character" || p.Offset != tc.offset || p.Char != tc.char {
			t.Errorf("convert(%q) problem = %+v, want %q at offset %d", tc.input, p, tc.char, tc.offset)
		}
	}
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
		items, err := generate(tc.count, true, false, "", false)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("generate(%q) = %d items, %v; want error %q", tc.count, len(items), err, tc.err)
			}
		case err != nil || len(items) != tc.n:
			t.Errorf("generate(%q) = %d items, %v; want %d", tc.count, len(items), err, tc.n)
		}
		// The same rule as ulid -n's, with its bounds.
		if _, cliErr := toolinput.ParseCount(tc.count, 1, MaxCount); (cliErr == nil) != (tc.err == "") ||
			cliErr != nil && "count: "+cliErr.Error() != tc.err {
			t.Errorf("toolinput.ParseCount(%q, 1, %d): %v, but generate: %v", tc.count, MaxCount, cliErr, err)
		}
	}
}

// TestSignatures checks the arguments of the functions exported to the
// page: a call with too few, too many or of another type is an error that
// names the signature, never a call of the function.
func TestSignatures(t *testing.T) {
	for _, tc := range []struct {
		sig   signature
		types []string
		err   string
	}{
		{generateSig, []string{"string", "boolean", "boolean", "string", "boolean"}, ""},
		{generateSig, []string{"string"}, "generate(count string, monotonic boolean, lower boolean, at string, v7 boolean) takes 5 arguments, not 1"},
		{generateSig, nil, "generate(count string, monotonic boolean, lower boolean, at string, v7 boolean) takes 5 arguments, not 0"},
		{generateSig, []string{"number", "boolean", "boolean", "string", "boolean"},
			"generate(count string, monotonic boolean, lower boolean, at string, v7 boolean): count must be a string, not a number"},
		{generateSig, []string{"string", "string", "boolean", "string", "boolean"},
			"generate(count string, monotonic boolean, lower boolean, at string, v7 boolean): monotonic must be a boolean, not a string"},
		{generateSig, []string{"string", "boolean", "undefined", "string", "boolean"},
			"generate(count string, monotonic boolean, lower boolean, at string, v7 boolean): lower must be a boolean, not undefined"},
		{generateSig, []string{"string", "boolean", "boolean", "null", "boolean"},
			"generate(count string, monotonic boolean, lower boolean, at string, v7 boolean): at must be a string, not null"},
		{decodeSig, []string{"string"}, ""},
		{decodeSig, []string{"object"}, "decode(text string): text must be a string, not an object"},
		{decodeSig, []string{"string", "string"}, "decode(text string) takes 1 argument, not 2"},
		{decodeListSig, []string{"bigint"}, "decodeList(text string): text must be a string, not a bigint"},
		{convertSig, []string{"function"}, "convert(text string): text must be a string, not a function"},
		{trimSig, []string{"symbol"}, "trim(text string): text must be a string, not a symbol"},
		{trimSig, []string{}, "trim(text string) takes 1 argument, not 0"},
		{localTimeSig, []string{"number", "number"}, ""},
		{localTimeSig, []string{"string", "number"}, "localTime(ms number, offsetSeconds number): ms must be a number, not a string"},
		{localTimeSig, []string{"number", "number", "number"}, "localTime(ms number, offsetSeconds number) takes 2 arguments, not 3"},
	} {
		err := tc.sig.check(tc.types)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%s with %q: %v", tc.sig.name, tc.types, err)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s with %q: %v, want %q", tc.sig.name, tc.types, err, tc.err)
		}
	}
}

func TestLocalTimeArgs(t *testing.T) {
	for _, tc := range []struct {
		ms, offset float64
		ok         bool
	}{
		{0, 0, true},
		{float64(vectors[2].ms), 14 * 3600, true},
		{1469918176385, -2670, true},
		{1469918176385, 24*3600 - 1, true},
		{1469918176385, -(24*3600 - 1), true},
		{-1, 0, false},
		{0.5, 0, false},
		{float64(vectors[2].ms) + 1, 0, false},
		{0, 0.5, false},
		{0, 24 * 3600, false},
		{math.NaN(), 0, false},
		{0, math.Inf(1), false},
		{math.Inf(1), 0, false},
	} {
		ms, offset, err := localTimeArgs(tc.ms, tc.offset)
		switch {
		case tc.ok && (err != nil || float64(ms) != tc.ms || float64(offset) != tc.offset):
			t.Errorf("localTimeArgs(%v, %v) = %d, %d, %v", tc.ms, tc.offset, ms, offset, err)
		case !tc.ok && err == nil:
			t.Errorf("localTimeArgs(%v, %v) = %d, %d; want an error", tc.ms, tc.offset, ms, offset)
		}
	}
}

func TestGenerate(t *testing.T) {
	before := time.Now().UnixMilli()
	items, err := generate(strconv.Itoa(MaxCount), true, false, "", false)
	after := time.Now().UnixMilli()
	if err != nil || len(items) != MaxCount {
		t.Fatalf("generate(%d) = %d items, %v", MaxCount, len(items), err)
	}
	for i, it := range items {
		if i > 0 && it.ULID <= items[i-1].ULID {
			t.Fatalf("not increasing at %d: %s after %s", i, it.ULID, items[i-1].ULID)
		}
		d := decode(it.ULID)
		if d.Problem != nil || d.Canonical != it.ULID || d.Ms != it.Ms || d.UTC != it.UTC {
			t.Fatalf("item %d %+v decodes to %+v", i, it, *d)
		}
		if int64(it.Ms) < before || int64(it.Ms) > after+1 {
			t.Fatalf("item %d at %d ms, outside [%d, %d]", i, it.Ms, before, after)
		}
	}
	items, err = generate("50", false, true, "", false)
	if err != nil || len(items) != 50 {
		t.Fatalf("generate(50, not monotonic, lower) = %d items, %v", len(items), err)
	}
	for _, it := range items {
		d := decode(it.ULID)
		if it.ULID != strings.ToLower(it.ULID) || d.Problem != nil || !d.LowerCase || d.Ms != it.Ms {
			t.Fatalf("lower-case item %+v decodes to %+v", it, *d)
		}
	}
}

func TestGenerateAt(t *testing.T) {
	for _, at := range []string{"2016-07-30T22:36:16.385Z", " @1469918176.385 ", "1469918176385", "2016-07-31t04:06:16.385+05:30"} {
		for _, monotonic := range []bool{true, false} {
			items, err := generate("20", monotonic, false, at, false)
			if err != nil || len(items) != 20 {
				t.Fatalf("generate(20, %v, at %q) = %d items, %v", monotonic, at, len(items), err)
			}
			for i, it := range items {
				if it.Ms != vectors[0].ms || it.UTC != vectors[0].utc || !strings.HasPrefix(it.ULID, vectors[0].text[:10]) {
					t.Fatalf("at %q: item %d = %+v", at, i, it)
				}
				if d := decode(it.ULID); d.Entropy != it.Entropy {
					t.Fatalf("at %q: item %d entropy %s, decodes to %s", at, i, it.Entropy, d.Entropy)
				}
				if monotonic && i > 0 && it.ULID <= items[i-1].ULID {
					t.Fatalf("at %q: not increasing at %d", at, i)
				}
			}
		}
	}
	for at, want := range map[string]string{
		"1796113133":                "time: 1796113133 is ambiguous",
		"yesterday":                 "time: want an RFC 3339 time",
		"10889-08-02T05:31:50.656Z": "time: out of range",
	} {
		if _, err := generate("1", true, false, at, false); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("generate at %q: %v, want %q", at, err, want)
		}
	}
	items, err := generate("1", true, false, "10889-08-02T05:31:50.655Z", false)
	if err != nil || items[0].Ms != vectors[2].ms {
		t.Errorf("generate at the largest time: %+v, %v", items, err)
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
		if _, err := generate(bad, true, false, "", true); err == nil {
			t.Errorf("generate(%s, v7) succeeded", bad)
		}
	}
	for _, at := range []string{"", vectors[0].utc, " @1469918176.385 ", "10889-08-02T05:31:50.655Z"} {
		for _, monotonic := range []bool{true, false} {
			for _, lower := range []bool{false, true} {
				before := time.Now().UnixMilli()
				items, err := generate(strconv.Itoa(MaxCount), monotonic, lower, at, true)
				after := time.Now().UnixMilli()
				if err != nil || len(items) != MaxCount {
					t.Fatalf("generate(%d, %v, %v, %q, v7) = %d items, %v", MaxCount, monotonic, lower, at, len(items), err)
				}
				for i, it := range items {
					d := decode(it.ULID)
					if d.Problem != nil || !d.UUIDv7 || d.fields()["uuidv7"] != true || !isV7Text(d.UUID) ||
						d.Ms != it.Ms || d.Entropy != it.Entropy || d.LowerCase != lower {
						t.Fatalf("at %q, monotonic %v: item %d %+v decodes to %+v", at, monotonic, i, it, *d)
					}
					switch at {
					case "":
						if int64(it.Ms) < before || int64(it.Ms) > after+1 {
							t.Fatalf("item %d at %d ms, outside [%d, %d]", i, it.Ms, before, after)
						}
					case "10889-08-02T05:31:50.655Z":
						if it.Ms != vectors[2].ms {
							t.Fatalf("at %q: item %d at %d ms", at, i, it.Ms)
						}
					default:
						if it.Ms != vectors[0].ms || it.UTC != vectors[0].utc {
							t.Fatalf("at %q: item %d = %+v", at, i, it)
						}
					}
					if monotonic && i > 0 && d.Canonical <= strings.ToUpper(items[i-1].ULID) {
						t.Fatalf("at %q: not increasing at %d: %s after %s", at, i, it.ULID, items[i-1].ULID)
					}
				}
			}
		}
	}
	if _, err := generate("1", true, false, "yesterday", true); err == nil || !strings.HasPrefix(err.Error(), "time: want an RFC 3339 time") {
		t.Errorf("generate at yesterday, v7: %v", err)
	}

	// Without v7, a ULID is a UUIDv7 only by chance, one in 64: of 1000
	// with fresh entropy, 15.6 on average. A generator that set the bits
	// anyway would make 1000; a correct one makes 100 or more less than
	// once in 10^45 runs (Chernoff's bound).
	items, err := generate(strconv.Itoa(MaxCount), false, false, vectors[0].utc, false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, it := range items {
		if decode(it.ULID).UUIDv7 {
			n++
		}
	}
	if n >= 100 {
		t.Errorf("without v7, %d of %d ULIDs are UUIDv7s", n, len(items))
	}
}

// TestDecodeUUIDv7 checks the Decode tab's UUIDv7 answer: true for RFC
// 9562's example UUIDv7 in each form and false for the ULID specification's
// example, and
// true exactly when bits 48-51 are 0111 and bits 64-65 are 10.
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
		d := decode(tc.input)
		if d.Problem != nil || d.UUIDv7 != tc.want || d.fields()["uuidv7"] != tc.want {
			t.Errorf("decode(%q): UUIDv7 %v, fields %v, problem %+v; want %v", tc.input, d.UUIDv7, d.fields()["uuidv7"], d.Problem, tc.want)
		}
	}
	if d := decode(rfcUUID); d.Canonical != rfcULID || d.Ms != 1645557742000 || d.UTC != "2022-02-22T19:22:22.000Z" {
		t.Errorf("decode(%q) = %+v", rfcUUID, *d)
	}
	// An invalid ID has no answer at all.
	if m := decode("01FWHE4YDGFK1SHH6W1G60EECU").fields(); m["ok"] != false || m["uuidv7"] != nil {
		t.Errorf("decode of an invalid ID: %v", m)
	}
}

// TestDecodePolicy checks that the Decode tab reads input as ulid inspect
// does: UUID text included, white space trimmed, UUID errors for
// malformed UUIDs.
func TestDecodePolicy(t *testing.T) {
	for _, v := range vectors {
		for _, in := range []string{v.uuid, " " + strings.ToUpper(v.uuid) + "\n", "{" + v.uuid + "}", "urn:uuid:" + v.uuid, strings.ReplaceAll(v.uuid, "-", "")} {
			d := decode(in)
			if d.Problem != nil || d.Canonical != v.text || !d.UUIDText || d.LowerCase || d.Ms != v.ms || d.Entropy != v.bytes[12:] {
				t.Errorf("decode(%q) = %+v", in, *d)
			}
		}
	}
	d := decode("01563df3-6481-d676-4c61efb99302bd5b")
	if d.Problem == nil || d.Problem.Kind != "length" || !d.UUIDText ||
		d.Problem.Message != "invalid UUID text length 35 bytes, want 36 for the form with hyphens" {
		t.Errorf("malformed UUID: %+v %+v", *d, d.Problem)
	}
	// Text of a UUID's length read as a ULID: both readings in the message,
	// and the mark on the byte the UUID reading names.
	d = decode(" 01563df36481d6764c61efb99302bd5g")
	if d.Problem == nil || d.Problem.Kind != "length" || d.Problem.Offset != 32 || d.Problem.Index != 32 || d.Problem.Char != "g" ||
		d.Problem.Message != "invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 32, want a hex digit" {
		t.Errorf("UUID-length text with a typo: %+v", d.Problem)
	}
	d = decode("  01563df3-6481-d676-4c61-efb99302bd5x")
	if d.Problem == nil || d.Problem.Offset != 37 || d.Problem.Char != "x" || d.Problem.Message != "invalid UUID text: character 'x' at offset 37, want a hex digit" {
		t.Errorf("bad UUID digit after spaces: %+v", d.Problem)
	}
}

func TestDecodeList(t *testing.T) {
	text := "\r\n" + vectors[0].text + "\r\n" + // line 2
		"  " + vectors[3].uuid + "\n" + // line 3
		"01ARYZ6S41TSV4RRFFQ69G5FAU\n" + // line 4
		"\n" + vectors[1].text + "\n" + // line 6
		"01563df3-6481-d676-4c61efb99302bd5b\n" + // line 7
		strings.ToLower(vectors[4].text) // line 8, no newline
	valid, invalid, unread := decodeList(text)
	if unread != 0 || len(valid) != 4 || len(invalid) != 2 {
		t.Fatalf("%d valid, %d invalid, %d unread", len(valid), len(invalid), unread)
	}
	want := []struct {
		line int
		text string
		ms   uint64
	}{{6, vectors[1].text, 0}, {8, vectors[4].text, vectors[4].ms}, {2, vectors[0].text, vectors[0].ms}, {3, vectors[3].text, vectors[3].ms}}
	for i, w := range want {
		it := valid[i]
		if it.Line != w.line || it.Canonical != w.text || it.Ms != w.ms || it.UTC == "" {
			t.Errorf("valid[%d] = %+v, want line %d %s", i, *it, w.line, w.text)
		}
	}
	if invalid[0].Line != 4 || invalid[0].Problem.Message != "invalid character 'U' at offset 25" ||
		invalid[1].Line != 7 || !strings.HasPrefix(invalid[1].Problem.Message, "invalid UUID text length 35") {
		t.Errorf("invalid = %+v, %+v", *invalid[0].Problem, *invalid[1].Problem)
	}
	// Within a millisecond, the entropy orders them.
	valid, _, _ = decodeList("01ARYZ6S410000000000000002\n01ARYZ6S410000000000000000\n01ARYZ6S410000000000000001\n")
	for i, it := range valid {
		if it.Canonical != "01ARYZ6S41000000000000000"+strconv.Itoa(i) {
			t.Errorf("tie %d: %s", i, it.Canonical)
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
		// As reported: every line was read, none is unread.
		{"ten million blank lines", strings.Repeat("\n", 10_000_000), 0, 0},
	} {
		valid, invalid, unread := decodeList(tc.text)
		if len(valid) != tc.valid || len(invalid) != 0 || unread != tc.unread {
			t.Errorf("%s: %d valid, %d invalid, %d unread; want %d, 0, %d", tc.name, len(valid), len(invalid), unread, tc.valid, tc.unread)
		}
	}
}

// TestTooLong checks the bound the command has: a field or a line of up
// to toolinput.MaxLine bytes is read, white space and all, and a longer
// one is an error that says its length, as ulid validate says it.
func TestTooLong(t *testing.T) {
	v := vectors[0]
	fill := strings.Repeat(" ", toolinput.MaxLine-len(v.text))
	if d := decode(fill + v.text); d.Problem != nil || d.Canonical != v.text {
		t.Errorf("decode of %d bytes: %+v", toolinput.MaxLine, d.Problem)
	}
	const want = "line too long (65537 bytes)"
	long := fill + v.text + " "
	if p := decode(long).Problem; p == nil || p.Message != want || p.Kind != "length" || p.Length != len(long) || p.Offset != -1 || p.Index != -1 {
		t.Errorf("decode of %d bytes: %+v, want %q", len(long), p, want)
	}
	if p := convert(long).Problem; p == nil || p.Message != want {
		t.Errorf("convert of %d bytes: %+v, want %q", len(long), p, want)
	}
	valid, invalid, _ := decodeList(v.uuid + "\r\n" + long + "\r\n" + fill + v.text + "\r\n")
	if len(valid) != 2 || len(invalid) != 1 || invalid[0].Line != 2 || invalid[0].Problem.Message != want || len(invalid[0].Input) != toolinput.MaxLine {
		t.Errorf("decodeList: %d valid, invalid %+v; want line 2: %q", len(valid), invalid, want)
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
			c := convert(tc.input)
			if c.Problem != nil || c.ULID != v.text || c.UUID != v.uuid || c.UUIDText != tc.uuidText {
				t.Errorf("convert(%q) = %+v, want %s and %s, UUID text %v", tc.input, *c, v.text, v.uuid, tc.uuidText)
			}
		})
	}
	for _, tc := range []struct {
		name, input, message string
		uuidText             bool
	}{
		{"malformed UUID", " 01563df3-6481-d676-4c61efb99302bd5b", "invalid UUID text length 35 bytes, want 36 for the form with hyphens", true},
		{"bad UUID digit", "01563df3-6481-d676-4c61-efb99302bd5g", "invalid UUID text: character 'g' at offset 35, want a hex digit", true},
		{"bad ULID character", "  01ARYZ6S41TSV4RRFFQ69G5FAU", "invalid character 'U' at offset 27", false},
		{"not white space to the policy", v.text + "\u3000", "invalid length 29 bytes, want 26", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := convert(tc.input)
			if c.Problem == nil || c.Problem.Message != tc.message || c.UUIDText != tc.uuidText || c.ULID != "" || c.UUID != "" {
				t.Errorf("convert(%q) = %+v, problem %+v; want %q, UUID text %v", tc.input, *c, c.Problem, tc.message, tc.uuidText)
			}
		})
	}
}

// TestTrimPolicy pins the trimming the page asks the wasm for (its trim
// export) to the tools' policy, toolinput.Trim: white space that
// JavaScript's String.prototype.trim removes but the policy does not
// (U+3000, U+2028, U+2000 to U+200A, ...) is kept, so the page's length
// hint counts the bytes the error does.
func TestTrimPolicy(t *testing.T) {
	for _, tc := range []struct {
		input, want string
	}{
		{" \t\r\n\f\v\u00a0\ufeff", ""},
		{"\u00a0" + vectors[0].text + "\ufeff\n", vectors[0].text},
		{"\u3000", "\u3000"},
		{vectors[0].text + "\u3000", vectors[0].text + "\u3000"},
		{"\u2028x\u2003", "\u2028x\u2003"},
		{"\u200a\u1680\u205f", "\u200a\u1680\u205f"},
	} {
		got := trim(tc.input)
		if want, _ := toolinput.Trim(tc.input); got != tc.want || got != want {
			t.Errorf("trim(%q) = %q, want %q (toolinput.Trim: %q)", tc.input, got, tc.want, want)
		}
	}
	d := decode(vectors[0].text + "\u3000")
	if d.Problem == nil || d.Problem.Kind != "length" || d.Problem.Length != 29 {
		t.Errorf("decode of a ULID and U+3000: %+v", d.Problem)
	}
	if valid, invalid, _ := decodeList("\u3000\n\u00a0\n"); len(valid) != 0 || len(invalid) != 1 || invalid[0].Line != 1 {
		t.Errorf("decodeList: a line of U+3000 is not blank, one of U+00A0 is: %d valid, %d invalid", len(valid), len(invalid))
	}
}

// TestLocalTime checks the Decode tab's local time: RFC 3339 with
// milliseconds and the offset, or UTC where the offset has seconds, as
// ulid --local shows it; and that the At time field (generate, with
// toolinput.ParseTime) reads each back as the same millisecond.
func TestLocalTime(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ms     uint64
		offset int // seconds east of UTC
		want   string
		utc    bool
	}{
		{"Asia/Kolkata", vectors[0].ms, 19800, "2016-07-31T04:06:16.385+05:30", false},
		{"America/New_York in 1970", 0, -18000, "1969-12-31T19:00:00.000-05:00", false},
		{"Africa/Monrovia in 2016", vectors[0].ms, 0, vectors[0].utc, false},
		{"Africa/Monrovia in 1970", 0, -2670, "1970-01-01T00:00:00.000Z", true},
		{"Africa/Monrovia in 1971", 63072000000 - 1, -2670, "1971-12-31T23:59:59.999Z", true},
		{"Pacific/Kiritimati at the largest time", vectors[2].ms, 14 * 3600, "10889-08-02T19:31:50.655+14:00", false},
		{"an offset of one second", vectors[3].ms, 1, vectors[3].utc, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, utc := localTime(tc.ms, tc.offset)
			if got != tc.want || utc != tc.utc {
				t.Errorf("localTime(%d, %d) = %q, %v; want %q, %v", tc.ms, tc.offset, got, utc, tc.want, tc.utc)
			}
			if ms, err := toolinput.ParseTime(got); err != nil || ms != tc.ms {
				t.Errorf("toolinput.ParseTime(%q) = %d, %v; want %d", got, ms, err, tc.ms)
			}
			items, err := generate("1", true, false, got, false)
			if err != nil || items[0].Ms != tc.ms {
				t.Errorf("generate at %q: %+v, %v; want ms %d", got, items, err, tc.ms)
			}
		})
	}
	for offset, want := range map[int]string{-2670: "-00:44:30", 19800: "+05:30:00", 0: "+00:00:00", 1: "+00:00:01"} {
		if got := offsetText(offset); got != want {
			t.Errorf("offsetText(%d) = %q, want %q", offset, got, want)
		}
	}
}

// TestFailure checks what a failed call returns to the page: a field error
// of generate names its field and gives the message without the field's
// name, which the page puts its label in front of; any other error has no
// field and its whole message.
func TestFailure(t *testing.T) {
	_, err := generate("1e3", true, false, "", false)
	e, _ := failure(err)["error"].(map[string]any)
	if e == nil || e["field"] != "count" || e["message"] != toolinput.CountSyntax || e["kind"] != "other" || e["offset"] != -1 || e["index"] != -1 {
		t.Errorf("failure(%v) = %v", err, e)
	}
	_, err = generate("1", false, false, "yesterday", false)
	e, _ = failure(err)["error"].(map[string]any)
	if msg, _ := e["message"].(string); e["field"] != "time" || !strings.HasPrefix(msg, "want an RFC 3339 time") {
		t.Errorf("failure(%v) = %v", err, e)
	}
	r := failure(errors.New("decode: argument 1 is a number, want a string"))
	e, _ = r["error"].(map[string]any)
	if _, has := e["field"]; r["ok"] != false || has || e["message"] != "decode: argument 1 is a number, want a string" {
		t.Errorf("failure of a plain error = %v", r)
	}
}
