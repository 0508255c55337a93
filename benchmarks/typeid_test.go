package benchmarks

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
	"go.jetify.com/typeid"
)

// The TypeID comparison with go.jetify.com/typeid v1.3.0, the Go
// implementation the TypeID specification lists: a two-way differential
// test, and the benchmarks whose ratios docs/performance.md gives.

const fixTypeID = "user_01aryz6s41tsv4rrffq69g5fav"

// typeIDPrefixes are prefixes of every shape the rule allows.
var typeIDPrefixes = []string{"", "a", "user", "pre_fix", "a_b_c", strings.Repeat("z", 63)}

// TestTypeIDDifferential checks, on 100,000 random IDs of each prefix, that
// jetify reads the text ulid writes as the same prefix and UUID and writes
// the same text for them, and on mutations of that text that the two accept
// and refuse the same strings.
func TestTypeIDDifferential(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 2_000
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-. "
	for i := range n {
		var id ulid.ULID
		for j := range id {
			id[j] = byte(r.Uint32())
		}
		prefix := typeIDPrefixes[i%len(typeIDPrefixes)]
		text, err := ulid.AppendTypeID(nil, prefix, id)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := typeid.FromString(string(text))
		if err != nil || theirs.Prefix() != prefix || !bytes.Equal(theirs.UUIDBytes(), id[:]) {
			t.Fatalf("jetify FromString(%q) = %q %x, %v; want %q %x", text, theirs.Prefix(), theirs.UUIDBytes(), err, prefix, id[:])
		}
		fromTheirs, err := typeid.FromUUIDBytesWithPrefix(prefix, id[:])
		if err != nil || fromTheirs.String() != string(text) {
			t.Fatalf("jetify FromUUIDBytesWithPrefix(%q, %x) = %q, %v; want %q", prefix, id[:], fromTheirs.String(), err, text)
		}
		// One byte changed, inserted or removed: both accept or both refuse,
		// and agree on what they accept.
		mutated := []byte(string(text))
		switch pos := r.IntN(len(mutated) + 1); r.IntN(3) {
		case 0:
			if pos < len(mutated) {
				mutated[pos] = alphabet[r.IntN(len(alphabet))]
			}
		case 1:
			mutated = append(mutated[:pos], append([]byte{alphabet[r.IntN(len(alphabet))]}, mutated[pos:]...)...)
		default:
			if pos < len(mutated) {
				mutated = append(mutated[:pos], mutated[pos+1:]...)
			}
		}
		ourPrefix, ours, ourErr := ulid.ParseTypeID(string(mutated))
		theirs, theirErr := typeid.FromString(string(mutated))
		if (ourErr == nil) != (theirErr == nil) {
			t.Fatalf("%q: ulid says %v, jetify says %v", mutated, ourErr, theirErr)
		}
		if ourErr == nil && (ourPrefix != theirs.Prefix() || !bytes.Equal(ours[:], theirs.UUIDBytes())) {
			t.Fatalf("%q: ulid reads %q %x, jetify %q %x", mutated, ourPrefix, ours[:], theirs.Prefix(), theirs.UUIDBytes())
		}
	}
}

// TestTypeIDSpecInvalid checks that both refuse every invalid TypeID of the
// specification's test data.
func TestTypeIDSpecInvalid(t *testing.T) {
	data, err := os.ReadFile("../testdata/typeid/invalid.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Name, TypeID string }
	if err := json.Unmarshal(data, &cases); err != nil || len(cases) == 0 {
		t.Fatal(err, len(cases))
	}
	for _, tc := range cases {
		_, _, ourErr := ulid.ParseTypeID(tc.TypeID)
		_, theirErr := typeid.FromString(tc.TypeID)
		if ourErr == nil || theirErr == nil {
			t.Errorf("%s (%q): ulid %v, jetify %v; want both to refuse it", tc.Name, tc.TypeID, ourErr, theirErr)
		}
	}
}

// BenchmarkParseTypeID reads TypeID text; pkg=ulidgo-parse is Parse of the
// same ULID's 26 characters, the floor.
func BenchmarkParseTypeID(b *testing.B) {
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, sinkULID, _ = ulid.ParseTypeID(fixTypeID)
		}
	})
	b.Run("pkg=ulidgo-parse", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkULID, _ = ulid.Parse(fixTypeID[5:])
		}
	})
	b.Run("pkg=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			id, _ := typeid.FromString(fixTypeID)
			sinkString = id.Prefix()
		}
	})
}

// BenchmarkAppendTypeID writes TypeID text from a prefix and 16 bytes.
func BenchmarkAppendTypeID(b *testing.B) {
	id := ulid.MustParse(strings.ToUpper(fixTypeID[5:]))
	b.Run("pkg=ulidgo", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 64)
		for b.Loop() {
			buf, _ = ulid.AppendTypeID(buf[:0], "user", id)
		}
		sinkBytes = buf
	})
	b.Run("pkg=jetify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tid, _ := typeid.FromUUIDBytesWithPrefix("user", id[:])
			sinkString = tid.String()
		}
	})
}
