package integration

// TypeID text in the SQL kit (uuid_to_typeid and typeid_to_uuid on
// PostgreSQL, bin_to_typeid and typeid_to_bin on MariaDB): the cases that
// the tests of each server share. The expected values and errors are
// the Go package's own, computed here, never written down.

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

const (
	typeIDValidFile   = "../testdata/typeid/valid.json"
	typeIDInvalidFile = "../testdata/typeid/invalid.json"
)

// typeIDVector is an entry of testdata/typeid/valid.json or invalid.json
// (the TypeID specification's spec/valid.yml and spec/invalid.yml).
type typeIDVector struct {
	Name   string `json:"name"`
	TypeID string `json:"typeid"`
	Prefix string `json:"prefix"`
	UUID   string `json:"uuid"`
}

func readTypeIDVectors(t *testing.T, file string) []typeIDVector {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v []typeIDVector
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(v) < 5 {
		t.Fatalf("%s: only %d vectors", file, len(v))
	}
	return v
}

// kitUserPrefix is the prefix of the typed ULIDs the wrong-prefix cases
// expect.
type kitUserPrefix struct{}

func (kitUserPrefix) Prefix() string { return "user" }

// kitNoPrefix is the empty prefix.
type kitNoPrefix struct{}

func (kitNoPrefix) Prefix() string { return "" }

// kitPrefix58, kitPrefix60 and kitPrefix63 have the long prefixes of
// kitLongPrefix: the message of TypeID text of another prefix, which quotes
// the prefix wanted, is under 128 characters for the first, 128 or 129
// (offsets from 10 on) for the second and over 128 for the third, about
// SIGNAL's limit in MariaDB.
type (
	kitPrefix58 struct{}
	kitPrefix60 struct{}
	kitPrefix63 struct{}
)

func (kitPrefix58) Prefix() string { return kitLongPrefix(58) }
func (kitPrefix60) Prefix() string { return kitLongPrefix(60) }
func (kitPrefix63) Prefix() string { return kitLongPrefix(63) }

// kitLongPrefix returns a valid prefix of n bytes: the letters a-z in turn,
// with '_' at every tenth byte but the last.
func kitLongPrefix(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
		if i%10 == 9 && i < n-1 {
			b[i] = '_'
		}
	}
	return string(b)
}

// kitLongPrefixes are the prefixes of kitPrefix58, kitPrefix60 and
// kitPrefix63.
var kitLongPrefixes = []string{kitLongPrefix(58), kitLongPrefix(60), kitLongPrefix(63)}

// typeIDRefusal is TypeID text (or a prefix) and the error the Go package
// gives for it.
type typeIDRefusal struct {
	text   string // the TypeID text
	prefix string // the expected prefix
	err    error
}

// typedRefusal returns the error of ulid.ParseTyped for s and prefix, one
// of "user", "" and kitLongPrefixes.
func typedRefusal(t *testing.T, s, prefix string) error {
	t.Helper()
	var err error
	switch prefix {
	case "user":
		_, err = ulid.ParseTyped[kitUserPrefix](s)
	case "":
		_, err = ulid.ParseTyped[kitNoPrefix](s)
	case kitLongPrefixes[0]:
		_, err = ulid.ParseTyped[kitPrefix58](s)
	case kitLongPrefixes[1]:
		_, err = ulid.ParseTyped[kitPrefix60](s)
	case kitLongPrefixes[2]:
		_, err = ulid.ParseTyped[kitPrefix63](s)
	default:
		t.Fatalf("no Go type of prefix %q", prefix)
	}
	return err
}

