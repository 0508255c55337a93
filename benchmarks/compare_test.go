// Package benchmarks compares github.com/ulidgo/ulid with other Go ID
// packages: github.com/oklog/ulid/v2, github.com/google/uuid,
// github.com/gofrs/uuid/v5, github.com/rs/xid and github.com/segmentio/ksuid.
//
// Every benchmark is named Benchmark<Operation>/pkg=<package>, so that
// benchstat lines the packages up side by side:
//
//	go test -run '^$' -bench . -benchmem -count 10 -cpu 1,2 > out.txt
//	benchstat -col /pkg out.txt
//
// compare.sh in this folder does that and also prints a Markdown summary.
// A package that has no API for an operation is left out of that operation.
//
// The pkg values are ulidgo (this module), ulidgov7 (its UUIDv7-compatible
// generator, MakeV7, beside Make), oklog, googleuuid, gofrsuuid, xid and
// ksuid; with Go 1.27 or later also stduuid and stduuidv4, the standard
// library's uuid package (stduuid_test.go, behind a go1.27 build tag); plus
// baselines that are no ID package: timenow (a bare time.Now, the floor for
// generating an ID for the current time), cryptorand (a bare 10-byte
// crypto/rand read, the floor for 80 bits of crypto/rand entropy), stringcopy
// (a bare string conversion of 26 bytes, the allocation and copy every String
// method pays) and return16 (a function that is not inlined handing back a
// 16-byte array it has just stored, the cost of returning a ULID by value
// without decoding anything).
package benchmarks

import (
	crand "crypto/rand"
	"encoding/binary"
	"sync"
	"testing"
	"time"

	gofrsuuid "github.com/gofrs/uuid/v5"
	googleuuid "github.com/google/uuid"
	oklog "github.com/oklog/ulid/v2"
	"github.com/rs/xid"
	"github.com/segmentio/ksuid"
	"github.com/ulidgo/ulid"
)

// Package-level sinks keep every result alive, so the compiler cannot drop
// the work that produced it.
var (
	sinkULID   ulid.ULID
	sinkOklog  oklog.ULID
	sinkGoogle googleuuid.UUID
	sinkGofrs  gofrsuuid.UUID
	sinkXID    xid.ID
	sinkKSUID  ksuid.KSUID
	sinkTime   time.Time
	sinkString string
	sinkBytes  []byte
	sinkInt    int

	sinkMu  sync.Mutex
	sinkAny any
)

// keep stores the last result of a RunParallel goroutine in a sink, once per
// goroutine, outside the timed loop's hot path.
func keep(v any) {
	sinkMu.Lock()
	sinkAny = v
	sinkMu.Unlock()
}

// Fixtures, made once. Each package gets valid input in its own canonical
// form, so the parse benchmarks measure the success path.
var (
	fixMS   = uint64(time.Now().UnixMilli())
	fixTime = time.UnixMilli(int64(fixMS))

	// fixULID2 follows fixULID from one monotonic generator: same
	// millisecond, entropy plus one, the worst case for Compare.
	fixMono  = ulid.NewMonotonic(nil)
	fixULID  = must(fixMono.New(fixMS))
	fixULID2 = must(fixMono.New(fixMS))
	fixOklog = oklog.ULID(fixULID)
	// fixOklog2 mirrors fixULID2 for oklog's Compare.
	fixOklog2   = oklog.ULID(fixULID2)
	fixGoogle   = googleuuid.Must(googleuuid.NewV7())
	fixGofrs    = gofrsuuid.UUID(fixGoogle)
	fixXID      = xid.New()
	fixXID2     = xid.New()
	fixKSUID    = ksuid.New()
	fixKSUID2   = ksuid.New()
	fixULIDStr  = fixULID.String() // also oklog's input: the same 26 characters
	fixUUIDStr  = fixGoogle.String()
	fixXIDStr   = fixXID.String()
	fixKSUIDStr = fixKSUID.String()
)

