package toolinput

import (
	"math"
	"testing"
)

func TestParseCount(t *testing.T) {
	const page = "out of range: want from 1 to 1000"
	const cli = "out of range: want from 0 to 9223372036854775807"
	for _, tc := range []struct {
		in       string
		min, max int64
		want     int64
		err      string
	}{
		{in: "10", min: 1, max: 1000, want: 10},
		{in: "1", min: 1, max: 1000, want: 1},
		{in: "1000", min: 1, max: 1000, want: 1000},
		{in: "0", min: 0, max: math.MaxInt64, want: 0},
		{in: "9223372036854775807", min: 0, max: math.MaxInt64, want: math.MaxInt64},
		// Decimal even with leading zeros; a sign is allowed.
		{in: "010", min: 1, max: 1000, want: 10},
		{in: "+5", min: 1, max: 1000, want: 5},
		{in: "-0", min: 0, max: math.MaxInt64, want: 0},
		// The policy's white space is trimmed, as $(wc -l < file) on macOS
		// has it; other white space is not.
		{in: "      42\n", min: 0, max: math.MaxInt64, want: 42},
		{in: "\u00a0\ufeff7\t", min: 1, max: 1000, want: 7},
		{in: "7\u3000", min: 1, max: 1000, err: CountSyntax},
		{in: "1 000", min: 1, max: 1000, err: CountSyntax},
		// Range.
		{in: "0", min: 1, max: 1000, err: page},
		{in: "1001", min: 1, max: 1000, err: page},
		{in: "-1", min: 1, max: 1000, err: page},
		{in: "-1", min: 0, max: math.MaxInt64, err: cli},
		{in: "9223372036854775808", min: 0, max: math.MaxInt64, err: cli},
		{in: "99999999999999999999", min: 1, max: 1000, err: page},
		{in: "-99999999999999999999", min: 1, max: 1000, err: page},
		// Not decimal digits: Go's and JavaScript's number syntax.
		{in: "", min: 1, max: 1000, err: CountSyntax},
		{in: " ", min: 1, max: 1000, err: CountSyntax},
		{in: "x", min: 1, max: 1000, err: CountSyntax},
		{in: "1e3", min: 1, max: 1000, err: CountSyntax},
		{in: "1E1", min: 1, max: 1000, err: CountSyntax},
		{in: "1e6", min: 0, max: math.MaxInt64, err: CountSyntax},
		{in: "10.000", min: 1, max: 1000, err: CountSyntax},
		{in: "2.5", min: 1, max: 1000, err: CountSyntax},
		{in: "10.", min: 1, max: 1000, err: CountSyntax},
		{in: "0x10", min: 1, max: 1000, err: CountSyntax},
		{in: "0b11", min: 1, max: 1000, err: CountSyntax},
		{in: "0o7", min: 1, max: 1000, err: CountSyntax},
		{in: "1_000", min: 1, max: 1000, err: CountSyntax},
		{in: "Infinity", min: 1, max: 1000, err: CountSyntax},
		{in: "+", min: 1, max: 1000, err: CountSyntax},
		{in: "--1", min: 1, max: 1000, err: CountSyntax},
		{in: "１０", min: 1, max: 1000, err: CountSyntax}, // fullwidth digits
	} {
		n, err := ParseCount(tc.in, tc.min, tc.max)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err || n != 0 {
				t.Errorf("ParseCount(%q, %d, %d) = %d, %v; want error %q", tc.in, tc.min, tc.max, n, err, tc.err)
			}
		case err != nil || n != tc.want:
			t.Errorf("ParseCount(%q, %d, %d) = %d, %v; want %d", tc.in, tc.min, tc.max, n, err, tc.want)
		}
	}
}
