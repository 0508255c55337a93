package stacks

// ulid.Typed[P] where ulid.ULID works: database/sql on PostgreSQL, MariaDB
// and SQLite (with sql.Null and SQL NULL), encoding/json and
// http.Request.PathValue; another type's TypeID text is refused with
// ulid.ErrWrongPrefix in each.

import (
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/ulidgo/ulid"
)

type typedUser struct{}

func (typedUser) Prefix() string { return "user" }

type typedOrder struct{}

func (typedOrder) Prefix() string { return "order" }

func TestTypedSQL(t *testing.T) {
	for _, d := range []struct {
		name, driver, idType string
		source               func(t *testing.T) string
		placeholder          string
	}{
		{"postgres", "pgx", "uuid", func(t *testing.T) string { return dsn(t, envPostgres) }, "$1"},
		{"mariadb", "mysql", "binary(16)", func(t *testing.T) string { return dsn(t, envMySQL) }, "?"},
		{"sqlite", "sqlite", "blob", func(t *testing.T) string { return "file:" + t.TempDir() + "/typed.db" }, "?"},
	} {
		t.Run(d.name, func(t *testing.T) {
			db := openSQL(t, d.driver, d.source(t))
			table := tableName(t, "typed")
			ctx := testContext(t)
			for _, q := range []string{
				"DROP TABLE IF EXISTS " + table,
				"CREATE TABLE " + table + " (id " + d.idType + " PRIMARY KEY, parent " + d.idType + " NULL, note varchar(40))",
			} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			id := ulid.MustParseTyped[typedUser]("user_01h455vb4pex5vsknk084sn02q")
			parent := ulid.MakeTyped[typedUser]()
			insert := "INSERT INTO " + table + " (id, parent, note) VALUES "
			if d.placeholder == "$1" {
				insert += "($1, $2, $3)"
			} else {
				insert += "(?, ?, ?)"
			}
			if _, err := db.ExecContext(ctx, insert, id, sql.Null[ulid.Typed[typedUser]]{V: parent, Valid: true}, "order_01h455vb4pex5vsknk084sn02q"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.ExecContext(ctx, insert, parent, sql.Null[ulid.Typed[typedUser]]{}, "x"); err != nil {
				t.Fatal(err)
			}
			var (
				gotID     ulid.Typed[typedUser]
				gotParent sql.Null[ulid.Typed[typedUser]]
			)
			q := "SELECT id, parent FROM " + table + " WHERE id = " + d.placeholder
			if err := db.QueryRowContext(ctx, q, id).Scan(&gotID, &gotParent); err != nil {
				t.Fatal(err)
			}
			if gotID != id || !gotParent.Valid || gotParent.V != parent {
				t.Errorf("read %v, %v; want %v, %v", gotID, gotParent, id, parent)
			}
			if err := db.QueryRowContext(ctx, q, parent).Scan(&gotID, &gotParent); err != nil {
				t.Fatal(err)
			}
			if gotID != parent || gotParent.Valid {
				t.Errorf("read %v, %v; want %v and NULL", gotID, gotParent, parent)
			}
			// The bytes are the ULID's: a plain ulid.ULID reads the same row.
			var plain ulid.ULID
			if err := db.QueryRowContext(ctx, q, id.ULID()).Scan(&plain, &gotParent); err != nil || plain != id.ULID() {
				t.Errorf("ulid.ULID read %v, %v; want %v", plain, err, id.ULID())
			}
			// Another type's TypeID text is refused, and the value is unchanged.
			var o ulid.Typed[typedUser]
			err := db.QueryRowContext(ctx, "SELECT note FROM "+table+" WHERE id = "+d.placeholder, id).Scan(&o)
			if !errors.Is(err, ulid.ErrWrongPrefix) || !o.IsZero() {
				t.Errorf("Scan of order_… text = %v, %v; want ErrWrongPrefix", o, err)
			}
		})
	}
}

func TestTypedJSONAndPathValue(t *testing.T) {
	const text = "user_01h455vb4pex5vsknk084sn02q"
	id := ulid.MustParseTyped[typedUser](text)
	data, err := json.Marshal(struct{ ID ulid.Typed[typedUser] }{id})
	if err != nil || string(data) != `{"ID":"`+text+`"}` {
		t.Fatalf("json.Marshal = %s, %v", data, err)
	}
	var back struct{ ID ulid.Typed[typedUser] }
	if err := json.Unmarshal(data, &back); err != nil || back.ID != id {
		t.Errorf("json.Unmarshal = %v, %v", back.ID, err)
	}
	var wrong struct{ ID ulid.Typed[typedOrder] }
	if err := json.Unmarshal(data, &wrong); !errors.Is(err, ulid.ErrWrongPrefix) || !wrong.ID.IsZero() {
		t.Errorf("json.Unmarshal into Typed[order] = %v, %v; want ErrWrongPrefix", wrong.ID, err)
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{id}", func(w http.ResponseWriter, r *http.Request) {
		u, err := ulid.ParseTyped[typedUser](r.PathValue("id"))
		if err != nil {
			status := http.StatusBadRequest
			if errors.Is(err, ulid.ErrWrongPrefix) {
				status = http.StatusNotFound
			}
			http.Error(w, err.Error(), status)
			return
		}
		w.Write([]byte(u.ULID().String()))
	})
	for path, want := range map[string]struct {
		status int
		body   string
	}{
		"/users/" + text: {http.StatusOK, id.ULID().String()},
		"/users/order_01h455vb4pex5vsknk084sn02q": {http.StatusNotFound, `ulid: invalid TypeID: character 'o' at offset 0, want the prefix "user_"` + "\n"},
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != want.status || rec.Body.String() != want.body {
			t.Errorf("GET %s = %d %q; want %d %q", path, rec.Code, rec.Body, want.status, want.body)
		}
	}
}
