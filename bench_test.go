package ulid

import (
	"crypto/aes"
	"crypto/rand"
	"strconv"
	"testing"
)

var (
	benchID    = MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	benchText  = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	benchBytes = []byte(benchText)
)

func BenchmarkMake(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Make()
	}
}

func BenchmarkMakeParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		var id ULID
		for pb.Next() {
			id = Make()
		}
		_ = id
	})
}

func BenchmarkMakeV7(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		MakeV7()
	}
}

func BenchmarkMakeV7Parallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		var id ULID
		for pb.Next() {
			id = MakeV7()
		}
		_ = id
	})
}

func BenchmarkNew(b *testing.B) {
	b.Run("entropy=nil", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			New(1469918176385, nil)
		}
	})
	b.Run("entropy=crypto/rand.Reader", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			New(1469918176385, rand.Reader)
		}
	})
	b.Run("entropy=monotonic", func(b *testing.B) {
		m := NewMonotonic(nil)
		b.ReportAllocs()
		ms := uint64(1469918176385)
		for i := 0; b.Loop(); i++ {
			m.New(ms + uint64(i>>10)) // 1024 ULIDs per millisecond
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Parse(benchText)
	}
}

func BenchmarkParseUUID(b *testing.B) {
	for _, form := range []string{"01563df3-6481-d676-4c61-efb99302bd5b", "01563df36481d6764c61efb99302bd5b"} {
		b.Run("len="+strconv.Itoa(len(form)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ParseUUID(form)
			}
		})
	}
}

func BenchmarkParseStrict(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ParseStrict(benchText)
	}
}

func BenchmarkUnmarshalText(b *testing.B) {
	b.ReportAllocs()
	var id ULID
	for b.Loop() {
		_ = id.UnmarshalText(benchBytes)
	}
}

// escapedString keeps String's result on the heap, as a caller's string
// usually is: without it the compiler puts the 26 bytes on the stack and the
// benchmark measures an allocation that callers do not get for free.
var escapedString string

func BenchmarkString(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		escapedString = benchID.String()
	}
}

func BenchmarkAppendText(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, EncodedSize)
	for b.Loop() {
		buf, _ = benchID.AppendText(buf[:0])
	}
}

func BenchmarkAppendBinary(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, BinarySize)
	for b.Loop() {
		buf, _ = benchID.AppendBinary(buf[:0])
	}
}

func BenchmarkCompare(b *testing.B) {
	b.ReportAllocs()
	other := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAW")
	for b.Loop() {
		benchID.Compare(other)
	}
}

// The public ID benchmarks, beside what they are made of: one AES-128 block
// (through the cipher.Block interface, as a Masker calls it) and the Base32
// encoding or decoding of a ULID. docs/performance.md gives the ratios.
func BenchmarkPublicID(b *testing.B) {
	m, err := NewMasker([]byte("0123456789abcdef"))
	if err != nil {
		b.Fatal(err)
	}
	public := m.Mask(benchID)
	block, err := aes.NewCipher([]byte("0123456789abcdef"))
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 64)
	b.Run("Mask", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = m.Mask(benchID)
		}
	})
	b.Run("AppendMask", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			buf = m.AppendMask(buf[:0], benchID)
		}
	})
	b.Run("Unmask", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = m.Unmask(public)
		}
	})
	b.Run("AESEncrypt+AppendText", func(b *testing.B) {
		b.ReportAllocs()
		out := make([]byte, aes.BlockSize)
		for b.Loop() {
			block.Encrypt(out, benchID[:])
			buf, _ = ULID(out).AppendText(buf[:0])
		}
	})
	b.Run("AESDecrypt+Parse", func(b *testing.B) {
		b.ReportAllocs()
		in, out := make([]byte, aes.BlockSize), make([]byte, aes.BlockSize)
		for b.Loop() {
			id, _ := Parse(benchText)
			copy(in, id[:])
			block.Decrypt(out, in)
		}
	})
}

// benchUser is the Prefix of the Typed benchmarks.
type benchUser struct{}

func (benchUser) Prefix() string { return "user" }

const benchTypeID = "user_01aryz6s41tsv4rrffq69g5fav"

func BenchmarkParseTypeID(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ParseTypeID(benchTypeID)
	}
}

func BenchmarkAppendTypeID(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, 64)
	for b.Loop() {
		buf, _ = AppendTypeID(buf[:0], "user", benchID)
	}
}

func BenchmarkStringLower(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		escapedString = benchID.StringLower()
	}
}

func BenchmarkParseTyped(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ParseTyped[benchUser](benchTypeID)
	}
}

func BenchmarkTypedString(b *testing.B) {
	b.ReportAllocs()
	t := TypedOf[benchUser](benchID)
	for b.Loop() {
		escapedString = t.String()
	}
}
