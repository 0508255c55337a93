package toolinput

import (
	"errors"
	"strconv"
)

// CountSyntax is the error of ParseCount for text that is not a count.
const CountSyntax = "want a whole number in decimal digits, such as 10"

// ParseCount reads s, how many IDs to make, as ulid -n and the browser
// tool's How many field take it, and returns it if it is from min to max.
// Surrounding white space is trimmed (see Trim), as in $(wc -l < file),
// whose output has leading spaces on some systems. The rest is decimal
// digits with an optional sign, read in base 10 even with leading zeros:
// 010 is ten. Nothing else is a count: not Go's 0x10, 0b11 or 1_000, nor
// JavaScript's 1e3, 1E1 or 10.000, which could as well be meant as ten
// thousand. The error says which of CountSyntax or the range was missed;
// a number too large for an int64 is out of range.
func ParseCount(s string, min, max int64) (int64, error) {
	t, _ := Trim(s)
	n, err := strconv.ParseInt(t, 10, 64)
	switch {
	case errors.Is(err, strconv.ErrRange), err == nil && (n < min || n > max):
		return 0, errors.New("out of range: want from " + strconv.FormatInt(min, 10) + " to " + strconv.FormatInt(max, 10))
	case err != nil:
		return 0, errors.New(CountSyntax)
	}
	return n, nil
}
