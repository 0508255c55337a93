package integration

// TypeID text in the SQL kit on MariaDB: bin_to_typeid and typeid_to_bin of
// sql/mariadb/ulid.sql against the Go package.

import (
	"database/sql"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/ulidgo/ulid"
)

// mariadbSignalLimit is the most characters a SIGNAL's MESSAGE_TEXT holds.
const mariadbSignalLimit = 128

// mariadbMessage returns the message the MariaDB kit gives for Go's error
// err: err's own, or, where that is longer than SIGNAL's limit (only the
// message of another prefix, which quotes a long prefix, is), its first 124
// characters and `..."`, as sql/mariadb/ulid.sql and docs/sql.md say.
func mariadbMessage(t *testing.T, err error) string {
	t.Helper()
	msg := err.Error()
	if len(msg) <= mariadbSignalLimit {
		return msg
	}
	if !errors.Is(err, ulid.ErrWrongPrefix) {
		t.Fatalf("%q is over %d characters and not the error of another prefix", msg, mariadbSignalLimit)
	}
	return msg[:mariadbSignalLimit-4] + `..."`
}

// The specification's valid data and 100,000 random IDs with random
// prefixes, both ways, as ulid.AppendTypeID and ulid.ParseTypeID give them.
func TestMariaDBKitTypeID(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rng := rand.New(rand.NewPCG(33, 3))
	var texts, prefixes []string
	var ids []ulid.ULID
	for _, v := range readTypeIDVectors(t, typeIDValidFile) {
		prefix, id, err := ulid.ParseTypeID(v.TypeID)
		if err != nil || prefix != v.Prefix || id.UUIDString() != v.UUID {
			t.Fatalf("valid vector %s: ParseTypeID(%q) = %q, %v, %v; want %q, %s", v.Name, v.TypeID, prefix, id.UUIDString(), err, v.Prefix, v.UUID)
		}
		texts, prefixes, ids = append(texts, v.TypeID), append(prefixes, v.Prefix), append(ids, id)
	}
	empty, longest := 0, 0
	for range 100_000 {
		id, prefix := kitRandomID(rng), kitRandomPrefix(rng)
		texts, prefixes, ids = append(texts, typeIDText(t, prefix, id)), append(prefixes, prefix), append(ids, id)
		switch len(prefix) {
		case 0:
			empty++
		case ulid.MaxPrefixLength:
			longest++
		}
	}
	if empty == 0 || longest == 0 {
		t.Fatalf("%d empty prefixes, %d of 63 bytes; want some of each", empty, longest)
	}
	if _, err := conn.ExecContext(ctx, "CREATE TEMPORARY TABLE kit_typeid (n INT PRIMARY KEY, s VARBINARY(255), p VARBINARY(255), b BINARY(16))"); err != nil {
		t.Fatal(err)
	}
	const batch = 1000
	for i := 0; i < len(texts); i += batch {
		end := min(i+batch, len(texts))
		args := make([]any, 0, 4*(end-i))
		for j := i; j < end; j++ {
			args = append(args, j, []byte(texts[j]), []byte(prefixes[j]), ids[j][:])
		}
		q := "INSERT INTO kit_typeid VALUES " + strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?), ", end-i), ", ")
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := conn.QueryContext(ctx, "SELECT n, typeid_to_bin(s, p), bin_to_typeid(b, p) FROM kit_typeid ORDER BY n")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var i int
		var parsed []byte
		var text string
		if err := rows.Scan(&i, &parsed, &text); err != nil {
			t.Fatal(err)
		}
		if string(parsed) != string(ids[i][:]) {
			t.Errorf("typeid_to_bin(%q, %q) = %x, want %x", texts[i], prefixes[i], parsed, ids[i][:])
		}
		if text != texts[i] {
			t.Errorf("bin_to_typeid(%x, %q) = %q, want %q", ids[i][:], prefixes[i], text, texts[i])
		}
		n++
	}
	if err := rows.Err(); err != nil || n != len(texts) {
		t.Fatalf("%d rows, %v; want %d", n, err, len(texts))
	}

	var nulls int
	if err := conn.QueryRowContext(ctx, `SELECT (typeid_to_bin(NULL, 'user') IS NULL) + (typeid_to_bin('user_01h455vb4pex5vsknk084sn02q', NULL) IS NULL)
		+ (bin_to_typeid(NULL, 'user') IS NULL) + (bin_to_typeid(X'01890A5DAC96774BBCCEB302099A8057', NULL) IS NULL)`).Scan(&nulls); err != nil || nulls != 4 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 4", nulls, err)
	}
}

