package main

import (
	"io"
	"testing"

	"github.com/ulidgo/ulid/internal/toolinput"
)

// TestCountFlag checks that -n takes the same counts on every platform,
// those above 2³¹ included, and rejects the same ones, with the errors of
// toolinput.ParseCount, which the browser tool's count has too.
func TestCountFlag(t *testing.T) {
	const syntax = "for flag -n: " + toolinput.CountSyntax
	const rangeErr = "for flag -n: out of range: want from 0 to 9223372036854775807"
	for _, tc := range []struct {
		args []string
		want int64
		err  string
	}{
		{args: nil, want: 1},
		{args: []string{"-n", "0"}, want: 0},
		{args: []string{"-n", "-1"}, err: `invalid value "-1" ` + rangeErr},
		{args: []string{"-n", "2147483648"}, want: 1 << 31},
		{args: []string{"-n", "4294967296"}, want: 1 << 32},
		{args: []string{"-n", "1000000000000"}, want: 1_000_000_000_000},
		{args: []string{"-n", "9223372036854775807"}, want: 1<<63 - 1},
		{args: []string{"-n", "9223372036854775808"}, err: `invalid value "9223372036854775808" ` + rangeErr},
		{args: []string{"-n", "x"}, err: `invalid value "x" ` + syntax},
		{args: []string{"-n", ""}, err: `invalid value "" ` + syntax},
		// Decimal only: not Go's octal, hex, binary or digit separators,
		// nor JavaScript's exponents and fractions.
		{args: []string{"-n", "010"}, want: 10},
		{args: []string{"-n", "+5"}, want: 5},
		{args: []string{"-n", "0x10"}, err: `invalid value "0x10" ` + syntax},
		{args: []string{"-n", "0b11"}, err: `invalid value "0b11" ` + syntax},
		{args: []string{"-n", "1_000"}, err: `invalid value "1_000" ` + syntax},
		{args: []string{"-n", "1e6"}, err: `invalid value "1e6" ` + syntax},
		{args: []string{"-n", "1E1"}, err: `invalid value "1E1" ` + syntax},
		{args: []string{"-n", "10.000"}, err: `invalid value "10.000" ` + syntax},
		// White space around it is trimmed, as for --time: $(wc -l < file)
		// has leading spaces on macOS.
		{args: []string{"-n", "      3"}, want: 3},
		{args: []string{"-n", "3\t"}, want: 3},
	} {
		fs := newFlagSet()
		opt := generateFlags(fs)
		err := fs.Parse(tc.args)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %q", tc.args, err, tc.err)
			}
		case err != nil || opt.n != tc.want:
			t.Errorf("%q: n = %d, %v; want %d", tc.args, opt.n, err, tc.want)
		}
	}
}

// field returns the field -f name asks for.
func field(tb testing.TB, name string) toolinput.Field {
	f, ok := lookupField(name)
	if !ok {
		tb.Fatalf("no field %q", name)
	}
	return f
}

// BenchmarkGenerate measures the throughput of ulid -n: ULIDs per second
// written to io.Discard.
func BenchmarkGenerate(b *testing.B) {
	const batch = 100_000
	for _, bc := range []struct {
		name string
		opt  genOptions
	}{
		{"now", genOptions{n: batch}},
		{"time", genOptions{n: batch, gen: toolinput.Generation{At: 1469918176385, AtSet: true}}},
		{"lower", genOptions{n: batch, lower: true}},
		{"uuid", genOptions{n: batch, asUUID: true}},
		{"v7", genOptions{n: batch, gen: toolinput.Generation{V7: true}}},
		{"v7 time", genOptions{n: batch, gen: toolinput.Generation{At: 1469918176385, AtSet: true, V7: true}}},
		{"json", genOptions{n: batch, json: true}},
		{"field ms", genOptions{n: batch, show: showOptions{field: field(b, "ms")}}},
		{"field time", genOptions{n: batch, show: showOptions{field: field(b, "time")}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := generate(io.Discard, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
			n := float64(b.N) * batch
			b.ReportMetric(n/b.Elapsed().Seconds(), "ulids/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/ulid")
		})
	}
}
