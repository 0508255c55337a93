package toolinput

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// TestInputs checks the order and places of the inputs of arguments and
// of standard input: "-" stands for its lines, no arguments for them
// alone; an invalid input comes with its *Error and the rest follow; a
// read error ends the sequence.
func TestInputs(t *testing.T) {
	const stdin = specUUID + "\n\nx\n"
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"no arguments", nil, []string{"line 1 " + specULID, "line 3 invalid length 1 bytes, want 26"}},
		{"arguments", []string{specULID, "", " " + specUUID}, []string{"argument 1 " + specULID, "argument 2 invalid length 0 bytes, want 26", "argument 3 " + specULID}},
		{"dash between", []string{"y", "-", specULID}, []string{"argument 1 invalid length 1 bytes, want 26", "line 1 " + specULID, "line 3 invalid length 1 bytes, want 26", "argument 3 " + specULID}},
		{"dash twice", []string{"-", "-"}, []string{"line 1 " + specULID, "line 3 invalid length 1 bytes, want 26"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for in, err := range Inputs(tc.args, strings.NewReader(stdin), Options{}) {
				if _, invalid := err.(*Error); err != nil && !invalid {
					t.Fatal(err)
				}
				if err != nil {
					got = append(got, in.Place.String()+" "+err.Error())
				} else {
					got = append(got, in.Place.String()+" "+in.ID.String())
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}

	// A failing standard input ends the sequence, arguments after "-" too.
	stop := errors.New("stop")
	var got []string
	for in, err := range Inputs([]string{"-", specULID}, iotest.ErrReader(stop), Options{}) {
		got = append(got, in.Place.String()+" "+fmt.Sprint(err))
	}
	if want := []string{"line 1 stop"}; !slices.Equal(got, want) {
		t.Errorf("a failing stdin: %q, want %q", got, want)
	}
	// A break stops it.
	n := 0
	for range Inputs([]string{specULID, specULID}, io.MultiReader(), Options{}) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("a break: %d inputs", n)
	}
}

// TestReport checks the line about an invalid input: its place, its text
// quoted, whole up to QuoteMax bytes, cut after that to the start or, when
// the offset is past it, to the bytes up to the offending one, so that the
// quote shows what the offset names, and the reason.
func TestReport(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", `"01ARYZ6S41TSV4RRFFQ69G5FAU"`},
		{strings.Repeat(" ", 14) + "01ARYZ6S41TSV4RRFFQ69G5FAU", `"              01ARYZ6S41TSV4RRFFQ69G5FAU"`}, // 40 bytes
		{strings.Repeat(" ", 15) + "01ARYZ6S41TSV4RRFFQ69G5FAU", `..."01ARYZ6S41TSV4RRFFQ69G5FAU"`},
		{strings.Repeat(" ", 15) + "U1ARYZ6S41TSV4RRFFQ69G5FAV", `"               U1ARYZ6S41TSV4RRFFQ69G5FA"...`},
		{"urn:uuid:01563df3-6481-d676-4c61-efb99302bd5x", `..."uid:01563df3-6481-d676-4c61-efb99302bd5x"`},
		{"          urn:uuid:01563df3-6481-d676-4c61-efb99302bd5x", `..."uid:01563df3-6481-d676-4c61-efb99302bd5x"`}, // docs/cli.md
		{"urn:uuid:01563df3-6481-d676-4c61-efb99302bdx5", `..."uuid:01563df3-6481-d676-4c61-efb99302bdx"...`},
		{"urn:uuid:x1563df3-6481-d676-4c61-efb99302bd5b", `"urn:uuid:x1563df3-6481-d676-4c61-efb9930"...`},
		{"\ufeff\ufeff\ufeff\ufeff01563df36481d6764c61efb99302bd5g", `..."01563df36481d6764c61efb99302bd5g"`},
		{"01ARYZ6S41TSV4RRFFQ69G5FAV" + strings.Repeat(" ", 15) + "x", `"01ARYZ6S41TSV4RRFFQ69G5FAV              "...`},
		{strings.Repeat("Z", MaxLine+1), `"` + strings.Repeat("Z", QuoteMax) + `"...`},
	} {
		for in, err := range Inputs([]string{"-", tc.in}, strings.NewReader(tc.in), Options{}) {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("%.50q: %v", tc.in, err)
			}
			if got, want := Report(in, e), in.Place.String()+": "+tc.want+": "+e.Error(); got != want {
				t.Errorf("%.50q: %s, want %s", tc.in, got, want)
			}
		}
	}
}