// Text that is not TypeID text of the expected prefix is an error with
// SQLSTATE 22018 and ulid.ParseTyped's message, cut as mariadbMessage says
// where it is over SIGNAL's limit; a prefix argument that
// ulid.AppendTypeID refuses is 22023 and its message, in both functions,
// before a bad ID; an ID of another length than 16 bytes is bin_to_ulid's
// error.
func TestMariaDBKitTypeIDRefusals(t *testing.T) {
	db := openMariaDBKit(t)
	ctx := testContext(t)
	rng := rand.New(rand.NewPCG(33, 4))
	refusals := typeIDRefusals(t, rng)
	refusals = append(refusals, longPrefixRefusals(t, rng, 300)...)
	if len(refusals) < 2000 {
		t.Fatalf("only %d refusals", len(refusals))
	}
	wrong, cut, full := 0, 0, 0
	for _, r := range refusals {
		want := mariadbMessage(t, r.err)
		if errors.Is(r.err, ulid.ErrWrongPrefix) {
			wrong++
			switch msg := r.err.Error(); {
			case want != msg:
				cut++
			case len(msg) == mariadbSignalLimit:
				full++
			}
		}
		var got []byte
		err := db.QueryRowContext(ctx, "SELECT typeid_to_bin(?, ?)", []byte(r.text), []byte(r.prefix)).Scan(&got)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1644 || string(me.SQLState[:]) != "22018" || me.Message != want {
			t.Errorf("typeid_to_bin(%q, %q) = %x, %v; want error 22018 %q", r.text, r.prefix, got, err, want)
		}
	}
	// The cut is made, and only past the limit: some messages of exactly
	// 128 characters are whole.
	if wrong < 200 || cut < 100 || full == 0 {
		t.Errorf("%d refusals of another prefix, %d of them cut, %d whole at %d characters; want at least 200, 100 and 1", wrong, cut, full, mariadbSignalLimit)
	}
	t.Logf("%d refusals, %d of another prefix, %d of those cut to %d characters", len(refusals), wrong, cut, mariadbSignalLimit)

	id := ulid.MustParse("01H455VB4PEX5VSKNK084SN02Q")
	for _, p := range badTypeIDPrefixes {
		want := prefixRefusal(t, p).Error()
		for _, c := range []struct {
			query string
			args  []any
		}{
			{"SELECT bin_to_typeid(?, ?)", []any{id[:], []byte(p)}},
			{"SELECT bin_to_typeid(?, ?)", []any{[]byte("short"), []byte(p)}}, // the prefix first
			{"SELECT typeid_to_bin(?, ?)", []any{[]byte("user_01h455vb4pex5vsknk084sn02q"), []byte(p)}},
			{"SELECT typeid_to_bin(?, ?)", []any{[]byte("bad"), []byte(p)}}, // the prefix first
		} {
			var got any
			err := db.QueryRowContext(ctx, c.query, c.args...).Scan(&got)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1644 || string(me.SQLState[:]) != "22023" || me.Message != want {
				t.Errorf("%s with prefix %q = %v, %v; want error 22023 %q", c.query, p, got, err, want)
			}
		}
	}
	for _, n := range []int{0, 15, 17, 26, 300} {
		in := make([]byte, n)
		var want ulid.ULID
		wantErr := want.UnmarshalBinary(in)
		var got sql.NullString
		err := db.QueryRowContext(ctx, "SELECT bin_to_typeid(?, 'user')", in).Scan(&got)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || wantErr == nil || me.Message != wantErr.Error() {
			t.Errorf("bin_to_typeid(%d bytes, 'user') = %v, %v; want error 22018 %q", n, got, err, wantErr)
		}
	}
}
