package benchmarks

// Migration tests: the rows of the mapping table in
// docs/migrating-from-oklog.md, run against both packages. Where the two
// should agree, a test checks that they give the same bytes, text or time;
// where they differ, it pins the difference, so that the guide stays true if
// either package changes.
//
//	cd benchmarks && go test -run Migrat ./...

import (
	"bytes"
	crand "crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"time"

	googleuuid "github.com/google/uuid"
	oklog "github.com/oklog/ulid/v2"
	"github.com/ulidgo/ulid"
)

// migrateText, migrateMS and migrateEntropy are the ULID specification's
// example (https://github.com/ulid/spec): its text, its timestamp in Unix
// milliseconds and its 10 entropy bytes.
const (
	migrateText = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	migrateMS   = 1469918176385
)

var migrateEntropy = []byte{0xd6, 0x76, 0x4c, 0x61, 0xef, 0xb9, 0x93, 0x02, 0xbd, 0x5b}

// TestMigrateParse runs Parse and ParseStrict of both packages on the same
// input. Canonical and lower-case text give the same 16 bytes; the rest shows
// what each package accepts.
func TestMigrateParse(t *testing.T) {
	want := [16]byte(ulid.MustParse(migrateText))
	for _, tc := range []struct {
		name  string
		input string
		// The sentinel each parser returns; nil means it returns a value.
		ours, theirs             error
		oursStrict, theirsStrict error
		// same reports that, where both Parse calls return a value, it is the
		// same 16 bytes (and those of migrateText).
		same bool
	}{
		{name: "canonical", input: migrateText, same: true},
		{name: "lower case", input: "01aryz6s41tsv4rrffq69g5fav", same: true},
		{
			// oklog's Parse checks the length and the first character only:
			// a U, a hyphen or a non-ASCII byte decodes to some value.
			name: "U", input: "01ARYZ6S41TSV4RRFFQ69G5FAU",
			ours: ulid.ErrInvalidCharacter, oursStrict: ulid.ErrInvalidCharacter, theirsStrict: oklog.ErrInvalidCharacters,
		},
		{
			name: "hyphen", input: "01ARYZ6S41-SV4RRFFQ69G5FAV",
			ours: ulid.ErrInvalidCharacter, oursStrict: ulid.ErrInvalidCharacter, theirsStrict: oklog.ErrInvalidCharacters,
		},
		{
			name: "non-ASCII byte", input: "01ARYZ6S41TSV4RRFFQ69G5FA\xc3",
			ours: ulid.ErrInvalidCharacter, oursStrict: ulid.ErrInvalidCharacter, theirsStrict: oklog.ErrInvalidCharacters,
		},
		{
			// Crockford's alias I for 1: our Parse reads it as 1, oklog's
			// decodes it to another value. Both ParseStricts reject it.
			name: "alias I", input: "0IARYZ6S41TSV4RRFFQ69G5FAV",
			oursStrict: ulid.ErrInvalidCharacter, theirsStrict: oklog.ErrInvalidCharacters,
		},
		{
			// Alias O for 0 as the first character: oklog's Parse compares
			// the byte with '7' and reports an overflow.
			name: "alias O first", input: "OIARYZ6S41TSV4RRFFQ69G5FAV",
			theirs:     oklog.ErrOverflow,
			oursStrict: ulid.ErrInvalidCharacter, theirsStrict: oklog.ErrInvalidCharacters,
		},
		{
			name: "first character above 7", input: "80000000000000000000000000",
			ours: ulid.ErrOverflow, theirs: oklog.ErrOverflow,
			oursStrict: ulid.ErrOverflow, theirsStrict: oklog.ErrOverflow,
		},
		{
			name: "25 bytes", input: migrateText[:25],
			ours: ulid.ErrInvalidLength, theirs: oklog.ErrDataSize,
			oursStrict: ulid.ErrInvalidLength, theirsStrict: oklog.ErrDataSize,
		},
		{
			name: "trailing newline", input: migrateText + "\n",
			ours: ulid.ErrInvalidLength, theirs: oklog.ErrDataSize,
			oursStrict: ulid.ErrInvalidLength, theirsStrict: oklog.ErrDataSize,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ours, err := ulid.Parse(tc.input)
			checkSentinel(t, "ulid.Parse", err, tc.ours)
			theirs, err := oklog.Parse(tc.input)
			checkSentinel(t, "oklog.Parse", err, tc.theirs)
			_, err = ulid.ParseStrict(tc.input)
			checkSentinel(t, "ulid.ParseStrict", err, tc.oursStrict)
			_, err = oklog.ParseStrict(tc.input)
			checkSentinel(t, "oklog.ParseStrict", err, tc.theirsStrict)

			if tc.ours == nil && tc.theirs == nil {
				if got := [16]byte(theirs) == [16]byte(ours); got != tc.same {
					t.Errorf("oklog.Parse = % x, ulid.Parse = % x; same = %v, want %v", theirs[:], ours[:], got, tc.same)
				}
			}
			// Our Parse reads the aliases as digits, so the alias rows give
			// migrateText too.
			if tc.ours == nil && [16]byte(ours) != want {
				t.Errorf("ulid.Parse = %s, want %s", ours, migrateText)
			}
		})
	}
}

