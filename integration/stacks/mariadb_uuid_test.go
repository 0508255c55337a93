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
	// MariaDB 10.11 refuses a quarter of all ULIDs (mariaDBRefuses), and
	// sorts those whose byte 8 is 0x80 or more and whose byte 6 is 0x01 to
	// 0x5f, 95 in 512, by their last group, which in a ULID is random: see
	// mariaDBUUIDKey. Of 400, about 100 and 74.
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
		invalid := mariaDBRefuses(id)
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

// mariaDBRefuses reports whether MariaDB 10.11's UUID type refuses id as
// UUID text (Error 1292, Incorrect uuid value), as the tests found it: when
// byte 6 (the version digit, the 13th hex digit) is 0x80 or more and byte 8
// (the 17th and 18th hex digits) is 0x01 to 0x80. Not 0x00, and 0x80 too.
func mariaDBRefuses(id ulid.ULID) bool {
	return id[6] >= 0x80 && id[8] >= 0x01 && id[8] <= 0x80
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

// uuidWith returns the UUID 01234567-89ab-VVef-WWdc-ba9876543210 with byte 6
// v and byte 8 w, the two bytes MariaDB's UUID type looks at.
func uuidWith(v, w byte) ulid.ULID {
	id := mustUUID("01234567-89ab-00ef-00dc-ba9876543210")
	id[6], id[8] = v, w
	return id
}

// TestMariaDBUUIDRule pins which values MariaDB 10.11's UUID type refuses
// and which it stores in another order, at the boundaries of each rule and
// for every pair of bytes 6 and 8.
func TestMariaDBUUIDRule(t *testing.T) {
	db, err := sql.Open("mysql", dsn(t, envMySQL))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := testContext(t)
	create := func(t *testing.T, db *sql.DB) string {
		table := tableName(t, "mr")
		for _, q := range []string{
			"DROP TABLE IF EXISTS " + table,
			"CREATE TABLE " + table + " (id UUID PRIMARY KEY, seq INT NOT NULL)",
		} {
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		return table
	}

	t.Run("every pair", func(t *testing.T) {
		// CAST(text AS UUID) is NULL for a refused value; the same check
		// as an INSERT (the boundaries below are INSERTs).
		rows, err := db.QueryContext(ctx, `SELECT v.seq, w.seq FROM seq_0_to_255 v, seq_0_to_255 w
			WHERE CAST(CONCAT('01234567-89ab-', LPAD(HEX(v.seq), 2, '0'), 'ef-', LPAD(HEX(w.seq), 2, '0'), 'dc-ba9876543210') AS UUID) IS NULL`)
		if err != nil {
			t.Fatal(err)
		}
		refused := make(map[[2]byte]bool)
		for rows.Next() {
			var v, w byte
			if err := rows.Scan(&v, &w); err != nil {
				t.Fatal(err)
			}
			refused[[2]byte{v, w}] = true
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		for v := range 256 {
			for w := range 256 {
				if got, want := refused[[2]byte{byte(v), byte(w)}], mariaDBRefuses(uuidWith(byte(v), byte(w))); got != want {
					t.Errorf("byte 6 %#02x, byte 8 %#02x: refused %t, the rule says %t", v, w, got, want)
				}
			}
		}
		// A quarter exactly: byte 6 in 0x80-0xff (128 values) times byte 8
		// in 0x01-0x80 (128 values).
		if len(refused) != 128*128 {
			t.Errorf("%d of 65536 pairs refused, want %d", len(refused), 128*128)
		}
	})

	t.Run("boundaries", func(t *testing.T) {
		table := create(t, db)
		for i, tc := range []struct {
			v, w    byte
			refused bool
		}{
			{0x00, 0x00, false},
			{0x7f, 0x01, false}, // version digit 7: any byte 8
			{0x7f, 0x80, false},
			{0x80, 0x00, false}, // byte 8 00: taken
			{0x80, 0x01, true},
			{0x80, 0x7f, true},
			{0x80, 0x80, true}, // byte 8 80: refused too
			{0x80, 0x81, false},
			{0xff, 0x00, false},
			{0xff, 0x01, true},
			{0xff, 0x80, true},
			{0xff, 0x81, false},
			{0xff, 0xff, false},
		} {
			id := uuidWith(tc.v, tc.w)
			if got := mariaDBRefuses(id); got != tc.refused {
				t.Errorf("mariaDBRefuses(%s) = %t, want %t", id.UUIDString(), got, tc.refused)
			}
			_, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, ?)", id.UUIDString(), i)
			switch {
			case tc.refused && (err == nil || !strings.Contains(err.Error(), "1292")):
				t.Errorf("INSERT %s: %v, want Error 1292 (Incorrect uuid value)", id.UUIDString(), err)
			case !tc.refused && err != nil:
				t.Errorf("INSERT %s: %v", id.UUIDString(), err)
			case !tc.refused:
				var got ulid.ULID
				if err := db.QueryRowContext(ctx, "SELECT id FROM "+table+" WHERE seq = ?", i).Scan(&got); err != nil || got != id {
					t.Errorf("SELECT %s: %s, %v", id.UUIDString(), got.UUIDString(), err)
				}
			}
		}
	})

	t.Run("order boundaries", func(t *testing.T) {
		// Two values with the same bytes 6 and 8, one with the first
		// group low and the last high, the other the opposite: ORDER BY
		// puts the first one first unless MariaDB swaps the groups.
		table := create(t, db)
		for _, v := range []byte{0x00, 0x01, 0x5f, 0x60, 0x7f, 0x80, 0xff} {
			for _, w := range []byte{0x00, 0x7f, 0x80, 0x81, 0xff} {
				low, high := uuidWith(v, w), uuidWith(v, w)
				for i := range 6 {
					low[i], high[i] = 0x00, 0xff
					low[10+i], high[10+i] = 0xff, 0x00
				}
				if mariaDBRefuses(low) {
					continue
				}
				if _, err := db.ExecContext(ctx, "DELETE FROM "+table); err != nil {
					t.Fatal(err)
				}
				for i, id := range []ulid.ULID{low, high} {
					if _, err := db.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, ?)", id.UUIDString(), i); err != nil {
						t.Fatalf("INSERT %s: %v", id.UUIDString(), err)
					}
				}
				var first ulid.ULID
				if err := db.QueryRowContext(ctx, "SELECT id FROM "+table+" ORDER BY id LIMIT 1").Scan(&first); err != nil {
					t.Fatal(err)
				}
				swapped := v >= 0x01 && v <= 0x5f && w >= 0x80
				if want := map[bool]ulid.ULID{false: low, true: high}[swapped]; first != want {
					t.Errorf("byte 6 %#02x, byte 8 %#02x: ORDER BY gives %s first, want %s (swapped: %t)", v, w, first.UUIDString(), want.UUIDString(), swapped)
				}
				if (mariaDBUUIDKey(low) != string(low[:])) != swapped {
					t.Errorf("mariaDBUUIDKey disagrees for byte 6 %#02x, byte 8 %#02x", v, w)
				}
			}
		}
	})

	t.Run("16 bytes interpolated", func(t *testing.T) {
		// With interpolateParams=true, go-sql-driver/mysql writes a []byte
		// into the SQL as _binary'…', as bun writes X'…': MariaDB takes the
		// 16 bytes without its check, and a value it would refuse as text
		// is stored, and read back, as another UUID, its groups reversed.
		// The row is there; no lookup by the ULID finds it.
		idb, err := sql.Open("mysql", dsn(t, envMySQL)+"&interpolateParams=true")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { idb.Close() })
		table := create(t, idb)
		taken, refused := uuidWith(0xcd, 0xfe), uuidWith(0x8d, 0x7e)
		for i, id := range []ulid.ULID{taken, refused} {
			if _, err := idb.ExecContext(ctx, "INSERT INTO "+table+" (id, seq) VALUES (?, ?)", id, i); err != nil {
				t.Fatalf("INSERT %s as 16 bytes: %v", id.UUIDString(), err)
			}
		}
		for i, id := range []ulid.ULID{taken, refused} {
			var got ulid.ULID
			if err := idb.QueryRowContext(ctx, "SELECT id FROM "+table+" WHERE seq = ?", i).Scan(&got); err != nil {
				t.Fatal(err)
			}
			want := id
			if mariaDBRefuses(id) {
				want = mustUUID("76543210-ba98-7edc-8def-0123456789ab") // refused's groups reversed
			}
			if got != want {
				t.Errorf("INSERT %s as 16 bytes, read back %s, want %s", id.UUIDString(), got.UUIDString(), want.UUIDString())
			}
			for _, arg := range []any{id, id.UUIDString()} {
				err := idb.QueryRowContext(ctx, "SELECT id FROM "+table+" WHERE id = ?", arg).Scan(&got)
				if found := err == nil; found == mariaDBRefuses(id) {
					t.Errorf("SELECT WHERE id = %T %s: %v", arg, id.UUIDString(), err)
				}
			}
		}
	})
}
