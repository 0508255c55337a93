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

// TestInstallStepsPgxulid runs the README's install steps for a module that
// imports pgxulid as well: both of its replace lines, then go mod tidy and
// go build. Without the second one, go mod tidy must look for pgxulid
// outside the clone (here with GOPROXY=off, so the test needs no network
// for that failure): the README's reason to show it.
func TestInstallStepsPgxulid(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := bytes.Cut(readme, []byte("## Install\n"))
	_, block, ok2 := bytes.Cut(rest, []byte("```sh\n"))
	block, _, ok3 := bytes.Cut(block, []byte("```"))
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no sh block in its Install section")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var replaces [][]string // the arguments of each go mod edit -replace line
	for line := range strings.Lines(string(block)) {
		line, _, _ = strings.Cut(line, "#")
		if f := strings.Fields(line); len(f) == 5 && strings.Join(f[:4], " ") == "go mod edit -replace" {
			replaces = append(replaces, []string{"mod", "edit", "-replace", strings.ReplaceAll(f[4], "=../ulid", "="+repo)})
		}
	}
	if len(replaces) != 2 || !strings.Contains(replaces[1][3], "pgxulid="+repo+"/pgxulid") {
		t.Fatalf("the Install block's replace lines are %q; want the module's and pgxulid's", replaces)
	}
	const main = `package main

import (
	"fmt"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

func main() {
	m := pgtype.NewMap()
	pgxulid.Register(m)
	fmt.Println(ulid.Make())
}
`
	ctx := testContext(t)
	newModule := func() string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	goCmd := func(dir string, env []string, args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	must := func(dir string, args ...string) {
		t.Helper()
		if out, err := goCmd(dir, nil, args...); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}

	dir := newModule()
	must(dir, "mod", "init", "example.com/install")
	for _, r := range replaces {
		must(dir, r...)
	}
	must(dir, "mod", "tidy")
	must(dir, "build", "-o", os.DevNull, ".")

	dir = newModule()
	must(dir, "mod", "init", "example.com/install")
	must(dir, replaces[0]...)
	out, err := goCmd(dir, []string{"GOPROXY=off", "GOFLAGS=-mod=mod"}, "mod", "tidy")
	if err == nil || !strings.Contains(out, "github.com/ulidgo/ulid/pgxulid") {
		t.Errorf("go mod tidy with the module's replace only: %v\n%s\nwant a failure to find github.com/ulidgo/ulid/pgxulid", err, out)
	}
}