// Inputs of the stringcopy and return16 baselines.
var (
	fixULIDText = []byte(fixULIDStr)
	fixHigh     = binary.BigEndian.Uint64(fixULID[:8])
	fixLow      = binary.BigEndian.Uint64(fixULID[8:])
)

// return16 is the return16 baseline: what any parser that is not inlined
// pays to hand a ULID back by value, with no decoding at all. It stores the
// two 8-byte halves into its result, as ulidgo's decoder does; on amd64 the
// caller's 16-byte copy of that result cannot be forwarded from the two
// narrower stores and waits for them to reach the cache. This is the cost in
// isolation: in a real parser much of the wait overlaps with decoding.
//
//go:noinline
func return16(high, low uint64) (id ulid.ULID, err error) {
	binary.BigEndian.PutUint64(id[:8], high)
	binary.BigEndian.PutUint64(id[8:], low)
	return id, nil
}

// benchmarkReturn16 is the return16 baseline of both Parse benchmarks.
func benchmarkReturn16(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		id, err := return16(fixHigh, fixLow)
		if err != nil {
			b.Fatal(err)
		}
		sinkULID = id
	}
}

// A peer is a sub-benchmark that a file behind a build tag adds to one of
// the operations below; stduuid_test.go adds the standard library's uuid
// package, which Go 1.27 brought.
type peer struct {
	pkg   string // the pkg value
	bench func(*testing.B)
}

// tagged holds those sub-benchmarks by operation, as in Benchmark<Operation>;
// files behind a build tag fill it in their init.
var tagged = map[string][]peer{}

// runTagged runs the sub-benchmarks that files behind a build tag add to the
// operation op, if the Go version building the tests has them. The operations
// run them just after ulidgo's, so the two are measured close together.
func runTagged(b *testing.B, op string) {
	for _, p := range tagged[op] {
		b.Run("pkg="+p.pkg, p.bench)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestFixtures checks that every package decodes its fixture to the value it
// came from, so that no parse benchmark measures an error path.
func TestFixtures(t *testing.T) {
	if id, err := ulid.Parse(fixULIDStr); err != nil || id != fixULID {
		t.Errorf("ulidgo Parse(%q) = %v, %v", fixULIDStr, id, err)
	}
	if id, err := ulid.ParseStrict(fixULIDStr); err != nil || id != fixULID {
		t.Errorf("ulidgo ParseStrict(%q) = %v, %v", fixULIDStr, id, err)
	}
	if id, err := oklog.ParseStrict(fixULIDStr); err != nil || id != fixOklog {
		t.Errorf("oklog ParseStrict(%q) = %v, %v", fixULIDStr, id, err)
	}
	if id, err := googleuuid.Parse(fixUUIDStr); err != nil || id != fixGoogle {
		t.Errorf("googleuuid Parse(%q) = %v, %v", fixUUIDStr, id, err)
	}
	if id, err := gofrsuuid.FromString(fixUUIDStr); err != nil || id != fixGofrs {
		t.Errorf("gofrsuuid FromString(%q) = %v, %v", fixUUIDStr, id, err)
	}
	if id, err := xid.FromString(fixXIDStr); err != nil || id != fixXID {
		t.Errorf("xid FromString(%q) = %v, %v", fixXIDStr, id, err)
	}
	if id, err := ksuid.Parse(fixKSUIDStr); err != nil || id != fixKSUID {
		t.Errorf("ksuid Parse(%q) = %v, %v", fixKSUIDStr, id, err)
	}
	if id, err := return16(fixHigh, fixLow); err != nil || id != fixULID {
		t.Errorf("return16 = %v, %v, want %v", id, err, fixULID)
	}
	if string(fixULIDText) != fixULID.String() {
		t.Errorf("stringcopy input %q, want %q", fixULIDText, fixULID.String())
	}
	if fixULID.Compare(fixULID2) != -1 || fixOklog.Compare(fixOklog2) != -1 {
		t.Errorf("Compare fixtures are not in order: %v %v", fixULID, fixULID2)
	}
}

// BenchmarkGenerate makes an ID for the current time, with each package's
// default entropy source.
func BenchmarkGenerate(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID = ulid.Make()
		}
	})
	b.Run("pkg=ulidgov7", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID = ulid.MakeV7()
		}
	})
	runTagged(b, "Generate")
	b.Run("pkg=oklog", func(b *testing.B) {
		// oklog.Make draws from a process-wide monotonic reader over a
		// math/rand source seeded with the time, not from crypto/rand.
		b.ReportAllocs()
		for b.Loop() {
			sinkOklog = oklog.Make()
		}
	})
	b.Run("pkg=googleuuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := googleuuid.NewV7()
			if err != nil {
				b.Fatal(err)
			}
			sinkGoogle = id
		}
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := gofrsuuid.NewV7()
			if err != nil {
				b.Fatal(err)
			}
			sinkGofrs = id
		}
	})
	b.Run("pkg=xid", func(b *testing.B) {
		// xid has no random part: time, machine ID, process ID and a counter.
		b.ReportAllocs()
		for b.Loop() {
			sinkXID = xid.New()
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkKSUID = ksuid.New()
		}
	})
	b.Run("pkg=timenow", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkTime = time.Now()
		}
	})
}

