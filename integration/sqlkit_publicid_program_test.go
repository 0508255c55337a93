package integration

// The program of docs/public-ids.md, "Binding the keys of a key file", built
// as it is in the guide and run against PostgreSQL with the statements of
// "Using them" and the command line the guide shows.

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

// programKeyFile is the key file of step 2 of the guide's rotation, with a
// byte order mark and a comment line, which sqlKeys must skip as
// ParseMasker does.
const programKeyFile = "\ufeff# public ID keys, newest first\n" +
	"9f2c4e0a7b1d36e85a0c4f2e1b7d9a63   # new: masks\n" +
	"4be1a07c52d9e3f8016b2c7d4e9a5f30   # old: unmasks only\n"

// buildGuideProgram writes the guide's "go program" block as the main.go of
// a new module that uses this repository and pgx, and builds it.
func buildGuideProgram(t *testing.T) string {
	t.Helper()
	blocks := guideBlocks(t, publicIDGuide, "go program")
	if len(blocks) != 1 {
		t.Fatalf("%d ```go program blocks in %s, want 1", len(blocks), publicIDGuide)
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(blocks[0]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := testContext(t)
	for _, args := range [][]string{
		{"mod", "init", "example.com/pgkeys"},
		{"mod", "edit", "-replace", "github.com/ulidgo/ulid=" + repo},
		{"mod", "edit", "-require", "github.com/jackc/pgx/v5@v5.12.0"}, // this module's version
		{"mod", "tidy"},
		{"vet", "."},
		{"build", "-o", "pgkeys", "."},
	} {
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return filepath.Join(dir, "pgkeys")
}

// shellWords splits a line of the guide's shell block into words: words
// are separated by spaces, and a word in single quotes is taken as it is.
func shellWords(line string) []string {
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		var w string
		if line[0] == '\'' {
			w, line, _ = strings.Cut(line[1:], "'")
		} else {
			w, line, _ = strings.Cut(line, " ")
		}
		words = append(words, w)
	}
	return words
}

// TestPublicIDSQLProgram builds the guide's program and runs, as a role that
// may only call the functions and read the table orders, each PostgreSQL
// statement of "Using them" with the keys of a key file: the public IDs of
// a list, a lookup with one key, a lookup during a rotation, and one by a
// typed public ID. It runs the command line of the guide's shell block as it
// is, a refused public ID and a bad key file (exit status 1, no key in the
// message), and checks that decode($2, 'hex') of a key's hex digits masks as
// Mask does.
func TestPublicIDSQLProgram(t *testing.T) {
	pg := installPgPublicID(t)
	program := buildGuideProgram(t)
	ctx := testContext(t)

	masker, err := ulid.ParseMasker(programKeyFile)
	if err != nil {
		t.Fatal(err)
	}
	oldMasker, err := ulid.ParseMasker("4be1a07c52d9e3f8016b2c7d4e9a5f30")
	if err != nil {
		t.Fatal(err)
	}
	ids := []ulid.ULID{ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")}
	for range 9 {
		ids = append(ids, ulid.Make())
	}
	total := map[ulid.ULID]string{}
	owner := connectPg(t, pg.owner)
	for _, q := range []string{
		"DROP SCHEMA IF EXISTS pgkeys CASCADE",
		"CREATE SCHEMA pgkeys",
		"CREATE TABLE pgkeys.orders (id uuid PRIMARY KEY, total numeric NOT NULL)",
		"GRANT USAGE ON SCHEMA pgkeys TO pubid_app",
		"GRANT SELECT ON pgkeys.orders TO pubid_app",
	} {
		if _, err := owner.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() { _, _ = owner.Exec(testContext(t), "DROP SCHEMA pgkeys CASCADE") })
	for i, id := range ids {
		total[id] = fmt.Sprint(100 + i)
		if _, err := owner.Exec(ctx, "INSERT INTO pgkeys.orders VALUES ($1, $2)", id.UUIDString(), 100+i); err != nil {
			t.Fatal(err)
		}
	}
	// The functions' schema first, as docs/public-ids.md asks.
	appDSN := pg.app + "&search_path=pubid,pgkeys"
	if !strings.Contains(pg.app, "?") {
		appDSN = pg.app + "?search_path=pubid,pgkeys"
	}
	keyFile := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keyFile, []byte(programKeyFile), 0o600); err != nil {
		t.Fatal(err)
	}
	// run runs the program in the directory of the key file and returns its
	// standard output and standard error.
	run := func(args ...string) (string, string, error) {
		cmd := exec.CommandContext(ctx, program, args...)
		cmd.Dir = filepath.Dir(keyFile)
		cmd.Env = append(os.Environ(), "DATABASE_URL="+appDSN)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		return stdout.String(), stderr.String(), err
	}

	t.Run("the statements of Using them", func(t *testing.T) {
		blocks := guideBlocks(t, publicIDGuide, "sql postgres")
		if len(blocks) != 4 {
			t.Fatalf("%d PostgreSQL blocks in %s, want 4: a list, a lookup, a lookup during a rotation, a lookup by a typed public ID", len(blocks), publicIDGuide)
		}
		sorted := slices.SortedFunc(slices.Values(ids), ulid.ULID.Compare)
		var list strings.Builder
		for _, id := range sorted {
			list.WriteString(masker.Mask(id) + "\t" + total[id] + "\n")
		}
		for i, tc := range []struct {
			args []string
			want string
		}{
			{nil, list.String()},
			{[]string{masker.Mask(ids[3])}, total[ids[3]] + "\n"},
			{[]string{oldMasker.Mask(ids[4])}, total[ids[4]] + "\n"},
			{[]string{typedOf(t, masker, "order").Mask(ids[5])}, total[ids[5]] + "\n"},
		} {
			stdout, stderr, err := run(append([]string{"keys", blocks[i]}, tc.args...)...)
			if err != nil || stdout != tc.want || stderr != "" {
				t.Errorf("pgkeys keys %q %q: %v\n%s\nprinted %q, want %q", blocks[i], tc.args, err, stderr, stdout, tc.want)
			}
		}
	})

	t.Run("the guide's command line", func(t *testing.T) {
		md, err := os.ReadFile(publicIDGuide)
		if err != nil {
			t.Fatal(err)
		}
		_, section, _ := strings.Cut(string(md), "\n### Binding the keys of a key file\n")
		_, block, ok := strings.Cut(section, "```sh\n")
		block, _, ok2 := strings.Cut(block, "```")
		if !ok || !ok2 {
			t.Fatal("no sh block in the section Binding the keys of a key file")
		}
		var args []string
		for line := range strings.Lines(block) {
			if w := shellWords(line); len(w) > 3 && w[0] == "go" && w[1] == "run" && w[2] == "." {
				args = w[3:]
			}
		}
		if len(args) != 3 || args[0] != "keys" {
			t.Fatalf("the guide's command line has arguments %q, want keys, a statement and a public ID", args)
		}
		public := args[2]
		id, err := masker.Unmask(public)
		if err != nil || id != ids[0] || public[:2] != "5X" {
			t.Fatalf("the guide's public ID %s: %s, %v; want the new key's public ID of %s", public, id, err, ids[0])
		}
		for _, p := range []string{public, oldMasker.Mask(id)} {
			stdout, stderr, err := run(args[0], args[1], p)
			if err != nil || stdout != total[id]+"\n" {
				t.Errorf("pgkeys %q with %s: %v\n%s\nprinted %q, want %q", args, p, err, stderr, stdout, total[id]+"\n")
			}
		}
		// A typo: the server's error, exit status 1, and no key shown.
		typo := public[:10] + "B" + public[11:]
		stdout, stderr, err := run(args[0], args[1], typo)
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || stdout != "" ||
			!strings.Contains(stderr, "ulid: public ID check character") || !strings.Contains(stderr, "(SQLSTATE 22P02)") {
			t.Errorf("pgkeys with the typo %s: %v, printed %q and %q; want exit status 1 and the check-character error, 22P02", typo, err, stdout, stderr)
		}
		if strings.Contains(stderr, "9f2c4e0a") || strings.Contains(stderr, "4be1a07c") {
			t.Errorf("pgkeys shows a key: %q", stderr)
		}
	})

	t.Run("a bad key file", func(t *testing.T) {
		bad := filepath.Join(t.TempDir(), "keys")
		if err := os.WriteFile(bad, []byte("9f2c4e0a7b1d36e85a0c4f2e1b7d9a6\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, err := run(bad, "SELECT 1")
		want := "ulid: invalid masking key: key 1 is 31 hex digits, want 32, 48 or 64\n"
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 1 || stdout != "" || stderr != want {
			t.Errorf("pgkeys with a key cut short: %v, printed %q and %q; want exit status 1 and %q", err, stdout, stderr, want)
		}
	})

	t.Run("decode hex", func(t *testing.T) {
		conn := connectPg(t, appDSN)
		for _, key := range []string{"9f2c4e0a7b1d36e85a0c4f2e1b7d9a63", "9F2C4E0A7B1D36E85A0C4F2E1B7D9A63"} {
			var got string
			err := conn.QueryRow(ctx, "SELECT ulid_mask($1::uuid, decode($2, 'hex'))", ids[0].UUIDString(), key).Scan(&got)
			if want := masker.Mask(ids[0]); err != nil || got != want {
				t.Errorf("ulid_mask(%s, decode(%q, 'hex')) = %q, %v; want %s", ids[0], key, got, err, want)
			}
		}
	})
}
