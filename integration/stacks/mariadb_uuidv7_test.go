package stacks

// MariaDB's native UUID type with UUIDv7-compatible ULIDs (ulid.MakeV7):
// what TestMariaDBUUID finds wrong with plain ULIDs does not happen to them,
// because their version digit is 7 and their variant bits are 10.

import (
	"database/sql"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	_ "github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

// v7Count is how many ULIDs TestMariaDBUUIDv7 stores.
const v7Count = 100_000

func TestMariaDBUUIDv7(t *testing.T) {
	db, err := sql.Open("mysql", dsn(t, envMySQL))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := testContext(t)
	table := tableName(t, "mu7")
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + table,
		"CREATE TABLE " + table + " (id UUID PRIMARY KEY, seq INT NOT NULL)",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	// 100,000 in a row, so most share a millisecond with many others and
	// their order there is MakeV7's increment of the 74 free bits.
	ids := make([]ulid.ULID, v7Count)
	for i := range ids {
		ids[i] = ulid.MakeV7()
		if !ids[i].IsUUIDv7() || i > 0 && ids[i].Compare(ids[i-1]) <= 0 {
			t.Fatalf("MakeV7 #%d = %s after %s", i, ids[i].UUIDString(), ids[max(i-1, 0)].UUIDString())
		}
	}
	t.Logf("%d ULIDs from MakeV7 over %d ms", len(ids), ids[len(ids)-1].Timestamp()-ids[0].Timestamp()+1)

	// Stored in shuffled order, bound as UUID text (the binding the guide
	// gives), 1,000 rows per INSERT.
	order := rand.New(rand.NewPCG(7, 7)).Perm(len(ids))
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	const batch = 1000
	for start := 0; start < len(order); start += batch {
		chunk := order[start:min(start+batch, len(order))]
		q := "INSERT INTO " + table + " (id, seq) VALUES " + strings.Repeat("(?, ?), ", len(chunk)-1) + "(?, ?)"
		args := make([]any, 0, 2*len(chunk))
		for _, seq := range chunk {
			args = append(args, ids[seq].UUIDString(), seq)
		}
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("INSERT of rows %d to %d: %v", start, start+len(chunk)-1, err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}

	// ORDER BY id is creation order, each row read back bit for bit by Scan.
	rows, err := db.QueryContext(ctx, "SELECT id, seq FROM "+table+" ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var id ulid.ULID
		var seq int
		if err := rows.Scan(&id, &seq); err != nil {
			t.Fatal(err)
		}
		if seq != n || id != ids[n] {
			t.Fatalf("ORDER BY id: row %d is %s (made %d of %d), want %s", n, id.UUIDString(), seq, len(ids), ids[n].UUIDString())
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(ids) {
		t.Fatalf("ORDER BY id returned %d rows, want %d", n, len(ids))
	}

	// A lookup by key finds its row, bound as UUID text, with prepared
	// statements (the driver's default) and with interpolateParams=true.
	interpolated, err := sql.Open("mysql", dsn(t, envMySQL)+"&interpolateParams=true")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { interpolated.Close() })
	lookup := func(d *sql.DB, arg any) (int, error) {
		var seq int
		err := d.QueryRowContext(ctx, "SELECT seq FROM "+table+" WHERE id = ?", arg).Scan(&seq)
		return seq, err
	}
	for seq := 0; seq < len(ids); seq += 997 {
		for name, d := range map[string]*sql.DB{"prepared": db, "interpolateParams": interpolated} {
			if got, err := lookup(d, ids[seq].UUIDString()); err != nil || got != seq {
				t.Fatalf("%s: WHERE id = %s: seq %d, %v; want %d", name, ids[seq].UUIDString(), got, err, seq)
			}
		}
	}

	// The 16 bytes, Value's form, do not do for a UUID column with prepared
	// statements, even for a v7 ULID: the INSERT fails, and a lookup finds
	// nothing, with no error. With interpolateParams=true they work.
	id := ulid.MakeV7()
	_, err = db.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, -1)", id)
	if err == nil || !strings.Contains(err.Error(), "1292") {
		t.Fatalf("INSERT of a v7 ULID as 16 bytes: %v, want Error 1292 (Incorrect uuid value)", err)
	}
	seq := len(ids) / 2
	if got, err := lookup(db, ids[seq]); !errors.Is(err, sql.ErrNoRows) {
		t.Fatalf("prepared: WHERE id = (16 bytes of an existing key): seq %d, %v; want sql.ErrNoRows", got, err)
	}
	if got, err := lookup(interpolated, ids[seq]); err != nil || got != seq {
		t.Fatalf("interpolateParams: WHERE id = (16 bytes): seq %d, %v; want %d", got, err, seq)
	}
	if _, err := interpolated.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, -1)", id); err != nil {
		t.Fatalf("interpolateParams: INSERT of a v7 ULID as 16 bytes: %v", err)
	}
	if got, err := lookup(db, id.UUIDString()); err != nil || got != -1 {
		t.Fatalf("the row stored as 16 bytes with interpolateParams: seq %d, %v", got, err)
	}
}
