package integration

// The README's quick start, backed by a test: Event, save and load below are
// the README's code, and Example_quickStart is its main; TestQuickStartIsREADME
// checks that they still are, declaration by declaration, and that the
// README's comments show what main prints. TestQuickStart runs save and load
// against PostgreSQL (uuid column) and SQLite (BLOB column).

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

type Event struct {
	ID   ulid.ULID `json:"id"`
	Name string    `json:"name"`
}

// save stores a new event in events (id uuid PRIMARY KEY, name text NOT NULL);
// the ULID goes in as its 16 bytes.
func save(ctx context.Context, db *sql.DB, name string) (Event, error) {
	e := Event{ID: ulid.Make(), Name: name} // now, crypto/rand entropy; never fails
	_, err := db.ExecContext(ctx, "INSERT INTO events (id, name) VALUES ($1, $2)", e.ID, e.Name)
	return e, err
}

// load reads an event by the ULID text a client sent.
func load(ctx context.Context, db *sql.DB, s string) (Event, error) {
	id, err := ulid.Parse(s) // checks all 26 characters
	if err != nil {
		return Event{}, err // such as: ulid: invalid character 'U' at offset 25
	}
	var e Event
	err = db.QueryRowContext(ctx, "SELECT id, name FROM events WHERE id = $1", id).Scan(&e.ID, &e.Name)
	return e, err
}

// Example_quickStart is the README quick start's main.
func Example_quickStart() {
	e := Event{ID: ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"), Name: "signup"}
	b, _ := json.Marshal(e)
	fmt.Println(string(b))
	fmt.Println(e.ID.Time())
	// Output:
	// {"id":"01ARYZ6S41TSV4RRFFQ69G5FAV","name":"signup"}
	// 2016-07-30 22:36:16.385 +0000 UTC
}

func TestQuickStart(t *testing.T) {
	for _, tc := range []struct {
		name string
		open func(testing.TB) *sql.DB
		ddl  string
	}{
		{"PostgreSQL", openPostgres, "CREATE TABLE events (id uuid PRIMARY KEY, name text NOT NULL)"},
		{"SQLite", openSQLite, "CREATE TABLE events (id BLOB PRIMARY KEY, name TEXT NOT NULL)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, ctx := tc.open(t), testContext(t)
			if _, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS events"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.ExecContext(ctx, tc.ddl); err != nil {
				t.Fatal(err)
			}
			saved, err := save(ctx, db, "signup")
			if err != nil || saved.ID.IsZero() {
				t.Fatalf("save = %+v, %v", saved, err)
			}
			got, err := load(ctx, db, strings.ToLower(saved.ID.String()))
			if err != nil || got != saved {
				t.Fatalf("load = %+v, %v; want %+v", got, err, saved)
			}
			_, err = load(ctx, db, "01ARYZ6S41TSV4RRFFQ69G5FAU")
			var pe *ulid.ParseError
			if !errors.As(err, &pe) || pe.Offset != 25 || err.Error() != "ulid: invalid character 'U' at offset 25" {
				t.Errorf("load of a bad ULID: %v", err)
			}
			// A well-formed ULID that no row has is sql.ErrNoRows, not a zero Event.
			if _, err := load(ctx, db, ulid.Make().String()); !errors.Is(err, sql.ErrNoRows) {
				t.Errorf("load of a missing ULID: %v, want sql.ErrNoRows", err)
			}
		})
	}
}

// TestQuickStartIsREADME checks that the README's quick start declares
// Event, save and load exactly as this file does.
func TestQuickStartIsREADME(t *testing.T) {
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
	want := declarations(t, "README.md", block)
	got := declarations(t, "quickstart_test.go", nil)
	for _, name := range []string{"Event", "save", "load"} {
		if want[name] == "" || got[name] != want[name] {
			t.Errorf("%s differs:\nREADME.md:\n%s\nquickstart_test.go:\n%s", name, want[name], got[name])
		}
	}

	// main: the same statements as Example_quickStart, and comments that
	// show the example's output, line by line.
	readmeMain, readmeComments := mainOf(t, "README.md", block)
	example, _ := mainOf(t, "quickstart_test.go", nil)
	if readmeMain == "" || readmeMain != example {
		t.Errorf("main differs:\nREADME.md:\n%s\nExample_quickStart:\n%s", readmeMain, example)
	}
	if output := exampleOutput(t, "quickStart"); readmeComments != output {
		t.Errorf("README.md's main says it prints:\n%s\nExample_quickStart prints:\n%s", readmeComments, output)
	}
}

// mainOf parses the Go file name (from src if not nil) and returns the
// statements of its main function, or else of Example_quickStart, without
// comments, and the text of the comments inside that function.
func mainOf(t *testing.T, name string, src []byte) (body, comments string) {
	t.Helper()
	fset, f := parseGo(t, name, src)
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || (fn.Name.Name != "main" && fn.Name.Name != "Example_quickStart") {
			continue
		}
		var buf bytes.Buffer
		for _, stmt := range fn.Body.List {
			if err := printer.Fprint(&buf, fset, stmt); err != nil {
				t.Fatal(err)
			}
			buf.WriteByte('\n')
		}
		var texts []string
		for _, group := range f.Comments {
			if fn.Body.Pos() < group.Pos() && group.End() < fn.Body.End() {
				texts = append(texts, strings.TrimSpace(group.Text()))
			}
		}
		return buf.String(), strings.Join(texts, "\n")
	}
	return "", ""
}

// exampleOutput returns the expected output of Example_<suffix> in this file.
func exampleOutput(t *testing.T, suffix string) string {
	t.Helper()
	_, f := parseGo(t, "quickstart_test.go", nil)
	for _, ex := range doc.Examples(f) {
		if ex.Name == "_"+suffix { // go/doc names a package example by what follows "Example"
			return strings.TrimSpace(ex.Output)
		}
	}
	t.Fatalf("quickstart_test.go has no Example_%s", suffix)
	return ""
}

// declarations parses the Go file name (from src if not nil) and returns
// the source of its top-level functions and types, with their doc comments,
// by name.
func declarations(t *testing.T, name string, src []byte) map[string]string {
	t.Helper()
	fset, f := parseGo(t, name, src)
	decls := map[string]string{}
	for _, d := range f.Decls {
		var key string
		switch d := d.(type) {
		case *ast.FuncDecl:
			key = d.Name.Name
		case *ast.GenDecl:
			if ts, ok := d.Specs[0].(*ast.TypeSpec); ok && d.Tok == token.TYPE {
				key = ts.Name.Name
			}
		}
		if key == "" {
			continue
		}
		var buf bytes.Buffer
		cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
		if err := cfg.Fprint(&buf, fset, &printer.CommentedNode{Node: d, Comments: f.Comments}); err != nil {
			t.Fatal(err)
		}
		decls[key] = buf.String()
	}
	return decls
}

// parseGo parses the Go file name, from src if not nil, with its comments.
func parseGo(t *testing.T, name string, src []byte) (*token.FileSet, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	var source any
	if src != nil {
		source = src
	}
	f, err := parser.ParseFile(fset, name, source, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f
}