// BenchmarkGenerateParallel is BenchmarkGenerate from GOMAXPROCS goroutines
// at once: it shows how each package's shared generator state contends.
func BenchmarkGenerateParallel(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last ulid.ULID
			for pb.Next() {
				last = ulid.Make()
			}
			keep(last)
		})
	})
	b.Run("pkg=ulidgov7", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last ulid.ULID
			for pb.Next() {
				last = ulid.MakeV7()
			}
			keep(last)
		})
	})
	runTagged(b, "GenerateParallel")
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last oklog.ULID
			for pb.Next() {
				last = oklog.Make()
			}
			keep(last)
		})
	})
	b.Run("pkg=googleuuid", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last googleuuid.UUID
			for pb.Next() {
				id, err := googleuuid.NewV7()
				if err != nil {
					b.Error(err)
					return
				}
				last = id
			}
			keep(last)
		})
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last gofrsuuid.UUID
			for pb.Next() {
				id, err := gofrsuuid.NewV7()
				if err != nil {
					b.Error(err)
					return
				}
				last = id
			}
			keep(last)
		})
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last xid.ID
			for pb.Next() {
				last = xid.New()
			}
			keep(last)
		})
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last ksuid.KSUID
			for pb.Next() {
				last = ksuid.New()
			}
			keep(last)
		})
	})
	b.Run("pkg=timenow", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			var last time.Time
			for pb.Next() {
				last = time.Now()
			}
			keep(last)
		})
	})
}

// BenchmarkGenerateAt makes an ID for an explicit time with crypto/rand
// entropy. google/uuid has no constructor taking a time; xid.NewWithTime
// takes one but has no random part, so neither is here.
func BenchmarkGenerateAt(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := ulid.New(fixMS, nil)
			if err != nil {
				b.Fatal(err)
			}
			sinkULID = id
		}
	})
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := oklog.New(fixMS, crand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			sinkOklog = id
		}
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		// NewV7AtTime goes through gofrs's default generator, which takes a
		// mutex and bumps a clock sequence when the millisecond repeats.
		b.ReportAllocs()
		for b.Loop() {
			id, err := gofrsuuid.NewV7AtTime(fixTime)
			if err != nil {
				b.Fatal(err)
			}
			sinkGofrs = id
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		// ksuid reads 128 bits of payload, not 80.
		b.ReportAllocs()
		for b.Loop() {
			id, err := ksuid.NewRandomWithTime(fixTime)
			if err != nil {
				b.Fatal(err)
			}
			sinkKSUID = id
		}
	})
	b.Run("pkg=cryptorand", func(b *testing.B) {
		b.ReportAllocs()
		var buf [10]byte
		for b.Loop() {
			crand.Read(buf[:])
		}
		sinkBytes = buf[:]
	})
}

