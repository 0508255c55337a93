package toolinput

import (
	"errors"

	"github.com/ulidgo/ulid"
)

// streamKeep is how many bytes of the trimmed text a Stream keeps: more
// than the longest ID, UUID text with "urn:uuid:" (45 bytes), so that
// every text that could be an ID is kept whole, and than the 14 bytes
// markedUUID looks at.
const streamKeep = 64

// A Stream reads the text of one ID that comes in pieces, such as a line
// of standard input too long to hold, in constant memory. It trims white
// space as Trim does, keeps the first 64 bytes of the rest, and counts
// what the shape rule needs of the whole (see LooksLikeUUID), so that its
// Parse returns what Parse would for the whole text. The zero Stream
// holds no text and is ready to use.
type Stream struct {
	n       int  // bytes written
	lead    int  // bytes of white space in front, once started
	started bool // a byte that is not white space has been written
	end     int  // the offset just past the last byte that is not white space

	kept  [streamKeep]byte // the first bytes from lead on
	nkept int

	digits, hyphens int  // hex digits and hyphens, from lead on
	other           int  // the offset of the first other byte from lead on, if hasOther
	hasOther        bool // a byte from lead on is neither a hex digit nor a hyphen

	// pend is the start of a white space rune of more than one byte (see
	// wideSpace) that the last piece ended in, not yet known to be one.
	pend  [2]byte
	npend int
}

// wideSpace holds the white space of IsSpace that UTF-8 writes in more
// than one byte; the rest is ASCII. TestStreamSpace checks that the two
// agree.
var wideSpace = [...]string{"\u00a0", "\ufeff"}

// Write adds p to the text. It never fails.
func (st *Stream) Write(p []byte) (int, error) {
	for _, c := range p {
		st.add(c)
	}
	return len(p), nil
}

// add adds one byte, c, at offset st.n.
func (st *Stream) add(c byte) {
	at := st.n
	st.n++
	if st.npend > 0 {
		var buf [3]byte
		cand := buf[:copy(buf[:], st.pend[:st.npend])+1]
		cand[len(cand)-1] = c
		for _, w := range wideSpace {
			switch {
			case string(cand) == w:
				st.npend = 0
				st.space(at+1-len(w), w)
				return
			case len(cand) < len(w) && w[:len(cand)] == string(cand):
				st.pend[st.npend] = c
				st.npend++
				return
			}
		}
		// Not white space: the pending bytes are each a byte of their own.
		// The first starts no wide space here, as cand shows, and the
		// others start none anywhere, being continuation bytes; c is read
		// afresh.
		for i, b := range st.pend[:st.npend] {
			st.nonSpace(at-st.npend+i, b)
		}
		st.npend = 0
	}
	switch {
	case c < 0x80 && IsSpace(rune(c)):
		st.space(at, string(rune(c)))
	case startsWideSpace(c):
		st.pend[0] = c
		st.npend = 1
	default:
		st.nonSpace(at, c)
	}
}

// startsWideSpace reports whether c is the first byte of one of wideSpace.
func startsWideSpace(c byte) bool {
	for _, w := range wideSpace {
		if c == w[0] {
			return true
		}
	}
	return false
}

// space records the white space w at offset at.
func (st *Stream) space(at int, w string) {
	if !st.started {
		st.lead = at + len(w)
		return
	}
	st.nkept += copy(st.kept[st.nkept:], w)
	if !st.hasOther {
		st.other, st.hasOther = at, true
	}
}

// nonSpace records the byte c, which is not white space, at offset at.
func (st *Stream) nonSpace(at int, c byte) {
	if !st.started {
		st.started, st.lead = true, at
	}
	st.end = at + 1
	if st.nkept < len(st.kept) {
		st.kept[st.nkept] = c
		st.nkept++
	}
	switch {
	case c == '-':
		st.hyphens++
	case isHex(c):
		st.digits++
	case !st.hasOther:
		st.other, st.hasOther = at, true
	}
}

// finished returns a copy of st with the pending bytes, which no later
// byte can now make white space, recorded as bytes that are not white space.
func (st *Stream) finished() Stream {
	f := *st
	for i, b := range f.pend[:f.npend] {
		f.nonSpace(f.n-f.npend+i, b)
	}
	f.npend = 0
	return f
}

// Text returns the start of the text written so far without the white
// space around it, up to 64 bytes; lead, the number of bytes of white
// space in front of it; and n, its length in bytes.
func (st *Stream) Text() (start []byte, lead, n int) {
	f := st.finished()
	if !f.started {
		return nil, f.n, 0
	}
	n = f.end - f.lead
	return f.kept[:min(n, f.nkept)], f.lead, n
}

// Parse reads the text written so far as Parse reads the whole text: its
// result, the error's text and offsets included, is the same.
func (st *Stream) Parse(opt Options) (ulid.ULID, Kind, error) {
	f := st.finished()
	start, lead, n := f.Text()
	if n <= streamKeep {
		return ParseTrimmed(string(start), lead, opt)
	}
	// Longer than any ID, so a length error, which does not depend on
	// the bytes past the start: ask the library for the error of the
	// start and give it the whole length.
	kind := ULID
	if !opt.ULIDOnly && (markedUUID(string(start)) || (!f.hasOther || f.other >= f.end) && hexUUID(f.digits, f.hyphens)) {
		kind = UUID
	}
	_, err := decodeAs(string(start), kind, opt)
	var pe *ulid.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ulid.ErrInvalidLength) {
		pe = &ulid.ParseError{Err: ulid.ErrInvalidLength, Offset: -1} // not reached: start has 64 bytes
	}
	whole := *pe
	whole.Length = n
	return ulid.ULID{}, kind, &whole
}
