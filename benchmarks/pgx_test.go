package benchmarks

// The cost of github.com/ulidgo/ulid/pgxulid on a real PostgreSQL: scanning
// 100,000 uuid rows and binding them back, with ULIDs through Register
// (pkg=pgxulid) and with pgtype.UUID on a connection without it
// (pkg=pgtype), in pgx's default query exec mode (cache_statement, binary)
// and in simple_protocol (text, as behind PgBouncer).
//
// They need a server: they run only with ULID_PG_DSN set, as
// integration/run.sh sets it, and skip otherwise:
//
//	ULID_RUN_CMD='cd benchmarks && go test -run "^$" -bench PgxULID -count 10' bash integration/run.sh
//
// and then benchstat -col /pkg on the output.

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

const (
	pgxRows      = 100_000
	pgxBatch     = 1_000 // parameters of one INSERT of the bind benchmark
	pgxTable     = "pgxulid_bench"
	pgxSinkTable = "pgxulid_bench_sink"
)

var pgxModes = []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol}

// pgxConnect connects to ULID_PG_DSN in mode, with pgxulid registered if
// register is set, or skips b without ULID_PG_DSN.
func pgxConnect(b *testing.B, mode pgx.QueryExecMode, register bool) *pgx.Conn {
	b.Helper()
	dsn := os.Getenv("ULID_PG_DSN")
	if dsn == "" {
		b.Skip("ULID_PG_DSN is not set; run through integration/run.sh (see pgx_test.go)")
	}
	config, err := pgx.ParseConfig(dsn)
	if err != nil {
		b.Fatal(err)
	}
	config.DefaultQueryExecMode = mode
	conn, err := pgx.ConnectConfig(context.Background(), config)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = conn.Close(context.Background()) })
	if register {
		pgxulid.Register(conn.TypeMap())
	}
	pgxSetup(b, conn)
	return conn
}

var pgxSetupOnce sync.Once

// pgxSetup creates the table of 100,000 ULIDs, unless an earlier run left
// it complete, and empties the sink table the bind benchmark inserts into
// (once per process).
func pgxSetup(b *testing.B, conn *pgx.Conn) {
	ctx := context.Background()
	var err error
	pgxSetupOnce.Do(func() {
		for _, q := range []string{
			"CREATE TABLE IF NOT EXISTS " + pgxTable + " (id uuid PRIMARY KEY)",
			"CREATE UNLOGGED TABLE IF NOT EXISTS " + pgxSinkTable + " (id uuid NOT NULL)",
			"TRUNCATE " + pgxSinkTable,
		} {
			if _, err = conn.Exec(ctx, q); err != nil {
				return
			}
		}
		var n int
		if err = conn.QueryRow(ctx, "SELECT count(*) FROM "+pgxTable).Scan(&n); err != nil || n == pgxRows {
			return
		}
		if _, err = conn.Exec(ctx, "TRUNCATE "+pgxTable); err != nil {
			return
		}
		rows := make([][]any, pgxRows)
		for i := range rows {
			rows[i] = []any{pgtype.UUID{Bytes: ulid.Make(), Valid: true}}
		}
		_, err = conn.CopyFrom(ctx, pgx.Identifier{pgxTable}, []string{"id"}, pgx.CopyFromRows(rows))
		if err == nil {
			_, err = conn.Exec(ctx, "VACUUM ANALYZE "+pgxTable)
		}
	})
	if err != nil {
		b.Fatalf("setting up %s: %v", pgxTable, err)
	}
}

// BenchmarkPgxULIDScan reads the 100,000 uuid rows into a reused slice.
func BenchmarkPgxULIDScan(b *testing.B) {
	for _, mode := range pgxModes {
		b.Run("mode="+strings.ReplaceAll(mode.String(), " ", "_"), func(b *testing.B) {
			b.Run("pkg=pgxulid", func(b *testing.B) {
				conn := pgxConnect(b, mode, true)
				ids := make([]ulid.ULID, pgxRows)
				benchmarkScan(b, conn, ids)
				sinkULID = ids[len(ids)-1]
			})
			b.Run("pkg=pgtype", func(b *testing.B) {
				conn := pgxConnect(b, mode, false)
				ids := make([]pgtype.UUID, pgxRows)
				benchmarkScan(b, conn, ids)
				sinkULID = ulid.ULID(ids[len(ids)-1].Bytes)
			})
		})
	}
}

func benchmarkScan[T any](b *testing.B, conn *pgx.Conn, ids []T) {
	ctx := context.Background()
	query := "SELECT id FROM " + pgxTable
	b.ReportAllocs()
	for b.Loop() {
		rows, err := conn.Query(ctx, query)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for rows.Next() {
			if err := rows.Scan(&ids[n]); err != nil {
				b.Fatal(err)
			}
			n++
		}
		if err := rows.Err(); err != nil || n != pgxRows {
			b.Fatalf("%d rows, %v", n, err)
		}
	}
}

// BenchmarkPgxULIDBind binds the 100,000 values as parameters of
// INSERTs of 1,000 rows each into an unlogged table, emptied (untimed)
// after each round.
func BenchmarkPgxULIDBind(b *testing.B) {
	for _, mode := range pgxModes {
		b.Run("mode="+strings.ReplaceAll(mode.String(), " ", "_"), func(b *testing.B) {
			b.Run("pkg=pgxulid", func(b *testing.B) {
				conn := pgxConnect(b, mode, true)
				benchmarkBind(b, conn, pgxRead[ulid.ULID](b, conn))
			})
			b.Run("pkg=pgtype", func(b *testing.B) {
				conn := pgxConnect(b, mode, false)
				benchmarkBind(b, conn, pgxRead[pgtype.UUID](b, conn))
			})
		})
	}
}

// pgxRead returns the 100,000 ids as Ts.
func pgxRead[T any](b *testing.B, conn *pgx.Conn) []T {
	rows, err := conn.Query(context.Background(), "SELECT id FROM "+pgxTable+" ORDER BY id")
	if err != nil {
		b.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[T])
	if err != nil || len(ids) != pgxRows {
		b.Fatalf("%d ids, %v", len(ids), err)
	}
	return ids
}

func benchmarkBind[T any](b *testing.B, conn *pgx.Conn, ids []T) {
	ctx := context.Background()
	var sb strings.Builder
	sb.WriteString("INSERT INTO " + pgxSinkTable + " (id) VALUES ")
	for i := range pgxBatch {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "($%d)", i+1)
	}
	insert := sb.String()
	args := make([]any, pgxBatch)
	b.ReportAllocs()
	for b.Loop() {
		for start := 0; start < len(ids); start += pgxBatch {
			for i := range args {
				args[i] = ids[start+i]
			}
			if _, err := conn.Exec(ctx, insert, args...); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		if _, err := conn.Exec(ctx, "TRUNCATE "+pgxSinkTable); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
