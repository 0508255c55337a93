// Package entnoruntime_test checks ent's client without the blank import of
// ent/runtime that the ent recipe in docs/stacks.md asks for: it lives in a
// test binary of its own, where nothing else imports that package.
package entnoruntime_test

import (
	"database/sql"
	"strings"
	"testing"

	entdialect "entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	_ "github.com/glebarez/go-sqlite"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/ent"
)

// TestEntWithoutRuntime shows that forgetting the import is an error on every
// create, not a silent zero key: the schema's hook and Default live in
// ent/runtime's init.
func TestEntWithoutRuntime(t *testing.T) {
	db, err := sql.Open("sqlite", "file:"+t.TempDir()+"/ent.db?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	client := ent.NewClient(ent.Driver(entsql.OpenDB(entdialect.SQLite, db)))
	ctx := t.Context()
	if err := client.Schema.Create(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		make *ent.UserCreate
		want string
	}{
		{"no ID", client.User.Create().SetName("x"), "ent: uninitialized user.DefaultID (forgotten import ent/runtime?)"},
		{"zero ID", client.User.Create().SetName("x").SetID(ulid.ULID{}), "ent: uninitialized hook (forgotten import ent/runtime?)"},
	} {
		if _, err := c.make.Save(ctx); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Create (%s) without ent/runtime: %v; want %s", c.name, err, c.want)
		}
	}
	if n, err := client.User.Query().Count(ctx); err != nil || n != 0 {
		t.Errorf("%d rows stored, %v; want none", n, err)
	}
}