// TestLines checks line endings, blank lines, line numbers and the
// bound, with a CR split from its LF where the reading buffer ends: each
// line that is not blank is read as Read reads the same text, with its
// line number for its place, and a line longer than MaxLine is an error
// that counts every byte of it.
func TestLines(t *testing.T) {
	long := strings.Repeat("a", MaxLine)
	pad := strings.Repeat(" ", MaxLine-len(specULID))
	type line struct {
		n       int
		given   string
		tooLong int // the length of a line longer than MaxLine, or 0
	}
	for _, tc := range []struct {
		name string
		in   string
		want []line
	}{
		{"empty", "", nil},
		{"blank", "\n\r\n \t\n\u00a0\ufeff\n\r", nil},
		{"no final newline", specULID + "\n" + specUUID, []line{{1, specULID, 0}, {2, specUUID, 0}}},
		{"CRLF", "a\r\n\r\nb\r\n", []line{{1, "a", 0}, {3, "b", 0}}},
		{"lone CR kept", "a\rb\n", []line{{1, "a\rb", 0}}},
		{"MaxLine bytes", pad + specULID + "\r\nx", []line{{1, pad + specULID, 0}, {2, "x", 0}}},
		{"MaxLine bytes, no newline", long, []line{{1, long, 0}}},
		{"one byte more", long + "a\n" + specULID, []line{{1, long, MaxLine + 1}, {2, specULID, 0}}},
		{"blank but too long", strings.Repeat(" ", MaxLine+1), []line{{1, strings.Repeat(" ", MaxLine), MaxLine + 1}}},
		// The buffer holds MaxLine bytes and a CRLF: here it ends in the
		// CR, and the LF comes in the next read.
		{"CR split from LF", long + "a\r\nz", []line{{1, long, MaxLine + 1}, {2, "z", 0}}},
		{"CR split, no LF", long + "ab\r", []line{{1, long, MaxLine + 3}}},
		{"very long", strings.Repeat(long, 20) + "\n\nz", []line{{1, long, 20 * MaxLine}, {3, "z", 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []line
			for in, err := range Lines(strings.NewReader(tc.in), Options{}) {
				n := in.Place.Line
				want, wantErr := Read(in.Given, Options{})
				want.Place = Place{Line: n}
				var e *Error
				switch {
				case !errors.As(err, &e) && err != nil:
					t.Fatalf("line %d: %v", n, err)
				case in.Place.Arg != 0 || n == 0:
					t.Errorf("%+v: not a line's place", in)
				case e != nil && e.Err.Length > MaxLine:
					got = append(got, line{n, in.Given, e.Err.Length})
					if err.Error() != "line too long ("+strconv.Itoa(e.Err.Length)+" bytes)" || e.Offset() != -1 {
						t.Errorf("line %d: %+v, %v", n, in, err)
					}
				case in != want || fmt.Sprint(err) != fmt.Sprint(wantErr):
					t.Errorf("line %d: %+v, %v; Read gives %+v, %v", n, in, err, want, wantErr)
					fallthrough
				default:
					got = append(got, line{n, in.Given, 0})
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d lines, want %d", len(got), len(tc.want))
			}
			for i, g := range got {
				if w := tc.want[i]; g != w {
					t.Errorf("line %d: %d, %.20q (%d bytes), too long %d; want %d, %.20q (%d bytes), %d",
						i, g.n, g.given, len(g.given), g.tooLong, w.n, w.given, len(w.given), w.tooLong)
				}
			}
		})
	}

	// A break stops the reading, and so does r's error, which comes last,
	// with the place where reading failed.
	calls := 0
	for range Lines(strings.NewReader("a\nb\n"), Options{}) {
		calls++
		break
	}
	if calls != 1 {
		t.Errorf("a break: %d inputs", calls)
	}
	stop := errors.New("stop")
	var got []string
	for in, err := range Lines(io.MultiReader(strings.NewReader(specULID+"\n"), iotest.ErrReader(stop)), Options{}) {
		got = append(got, in.Place.String()+" "+in.ID.String()+" "+fmt.Sprint(err))
	}
	if want := []string{"line 1 " + specULID + " <nil>", "line 2 00000000000000000000000000 stop"}; !slices.Equal(got, want) {
		t.Errorf("a failing reader: %q, want %q", got, want)
	}
}

// TestLinesBlank checks that Lines skips a line when Trim leaves
// nothing of it, and only then: white space the policy does not trim, or
// a byte of it that is not valid UTF-8, is a line to read.
func TestLinesBlank(t *testing.T) {
	for _, s := range []string{
		"", " ", "\t", "\v", "\f", "\r", " \r", "\u00a0", "\ufeff", " \t\v\f\u00a0\ufeff\r",
		"\u3000", "\u2028", "\u0085", "\x00", "\xa0", "\xc2", "\xef\xbb", " \xa0 ", "\u00a0x", "x\u00a0",
	} {
		calls := 0
		for in := range Lines(strings.NewReader(s+"\n"+s), Options{}) {
			calls++
			if text, _ := Trim(in.Given); in.Given != s || text == "" {
				t.Errorf("%q: %s read as %+v", s, in.Place, in)
			}
		}
		want := 2
		if text, _ := Trim(s); text == "" {
			want = 0
		}
		if calls != want {
			t.Errorf("%q twice: %d lines read, want %d", s, calls, want)
		}
	}
}

// TestReadLinesBlankAllocs checks that a blank line costs Lines no
// allocation: reading thousands of them allocates what reading nothing
// does, the reading buffer, so that ulid validate reads a file of blank
// lines as fast as one of IDs.
func TestReadLinesBlankAllocs(t *testing.T) {
	const lines = 4000
	blank := strings.Repeat("\n\r\n \t\v\f\r\n\u00a0\ufeff", lines/4)
	r := strings.NewReader("")
	allocs := func(text string) float64 {
		return testing.AllocsPerRun(20, func() {
			r.Reset(text)
			for in := range Lines(r, Options{}) {
				t.Fatal(in.Place, "is not blank")
			}
		})
	}
	if none, got := allocs(""), allocs(blank); got != none {
		t.Errorf("Lines: %v allocations for %d blank lines, %v for none; want none a line (%.1f)", got, lines, none, (got-none)/lines)
	}
}

// zeds is an io.Reader of n bytes of 'Z' and then the line tail.
type zeds struct {
	n    int64
	tail string
}

var zedBlock = []byte(strings.Repeat("Z", 4096))

func (z *zeds) Read(p []byte) (int, error) {
	if z.n == 0 {
		if z.tail == "" {
			return 0, io.EOF
		}
		k := copy(p, z.tail)
		z.tail = z.tail[k:]
		return k, nil
	}
	k := 0
	for k < len(p) && z.n > 0 {
		c := copy(p[k:min(len(p), k+int(min(z.n, int64(len(zedBlock)))))], zedBlock)
		k += c
		z.n -= int64(c)
	}
	return k, nil
}

// TestLinesGiB checks that a line of a GiB is an error that says its
// length, read in constant memory: it allocates no more than a small
// multiple of MaxLine, and the line after it is read.
func TestLinesGiB(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a GiB")
	}
	const n = 1 << 30
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var got []string
	for in, err := range Lines(&zeds{n: n, tail: "\r\n" + specULID + "\n"}, Options{}) {
		got = append(got, in.Place.String()+": "+fmt.Sprint(err)+" "+in.ID.String()+" "+Quote(in.Given))
	}
	runtime.ReadMemStats(&after)
	want := []string{`line 1: line too long (1073741824 bytes) 00000000000000000000000000 "` + strings.Repeat("Z", QuoteMax) + `"...`,
		"line 2: <nil> " + specULID + ` "` + specULID + `"`}
	if !slices.Equal(got, want) {
		t.Errorf("Lines: %q; want %q", got, want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4*MaxLine {
		t.Errorf("Lines allocated %d bytes for a line of %d", alloc, n)
	}
}

// FuzzLines checks Lines against a plain model of it: split the text at
// "\n", drop one '\r' before each "\n", skip blank lines, and read each
// other line as Read does, a line longer than MaxLine as too long (which
// TestLines covers with lines of that size). The text is read whole and
// one byte at a time, so that lines cross reads.
func FuzzLines(f *testing.F) {
	for _, s := range []string{
		"", "\n", "\r\n", "\r", specULID, specULID + "\r\n" + specUUID + "\n\n \t\n" + "x\r",
		"a\rb\n", "\r\r\n", " \u00a0\ufeff\n" + strings.ToLower(specULID), "\xff\n\x00",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var want []string
		lines := strings.Split(text, "\n")
		for i, line := range lines {
			if i < len(lines)-1 {
				line = strings.TrimSuffix(line, "\r")
			}
			if t, _ := Trim(line); t == "" {
				continue
			}
			in, err := Read(line, Options{})
			if len(line) > MaxLine {
				in.Given = line[:MaxLine]
			}
			want = append(want, fmt.Sprintf("line %d: %q %v %v", i+1, in.Given, in.ID, err))
		}
		for _, r := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text))} {
			var got []string
			for in, err := range Lines(r, Options{}) {
				got = append(got, fmt.Sprintf("%v: %q %v %v", in.Place, in.Given, in.ID, err))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("Lines(%q):\n got %q\nwant %q", text, got, want)
			}
		}
	})
}
