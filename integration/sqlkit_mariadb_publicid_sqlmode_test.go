package integration

// The MariaDB public-ID kit whatever the sql_mode: the caller's, and the one
// the file was run under, which MariaDB keeps with each function and uses to
// read its body. See sqlkit_mariadb_sqlmode_test.go for the core kit.

import (
	"fmt"
	"strings"
	"testing"
)

// emptyLiterals returns the line numbers of the empty string literals of
// the MariaDB file src (” and "", with or without a character set
// introducer such as _binary or N), outside comments. Under sql_mode
// EMPTY_STRING_IS_NULL MariaDB reads such a literal in a stored function's
// body as NULL when the file was run in that mode. A hexadecimal literal X”
// is not one of them: MariaDB reads it as the empty byte string in that mode
// too (TestMariaDBPublicIDSQLMode checks it on the server). src has no
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
	for _, f := range []string{mariadbKitFile, mariadbMigrationFile, mariadbPublicIDFile, mariadbPublicIDMigrationFile} {
		src := readKit(t, f)
		if lines := emptyLiterals(src); len(lines) > 0 {
			t.Errorf("%s: an empty literal on lines %v; write SPACE(0)", f, lines)
		}
		if strings.Contains(src, `\`) {
			t.Errorf("%s has a backslash", f)
		}
	}
}
