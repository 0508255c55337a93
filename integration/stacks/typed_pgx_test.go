package stacks

// ulid.Typed[P] through pgx's native interface in its five query modes, with
// no pgxulid registration: pgx takes Typed as a driver.Valuer and a
// sql.Scanner. In the three modes that describe the statement the 16 bytes go
// into a uuid parameter; in exec and simple_protocol pgx sends the []byte as
// bytea text, which PostgreSQL refuses for a uuid (SQLSTATE 22P02): an error,
// never a wrong value. Typed in those modes needs a pgxulid registration
// (not written yet).

import (
	"database/sql"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/ulidgo/ulid"
)

func TestTypedPgx(t *testing.T) {
	ctx := testContext(t)
	for _, mode := range []pgx.QueryExecMode{
		pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe, pgx.QueryExecModeDescribeExec,
		pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol,
	} {
		t.Run(mode.String(), func(t *testing.T) {
			config, err := pgx.ParseConfig(dsn(t, envPostgres))
			if err != nil {
				t.Fatal(err)
			}
			config.DefaultQueryExecMode = mode
			conn, err := pgx.ConnectConfig(ctx, config)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { conn.Close(ctx) })
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
			if mode == pgx.QueryExecModeExec || mode == pgx.QueryExecModeSimpleProtocol {
				var pgErr *pgconn.PgError
				if !errors.As(err, &pgErr) || pgErr.Code != "22P02" {
					t.Fatalf("insert in %v = %v; want SQLSTATE 22P02 (bytea text for a uuid)", mode, err)
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
		})
	}
}
