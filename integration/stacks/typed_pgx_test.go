package stacks

// ulid.Typed[P] through pgx's native interface in its five query modes,
// directly and through PgBouncer in transaction pooling mode (in the three
// modes that keep no prepared statement across transactions), with and
// without pgxulid.Register. With it, Typed binds as a uuid in every mode.
// Without it pgx takes Typed as a driver.Valuer: in the three describing
// modes the 16 bytes go into a uuid parameter; in exec and simple_protocol
// pgx sends them as bytea text, which PostgreSQL refuses for a uuid
// (SQLSTATE 22P02): an error, never a wrong value.

import (
	"database/sql"
	"errors"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

func TestTypedPgx(t *testing.T) {
	describing := []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe, pgx.QueryExecModeDescribeExec}
	for _, route := range []struct {
		name  string
		env   string
		modes []pgx.QueryExecMode
	}{
		{"postgres", envPostgres, append(describing, pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol)},
		{"pgbouncer", envPgBouncer, []pgx.QueryExecMode{pgx.QueryExecModeCacheDescribe, pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol}},
	} {
		for _, mode := range route.modes {
			for _, register := range []bool{true, false} {
				name := route.name + "/" + mode.String() + "/pgxulid"
				if !register {
					name = route.name + "/" + mode.String() + "/without-pgxulid"
				}
				t.Run(name, func(t *testing.T) {
					works := register || slices.Contains(describing, mode)
					typedPgx(t, route.env, mode, register, works)
				})
			}
		}
	}
}

func typedPgx(t *testing.T, env string, mode pgx.QueryExecMode, register, works bool) {
	ctx := testContext(t)
	config, err := pgx.ParseConfig(dsn(t, env))
	if err != nil {
		t.Fatal(err)
	}
	config.DefaultQueryExecMode = mode
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	if register {
		pgxulid.Register(conn.TypeMap())
	}
	table := tableName(t, "typedpgx")
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + table,
		"CREATE TABLE " + table + " (id uuid PRIMARY KEY, parent uuid NULL)",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	id := ulid.MakeTyped[typedUser]()
	_, err = conn.Exec(ctx, "INSERT INTO "+table+" (id, parent) VALUES ($1, $2)", id, sql.Null[ulid.Typed[typedUser]]{})
	if !works {
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "22P02" {
			t.Fatalf("insert in %v without pgxulid = %v; want SQLSTATE 22P02 (bytea text for a uuid)", mode, err)
		}
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d rows, %v; want none", n, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	var (
		got    ulid.Typed[typedUser]
		parent sql.Null[ulid.Typed[typedUser]]
		text   string
	)
	if err := conn.QueryRow(ctx, "SELECT id, parent, id::text FROM "+table+" WHERE id = $1", id).Scan(&got, &parent, &text); err != nil {
		t.Fatal(err)
	}
	if got != id || parent.Valid || text != id.ULID().UUIDString() {
		t.Errorf("read %v, %v, %s; want %v, NULL, %s", got, parent, text, id, id.ULID().UUIDString())
	}
	var wrong ulid.Typed[typedUser]
	err = conn.QueryRow(ctx, "SELECT 'order_01h455vb4pex5vsknk084sn02q'::text").Scan(&wrong)
	if !errors.Is(err, ulid.ErrWrongPrefix) || !wrong.IsZero() {
		t.Errorf("Scan of order_… text = %v, %v; want ErrWrongPrefix", wrong, err)
	}
	if !register {
		return
	}
	// With pgxulid, a []Typed is a uuid[] in every mode.
	rows, err := conn.Query(ctx, "SELECT id FROM "+table+" WHERE id = ANY($1)", []ulid.Typed[typedUser]{ulid.MakeTyped[typedUser](), id})
	if err != nil {
		t.Fatal(err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[ulid.Typed[typedUser]])
	if err != nil || len(found) != 1 || found[0] != id {
		t.Errorf("WHERE id = ANY($1) found %v, %v; want [%v]", found, err, id)
	}
}
