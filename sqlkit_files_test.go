package ulid

// Checks of the MariaDB SQL kit's files that need no server: they read the
// files only. They live here, beside the public ID code, because the check
// character's constants in sql/mariadb/ulid_public_id.sql are derived from
// this package's unexported check tables, and because the root module's
// tests run in every CI stage, where the integration module's run only with
// servers up. The SQL functions' behaviour is tested against a real server
// in integration/.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// mariadbMigrationForm returns the MariaDB kit file for the mariadb client,
// src, in the form for migration tools: without the DELIMITER lines, each
// "//" line (which ends a statement) replaced by ";".
func mariadbMigrationForm(src string) string {
	var out []string
	for line := range strings.SplitSeq(src, "\n") {
		switch line {
		case "DELIMITER //", "DELIMITER ;":
			continue
		case "//":
			line = ";"
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// TestMariaDBMigrationFiles checks that each file NAME.sql of sql/mariadb
// has a twin NAME.migration.sql for migration tools, which is that file
// without its DELIMITER lines and with ";" for each "//" line, and that
// each migration file has its source.
func TestMariaDBMigrationFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("sql", "mariadb", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, f := range files {
		if base, ok := strings.CutSuffix(f, ".migration.sql"); ok {
			if !slices.Contains(files, base+".sql") {
				t.Errorf("%s has no source %s.sql", f, base)
			}
			continue
		}
		sources = append(sources, filepath.Base(f))
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		mf := strings.TrimSuffix(f, ".sql") + ".migration.sql"
		mig, err := os.ReadFile(mf)
		if err != nil {
			t.Errorf("%s has no migration form: %v", f, err)
			continue
		}
		if want := mariadbMigrationForm(string(src)); string(mig) != want {
			line := 1 + strings.Count(want[:commonPrefix(string(mig), want)], "\n")
			t.Errorf("%s is not %s without its DELIMITER lines and with ; for each //: they differ at line %d of %s", mf, f, line, mf)
		}
	}
	for _, want := range []string{"ulid.sql", "ulid_public_id.sql"} {
		if !slices.Contains(sources, want) {
			t.Errorf("sql/mariadb has no %s: found %q", want, sources)
		}
	}
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// checkMasks returns the masks with which the MariaDB kit computes the
// check value: bit i of the check value is the parity of the bits of the
// 10-bit mark under mark[i], plus those of the block's bytes 0-7, as a
// big-endian uint64, under high[i], and of bytes 8-15 under low[i]. They are
// read from the check tables: the check value is linear over GF(2), so the
// bit of each mask is the check value's bit i for that one input bit.
func checkMasks() (mark, high, low [5]uint64) {
	c := checks()
	for i := range 5 {
		for m := range 10 {
			mark[i] |= uint64(c.mark[1<<m]>>i&1) << m
		}
		for b := range 64 {
			high[i] |= uint64(c.block[7-b/8][1<<(b%8)]>>i&1) << b
			low[i] |= uint64(c.block[15-b/8][1<<(b%8)]>>i&1) << b
		}
	}
	return mark, high, low
}

// TestMariaDBCheckMasks checks the masks as a way to compute the check
// value, against the check tables, on random marks and blocks.
func TestMariaDBCheckMasks(t *testing.T) {
	mark, high, low := checkMasks()
	c := checks()
	rng := rand.New(rand.NewPCG(31, 5))
	for range 10000 {
		m, hi, lo := rng.Uint64N(1024), rng.Uint64(), rng.Uint64()
		var got byte
		for i := range 5 {
			ones := bitCount(m&mark[i]) + bitCount(hi&high[i]) + bitCount(lo&low[i])
			got |= byte(ones&1) << i
		}
		if want := c.mark[m] ^ c.blockCheck(hi, lo); got != want {
			t.Fatalf("mark %d, block %016x%016x: the masks give %d, the tables %d", m, hi, lo, got, want)
		}
	}
}

// bitCount returns the number of bits set in x, as MariaDB's BIT_COUNT does.
func bitCount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// checkTerm matches one bit of the check value in the MariaDB kit:
// ((BIT_COUNT(mark & M) + BIT_COUNT(hi & H) + BIT_COUNT(lo & L)) & 1),
// followed by << BIT unless it is bit 0.
var checkTerm = regexp.MustCompile(`\(BIT_COUNT\(mark & (\d+)\) \+ BIT_COUNT\(hi & (\d+)\) \+ BIT_COUNT\(lo & (\d+)\)\) & 1\)(\s*<< (\d))?`)

// TestMariaDBCheckConstants checks the 15 constants of the check character
// in sql/mariadb/ulid_public_id.sql and its migration form, in both places
// each has them (ulid_mask and ulid_unmask), against the masks derived from
// the check tables.
func TestMariaDBCheckConstants(t *testing.T) {
	mark, high, low := checkMasks()
	for _, f := range []string{"ulid_public_id.sql", "ulid_public_id.migration.sql"} {
		b, err := os.ReadFile(filepath.Join("sql", "mariadb", f))
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		terms := checkTerm.FindAllStringSubmatch(src, -1)
		// Every BIT_COUNT is in a term the expression matched.
		if n := strings.Count(src, "BIT_COUNT("); len(terms) != 10 || n != 3*len(terms) {
			t.Errorf("%s: %d check terms, %d BIT_COUNT calls; want 10 terms (5 bits, in ulid_mask and in ulid_unmask) of 3 calls each", f, len(terms), n)
			continue
		}
		for k, term := range terms {
			i := k % 5
			shift := "0"
			if term[5] != "" {
				shift = term[5]
			}
			var got [3]uint64
			for j := range got {
				got[j], err = strconv.ParseUint(term[1+j], 10, 64)
				if err != nil {
					t.Fatalf("%s: %q: %v", f, term[0], err)
				}
			}
			if want := [3]uint64{mark[i], high[i], low[i]}; got != want || shift != strconv.Itoa(i) {
				t.Errorf("%s: bit %d of the check value in %s: %q; want the masks %d, %d, %d, shifted by %d",
					f, i, []string{"ulid_mask", "ulid_unmask"}[k/5], term[0], want[0], want[1], want[2], i)
			}
		}
	}
}

// emptyLiterals returns the line numbers of the empty string literals of
// the MariaDB file src, outside comments: two single or two double quotes
// with nothing between, with or without a character set introducer such as
// _binary or N. Under sql_mode EMPTY_STRING_IS_NULL MariaDB reads such a
// literal in a stored function's body as NULL when the file was run in that
// mode. An empty hexadecimal literal (X and two single quotes) is not one of
// them: MariaDB reads it as the empty byte string in that mode too
// (integration/'s TestMariaDBPublicIDSQLMode checks it on the server). src has no
// backslash, so a quote inside a literal is only ever doubled.
func emptyLiterals(src string) []int {
	var lines []int
	line := 1
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			line++
		case c == '-' && strings.HasPrefix(src[i:], "-- "), c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			line++
		case c == '/' && strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return append(lines, line) // unterminated: report it
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 3
		case c == '\'' || c == '"':
			hex := i > 0 && (src[i-1] == 'X' || src[i-1] == 'x') && (i < 2 || !isIdentifierByte(src[i-2]))
			start, empty := line, true
			for i++; i < len(src); i++ {
				if src[i] == c {
					if i+1 < len(src) && src[i+1] == c {
						i++ // a doubled quote inside the literal
						empty = false
						continue
					}
					break
				}
				if src[i] == '\n' {
					line++
				}
				empty = false
			}
			if empty && !hex {
				lines = append(lines, start)
			}
		}
	}
	return lines
}

// isIdentifierByte reports whether b can be part of an unquoted identifier.
func isIdentifierByte(b byte) bool {
	return b == '_' || b == '$' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// The scanner finds what it is for: each kind of empty literal, and none in
// a doubled quote, a comment or a hexadecimal literal.
func TestEmptyLiterals(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []int
	}{
		{"SELECT 'a', '''', X'', x'00'", nil},
		{"SELECT ''", []int{1}},
		{"SELECT\n\"\"", []int{2}},
		{"SELECT _binary''", []int{1}},
		{"SELECT N''", []int{1}},
		{"SELECT IF(a, 'x', '')", []int{1}},
		{"-- it's '' here\nSELECT 1 # and ''\n/* '' \n */ SELECT ''", []int{4}},
		{"SELECT 'a\n''\nb', ''", []int{3}},
		{"SELECT MAX''", []int{1}},
	} {
		if got := emptyLiterals(c.src); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("emptyLiterals(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}

// No file of the MariaDB kits has an empty string literal or a backslash,
// so that each reads the same under every sql_mode it may be run in
// (EMPTY_STRING_IS_NULL, NO_BACKSLASH_ESCAPES): SPACE(0) stands for the
// empty string.
func TestMariaDBKitFilesNoEmptyLiteral(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("sql", "mariadb", "*.sql"))
	if err != nil || len(files) < 4 {
		t.Fatalf("the MariaDB kit's files: %v, %v", files, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if lines := emptyLiterals(src); len(lines) > 0 {
			t.Errorf("%s: an empty literal on lines %v; write SPACE(0)", f, lines)
		}
		if strings.Contains(src, `\`) {
			t.Errorf("%s has a backslash", f)
		}
	}
}
