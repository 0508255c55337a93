package integration

// Tests of the SQL kit, sql/postgres/ulid.sql and sql/mariadb/ulid.sql (see
// docs/sql.md), against the real servers: installed as a user without
// superuser rights, twice; then compared with this package on 100,000
// values both ways, fed 300 and more bad inputs that must each be the error
// ulid.Parse gives, made to generate 1,000,000 ULIDs, and asked for the plan of
// a time-range query. This file has what both databases share; the tests are
// in sqlkit_postgres_test.go and sqlkit_mariadb_test.go.

import (
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

const (
	pgKitFile      = "../sql/postgres/ulid.sql"
	mariadbKitFile = "../sql/mariadb/ulid.sql"
	// mariadbMigrationFile is the same as mariadbKitFile without the
	// DELIMITER lines, for migration tools (the root package's
	// TestMariaDBMigrationFiles checks that).
	mariadbMigrationFile = "../sql/mariadb/ulid.migration.sql"

	kitValues   = 100_000   // values in each differential test
	kitGenerate = 1_000_000 // ULIDs in each generation test
)

// readKit returns the contents of one of the kit's files.
func readKit(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// findClient returns the path of a database client program: the first of
// names found in PATH or in one of the glob patterns in dirs.
func findClient(t testing.TB, names []string, dirs ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	for _, d := range dirs {
		for _, n := range names {
			if m, _ := filepath.Glob(filepath.Join(d, n)); len(m) > 0 {
				return m[len(m)-1]
			}
		}
	}
	t.Fatalf("none of %v found in PATH or %v (integration/run.sh installs them)", names, dirs)
	return ""
}

// A kitCase is one valid ULID for the differential tests, with the text sent
// to the parsing function (canonical, lower case, mixed case or with
// aliases) and the ULID it must give.
type kitCase struct {
	text string
	id   ulid.ULID
}

// kitCases returns n cases: the test vectors, the zero and the largest ULID,
// and random ULIDs with timestamps over the whole range (half of them), in the
// last four months (a quarter) or up to DATETIME's last millisecond (the
// rest), their text in a random form.
func kitCases(n int, rng *rand.Rand) []kitCase {
	fixed := []string{
		"00000000000000000000000000",
		"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
		"7zzzzzzzzzzzzzzzzzzzzzzzzz",
		"01ARYZ6S41TSV4RRFFQ69G5FAV",
		"01arYZ6s41tsv4rrffq69g5fav",
		"OIARYZ6S41TSV4RRFFQ69G5FAV",
		"oiLRYZ6S4ltsv4rrffq69g5fav",
		"01KVT0F720ZK9N4T2QX7VR8WMC",
		"014D2PF2DBSQQZXQ5TK1V58CGG",
		"0000000000ZZZZZZZZZZZZZZZZ",
		"7ZZZZZZZZZ0000000000000000",
		"oooooooooooooooooooooooooo",
		"IIIIIIIIIIIIIIIIIIIIIIIIII",
	}
	cases := make([]kitCase, 0, n)
	for _, s := range fixed {
		cases = append(cases, kitCase{s, ulid.MustParse(s)})
	}
	now := uint64(time.Now().UnixMilli())
	for len(cases) < n {
		var id ulid.ULID
		for i := range id {
			id[i] = byte(rng.Uint32())
		}
		var ms uint64
		switch rng.IntN(4) {
		case 0, 1:
			ms = rng.Uint64N(ulid.MaxTimestamp + 1)
		case 2:
			ms = now - rng.Uint64N(1e10)
		case 3:
			ms = rng.Uint64N(maxDatetimeMs + 1)
		}
		id[0], id[1], id[2], id[3], id[4], id[5] = byte(ms>>40), byte(ms>>32), byte(ms>>24), byte(ms>>16), byte(ms>>8), byte(ms)
		cases = append(cases, kitCase{textForm(id.String(), rng), id})
	}
	return cases
}

// textForm returns s, canonical ULID text, unchanged or in one of the other
// forms ulid.Parse accepts: lower case, mixed case, or with the aliases I and
// L for 1 and O for 0.
func textForm(s string, rng *rand.Rand) string {
	b := []byte(s)
	switch rng.IntN(4) {
	case 1:
		return strings.ToLower(s)
	case 2:
		for i := range b {
			if rng.IntN(2) == 0 {
				b[i] = strings.ToLower(string(b[i]))[0]
			}
		}
	case 3:
		for i, c := range b {
			switch c {
			case '1':
				b[i] = "IiLl"[rng.IntN(4)]
			case '0':
				b[i] = "Oo"[rng.IntN(2)]
			}
		}
	}
	return string(b)
}

// maxDatetimeMs is 9999-12-31 23:59:59.999 in Unix milliseconds, the last
// millisecond MariaDB's DATETIME holds.
const maxDatetimeMs = 253402300799999

// badKitInputs returns text that ulid.Parse rejects, with its error: every
// length from 0 to 60 but 26; at every offset, characters outside the
// alphabet (ASCII punctuation, U and u, control characters, and non-ASCII
// characters of two, three and four bytes in UTF-8, which shift what follows
// so that the text stays 26 bytes long); and every first character above 7.
// With binary, the NUL byte and bytes that are not UTF-8 too (PostgreSQL
// text holds neither).
func badKitInputs(t testing.TB, binary bool) []badInput {
	t.Helper()
	const good = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	var in []string
	for n := range 61 {
		if n != 26 {
			in = append(in, strings.Repeat("0123456789", 7)[:n])
		}
	}
	in = append(in, " "+good, good+"\n", good[:25]+"é") // 27 bytes
	bad := []string{"U", "u", "-", " ", "!", "'", `\`, `"`, "@", "[", "`", "{", "~", "\x7f", "\t", "\n", "%", "_"}
	if binary {
		bad = append(bad, "\x00", "\x80", "\xff")
	}
	for i := range 26 {
		for _, c := range bad {
			in = append(in, good[:i]+c+good[i+1:])
		}
		// Multi-byte characters replace as many ASCII characters as they
		// have bytes, where there is room.
		for _, c := range []string{"é", "€", "😀", "Ü"} {
			if i+len(c) <= 26 {
				in = append(in, good[:i]+c+good[i+len(c):])
			}
		}
	}
	for _, c := range "89ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz" {
		in = append(in, string(c)+good[1:])
	}
	out := make([]badInput, 0, len(in))
	for _, s := range in {
		_, err := ulid.Parse(s)
		var pe *ulid.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("ulid.Parse(%q) = %v, want a *ParseError", s, err)
		}
		out = append(out, badInput{s, pe})
	}
	return out
}

// A badInput is text that is not a ULID and the error ulid.Parse gives.
type badInput struct {
	text string
	err  *ulid.ParseError
}

// kitTimes returns n times for ulid_min and ulid_max, at microsecond
// precision, from 1970 up to maxMs milliseconds, with the edges.
func kitTimes(n int, maxMs int64, rng *rand.Rand) []time.Time {
	ts := []time.Time{
		time.UnixMilli(0).UTC(),
		time.UnixMicro(999).UTC(),
		time.UnixMicro(1000).UTC(),
		time.UnixMicro(maxMs*1000 + 999).UTC(),
		time.UnixMicro(1469918176385999).UTC(),
	}
	for len(ts) < n {
		ts = append(ts, time.UnixMicro(rng.Int64N(maxMs*1000+1000)).UTC())
	}
	return ts
}

// minMaxAt returns ulid.MinAt and ulid.MaxAt for t's millisecond.
func minMaxAt(t testing.TB, tm time.Time) (lo, hi ulid.ULID) {
	t.Helper()
	ms, err := ulid.Timestamp(tm)
	if err != nil {
		t.Fatal(err)
	}
	lo, err1 := ulid.MinAt(ms)
	hi, err2 := ulid.MaxAt(ms)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return lo, hi
}
