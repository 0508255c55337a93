package ulid

import (
	"os"
	"strings"
	"testing"
)

// A guideSource is the code behind one Go block of a guide: the code of
// file after from, to the end of its function, or all of file if from is "".
type guideSource struct{ file, from string }

// checkGuideCode checks that every line of Go in the guide at path (without
// its indentation and trailing comment) is a line of the code that runs it,
// one source per Go block, so that the guide shows code that runs.
func checkGuideCode(t *testing.T, path string, sources []guideSource) {
	t.Helper()
	guide, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(guide), "```go\n")[1:]
	if len(blocks) != len(sources) {
		t.Fatalf("%s has %d Go blocks, want %d", path, len(blocks), len(sources))
	}
	for i, src := range sources {
		code, err := os.ReadFile(src.file)
		if err != nil {
			t.Fatal(err)
		}
		body := string(code)
		if src.from != "" {
			_, body, _ = strings.Cut(body, src.from)
			body, _, _ = strings.Cut(body, "\n}\n")
		}
		here := map[string]bool{}
		for line := range strings.Lines(body) {
			here[codeLine(line)] = true
		}
		block, _, _ := strings.Cut(blocks[i], "```")
		lines := 0
		for line := range strings.Lines(block) {
			if code := codeLine(line); code != "" {
				lines++
				if !here[code] {
					t.Errorf("%s, Go block %d: %q is not in %s", path, i+1, code, src.file)
				}
			}
		}
		if lines == 0 {
			t.Errorf("%s, Go block %d has no code", path, i+1)
		}
	}
}

// codeLine returns line without indentation, trailing comment and spaces.
func codeLine(line string) string {
	line = strings.TrimSpace(line)
	if i := strings.Index(line, " //"); i >= 0 {
		line = strings.TrimSpace(line[:i])
	}
	if strings.HasPrefix(line, "//") {
		return ""
	}
	return line
}

// TestTypeIDGuideIsExample checks that docs/typeid.md shows code that runs:
// its Go blocks are lines of example_test.go (the prefix types and
// ExampleTyped; ExampleParseTypeID).
func TestTypeIDGuideIsExample(t *testing.T) {
	checkGuideCode(t, "docs/typeid.md", []guideSource{
		{"example_test.go", ""},
		{"example_test.go", "func ExampleParseTypeID() {"},
	})
}