// BenchmarkGenerateAtReader is GenerateAt with crypto/rand.Reader passed
// explicitly, as code written for oklog/ulid does: ulid.New recognises it
// and reads through the same buffer as a nil entropy.
func BenchmarkGenerateAtReader(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := ulid.New(fixMS, crand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			sinkULID = id
		}
	})
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := oklog.New(fixMS, crand.Reader)
			if err != nil {
				b.Fatal(err)
			}
			sinkOklog = id
		}
	})
}

// BenchmarkEncodeBuffer writes the text form into a reused buffer. Neither
// google/uuid nor gofrs/uuid has an API for that (only MarshalText and
// String, which allocate), so they are not here; the standard library's uuid
// has AppendText.
func BenchmarkEncodeBuffer(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, ulid.EncodedSize)
		for b.Loop() {
			var err error
			buf, err = fixULID.AppendText(buf[:0])
			if err != nil {
				b.Fatal(err)
			}
		}
		sinkBytes = buf
	})
	runTagged(b, "EncodeBuffer")
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, oklog.EncodedSize)
		for b.Loop() {
			if err := fixOklog.MarshalTextTo(buf); err != nil {
				b.Fatal(err)
			}
		}
		sinkBytes = buf
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 20)
		for b.Loop() {
			sinkBytes = fixXID.Encode(buf)
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 27)
		for b.Loop() {
			buf = fixKSUID.Append(buf[:0])
		}
		sinkBytes = buf
	})
}

// BenchmarkEncodeString returns the text form as a new string.
func BenchmarkEncodeString(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = fixULID.String()
		}
	})
	runTagged(b, "EncodeString")
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = fixOklog.String()
		}
	})
	b.Run("pkg=googleuuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = fixGoogle.String()
		}
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = fixGofrs.String()
		}
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = fixXID.String()
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = fixKSUID.String()
		}
	})
	b.Run("pkg=stringcopy", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = string(fixULIDText)
		}
	})
}

// BenchmarkParseLenient decodes a string with each package's everyday parser.
// oklog.Parse does not check the characters at all; ulidgo's Parse checks
// them but accepts lower case and Crockford's aliases.
func BenchmarkParseLenient(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := ulid.Parse(fixULIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkULID = id
		}
	})
	runTagged(b, "ParseLenient")
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := oklog.Parse(fixULIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkOklog = id
		}
	})
	b.Run("pkg=googleuuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := googleuuid.Parse(fixUUIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkGoogle = id
		}
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := gofrsuuid.FromString(fixUUIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkGofrs = id
		}
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := xid.FromString(fixXIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkXID = id
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := ksuid.Parse(fixKSUIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkKSUID = id
		}
	})
	b.Run("pkg=return16", benchmarkReturn16)
}

// BenchmarkParseStrict decodes a string and rejects anything outside the
// canonical alphabet. Only the two ULID packages have such a variant.
func BenchmarkParseStrict(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := ulid.ParseStrict(fixULIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkULID = id
		}
	})
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, err := oklog.ParseStrict(fixULIDStr)
			if err != nil {
				b.Fatal(err)
			}
			sinkOklog = id
		}
	})
	b.Run("pkg=return16", benchmarkReturn16)
}