// checkSentinel fails t unless err is want (nil: no error), by errors.Is.
func checkSentinel(t *testing.T, what string, err, want error) {
	t.Helper()
	switch {
	case want == nil && err != nil:
		t.Errorf("%s: unexpected error %v", what, err)
	case want != nil && !errors.Is(err, want):
		t.Errorf("%s: error %v, want %v", what, err, want)
	}
}

// TestMigrateNew: New, MustNew and the monotonic sources.
func TestMigrateNew(t *testing.T) {
	t.Run("same entropy, same ULID", func(t *testing.T) {
		ours, err := ulid.New(migrateMS, bytes.NewReader(migrateEntropy))
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := oklog.New(migrateMS, bytes.NewReader(migrateEntropy))
		if err != nil {
			t.Fatal(err)
		}
		if [16]byte(ours) != [16]byte(theirs) || ours.String() != migrateText {
			t.Errorf("ulid.New = %s, oklog.New = %s, want both %s", ours, theirs, migrateText)
		}
		must := ulid.MustNew(migrateMS, bytes.NewReader(migrateEntropy))
		mustTheirs := oklog.MustNew(migrateMS, bytes.NewReader(migrateEntropy))
		if [16]byte(must) != [16]byte(mustTheirs) || must != ours {
			t.Errorf("ulid.MustNew = %s, oklog.MustNew = %s, want both %s", must, mustTheirs, migrateText)
		}
	})

	t.Run("nil entropy", func(t *testing.T) {
		// oklog: zero entropy. Ours: crypto/rand (all zero with odds 2^-80).
		theirs, err := oklog.New(migrateMS, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(theirs.Entropy(), make([]byte, 10)) {
			t.Errorf("oklog.New(ms, nil) entropy = %x, want zeros", theirs.Entropy())
		}
		ours, err := ulid.New(migrateMS, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ours.Entropy() == [10]byte{} {
			t.Errorf("ulid.New(ms, nil) entropy is zero, want crypto/rand bytes")
		}
	})

	t.Run("crypto/rand.Reader", func(t *testing.T) {
		ours, err := ulid.New(migrateMS, crand.Reader)
		if err != nil || ours.Timestamp() != migrateMS {
			t.Fatalf("ulid.New(ms, crypto/rand.Reader) = %s, %v", ours, err)
		}
		theirs, err := oklog.New(migrateMS, crand.Reader)
		if err != nil || theirs.Time() != migrateMS {
			t.Fatalf("oklog.New(ms, crypto/rand.Reader) = %s, %v", theirs, err)
		}
		allocs := testing.AllocsPerRun(100, func() {
			sinkULID, _ = ulid.New(migrateMS, crand.Reader)
		})
		if allocs != 0 {
			t.Errorf("ulid.New(ms, crypto/rand.Reader): %v allocations, want 0", allocs)
		}
	})

	t.Run("time out of range", func(t *testing.T) {
		_, err := ulid.New(ulid.MaxTimestamp+1, nil)
		checkSentinel(t, "ulid.New", err, ulid.ErrTimeOutOfRange)
		_, err = oklog.New(oklog.MaxTime()+1, nil)
		checkSentinel(t, "oklog.New", err, oklog.ErrBigTime)
	})

	t.Run("generator is not an io.Reader", func(t *testing.T) {
		// So ulid.New(ms, g) does not compile: write g.New(ms).
		if _, ok := any(ulid.NewMonotonic(nil)).(io.Reader); ok {
			t.Error("*ulid.Monotonic implements io.Reader, so ulid.New(ms, g) would compile")
		}
	})
}

// TestMigrateMonotonic compares oklog's Monotonic entropy, used through New,
// with our generator's New on the same entropy bytes.
func TestMigrateMonotonic(t *testing.T) {
	// stream returns a reader of the same deterministic bytes on every call.
	stream := func() io.Reader {
		b := make([]byte, 1000)
		_, _ = rand.NewChaCha8([32]byte{'m', 'i', 'g', 'r', 'a', 't', 'e'}).Read(b)
		return bytes.NewReader(b)
	}
	msSeq := []uint64{migrateMS, migrateMS, migrateMS, migrateMS + 1, migrateMS + 1, migrateMS + 5}

	t.Run("increment 1 gives the same ULIDs", func(t *testing.T) {
		g := ulid.NewMonotonic(stream())
		m := oklog.Monotonic(stream(), 1)
		for i, ms := range msSeq {
			ours, err := g.New(ms)
			if err != nil {
				t.Fatal(err)
			}
			theirs, err := oklog.New(ms, m)
			if err != nil {
				t.Fatal(err)
			}
			if [16]byte(ours) != [16]byte(theirs) {
				t.Errorf("call %d (ms %d): g.New = %s, oklog.New(ms, Monotonic(r, 1)) = %s", i, ms, ours, theirs)
			}
		}
	})

	t.Run("increment 0 is random in oklog, 1 in ours", func(t *testing.T) {
		// oklog.Monotonic(r, 0) adds a random increment of up to 2^32-1
		// within a millisecond; ours always adds 1, as the ULID
		// specification says.
		g := ulid.NewMonotonic(stream())
		m := oklog.Monotonic(stream(), 0)
		o1, _ := g.New(migrateMS)
		o2, _ := g.New(migrateMS)
		t1 := oklog.MustNew(migrateMS, m)
		t2 := oklog.MustNew(migrateMS, m)
		if [16]byte(o1) != [16]byte(t1) {
			t.Errorf("first ULID of the millisecond: ours %s, oklog %s, want the same", o1, t1)
		}
		if increment(o1.Entropy()) != o2.Entropy() {
			t.Errorf("ours: %s then %s, want an increment of 1", o1, o2)
		}
		if e := t1.Entropy(); increment([10]byte(e)) == [10]byte(t2.Entropy()) {
			t.Errorf("oklog with inc 0: %s then %s, an increment of 1 (odds 2^-32 with these bytes)", t1, t2)
		}
		if t2.Compare(t1) <= 0 || o2.Compare(o1) <= 0 {
			t.Errorf("not increasing: ours %s, %s; oklog %s, %s", o1, o2, t1, t2)
		}
	})

	t.Run("entropy overflow", func(t *testing.T) {
		// Entropy of all one bits cannot be incremented: both return
		// ErrMonotonicOverflow; oklog's MustNew (which its Make calls)
		// panics with it.
		ff := func() io.Reader { return bytes.NewReader(bytes.Repeat([]byte{0xff}, 100)) }
		g := ulid.NewMonotonic(ff())
		if _, err := g.New(migrateMS); err != nil {
			t.Fatal(err)
		}
		_, err := g.New(migrateMS)
		checkSentinel(t, "g.New", err, ulid.ErrMonotonicOverflow)

		m := oklog.Monotonic(ff(), 1)
		first, err := oklog.New(migrateMS, m)
		if err != nil {
			t.Fatal(err)
		}
		_, err = oklog.New(migrateMS, m)
		checkSentinel(t, "oklog.New", err, oklog.ErrMonotonicOverflow)

		// After the overflow, ours keeps failing in that millisecond (its
		// state is unchanged on error). oklog's entropy has wrapped to zero,
		// so its next call draws fresh entropy: here the same bytes again,
		// a duplicate of the first ULID.
		_, err = g.New(migrateMS)
		checkSentinel(t, "g.New after the overflow", err, ulid.ErrMonotonicOverflow)
		again, err := oklog.New(migrateMS, m)
		if err != nil || again != first {
			t.Errorf("oklog.New after the overflow = %s, %v; want %s (fresh entropy, a duplicate here) and no error", again, err, first)
		}

		m = oklog.Monotonic(ff(), 1)
		oklog.MustNew(migrateMS, m)
		func() {
			defer func() {
				if r := recover(); r != oklog.ErrMonotonicOverflow {
					t.Errorf("oklog.MustNew on overflow: recovered %v, want a panic with ErrMonotonicOverflow", r)
				}
			}()
			oklog.MustNew(migrateMS, m)
		}()
	})

	t.Run("earlier millisecond", func(t *testing.T) {
		// A ULID for an earlier millisecond: ours leaves the sequence where
		// it was, so the next ULID of the later millisecond is the previous
		// one plus 1; oklog's source moves to the earlier millisecond and
		// draws fresh entropy when it comes back.
		g := ulid.NewMonotonic(stream())
		m := oklog.Monotonic(stream(), 1)
		o1, _ := g.New(migrateMS + 10)
		t1 := oklog.MustNew(migrateMS+10, m)
		if _, err := g.New(migrateMS); err != nil {
			t.Fatal(err)
		}
		oklog.MustNew(migrateMS, m)
		o2, _ := g.New(migrateMS + 10)
		t2 := oklog.MustNew(migrateMS+10, m)
		if increment(o1.Entropy()) != o2.Entropy() {
			t.Errorf("ours: %s, then %s after an earlier ms; want an increment of 1", o1, o2)
		}
		if increment([10]byte(t1.Entropy())) == [10]byte(t2.Entropy()) {
			t.Errorf("oklog: %s, then %s after an earlier ms; want fresh entropy", t1, t2)
		}
	})

	t.Run("DefaultEntropy", func(t *testing.T) {
		// oklog's DefaultEntropy is a locked monotonic source (math/rand).
		// The same with crypto/rand here: a generator with nil entropy.
		t1 := oklog.MustNew(migrateMS, oklog.DefaultEntropy())
		t2 := oklog.MustNew(migrateMS, oklog.DefaultEntropy())
		g := ulid.NewMonotonic(nil)
		o1, _ := g.New(migrateMS)
		o2, _ := g.New(migrateMS)
		if t2.Compare(t1) <= 0 || o2.Compare(o1) <= 0 {
			t.Errorf("not increasing: oklog %s, %s; ours %s, %s", t1, t2, o1, o2)
		}
		if increment(o1.Entropy()) != o2.Entropy() {
			t.Errorf("ours: %s then %s, want an increment of 1", o1, o2)
		}
	})
}

// increment returns e plus one, as an 80-bit big-endian number.
func increment(e [10]byte) [10]byte {
	for i := len(e) - 1; i >= 0; i-- {
		e[i]++
		if e[i] != 0 {
			break
		}
	}
	return e
}

// TestMigrateMake: both Makes increase; ours by exactly 1 within a
// millisecond.
func TestMigrateMake(t *testing.T) {
	prevOurs, prevTheirs := ulid.Make(), oklog.Make()
	sameMS := 0
	for range 10_000 {
		ours, theirs := ulid.Make(), oklog.Make()
		if ours.Compare(prevOurs) <= 0 || theirs.Compare(prevTheirs) <= 0 {
			t.Fatalf("not increasing: ours %s, %s; oklog %s, %s", prevOurs, ours, prevTheirs, theirs)
		}
		if ours.Timestamp() == prevOurs.Timestamp() {
			sameMS++
			if increment(prevOurs.Entropy()) != ours.Entropy() {
				t.Fatalf("ulid.Make: %s then %s in one millisecond, want an increment of 1", prevOurs, ours)
			}
		}
		prevOurs, prevTheirs = ours, theirs
	}
	if sameMS == 0 {
		t.Log("no two ULIDs from ulid.Make shared a millisecond; the increment went unchecked")
	}
}

// TestMigrateTime: the timestamp accessors (whose names are swapped between
// the packages) and the conversion functions.
func TestMigrateTime(t *testing.T) {
	ours, theirs := ulid.MustParse(migrateText), oklog.MustParse(migrateText)

	t.Run("accessors", func(t *testing.T) {
		if ours.Timestamp() != theirs.Time() || ours.Timestamp() != migrateMS {
			t.Errorf("ulid id.Timestamp() = %d, oklog id.Time() = %d, want %d", ours.Timestamp(), theirs.Time(), uint64(migrateMS))
		}
		if !ours.Time().Equal(theirs.Timestamp()) {
			t.Errorf("ulid id.Time() = %v, oklog id.Timestamp() = %v, want the same instant", ours.Time(), theirs.Timestamp())
		}
		if ours.Time().Location() != time.UTC {
			t.Errorf("ulid id.Time() is in %v, want UTC", ours.Time().Location())
		}
		if theirs.Timestamp().Location() != time.Local {
			t.Errorf("oklog id.Timestamp() is in %v, want Local", theirs.Timestamp().Location())
		}
	})

	t.Run("Timestamp", func(t *testing.T) {
		for _, tm := range []time.Time{
			time.Date(2016, 7, 30, 22, 36, 16, 385_999_999, time.UTC), // truncated to .385
			time.Date(2016, 7, 31, 0, 36, 16, 385_000_000, time.FixedZone("CEST", 2*3600)),
			time.Unix(0, 0),
		} {
			got, err := ulid.Timestamp(tm)
			if err != nil {
				t.Fatal(err)
			}
			if want := oklog.Timestamp(tm); got != want {
				t.Errorf("ulid.Timestamp(%v) = %d, oklog.Timestamp = %d", tm, got, want)
			}
		}
		// Before 1970: oklog's uint64 wraps to a value past MaxTime; ours
		// is an error.
		early := time.Date(1969, 12, 31, 23, 59, 59, 0, time.UTC)
		if got := oklog.Timestamp(early); got <= oklog.MaxTime() {
			t.Errorf("oklog.Timestamp(%v) = %d, want a wrapped value above MaxTime", early, got)
		}
		_, err := ulid.Timestamp(early)
		checkSentinel(t, "ulid.Timestamp", err, ulid.ErrTimeOutOfRange)
	})

	t.Run("Now", func(t *testing.T) {
		// oklog's Now() is Timestamp(time.Now().UTC()).
		now := time.Now()
		got, err := ulid.Timestamp(now)
		if err != nil {
			t.Fatal(err)
		}
		if want := oklog.Timestamp(now.UTC()); got != want {
			t.Errorf("ulid.Timestamp(now) = %d, oklog.Timestamp(now.UTC()) = %d", got, want)
		}
		if n := oklog.Now(); n < got {
			t.Errorf("oklog.Now() = %d, before ulid.Timestamp(time.Now()) = %d taken earlier", n, got)
		}
	})

	t.Run("Time", func(t *testing.T) {
		for _, ms := range []uint64{0, migrateMS, ulid.MaxTimestamp} {
			got, err := ulid.Time(ms)
			if err != nil {
				t.Fatal(err)
			}
			if want := oklog.Time(ms); !got.Equal(want) || got.Location() != time.UTC {
				t.Errorf("ulid.Time(%d) = %v, oklog.Time = %v; want the same instant, in UTC", ms, got, want)
			}
		}
		_, err := ulid.Time(ulid.MaxTimestamp + 1)
		checkSentinel(t, "ulid.Time", err, ulid.ErrTimeOutOfRange)
	})

	t.Run("MaxTime", func(t *testing.T) {
		if oklog.MaxTime() != ulid.MaxTimestamp {
			t.Errorf("oklog.MaxTime() = %d, ulid.MaxTimestamp = %d", oklog.MaxTime(), ulid.MaxTimestamp)
		}
	})
}

// TestMigrateEncode: the encodings and value helpers give the same bytes.
func TestMigrateEncode(t *testing.T) {
	ours, theirs := ulid.MustParse(migrateText), oklog.MustParse(migrateText)
	appendText, _ := ours.AppendText(make([]byte, 0, 26))
	textTo := make([]byte, 26)
	if err := theirs.MarshalTextTo(textTo); err != nil {
		t.Fatal(err)
	}
	appendBinary, _ := ours.AppendBinary(nil)
	binaryTo := make([]byte, 16)
	if err := theirs.MarshalBinaryTo(binaryTo); err != nil {
		t.Fatal(err)
	}
	oursText, _ := ours.MarshalText()
	theirsText, _ := theirs.MarshalText()
	oursBin, _ := ours.MarshalBinary()
	theirsBin, _ := theirs.MarshalBinary()
	oursJSON, _ := json.Marshal(ours)
	theirsJSON, _ := json.Marshal(theirs)
	oursEntropy := ours.Entropy()

	var set oklog.ULID
	if err := set.SetTime(migrateMS); err != nil {
		t.Fatal(err)
	}
	if err := set.SetEntropy(migrateEntropy); err != nil {
		t.Fatal(err)
	}
	built := ulid.MustNew(migrateMS, bytes.NewReader(migrateEntropy))

	for _, tc := range []struct {
		name         string
		ours, theirs string
	}{
		{"String", ours.String(), theirs.String()},
		{"AppendText / MarshalTextTo", string(appendText), string(textTo)},
		{"MarshalText", string(oursText), string(theirsText)},
		{"AppendBinary / MarshalBinaryTo", string(appendBinary), string(binaryTo)},
		{"MarshalBinary", string(oursBin), string(theirsBin)},
		{"id[:] / Bytes", string(ours[:]), string(theirs.Bytes())},
		{"Entropy", string(oursEntropy[:]), string(theirs.Entropy())},
		{"JSON", string(oursJSON), string(theirsJSON)},
		{"New from bytes / SetTime and SetEntropy", string(built[:]), string(set[:])},
		{"ULID{} / Zero", ulid.ULID{}.String(), oklog.Zero.String()},
		{"converted type", ulid.ULID(theirs).String(), theirs.String()},
	} {
		if tc.ours != tc.theirs {
			t.Errorf("%s: ours %q, oklog %q", tc.name, tc.ours, tc.theirs)
		}
	}
	if !(ulid.ULID{}).IsZero() || !oklog.Zero.IsZero() {
		t.Error("IsZero is false for the zero ULID")
	}

	// Compare orders the same way.
	earlier := ulid.MustParse("014D2PF2DBSQQZXQ5TK1V58CGG")
	for _, pair := range [][2]ulid.ULID{{earlier, ours}, {ours, earlier}, {ours, ours}} {
		got := pair[0].Compare(pair[1])
		if want := oklog.ULID(pair[0]).Compare(oklog.ULID(pair[1])); got != want {
			t.Errorf("Compare(%s, %s): ours %d, oklog %d", pair[0], pair[1], got, want)
		}
	}
}

// TestMigrateJSON: reading JSON strings.
func TestMigrateJSON(t *testing.T) {
	for _, tc := range []struct {
		name         string
		input        string
		ours, theirs error // nil: decodes to migrateText
		theirsValue  bool  // oklog decodes it to some value without an error
	}{
		{name: "canonical", input: `"` + migrateText + `"`},
		{name: "lower case", input: `"01aryz6s41tsv4rrffq69g5fav"`},
		{name: "empty string", input: `""`, ours: ulid.ErrInvalidLength, theirs: oklog.ErrDataSize},
		{name: "U", input: `"01ARYZ6S41TSV4RRFFQ69G5FAU"`, ours: ulid.ErrInvalidCharacter, theirsValue: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ours ulid.ULID
			err := json.Unmarshal([]byte(tc.input), &ours)
			checkSentinel(t, "ulid", err, tc.ours)
			if tc.ours == nil && ours.String() != migrateText {
				t.Errorf("ulid: %s, want %s", ours, migrateText)
			}
			var theirs oklog.ULID
			err = json.Unmarshal([]byte(tc.input), &theirs)
			if tc.theirsValue {
				checkSentinel(t, "oklog", err, nil)
				return
			}
			checkSentinel(t, "oklog", err, tc.theirs)
			if tc.theirs == nil && theirs.String() != migrateText {
				t.Errorf("oklog: %s, want %s", theirs, migrateText)
			}
		})
	}
}

// TestMigrateSQL: Value and Scan.
func TestMigrateSQL(t *testing.T) {
	ours, theirs := ulid.MustParse(migrateText), oklog.MustParse(migrateText)
	t.Run("Value", func(t *testing.T) {
		ov, _ := ours.Value()
		tv, _ := theirs.Value()
		if !bytes.Equal(ov.([]byte), tv.([]byte)) || len(ov.([]byte)) != 16 {
			t.Errorf("Value: ours %x, oklog %x, want the same 16 bytes", ov, tv)
		}
	})

	for _, tc := range []struct {
		name         string
		src          any
		ours, theirs error // nil: scans to migrateText
		// unchanged: the scan returns no error and leaves the destination
		// as it was (oklog's NULL).
		theirsUnchanged bool
	}{
		{name: "16 bytes", src: ours[:]},
		{name: "ULID text", src: migrateText},
		{name: "ULID text as []byte", src: []byte(migrateText)},
		{name: "NULL", src: nil, ours: ulid.ErrNull, theirsUnchanged: true},
		{name: "UUID text", src: ours.UUIDString(), theirs: oklog.ErrDataSize},
		{name: "int64", src: int64(1), ours: ulid.ErrUnsupportedType, theirs: oklog.ErrScanValue},
	} {
		t.Run("Scan "+tc.name, func(t *testing.T) {
			sentinel := ulid.MustParse("014D2PF2DBSQQZXQ5TK1V58CGG")
			o := sentinel
			err := o.Scan(tc.src)
			checkSentinel(t, "ulid", err, tc.ours)
			switch {
			case tc.ours == nil && o != ours:
				t.Errorf("ulid: scanned %s, want %s", o, ours)
			case tc.ours != nil && o != sentinel:
				t.Errorf("ulid: failed scan changed the destination to %s", o)
			}

			th := oklog.ULID(sentinel)
			err = th.Scan(tc.src)
			if tc.theirsUnchanged {
				if err != nil || th != oklog.ULID(sentinel) {
					t.Errorf("oklog: Scan = %v, destination %s; want no error and %s unchanged", err, th, sentinel)
				}
				return
			}
			checkSentinel(t, "oklog", err, tc.theirs)
			if tc.theirs == nil && th != theirs {
				t.Errorf("oklog: scanned %s, want %s", th, theirs)
			}
		})
	}

	t.Run("sql.Null", func(t *testing.T) {
		var n sql.Null[ulid.ULID]
		if err := n.Scan(nil); err != nil || n.Valid {
			t.Errorf("sql.Null[ulid.ULID].Scan(nil) = %v, Valid %v; want nil, false", err, n.Valid)
		}
	})
}

// TestMigrateUUID: both ULID types convert to github.com/google/uuid's UUID
// with a plain conversion, to the same value; ours also has UUID text helpers.
func TestMigrateUUID(t *testing.T) {
	ours, theirs := ulid.MustParse(migrateText), oklog.MustParse(migrateText)
	u := googleuuid.UUID(theirs)
	if googleuuid.UUID(ours) != u {
		t.Errorf("uuid.UUID(ours) = %v, uuid.UUID(oklog) = %v", googleuuid.UUID(ours), u)
	}
	if ours.UUIDString() != u.String() || u.String() != "01563df3-6481-d676-4c61-efb99302bd5b" {
		t.Errorf("id.UUIDString() = %s, uuid.UUID(oklog id).String() = %s", ours.UUIDString(), u)
	}
	back, err := ulid.ParseUUID(u.String())
	if err != nil || back != ulid.ULID(theirs) || oklog.ULID(back) != theirs {
		t.Errorf("ulid.ParseUUID(%s) = %s, %v; want %s", u, back, err, theirs)
	}
}
