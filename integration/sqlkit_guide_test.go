package integration

import (
	"context"
	"errors"
	"maps"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

// guideActivityPrefix is the prefix of the TypeID text in docs/sql.md.
type guideActivityPrefix struct{}

func (guideActivityPrefix) Prefix() string { return "activity" }

// guideBlocks returns the code blocks of the Markdown file path whose info
// string is info, such as "sql postgres", in order.
func guideBlocks(t *testing.T, path, info string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur []string
	in := false
	for line := range strings.SplitSeq(string(b), "\n") {
		switch {
		case !in && line == "```"+info:
			in, cur = true, nil
		case in && line == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	if len(blocks) == 0 {
		t.Fatalf("no ```%s blocks in %s", info, path)
	}
	return blocks
}

// The examples in docs/sql.md, in order: each block marked "sql postgres" on
// PostgreSQL, each marked "sql mariadb" on MariaDB, with the kit installed,
// in a fresh table. The range-scan plans and the results are checked by the
// other SQL kit tests; this one shows that the guide's SQL is what they test.
func TestSQLKitGuide(t *testing.T) {
	const guide = "../docs/sql.md"
	t.Run("PostgreSQL", func(t *testing.T) {
		conn := connectPgKit(t, installPgKit(t))
		ctx := testContext(t)
		tx, err := conn.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(context.Background())
		for _, block := range guideBlocks(t, guide, "sql postgres") {
			if _, err := tx.Conn().PgConn().Exec(ctx, block).ReadAll(); err != nil {
				t.Fatalf("%s\n%v", block, err)
			}
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM activity WHERE id = ulid_to_uuid('01ARYZ6S41TSV4RRFFQ69G5FAV') AND body = 'imported'").Scan(&n); err != nil || n != 1 {
			t.Fatalf("the imported row: %d, %v", n, err)
		}
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM activity").Scan(&n); err != nil || n != 6 {
			t.Fatalf("%d rows, %v; want 6", n, err)
		}
		// The TypeID section: the imported row's TypeID text, and the
		// refusal of another prefix it shows, which is Go's.
		var text string
		if err := tx.QueryRow(ctx, "SELECT uuid_to_typeid(id, 'activity') FROM activity WHERE body = 'imported'").Scan(&text); err != nil || text != "activity_01aryz6s41tsv4rrffq69g5fav" {
			t.Fatalf("uuid_to_typeid of the imported row: %q, %v", text, err)
		}
		const order = "order_01aryz6s41tsv4rrffq69g5fav"
		want := `ulid: invalid TypeID: character 'o' at offset 0, want the prefix "activity_"`
		if text, _ := os.ReadFile(guide); !strings.Contains(string(text), "`"+want+"`") {
			t.Errorf("%s does not show the error %q", guide, want)
		}
		if _, err := ulid.ParseTyped[guideActivityPrefix](order); err == nil || err.Error() != want {
			t.Errorf("ulid.ParseTyped(%q) = %v, want %q", order, err, want)
		}
		var u *[16]byte
		if err := tx.QueryRow(ctx, "SELECT typeid_to_uuid($1, 'activity')", order).Scan(&u); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("typeid_to_uuid(%q, 'activity') = %x, %v; want %q", order, u, err, want)
		}
	})
	t.Run("MariaDB", func(t *testing.T) {
		db := openMariaDBKit(t)
		ctx := testContext(t)
		if _, err := db.ExecContext(ctx, "DROP TABLE IF EXISTS activity"); err != nil {
			t.Fatal(err)
		}
		defer db.ExecContext(context.Background(), "DROP TABLE IF EXISTS activity")
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		for _, block := range guideBlocks(t, guide, "sql mariadb") {
			for stmt := range strings.SplitSeq(block, ";\n") {
				if stmt = strings.TrimSuffix(strings.TrimSpace(stmt), ";"); stmt == "" {
					continue
				}
				rows, err := conn.QueryContext(ctx, stmt)
				if err != nil {
					t.Fatalf("%s\n%v", stmt, err)
				}
				for rows.Next() {
				}
				if err := rows.Err(); err != nil {
					t.Fatalf("%s\n%v", stmt, err)
				}
				rows.Close()
			}
		}
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM activity WHERE id = ulid_to_bin('01ARYZ6S41TSV4RRFFQ69G5FAV') AND body = 'imported'").Scan(&n); err != nil || n != 1 {
			t.Fatalf("the imported row: %d, %v", n, err)
		}
		if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM activity").Scan(&n); err != nil || n != 6 {
			t.Fatalf("%d rows, %v; want 6", n, err)
		}
		// The TypeID section, as for PostgreSQL, with MariaDB's SQLSTATE.
		var text string
		if err := conn.QueryRowContext(ctx, "SELECT bin_to_typeid(id, 'activity') FROM activity WHERE body = 'imported'").Scan(&text); err != nil || text != "activity_01aryz6s41tsv4rrffq69g5fav" {
			t.Fatalf("bin_to_typeid of the imported row: %q, %v", text, err)
		}
		const order = "order_01aryz6s41tsv4rrffq69g5fav"
		want := `ulid: invalid TypeID: character 'o' at offset 0, want the prefix "activity_"`
		var b []byte
		var me *mysql.MySQLError
		if err := conn.QueryRowContext(ctx, "SELECT typeid_to_bin(?, 'activity')", order).Scan(&b); !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != want {
			t.Errorf("typeid_to_bin(%q, 'activity') = %x, %v; want error 22018 %q", order, b, err, want)
		}
	})
}

// TestGuideTablesDoNotClash checks that docs/sql.md and docs/partitioning.md
// create no table the README's quick start creates: a reader who runs the
// quick start and then a guide in one database gets no "already exists"
// error, and no table with another's columns.
func TestGuideTablesDoNotClash(t *testing.T) {
	create := regexp.MustCompile(`(?i)CREATE TABLE (?:IF NOT EXISTS )?(\w+)`)
	tables := func(text string) map[string]bool {
		set := map[string]bool{}
		for _, m := range create.FindAllStringSubmatch(text, -1) {
			set[strings.ToLower(m[1])] = true
		}
		return set
	}
	quickStart := tables(string(quickStartBlock(t)))
	if len(quickStart) == 0 {
		t.Fatal("the quick start creates no table")
	}
	for _, path := range []string{"../docs/sql.md", "../docs/partitioning.md"} {
		guide := map[string]bool{}
		for _, info := range []string{"sql postgres", "sql mariadb"} {
			for _, block := range guideBlocks(t, path, info) {
				maps.Copy(guide, tables(block))
			}
		}
		if len(guide) == 0 {
			t.Fatalf("%s creates no table", path)
		}
		for name := range guide {
			if quickStart[name] {
				t.Errorf("%s and the README's quick start both create the table %s", path, name)
			}
		}
	}
}
