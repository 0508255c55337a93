package integration

// The README's install steps and quick start, run as a new user would: the
// quick start's code block, as it is, becomes the main.go of a new module
// that uses this repository through a replace directive and go mod tidy, and
// go run runs it against PostgreSQL. What it prints must be what the
// comments beside its fmt.Println calls say.

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestQuickStartRuns(t *testing.T) {
	dsn := dsn(t, envPostgres)
	block := quickStartBlock(t)
	want := printedComments(t, block)
	if len(want) < 3 {
		t.Fatalf("the quick start's main has %d commented fmt.Println calls, want 3 or more", len(want))
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), block, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := testContext(t)
	db := openPostgres(t)
	if _, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS events"); err != nil {
		t.Fatal(err)
	}
	run := func(env []string, args ...string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("go %s: %v\n%s%s", strings.Join(args, " "), err, stdout.String(), stderr.String())
		}
		return stdout.String()
	}
	// The README's install steps, with the clone's path made absolute.
	run(nil, "mod", "init", "example.com/quickstart")
	run(nil, "mod", "edit", "-replace", "github.com/ulidgo/ulid="+repo)
	run(nil, "mod", "tidy")
	got := strings.Split(strings.TrimSpace(run([]string{"DATABASE_URL=" + dsn}, "run", ".")), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the quick start printed:\n%s\nits comments say:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Run twice: CREATE TABLE IF NOT EXISTS, and a second row with its own ULID.
	run([]string{"DATABASE_URL=" + dsn}, "run", ".")
	var rows, distinct int
	if err := db.QueryRowContext(ctx, "SELECT count(*), count(DISTINCT id) FROM events").Scan(&rows, &distinct); err != nil || rows != 2 || distinct != 2 {
		t.Errorf("after two runs: %d rows, %d distinct IDs, %v; want 2 and 2", rows, distinct, err)
	}
}

// quickStartBlock returns the Go code block of the README's Quick start.
func quickStartBlock(t *testing.T) []byte {
	t.Helper()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := bytes.Cut(readme, []byte("## Quick start\n"))
	if !ok {
		t.Fatal("README.md has no Quick start section")
	}
	_, block, ok := bytes.Cut(rest, []byte("```go\n"))
	block, _, ok2 := bytes.Cut(block, []byte("```"))
	if !ok || !ok2 {
		t.Fatal("the Quick start section has no Go code block")
	}
	return block
}

// printedComments returns, in order, the comments written at the end of
// the lines of main that call fmt.Println: what the README says each prints.
func printedComments(t *testing.T, src []byte) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "README.md", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	printLines := map[int]bool{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "main" {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Println" {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "fmt" {
					printLines[fset.Position(call.Pos()).Line] = true
				}
			}
			return true
		})
	}
	var comments []string
	for _, group := range f.Comments {
		if printLines[fset.Position(group.Pos()).Line] {
			comments = append(comments, strings.TrimSpace(group.Text()))
		}
	}
	return comments
}
