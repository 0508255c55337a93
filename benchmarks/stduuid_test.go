//go:build go1.27

// The standard library's uuid package, which Go 1.27 brought, in the
// comparison: pkg=stduuid (uuid.NewV7 for generating) and, in Generate only,
// pkg=stduuidv4 (uuid.NewV4: 122 random bits, no clock). Its sub-benchmarks
// run in the operations of compare_test.go, through runTagged. The package has
// no constructor taking a time and no binary unmarshaler, so it is not in
// GenerateAt, GenerateAtReader, ParseStrict or UnmarshalBinary.

package benchmarks

import (
	"bytes"
	"testing"
	stduuid "uuid"
)

var sinkStd stduuid.UUID

// Fixtures of the standard library's uuid: a version 7 UUID of its own, and,
// for Compare, the bytes of the ULID pair of the other packages (same
// timestamp, last byte apart), so that every Compare reads all 16 bytes.
var (
	fixStd      = stduuid.NewV7()
	fixStdStr   = fixStd.String()
	fixStdText  = []byte(fixStdStr)
	fixStdPair1 = stduuid.UUID(fixULID)
	fixStdPair2 = stduuid.UUID(fixULID2)
)

// TestStdFixtures checks the standard library's fixtures as TestFixtures
// checks the others, and that its text is google/uuid's.
func TestStdFixtures(t *testing.T) {
	if id, err := stduuid.Parse(fixStdStr); err != nil || id != fixStd {
		t.Errorf("stduuid Parse(%q) = %v, %v", fixStdStr, id, err)
	}
	var id stduuid.UUID
	if err := id.UnmarshalText(fixStdText); err != nil || id != fixStd {
		t.Errorf("stduuid UnmarshalText(%q) = %v, %v", fixStdText, id, err)
	}
	if text, err := fixStd.AppendText(nil); err != nil || !bytes.Equal(text, fixStdText) {
		t.Errorf("stduuid AppendText = %q, %v, want %q", text, err, fixStdText)
	}
	if got, want := stduuid.UUID(fixGoogle).String(), fixGoogle.String(); got != want {
		t.Errorf("stduuid String of %v = %q, google/uuid's %q", fixGoogle, got, want)
	}
	if got, want := stduuid.UUID(fixULID).String(), fixULID.UUIDString(); got != want {
		t.Errorf("stduuid String of %v = %q, UUIDString %q", fixULID, got, want)
	}
	if fixStdPair1.Compare(fixStdPair2) != -1 {
		t.Errorf("Compare fixtures are not in order: %v %v", fixStdPair1, fixStdPair2)
	}
}

func init() {
	tagged["Generate"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStd = stduuid.NewV7()
			}
		}},
		{"stduuidv4", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkStd = stduuid.NewV4()
			}
		}},
	}
	tagged["GenerateParallel"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				var last stduuid.UUID
				for pb.Next() {
					last = stduuid.NewV7()
				}
				keep(last)
			})
		}},
	}
	tagged["EncodeBuffer"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 36)
			for b.Loop() {
				var err error
				buf, err = fixStd.AppendText(buf[:0])
				if err != nil {
					b.Fatal(err)
				}
			}
			sinkBytes = buf
		}},
	}
	tagged["EncodeString"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkString = fixStd.String()
			}
		}},
	}
	tagged["ParseLenient"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				id, err := stduuid.Parse(fixStdStr)
				if err != nil {
					b.Fatal(err)
				}
				sinkStd = id
			}
		}},
	}
	tagged["ParseBytes"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			var id stduuid.UUID
			for b.Loop() {
				if err := id.UnmarshalText(fixStdText); err != nil {
					b.Fatal(err)
				}
			}
			sinkStd = id
		}},
	}
	tagged["Compare"] = []peer{
		{"stduuid", func(b *testing.B) {
			b.ReportAllocs()
			x, y := fixStdPair1, fixStdPair2
			for b.Loop() {
				sinkInt = x.Compare(y)
			}
		}},
	}
}
