package toolinput

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStreamSpace checks that a Stream knows all the white space IsSpace
// does: ASCII, and the runes in wideSpace.
func TestStreamSpace(t *testing.T) {
	wide := map[rune]bool{}
	for _, w := range wideSpace {
		r, _ := utf8.DecodeRuneInString(w)
		wide[r] = true
		if !IsSpace(r) || len(w) < 2 || utf8.RuneLen(r) != len(w) {
			t.Errorf("wideSpace has %q, which IsSpace does not", w)
		}
	}
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if IsSpace(r) && !wide[r] {
			t.Errorf("IsSpace(%U), but wideSpace lacks it", r)
		}
	}
}

// streamOf writes s to a new Stream in pieces of size bytes, or whole if
// size is 0.
func streamOf(s string, size int) *Stream {
	st := new(Stream)
	if size == 0 {
		size = len(s) + 1
	}
	for p := []byte(s); len(p) > 0; {
		n := min(size, len(p))
		st.Write(p[:n])
		p = p[n:]
	}
	return st
}

// checkStream checks that a Stream given s in pieces of size bytes trims
// as Trim does and parses as Parse does.
func checkStream(t *testing.T, s string, size int, opt Options) {
	t.Helper()
	st := streamOf(s, size)
	trimmed, lead := Trim(s)
	start, slead, n := st.Text()
	if n != len(trimmed) || !bytes.Equal(start, []byte(trimmed[:min(len(trimmed), streamKeep)])) || (n > 0 && slead != lead) {
		t.Fatalf("Stream(%q, pieces of %d).Text() = %q, %d, %d; Trim gives %q, %d", s, size, start, slead, n, trimmed, lead)
	}
	id, kind, err := Parse(s, opt)
	sid, skind, serr := st.Parse(opt)
	if sid != id || skind != kind || (err == nil) != (serr == nil) || err != nil && err.Error() != serr.Error() {
		t.Fatalf("Stream(%q, pieces of %d).Parse(%+v) = %v, %v, %v; Parse gives %v, %v, %v", s, size, opt, sid, skind, serr, id, kind, err)
	}
}

// TestStreamTrim checks a Stream against Trim and Parse on every text of
// up to 5 bytes from the bytes of white space and a few others, whole and
// in pieces, so that a wide space is split at every place.
func TestStreamTrim(t *testing.T) {
	alphabet := []byte{' ', 'a', '-', 'Z', 0xc2, 0xa0, 0xef, 0xbb, 0xbf}
	var texts func(prefix []byte, n int)
	texts = func(prefix []byte, n int) {
		for _, size := range []int{0, 1, 2, 3} {
			checkStream(t, string(prefix), size, Options{})
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			texts(append(prefix, c), n-1)
		}
	}
	texts(nil, 5)
}

// TestStreamParse checks a Stream on IDs and on text longer than it
// keeps, padded with every kind of white space, in pieces of several
// sizes.
func TestStreamParse(t *testing.T) {
	pad := strings.Repeat(" \t\u00a0\ufeff", 20000)
	for _, s := range []string{
		specULID, specUUID, "{" + specUUID + "}", "urn:uuid:" + specUUID, "01563df36481d6764c61efb99302bd5g",
		pad + specULID + pad, pad + "01ARYZ6S41TSV4RRFFQ69G5FAU" + "\r", pad + "  O1563df36481d6764c61efb99302bd5b",
		strings.Repeat("0", 1<<20), pad + strings.Repeat("a", 100) + pad, strings.Repeat("a", 100) + " b",
		strings.Repeat("0", 100) + "-", strings.Repeat("-", 100) + "0", strings.Repeat("-", 100),
		"{" + strings.Repeat("x", 100), "URN:uuid:" + strings.Repeat("x", 100), "urn:" + strings.Repeat("x", 100),
		"01563df3-6481-" + strings.Repeat("x", 100), "01563df3-" + strings.Repeat("x", 100), pad,
		strings.Repeat("a", 64), strings.Repeat("a", 65), pad + strings.Repeat("Z", 64) + pad, "\xef\xbb" + specULID + "\xc2",
	} {
		for _, size := range []int{0, 1, 3, 4096, 65536} {
			for _, opt := range []Options{{}, {Strict: true}, {ULIDOnly: true}} {
				checkStream(t, s, size, opt)
			}
		}
	}
}
