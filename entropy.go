package ulid

import (
	"crypto/rand"
	"errors"
	"io"
	"strconv"
	"sync"
)

// readEntropy fills dst from entropy, or from the buffered crypto/rand of
// systemRandom if entropy is nil or is crypto/rand.Reader itself. Only the
// reads from a caller's reader allocate: a slice passed to an interface method
// escapes, so they go through a buffer of their own.
func readEntropy(entropy io.Reader, dst *[10]byte) error {
	if entropy == nil || entropy == cryptoRandReader {
		systemRandom.read(dst)
		return nil
	}
	buf := new([10]byte)
	if err := readFull(entropy, buf[:]); err != nil {
		return &sentinelError{msg: "ulid: reading entropy: " + err.Error(), err: err}
	}
	*dst = *buf
	return nil
}

// maxEmptyReads is how many reads in a row may return no bytes and no error
// before readFull gives up, as bufio does.
const maxEmptyReads = 100

// readFull is io.ReadFull for a reader the caller supplied, guarded against
// readers that break the io.Reader contract: a count outside 0…len(buf) is an
// error rather than a panic or unfilled bytes, and a reader that keeps
// returning nothing is io.ErrNoProgress rather than a loop that never ends
// (with a Monotonic's lock held).
func readFull(r io.Reader, buf []byte) error {
	for n, empty := 0, 0; n < len(buf); {
		m, err := r.Read(buf[n:])
		if m < 0 || m > len(buf)-n {
			return errors.New("invalid count " + strconv.Itoa(m) + " from Read of " + strconv.Itoa(len(buf)-n) + " bytes")
		}
		n += m
		switch {
		case n == len(buf):
			return nil
		case err == io.EOF && n > 0:
			return io.ErrUnexpectedEOF
		case err != nil:
			return err
		case m == 0:
			if empty++; empty == maxEmptyReads {
				return io.ErrNoProgress
			}
		default:
			empty = 0
		}
	}
	return nil
}

// systemRandom serves crypto/rand output to every ULID made with the default
// entropy.
var systemRandom randomBuffer

// cryptoRandReader is the value crypto/rand.Reader had when the program
// started. Passing it to New or NewMonotonic, as code written for other ULID
// packages does, means the same as nil. A program that replaces
// crypto/rand.Reader and passes the replacement gets its reader read with
// io.ReadFull, and its errors returned, like any other reader.
var cryptoRandReader = rand.Reader

// A randomBuffer reads crypto/rand in blocks and hands them out 10 bytes at a
// time, each byte once. One 320-byte read costs far less than 32 reads of 10
// bytes: most of the price of crypto/rand.Read is per call.
type randomBuffer struct {
	mu   sync.Mutex
	buf  [32 * 10]byte
	left int // unused bytes at the end of buf; the zero value is empty
}

func (r *randomBuffer) read(dst *[10]byte) {
	r.mu.Lock()
	// Released even if rand.Read panics, as it does when a program has
	// replaced crypto/rand.Reader with a reader that panics.
	defer r.mu.Unlock()
	if r.left == 0 {
		rand.Read(r.buf[:])
		r.left = len(r.buf)
	}
	*dst = [10]byte(r.buf[len(r.buf)-r.left:])
	r.left -= 10
}