// typeIDRefusals returns text that ulid.ParseTyped refuses for the prefix
// "user" or "": the specification's invalid data, TypeID text of other
// prefixes, and 3,000 random edits of valid text (an edit that leaves it
// valid is left out), each with Go's error.
func typeIDRefusals(t *testing.T, rng *rand.Rand) []typeIDRefusal {
	t.Helper()
	var out []typeIDRefusal
	add := func(s, prefix string) {
		if err := typedRefusal(t, s, prefix); err != nil {
			out = append(out, typeIDRefusal{s, prefix, err})
		}
	}
	for _, v := range readTypeIDVectors(t, typeIDInvalidFile) {
		if _, _, err := ulid.ParseTypeID(v.TypeID); err == nil {
			t.Fatalf("invalid vector %s: ParseTypeID(%q) accepts it", v.Name, v.TypeID)
		}
		add(v.TypeID, "user")
		add(v.TypeID, "")
	}
	id := ulid.MustParse("01H455VB4PEX5VSKNK084SN02Q")
	suffix := strings.ToLower(id.String())
	for _, p := range []string{"order", "use", "users", "usr", "u", "a", "z", "user_user", strings.Repeat("u", 63)} {
		add(p+"_"+suffix, "user")
		add(p+"_"+suffix, "")
	}
	add(suffix, "user")
	// Random edits: a character changed, inserted or deleted. The text stays
	// valid UTF-8 without NUL, which a database's text can hold.
	alphabet := strings.Split("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-.'\\ \x7f", "")
	alphabet = append(alphabet, "é", "\u00ff")
	for range 3000 {
		prefix := []string{"user", ""}[rng.IntN(2)]
		s := typeIDText(t, prefix, kitRandomID(rng)) // ASCII
		i := rng.IntN(len(s) + 1)
		c := alphabet[rng.IntN(len(alphabet))]
		j := i // s[i:j] is replaced by c
		switch rng.IntN(3) {
		case 0:
			j = min(i+1, len(s))
		case 1:
		default:
			j, c = min(i+1, len(s)), ""
		}
		add(s[:i]+c+s[j:], prefix)
	}
	return out
}

// longPrefixRefusals returns TypeID text that ulid.ParseTyped refuses for
// each of kitLongPrefixes, n for each, with Go's error: text of random other
// prefixes, of the prefix with a letter changed, cut short or made longer,
// and without a prefix.
func longPrefixRefusals(t *testing.T, rng *rand.Rand, n int) []typeIDRefusal {
	t.Helper()
	var out []typeIDRefusal
	for _, prefix := range kitLongPrefixes {
		for k := 0; k < n; {
			id := kitRandomID(rng)
			var other string
			switch rng.IntN(5) {
			case 0:
				other = kitRandomPrefix(rng)
			case 1: // a letter changed
				b := []byte(prefix)
				i := rng.IntN(len(b))
				b[i] = byte('a' + (int(b[i]-'a')+1+rng.IntN(25))%26)
				other = string(b)
			case 2:
				other = prefix[:1+rng.IntN(len(prefix)-1)]
			case 3:
				other = prefix + strings.Repeat("z", 1+rng.IntN(3))
			default:
				other = ""
			}
			s := strings.ToLower(id.String())
			if other != "" {
				s = other + "_" + s
			}
			if err := typedRefusal(t, s, prefix); err != nil {
				out = append(out, typeIDRefusal{s, prefix, err})
				k++
			}
		}
	}
	return out
}

// badTypeIDPrefixes are prefixes that ulid.AppendTypeID refuses.
var badTypeIDPrefixes = []string{"User", "_user", "user_", "_", "us-er", "usér", "user1", " user",
	strings.Repeat("a", 64), strings.Repeat("a", 62) + "_b", "a\\b", "a'b", "a\u00ff"}

// typeIDText returns ulid.AppendTypeID's text of id for prefix.
func typeIDText(t *testing.T, prefix string, id ulid.ULID) string {
	t.Helper()
	b, err := ulid.AppendTypeID(nil, prefix, id)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// kitRandomID returns a ULID of 128 random bits.
func kitRandomID(rng *rand.Rand) ulid.ULID {
	var id ulid.ULID
	for i := range id {
		id[i] = byte(rng.Uint32())
	}
	return id
}

// kitRandomPrefix returns a random valid TypeID prefix: empty, 63 bytes
// long, or between, with '_' inside.
func kitRandomPrefix(rng *rand.Rand) string {
	var n int
	switch rng.IntN(8) {
	case 0:
		return ""
	case 1:
		n = ulid.MaxPrefixLength
	default:
		n = 1 + rng.IntN(ulid.MaxPrefixLength)
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
		if i > 0 && i < n-1 && rng.IntN(5) == 0 {
			b[i] = '_'
		}
	}
	return string(b)
}

// prefixRefusal returns ulid.AppendTypeID's error for prefix, which it
// must refuse.
func prefixRefusal(t *testing.T, prefix string) error {
	t.Helper()
	_, err := ulid.AppendTypeID(nil, prefix, ulid.ULID{})
	if !errors.Is(err, ulid.ErrInvalidPrefix) {
		t.Fatalf("AppendTypeID(%q) = %v, want ErrInvalidPrefix", prefix, err)
	}
	return err
}
