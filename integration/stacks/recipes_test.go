package stacks

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestRecipesAreDocs checks that each line of Go in a recipe section of
// docs/stacks.md (without its indentation and trailing comment) is a line of
// the section's test files, so that the guide shows the code the tests run.
func TestRecipesAreDocs(t *testing.T) {
	md, err := os.ReadFile("../../docs/stacks.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		section string
		files   []string
		blocks  int // Go blocks in the section
	}{
		{"gin, echo, net/http", []string{"http_test.go"}, 3},
		{"ent", []string{"ent_test.go", "ent/schema/user.go"}, 3},
		{"goqu and squirrel", []string{"querybuilder_test.go"}, 2},
		{"gqlgen", []string{"gql/scalar.go"}, 1},
		{"A typed gqlgen scalar", []string{"gql/scalar.go"}, 1},
		{"Typed IDs in GORM, ent and sqlc", []string{"typed_migrate_test.go", "enttyped/schema/account.go", "sqlc/typedids/typedids.go"}, 3},
		{"MongoDB bson", []string{"bson_test.go"}, 1},
		{"DynamoDB attributevalue", []string{"dynamodb_test.go"}, 1},
		{"Public IDs in net/http with pgx", []string{"publicid_http_test.go"}, 2},
	} {
		_, section, ok := bytes.Cut(md, []byte("\n### "+c.section+"\n"))
		section, _, _ = bytes.Cut(section, []byte("\n### "))
		section, _, _ = bytes.Cut(section, []byte("\n## "))
		if !ok {
			t.Errorf("docs/stacks.md has no section ### %s", c.section)
			continue
		}
		here := make(map[string]bool)
		for _, f := range c.files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for line := range strings.Lines(string(src)) {
				here[codeOf(line)] = true
			}
		}
		blocks, lines := 0, 0
		inBlock := false
		sc := bufio.NewScanner(bytes.NewReader(section))
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "```go":
				inBlock = true
				blocks++
				continue
			case line == "```":
				inBlock = false
				continue
			case !inBlock:
				continue
			}
			code := codeOf(line)
			if code == "" || code == "…" {
				continue
			}
			lines++
			if !here[code] {
				t.Errorf("docs/stacks.md, %s: %q is not in %s", c.section, code, strings.Join(c.files, ", "))
			}
		}
		if blocks != c.blocks || lines == 0 {
			t.Errorf("docs/stacks.md, %s: %d Go blocks, %d lines; want %d blocks", c.section, blocks, lines, c.blocks)
		}
	}
}
