package stacks

// MariaDB's native UUID type (10.7 and later) as the column for a ULID,
// instead of BINARY(16).

import (
	"database/sql"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	_ "github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

func TestMariaDBUUID(t *testing.T) {
	db, err := sql.Open("mysql", dsn(t, envMySQL))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := testContext(t)
	table := tableName(t, "mu")
	for _, q := range []string{
		"DROP TABLE IF EXISTS " + table,
		"CREATE TABLE " + table + " (id UUID PRIMARY KEY, parent UUID NULL, seq INT NOT NULL)",
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}

	// Two ULIDs that MariaDB's UUID type takes (see below: a Make() could be
	// one it rejects).
	a, b := mustUUID("01234567-89ab-cdef-fedc-ba9876543210"), mustUUID("01234567-89ac-7def-8edc-ba9876543210")
	// The 16 bytes: MariaDB wants UUID text for a UUID column.
	_, err = db.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, 0)", a)
	if err == nil || !strings.Contains(err.Error(), "1292") {
		t.Fatalf("INSERT with id = %v, want Error 1292 (Incorrect uuid value)", err)
	}

	// UUID text binds, NULL from a nil *string; the column reads back as
	// UUID text, which Scan reads.
	if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, parent, seq) VALUES (?, ?, 0)", a.UUIDString(), nil); err != nil {
		t.Fatalf("INSERT with id.UUIDString(): %v", err)
	}
	if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, parent, seq) VALUES (?, ?, 1)", b.UUIDString(), a.UUIDString()); err != nil {
		t.Fatal(err)
	}
	var got ulid.ULID
	var parent *ulid.ULID
	if err := db.QueryRowContext(ctx, "SELECT id, parent FROM "+table+" WHERE id = ?", b.UUIDString()).Scan(&got, &parent); err != nil {
		t.Fatal(err)
	}
	if got != b || parent == nil || *parent != a {
		t.Errorf("scanned %v, %v; want %v, %v", got, parent, b, a)
	}
	if err := db.QueryRowContext(ctx, "SELECT parent FROM "+table+" WHERE id = ?", a.UUIDString()).Scan(&parent); err != nil || parent != nil {
		t.Errorf("NULL parent: %v, %v", parent, err)
	}

	// Fresh entropy in every millisecond, as in any table filled over time.
	// MariaDB 10.11 rejects, as not a valid UUID, every value whose version
	// nibble (byte 6) is 8 or more while its variant bits (byte 8) are 0xxx:
	// a quarter of all ULIDs. And it sorts the values whose variant bits are
	// 1x and whose byte 6 is 0x01 to 0x5f, about one ULID in five, by their
	// last group, which in a ULID is random: see mariaDBUUIDKey.
	if _, err := db.ExecContext(ctx, "DELETE FROM "+table); err != nil {
		t.Fatal(err)
	}
	gen := ulid.NewMonotonic(rand.NewChaCha8([32]byte{'u', 'l', 'i', 'd'}))
	var stored, rejected []ulid.ULID
	for i := range 400 {
		id, err := gen.New(1_700_000_000_000 + uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, ?)", id.UUIDString(), i)
		invalid := id[6] >= 0x80 && id[8] < 0x80
		switch {
		case err == nil && !invalid:
			stored = append(stored, id)
		case err != nil && invalid && strings.Contains(err.Error(), "1292"):
			rejected = append(rejected, id)
		default:
			t.Fatalf("INSERT %s (version nibble %x, variant nibble %x): %v", id.UUIDString(), id[6]>>4, id[8]>>4, err)
		}
	}
	if len(rejected) < 60 {
		t.Fatalf("%d of 400 rejected: the seed should give about 100", len(rejected))
	}
	swapped := 0
	for _, id := range stored {
		if mariaDBUUIDKey(id) != string(id[:]) {
			swapped++
		}
	}
	if swapped < 40 {
		t.Fatalf("%d of 400 swapped: the seed should give about 75", swapped)
	}
	t.Logf("MariaDB's UUID type rejected %d of 400 ULIDs (Error 1292) and sorts %d by their last group", len(rejected), swapped)

	rows, err := db.QueryContext(ctx, "SELECT id FROM "+table+" ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	var ordered []ulid.ULID
	for rows.Next() {
		var id ulid.ULID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ordered = append(ordered, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(ordered, stored) {
		t.Fatal("ORDER BY id on a UUID column gave creation order; the guide says it does not")
	}
	want := slices.SortedFunc(slices.Values(stored), func(x, y ulid.ULID) int {
		return strings.Compare(mariaDBUUIDKey(x), mariaDBUUIDKey(y))
	})
	if !slices.Equal(ordered, want) {
		t.Error("ORDER BY id is neither creation order nor the order the guide describes")
	}
	for i, id := range ordered {
		if id != stored[i] {
			t.Logf("ORDER BY id: row %d is %s, created %d of %d", i, id.UUIDString(), slices.Index(stored, id), len(stored))
			break
		}
	}
}

// mariaDBUUIDKey is the order of MariaDB 10.11's UUID type, as the test
// found it: a UUID whose variant bits are 1x (byte 8 >= 0x80: RFC 9562's
// variant and the reserved ones) and whose byte 6 is 0x01 to 0x5f (versions
// 1 to 5, mostly) is stored, and sorted, with its five groups in reverse
// order; any other as it is.
func mariaDBUUIDKey(id ulid.ULID) string {
	if !(id[6] > 0 && id[6] < 0x60 && id[8] >= 0x80) {
		return string(id[:])
	}
	return string(id[10:16]) + string(id[8:10]) + string(id[6:8]) + string(id[4:6]) + string(id[0:4])
}

func mustUUID(s string) ulid.ULID {
	id, err := ulid.ParseUUID(s)
	if err != nil {
		panic(err)
	}
	return id
}
