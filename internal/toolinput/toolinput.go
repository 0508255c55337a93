// Package toolinput is what the ulid command and the browser tool
// (web/wasm) share, so that they accept and refuse the same text with the
// same words: how an argument, line or field becomes an ID (Inputs, Lines,
// Read), how a refusal is reported (Report), the fields shown of an ID,
// --time and -n (ParseTime, ParseCount), and how new ULIDs are made
// (Generation). It is part of those tools, not a library API; the policy's
// one statement is docs/cli.md#input-the-same-for-every-tool.
package toolinput

import (
	"strconv"
	"strings"
)

// isSpace reports whether r is white space that the tools trim around an
// ID, a time or a count.
func isSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', 0xa0, 0xfeff:
		return true
	}
	return false
}

// Trim returns s without the white space around it (see isSpace) and the
// number of bytes removed in front of it.
func Trim(s string) (string, int) {
	t := strings.TrimLeftFunc(s, isSpace)
	lead := len(s) - len(t)
	return strings.TrimRightFunc(t, isSpace), lead
}

// MaxLine is the longest text, in bytes, that the tools read as an ID: an
// argument, a line of standard input without its line ending, or a field
// of the browser tool. The longest ID, UUID text with "urn:uuid:", has 45
// bytes; the rest is room for the white space around it. Longer text is
// an error, "line too long (N bytes)", whatever it holds.
const MaxLine = 64 << 10

// Message returns err's message as the tools show it after their own
// "ulid: " or a field's name: the library's message without the package's
// "ulid: " in front, worded nowhere else.
func Message(err error) string {
	return strings.TrimPrefix(err.Error(), "ulid: ")
}

// QuoteMax is the most bytes of an input that the tools' messages quote.
const QuoteMax = 40

// Quote returns s quoted for a message, as strconv.Quote does, whole up to
// QuoteMax bytes. A longer s is cut to its first QuoteMax bytes, quoted,
// and "...", so that a message about a long input stays one short line.
func Quote(s string) string {
	if len(s) <= QuoteMax {
		return strconv.Quote(s)
	}
	return strconv.Quote(s[:QuoteMax]) + "..."
}