// BenchmarkParseBytes decodes text held in a []byte, as encoding/json and
// database drivers hand it over.
func BenchmarkParseBytes(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		text := []byte(fixULIDStr)
		var id ulid.ULID
		for b.Loop() {
			if err := id.UnmarshalText(text); err != nil {
				b.Fatal(err)
			}
		}
		sinkULID = id
	})
	runTagged(b, "ParseBytes")
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		text := []byte(fixULIDStr)
		var id oklog.ULID
		for b.Loop() {
			if err := id.UnmarshalText(text); err != nil {
				b.Fatal(err)
			}
		}
		sinkOklog = id
	})
	b.Run("pkg=googleuuid", func(b *testing.B) {
		b.ReportAllocs()
		text := []byte(fixUUIDStr)
		for b.Loop() {
			id, err := googleuuid.ParseBytes(text)
			if err != nil {
				b.Fatal(err)
			}
			sinkGoogle = id
		}
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		b.ReportAllocs()
		text := []byte(fixUUIDStr)
		var id gofrsuuid.UUID
		for b.Loop() {
			if err := id.UnmarshalText(text); err != nil {
				b.Fatal(err)
			}
		}
		sinkGofrs = id
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		text := []byte(fixXIDStr)
		var id xid.ID
		for b.Loop() {
			if err := id.UnmarshalText(text); err != nil {
				b.Fatal(err)
			}
		}
		sinkXID = id
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		text := []byte(fixKSUIDStr)
		var id ksuid.KSUID
		for b.Loop() {
			if err := id.UnmarshalText(text); err != nil {
				b.Fatal(err)
			}
		}
		sinkKSUID = id
	})
}

// BenchmarkUnmarshalBinary decodes the binary form: 16 bytes for the ULIDs and
// UUIDs, 12 for xid (through xid.FromBytes, as xid.ID has no UnmarshalBinary)
// and 20 for ksuid.
func BenchmarkUnmarshalBinary(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		data := fixULID[:]
		var id ulid.ULID
		for b.Loop() {
			if err := id.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
		sinkULID = id
	})
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		data := fixOklog[:]
		var id oklog.ULID
		for b.Loop() {
			if err := id.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
		sinkOklog = id
	})
	b.Run("pkg=googleuuid", func(b *testing.B) {
		b.ReportAllocs()
		data := fixGoogle[:]
		var id googleuuid.UUID
		for b.Loop() {
			if err := id.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
		sinkGoogle = id
	})
	b.Run("pkg=gofrsuuid", func(b *testing.B) {
		b.ReportAllocs()
		data := fixGofrs[:]
		var id gofrsuuid.UUID
		for b.Loop() {
			if err := id.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
		sinkGofrs = id
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		data := fixXID[:]
		for b.Loop() {
			id, err := xid.FromBytes(data)
			if err != nil {
				b.Fatal(err)
			}
			sinkXID = id
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		data := fixKSUID[:]
		var id ksuid.KSUID
		for b.Loop() {
			if err := id.UnmarshalBinary(data); err != nil {
				b.Fatal(err)
			}
		}
		sinkKSUID = id
	})
}

// BenchmarkCompare orders two IDs made one after the other. The ULID pairs
// share their timestamp and differ in the last byte, so the whole 16 bytes
// are compared. Neither google/uuid nor gofrs/uuid has a Compare; the
// standard library's uuid has.
func BenchmarkCompare(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		x, y := fixULID, fixULID2
		for b.Loop() {
			sinkInt = x.Compare(y)
		}
	})
	runTagged(b, "Compare")
	b.Run("pkg=oklog", func(b *testing.B) {
		b.ReportAllocs()
		x, y := fixOklog, fixOklog2
		for b.Loop() {
			sinkInt = x.Compare(y)
		}
	})
	b.Run("pkg=xid", func(b *testing.B) {
		b.ReportAllocs()
		x, y := fixXID, fixXID2
		for b.Loop() {
			sinkInt = x.Compare(y)
		}
	})
	b.Run("pkg=ksuid", func(b *testing.B) {
		b.ReportAllocs()
		x, y := fixKSUID, fixKSUID2
		for b.Loop() {
			sinkInt = ksuid.Compare(x, y)
		}
	})
}
