package toolinput

import (
	"strings"
	"testing"
)

// linesInputs are a MiB or so of each kind of line Lines meets: empty
// lines, blank lines of the white space the policy trims, and IDs, as
// ulid validate reads them from a file or a pipe.
var linesInputs = []struct {
	name string
	text string
}{
	{"blank/LF", strings.Repeat("\n", 1<<20)},
	{"blank/CRLF", strings.Repeat("\r\n", 1<<19)},
	{"blank/spaces", strings.Repeat(" \t \u00a0\ufeff\r\n", 1<<16)},
	{"ULID", strings.Repeat(specULID+"\n", 1<<15)},
	{"UUID", strings.Repeat(specUUID+"\r\n", 1<<15)},
}

// BenchmarkReadLines measures Lines over each of linesInputs, in bytes of
// input a second, with a loop that does nothing with the lines.
func BenchmarkReadLines(b *testing.B) {
	for _, in := range linesInputs {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			r := strings.NewReader(in.text)
			for b.Loop() {
				r.Reset(in.text)
				for _, err := range Lines(r, Options{}) {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
