package integration

// Tests of the SQL kit's typed public ID functions, in
// sql/postgres/ulid_public_id.sql and sql/mariadb/ulid_public_id.sql
// (docs/public-ids.md, "Typed public IDs"), against the real servers and this
// package's typed Masker, and of MariaDB's HMAC-SHA-256, which the kit makes
// of SHA2, against Python's hmac module.

import (
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
)

// TestMariaDBHMACSHA256 checks the kit's _ulid_hmac_sha256, which MariaDB
// lacks and the kit builds of SHA2 (RFC 2104), against Python's hmac module
// and Go's crypto/hmac: keys of 0 to 130 bytes (shorter than SHA-256's block
// of 64, as long, and longer, which HMAC hashes first) and messages of 0 to
// 200 bytes, every byte value among them.
func TestMariaDBHMACSHA256(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	ctx := testContext(t)
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	rng := rand.New(rand.NewPCG(33, 1))
	type pair struct{ key, msg []byte }
	var pairs []pair
	for n := range 131 {
		pairs = append(pairs, pair{randomKey(rng, n), randomKey(rng, rng.IntN(201))})
	}
	for n := range 201 {
		pairs = append(pairs, pair{randomKey(rng, 16), randomKey(rng, n)})
	}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	pairs = append(pairs, pair{all[:64], all}, pair{all[192:], all[:0]}, pair{[]byte{}, []byte{}})

	const script = `import hashlib, hmac, sys
for line in sys.stdin:
    key, msg = (bytes.fromhex(x) for x in line.split(":"))
    print(hmac.new(key, msg, hashlib.sha256).hexdigest())`
	var in strings.Builder
	for _, p := range pairs {
		in.WriteString(hex.EncodeToString(p.key) + ":" + hex.EncodeToString(p.msg) + "\n")
	}
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	fromPython := strings.Fields(string(out))
	if len(fromPython) != len(pairs) {
		t.Fatalf("python3 gave %d lines for %d pairs", len(fromPython), len(pairs))
	}
	for i, p := range pairs {
		var got []byte
		if err := db.QueryRowContext(ctx, "SELECT _ulid_hmac_sha256(?, ?)", p.key, p.msg).Scan(&got); err != nil {
			t.Fatal(err)
		}
		mac := hmac.New(sha256.New, p.key)
		mac.Write(p.msg)
		if hex.EncodeToString(got) != fromPython[i] || !hmac.Equal(got, mac.Sum(nil)) {
			t.Errorf("key of %d bytes, message of %d: MariaDB %x, Python %s, Go %x", len(p.key), len(p.msg), got, fromPython[i], mac.Sum(nil))
		}
	}
	var nulls int
	if err := db.QueryRowContext(ctx, "SELECT (_ulid_hmac_sha256(NULL, 'm') IS NULL) + (_ulid_hmac_sha256('k', NULL) IS NULL)").Scan(&nulls); err != nil || nulls != 2 {
		t.Errorf("NULL arguments: %d NULL results, %v; want 2", nulls, err)
	}
}

// typedPrefixes are the types of the differential tests: prefixes of 1 to 63
// characters, '_' inside some, and user and order, whose parts of the check
// value are the same.
var typedPrefixes = []string{"a", "user", "order", "user_group", "invoice_line_item", "x_y", strings.Repeat("q", 63)}

// typedCase is one ULID of the differential tests of typed public IDs, with
// its key and prefix, its typed public ID as the typed Masker makes it, and
// that as sent to unmask, its body in upper, lower or mixed case.
type typedCase struct {
	id     ulid.ULID
	key    []byte
	prefix string
	public string
	sent   string
}

// typedCases returns n cases: the ULIDs of kitCases, each with one of keys
// and one of typedPrefixes, chosen at random.
func typedCases(t testing.TB, n int, rng *rand.Rand, keys ...[]byte) []typedCase {
	t.Helper()
	maskers := map[string]*ulid.Masker{}
	for i, k := range keys {
		for _, p := range typedPrefixes {
			maskers[fmt.Sprint(i, p)] = typedOf(t, newMasker(t, k), p)
		}
	}
	kc := kitCases(n, rng)
	cases := make([]typedCase, len(kc))
	for i, c := range kc {
		j, p := rng.IntN(len(keys)), typedPrefixes[rng.IntN(len(typedPrefixes))]
		public := maskers[fmt.Sprint(j, p)].Mask(c.id)
		body := []byte(public[len(p)+1:])
		switch rng.IntN(3) {
		case 1:
			body = []byte(strings.ToUpper(string(body)))
		case 2:
			for k := range body {
				if rng.IntN(2) == 0 {
					body[k] = strings.ToUpper(string(body[k]))[0]
				}
			}
		}
		cases[i] = typedCase{c.id, keys[j], p, public, p + "_" + string(body)}
	}
	return cases
}

// typedOf returns the typed Masker of prefix for m, failing the test on
// error.
func typedOf(t testing.TB, m *ulid.Masker, prefix string) *ulid.Masker {
	t.Helper()
	tm, err := m.Typed(prefix)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// pgCheckTypedVectors runs the typed part of testdata/publicid.json on conn:
// each type key's mark, each typed public ID both ways (its body in either
// case), each refusal with the typed Masker's message, and the two keys
// whose type keys share a mark, refused with Typed's. The typed public IDs
// and prefixes are text of the collation coll ("" for none).
func pgCheckTypedVectors(t *testing.T, conn *pgx.Conn, d *publicIDData, coll string) {
	t.Helper()
	ctx := testContext(t)
	text := "::text"
	if coll != "" {
		text += " COLLATE " + coll
	}
	for _, k := range d.TypedKeys {
		var mark string
		if err := conn.QueryRow(ctx, "SELECT ulid_public_id_mark_typed($1"+text+", $2::bytea)", k.Prefix, d.key[k.Key]).Scan(&mark); err != nil || mark != k.Mark {
			t.Errorf("ulid_public_id_mark_typed(%s, %s) = %q, %v; want %q", k.Prefix, k.Key, mark, err, k.Mark)
		}
	}
	for _, v := range d.TypedVectors {
		id := ulid.MustParse(v.ULID)
		upper := v.Prefix + "_" + strings.ToUpper(v.PublicID[len(v.Prefix)+1:])
		var public string
		var back, fromUpper [16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_mask_typed($1::uuid, $2"+text+", $3::bytea), ulid_unmask_typed($4"+text+", $2"+text+", $3::bytea), ulid_unmask_typed($5"+text+", $2"+text+", $3::bytea)",
			id.UUIDString(), v.Prefix, d.key[v.Key], v.PublicID, upper).Scan(&public, &back, &fromUpper)
		if err != nil || public != v.PublicID || ulid.ULID(back) != id || ulid.ULID(fromUpper) != id {
			t.Errorf("%s %s %s: ulid_mask_typed %s, ulid_unmask_typed %x and %x, %v; want %s, %x", v.Key, v.Prefix, v.ULID, public, back, fromUpper, err, v.PublicID, id[:])
		}
	}
	for _, r := range d.TypedRefused {
		want := refusal(t, typedOf(t, newMasker(t, d.key[r.Key]), r.Prefix), r.Text)
		if want.err.Offset != r.Offset {
			t.Fatalf("%q: Go's offset %d, the file's %d", r.Text, want.err.Offset, r.Offset)
		}
		var got *[16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_unmask_typed($1"+text+", $2"+text+", $3::bytea)", r.Text, r.Prefix, d.key[r.Key]).Scan(&got)
		if pe := pgError(t, err, "ulid_unmask_typed("+r.Text+")"); pe.Code != "22P02" || pe.Message != want.msg {
			t.Errorf("ulid_unmask_typed(%q, %s) (%s): %s %q, want 22P02 %q", r.Text, r.Prefix, r.Error, pe.Code, pe.Message, want.msg)
		}
	}
	same := d.TypedSameMark
	_, wantErr := newMasker(t, d.key[same.Keys[0]], d.key[same.Keys[1]]).Typed(same.Prefix)
	var got *[16]byte
	err := conn.QueryRow(ctx, "SELECT ulid_unmask_typed('x', $1, $2::bytea, $3::bytea)", same.Prefix, d.key[same.Keys[0]], d.key[same.Keys[1]]).Scan(&got)
	if pe := pgError(t, err, "two keys whose type keys share a mark"); wantErr == nil || pe.Code != "22023" || pe.Message != wantErr.Error() {
		t.Errorf("ulid_unmask_typed with %v for %s: %s %q, want 22023 %v", same.Keys, same.Prefix, pe.Code, pe.Message, wantErr)
	}
}

// Every typed key, vector and refusal of testdata/publicid.json.
func TestPostgresTypedPublicIDVectors(t *testing.T) {
	pgCheckTypedVectors(t, connectPg(t, installPgPublicID(t).app), loadPublicIDData(t), "")
}

// 100,000 random ULIDs, each with one of the four keys of the vectors (128,
// 192 and 256 bits) and one of typedPrefixes at random: ulid_mask_typed
// equals the typed Masker's Mask, and ulid_unmask_typed of that typed public
// ID, its body in upper, lower or mixed case, gives the ULID back. Never
// NULL.
func TestPostgresTypedPublicIDDifferential(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	d := loadPublicIDData(t)
	ctx := testContext(t)
	cases := typedCases(t, kitValues, rand.New(rand.NewPCG(33, 5)), d.key["k128"], d.key["k128b"], d.key["k192"], d.key["k256"])
	uuids, prefixes, sent, keys := make([]string, len(cases)), make([]string, len(cases)), make([]string, len(cases)), make([][]byte, len(cases))
	for i, c := range cases {
		uuids[i], prefixes[i], sent[i], keys[i] = c.id.UUIDString(), c.prefix, c.sent, c.key
	}
	var took [2]time.Duration
	for f, q := range []string{
		`SELECT n, ulid_mask_typed(u, p, k) FROM unnest($1::uuid[], $2::text[], $3::bytea[]) WITH ORDINALITY AS v(u, p, k, n) ORDER BY n`,
		`SELECT n, ulid_unmask_typed(s, p, k)::text FROM unnest($1::text[], $2::text[], $3::bytea[]) WITH ORDINALITY AS v(s, p, k, n) ORDER BY n`,
	} {
		start := time.Now()
		rows, err := app.Query(ctx, q, [][]string{uuids, sent}[f], prefixes, keys)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var i int
		var got *string
		_, err = pgx.ForEachRow(rows, []any{&i, &got}, func() error {
			c := cases[i-1]
			if want := [2]string{c.public, c.id.UUIDString()}[f]; got == nil || *got != want {
				return fmt.Errorf("%s, key of %d bytes, %s: %v, want %s", c.sent, len(c.key), c.prefix, got, want)
			}
			n++
			return nil
		})
		if err != nil || n != len(cases) {
			t.Fatalf("%.40s: %d rows, %v", q, n, err)
		}
		took[f] = time.Since(start)
	}
	logSpeed(t, "PostgreSQL", [2]string{"ulid_mask_typed", "ulid_unmask_typed"}, len(cases), took)
}

// Each text that the typed Masker of user refuses, as badPublicIDsOf makes
// it (other prefixes and none, ULID, UUID and TypeID text, bad characters,
// typos, overflow, other keys), is an error with SQLSTATE 22P02 and Unmask's
// message, with one key and with two; a bad key, no key, and two keys with
// one mark, of their own or of the type, are 22023 with NewMasker's and
// Typed's messages; NULL in any argument gives NULL.
func TestPostgresTypedPublicIDBadInput(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	d := loadPublicIDData(t)
	ctx := testContext(t)
	k128, k256 := d.key["k128"], d.key["k256"]
	user := typedOf(t, newMasker(t, k128), "user")
	var others []*ulid.Masker
	for _, k := range []string{"k128b", "k256", "k192"} {
		others = append(others, typedOf(t, newMasker(t, d.key[k]), "user"))
	}
	bad := badPublicIDsOf(t, user, append(others, newMasker(t, k128), typedOf(t, newMasker(t, k128), "order")), false)
	if len(bad) < 600 {
		t.Fatalf("only %d bad typed public IDs", len(bad))
	}
	// With k256 second, its public IDs open; the others' are refused alike.
	ofK256 := others[1].Mask(ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC"))
	for _, b := range bad {
		for _, keys := range [][][]byte{{k128}, {k128, k256}} {
			if len(keys) == 2 && b.text == ofK256 {
				continue
			}
			var got *[16]byte
			err := app.QueryRow(ctx, "SELECT ulid_unmask_typed($1, 'user', VARIADIC $2::bytea[])", b.text, keys).Scan(&got)
			if pe := pgError(t, err, fmt.Sprintf("ulid_unmask_typed(%q)", b.text)); pe.Code != "22P02" || pe.Message != b.msg {
				t.Errorf("ulid_unmask_typed(%q, %d keys): %s %q, want 22P02 %q", b.text, len(keys), pe.Code, pe.Message, b.msg)
			}
		}
	}
	good := user.Mask(ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	for n := range 41 {
		if n == 16 || n == 24 || n == 32 {
			continue
		}
		key := make([]byte, n)
		_, want := ulid.NewMasker(key)
		_, want2 := ulid.NewMasker(k128, key)
		for _, q := range []struct {
			sql  string
			args []any
			want error
		}{
			{"SELECT ulid_mask_typed('01563df3-6481-d676-4c61-efb99302bd5b', 'user', $1)::text", []any{key}, want},
			{"SELECT ulid_unmask_typed($2, 'user', $1)::text", []any{key, good}, want},
			{"SELECT ulid_public_id_mark_typed('user', $1)::text", []any{key}, want},
			{"SELECT ulid_unmask_typed($2, 'user', $3, $1)::text", []any{key, good, k128}, want2},
		} {
			var got *string
			err := app.QueryRow(ctx, q.sql, q.args...).Scan(&got)
			if pe := pgError(t, err, q.sql); q.want == nil || pe.Code != "22023" || pe.Message != q.want.Error() {
				t.Errorf("%s with a key of %d bytes: %s %q, want 22023 %v", q.sql, n, pe.Code, pe.Message, q.want)
			}
		}
	}
	_, noKey := ulid.NewMasker()
	_, twice := ulid.NewMasker(k128, k128)
	var got *[16]byte
	for _, q := range []struct {
		sql  string
		args []any
		want error
	}{
		{"SELECT ulid_unmask_typed($1, 'user', VARIADIC '{}'::bytea[])", []any{good}, noKey},
		{"SELECT ulid_unmask_typed($1, 'user', $2, $2)", []any{good, k128}, twice},
	} {
		err := app.QueryRow(ctx, q.sql, q.args...).Scan(&got)
		if pe := pgError(t, err, q.sql); pe.Code != "22023" || pe.Message != q.want.Error() {
			t.Errorf("%s: %s %q, want 22023 %v", q.sql, pe.Code, pe.Message, q.want)
		}
	}

	// NULL wins over every other fault, a bad key or prefix included.
	var nulls int
	if err := app.QueryRow(ctx, `SELECT num_nulls(ulid_mask_typed(NULL, 'user', $1), ulid_mask_typed('01563df3-6481-d676-4c61-efb99302bd5b', NULL, $1),
			ulid_mask_typed('01563df3-6481-d676-4c61-efb99302bd5b', 'user', NULL), ulid_unmask_typed(NULL, 'user', $1),
			ulid_unmask_typed($2, NULL, $1), ulid_unmask_typed($2, 'user', NULL::bytea), ulid_unmask_typed($2, 'user', $1, NULL),
			ulid_unmask_typed($2, 'user', VARIADIC NULL::bytea[]), ulid_public_id_mark_typed(NULL, $1), ulid_public_id_mark_typed('user', NULL),
			ulid_unmask_typed('x', 'User', $3, NULL), ulid_mask_typed(NULL, 'User', $3), ulid_unmask_typed($2, NULL, $3))`,
		k128, good, []byte{0}).Scan(&nulls); err != nil || nulls != 13 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 13", nulls, err)
	}
}

// Keys rotate per type as they do for untyped public IDs: a new key masks,
// the typed public IDs of the new and of the old key both open with
// ulid_unmask_typed(p, type, new, old), as a typed Masker of both keys does;
// once the old key is retired, its typed public IDs are refused as made with
// another key.
func TestPostgresTypedPublicIDRotation(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	ctx := testContext(t)
	checkTypedRotation(t, rand.New(rand.NewPCG(33, 6)), 32, "22P02",
		func(prefix string, id ulid.ULID, old string, newKey, oldKey []byte) (public string, a, b ulid.ULID) {
			if err := app.QueryRow(ctx, `SELECT ulid_mask_typed($1::uuid, $2, $3::bytea), ulid_unmask_typed($4, $2, $3::bytea, $5::bytea),
					ulid_unmask_typed(ulid_mask_typed($1::uuid, $2, $3::bytea), $2, $3::bytea, $5::bytea)`,
				id.UUIDString(), prefix, newKey, old, oldKey).Scan(&public, &a, &b); err != nil {
				t.Fatal(err)
			}
			return public, a, b
		},
		func(prefix, old string, newKey []byte) (state, msg string) {
			var got *[16]byte
			pe := pgError(t, app.QueryRow(ctx, "SELECT ulid_unmask_typed($1, $2, $3::bytea)", old, prefix, newKey).Scan(&got), "retired key")
			return pe.Code, pe.Message
		})
}

// checkTypedRotation rotates keys for the types user and order, from an old
// 16-byte key to a new key of newSize bytes, drawn from rng, on 50 ULIDs
// each. both(prefix, id, old, newKey, oldKey) gives, from the server, the
// typed public ID of id under the new key, and the ULIDs that old, the typed
// public ID of the old key, and the new one open to with both keys; retired
// the SQLSTATE and message of opening old with the new key alone. They must
// be what typed Maskers of the keys give, with the SQLSTATE state.
func checkTypedRotation(t *testing.T, rng *rand.Rand, newSize int, state string,
	both func(prefix string, id ulid.ULID, old string, newKey, oldKey []byte) (string, ulid.ULID, ulid.ULID),
	retired func(prefix, old string, newKey []byte) (state, msg string)) {
	t.Helper()
	oldKey, newKey := rotationKeys(t, rng, newSize)
	for _, prefix := range []string{"user", "order"} {
		before := typedOf(t, newMasker(t, oldKey), prefix)
		during, after := typedOf(t, newMasker(t, newKey, oldKey), prefix), typedOf(t, newMasker(t, newKey), prefix)
		for range 50 {
			id := ulid.Make()
			old := before.Mask(id)
			public, a, b := both(prefix, id, old, newKey, oldKey)
			if public != during.Mask(id) || a != id || b != id {
				t.Fatalf("%s %v: the new key's typed public ID %s (Go %s); the old one opens to %v, the new one to %v", prefix, id, public, during.Mask(id), a, b)
			}
			want := refusal(t, after, old)
			if gotState, msg := retired(prefix, old, newKey); !errors.Is(want.err, ulid.ErrUnknownMaskingKey) || gotState != state || msg != want.msg {
				t.Fatalf("%s of the retired key, with the new key: %s %q, want %s %q", old, gotState, msg, state, want.msg)
			}
		}
	}
}

// mariadbError returns err's SQLSTATE and message, failing the test if it
// is not a MariaDB error.
func mariadbError(t *testing.T, err error, what string) (state, msg string) {
	t.Helper()
	var me *mysql.MySQLError
	if !errors.As(err, &me) {
		t.Fatalf("%s: %v, want a server error", what, err)
	}
	return string(me.SQLState[:]), me.Message
}

// mariadbCheckTypedVectors runs the typed part of testdata/publicid.json
// whose keys MariaDB takes (128 bits) on db: each type key's mark, each
// typed public ID both ways (its body in either case), each refusal with
// the typed Masker's message, and the two keys whose type keys share a
// mark, refused by ulid_unmask_typed_either with Typed's message.
func mariadbCheckTypedVectors(t *testing.T, db *sql.DB, d *publicIDData) {
	t.Helper()
	ctx := testContext(t)
	for _, k := range d.TypedKeys {
		if len(d.key[k.Key]) != 16 {
			continue
		}
		var mark string
		if err := db.QueryRowContext(ctx, "SELECT ulid_public_id_mark_typed(?, ?)", k.Prefix, d.key[k.Key]).Scan(&mark); err != nil || mark != k.Mark {
			t.Errorf("ulid_public_id_mark_typed(%s, %s) = %q, %v; want %q", k.Prefix, k.Key, mark, err, k.Mark)
		}
	}
	n := 0
	for _, v := range d.TypedVectors {
		key := d.key[v.Key]
		if len(key) != 16 {
			continue
		}
		n++
		id := ulid.MustParse(v.ULID)
		upper := v.Prefix + "_" + strings.ToUpper(v.PublicID[len(v.Prefix)+1:])
		var public string
		var back, fromUpper []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_mask_typed(?, ?, ?), ulid_unmask_typed(?, ?, ?), ulid_unmask_typed(?, ?, ?)",
			id[:], v.Prefix, key, v.PublicID, v.Prefix, key, upper, v.Prefix, key).Scan(&public, &back, &fromUpper)
		if err != nil || public != v.PublicID || string(back) != string(id[:]) || string(fromUpper) != string(id[:]) {
			t.Errorf("%s %s %s: ulid_mask_typed %s, ulid_unmask_typed %x and %x, %v; want %s, %x", v.Key, v.Prefix, v.ULID, public, back, fromUpper, err, v.PublicID, id[:])
		}
	}
	if n < 12 {
		t.Fatalf("only %d typed vectors of 128-bit keys", n)
	}
	for _, r := range d.TypedRefused {
		want := refusal(t, typedOf(t, newMasker(t, d.key[r.Key]), r.Prefix), r.Text)
		var got []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_unmask_typed(?, ?, ?)", r.Text, r.Prefix, d.key[r.Key]).Scan(&got)
		if state, msg := mariadbError(t, err, "ulid_unmask_typed("+r.Text+")"); state != "22018" || msg != want.msg {
			t.Errorf("ulid_unmask_typed(%q, %s) (%s): %s %q, want 22018 %q", r.Text, r.Prefix, r.Error, state, msg, want.msg)
		}
	}
	// The same mark for one type: k128 and k256 in the file, but MariaDB
	// takes 128-bit keys only, so two of those found here.
	k1, k2, prefix := sameTypedMark(t)
	_, wantErr := newMasker(t, k1, k2).Typed(prefix)
	var got []byte
	err := db.QueryRowContext(ctx, "SELECT ulid_unmask_typed_either('x', ?, ?, ?)", prefix, k1, k2).Scan(&got)
	if state, msg := mariadbError(t, err, "two keys whose type keys share a mark"); wantErr == nil || state != "22023" || msg != wantErr.Error() {
		t.Errorf("ulid_unmask_typed_either with two keys whose type keys share a mark for %s: %s %q, want 22023 %v", prefix, state, msg, wantErr)
	}
}

// sameTypedMark returns two 128-bit keys, with different marks, whose type
// keys for prefix have the same mark: the keys k128 and k128b of the vectors
// and the first prefix, in the order a, b, ..., z, aa, ab, ..., that gives
// them one mark.
func sameTypedMark(t *testing.T) (k1, k2 []byte, prefix string) {
	t.Helper()
	d := loadPublicIDData(t)
	k1, k2 = d.key["k128"], d.key["k128b"]
	for i := range 100_000 {
		prefix = ""
		for n := i; ; n = n/26 - 1 {
			prefix = string(rune('a'+n%26)) + prefix
			if n < 26 {
				break
			}
		}
		if _, err := newMasker(t, k1, k2).Typed(prefix); errors.Is(err, ulid.ErrInvalidMaskingKey) {
			return k1, k2, prefix
		}
	}
	t.Fatal("no prefix of 100,000 gives the type keys of k128 and k128b one mark")
	return nil, nil, ""
}

// Every typed key, vector and refusal of testdata/publicid.json whose key is
// of 128 bits.
func TestMariaDBTypedPublicIDVectors(t *testing.T) {
	mariadbCheckTypedVectors(t, openSQL(t, "mysql", installMariaDBPublicID(t)), loadPublicIDData(t))
}

// 100,000 random ULIDs, each with one of two 128-bit keys and one of
// typedPrefixes at random, in batches of 1,000: ulid_mask_typed equals the
// typed Masker's Mask, and ulid_unmask_typed of that typed public ID, its
// body in upper, lower or mixed case, gives the ULID back. Never NULL.
func TestMariaDBTypedPublicIDDifferential(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	d := loadPublicIDData(t)
	cases := typedCases(t, kitValues, rand.New(rand.NewPCG(33, 7)), d.key["k128"], d.key["k128b"])
	rows := make([][]any, len(cases))
	for i, c := range cases {
		rows[i] = []any{i, c.id[:], c.prefix, c.sent, c.key}
	}
	took := mariadbBothWays(t, db, "tpid_in (n INT PRIMARY KEY, b BINARY(16), p VARBINARY(64), s VARBINARY(128), k BINARY(16))", rows,
		[2]string{"SELECT n, ulid_mask_typed(b, p, k) FROM tpid_in ORDER BY n", "SELECT n, ulid_unmask_typed(s, p, k) FROM tpid_in ORDER BY n"},
		func(f, i int) string { return [2]string{cases[i].public, string(cases[i].id[:])}[f] })
	logSpeed(t, "MariaDB", [2]string{"ulid_mask_typed", "ulid_unmask_typed"}, len(cases), took)
}

// Each text that the typed Masker of user refuses, as badPublicIDsOf makes
// it, NUL and bytes that are not UTF-8 included, is an error with SQLSTATE
// 22018 and Unmask's message, from ulid_unmask_typed and
// ulid_unmask_typed_either; keys that are not 16 bytes, and two keys with
// one mark, are 22023 with NewMasker's message; NULL in any argument gives
// NULL.
func TestMariaDBTypedPublicIDBadInput(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	d := loadPublicIDData(t)
	ctx := testContext(t)
	k128, k128b := d.key["k128"], d.key["k128b"]
	other := randomKey(rand.New(rand.NewPCG(33, 8)), 16)
	user := typedOf(t, newMasker(t, k128), "user")
	bad := badPublicIDsOf(t, user, []*ulid.Masker{typedOf(t, newMasker(t, k128b), "user"), typedOf(t, newMasker(t, other), "user"),
		newMasker(t, k128), typedOf(t, newMasker(t, k128), "order")}, true)
	if len(bad) < 600 {
		t.Fatalf("only %d bad typed public IDs", len(bad))
	}
	ofOther := typedOf(t, newMasker(t, other), "user").Mask(ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC"))
	for _, b := range bad {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"SELECT ulid_unmask_typed(?, 'user', ?)", []any{[]byte(b.text), k128}},
			{"SELECT ulid_unmask_typed_either(?, 'user', ?, ?)", []any{[]byte(b.text), k128, other}},
		} {
			if b.text == ofOther && len(q.args) == 3 {
				continue // it opens with other
			}
			var got []byte
			err := db.QueryRowContext(ctx, q.sql, q.args...).Scan(&got)
			if state, msg := mariadbError(t, err, fmt.Sprintf("%s(%q)", q.sql, b.text)); state != "22018" || msg != b.msg {
				t.Errorf("%s(%q): %s %q, want 22018 %q", q.sql, b.text, state, msg, b.msg)
			}
		}
	}
	good := user.Mask(ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	for n := range 41 {
		if n == 16 {
			continue
		}
		key := make([]byte, n)
		want := fmt.Sprintf("ulid: invalid masking key: key %%d is %d bytes, want 16 (32 hex digits): MariaDB's AES_ENCRYPT takes only 128-bit keys", n)
		for _, q := range []struct {
			sql  string
			args []any
			pos  int
		}{
			{"SELECT ulid_mask_typed(?, 'user', ?)", []any{make([]byte, 16), key}, 1},
			{"SELECT ulid_unmask_typed(?, 'user', ?)", []any{good, key}, 1},
			{"SELECT ulid_public_id_mark_typed('user', ?)", []any{key}, 1},
			{"SELECT ulid_unmask_typed_either(?, 'user', ?, ?)", []any{good, key, k128}, 1},
			{"SELECT ulid_unmask_typed_either(?, 'user', ?, ?)", []any{good, k128, key}, 2},
		} {
			var got any
			err := db.QueryRowContext(ctx, q.sql, q.args...).Scan(&got)
			if state, msg := mariadbError(t, err, q.sql); state != "22023" || msg != fmt.Sprintf(want, q.pos) {
				t.Errorf("%s with a key of %d bytes: %s %q, want 22023 %q", q.sql, n, state, msg, fmt.Sprintf(want, q.pos))
			}
		}
	}
	_, twice := ulid.NewMasker(k128, k128)
	var got []byte
	err := db.QueryRowContext(ctx, "SELECT ulid_unmask_typed_either(?, 'user', ?, ?)", good, k128, k128).Scan(&got)
	if state, msg := mariadbError(t, err, "one key twice"); state != "22023" || msg != twice.Error() {
		t.Errorf("ulid_unmask_typed_either with one key twice: %s %q, want 22023 %v", state, msg, twice)
	}
	var nulls int
	if err := db.QueryRowContext(ctx, `SELECT (ulid_mask_typed(NULL, 'user', ?) IS NULL) + (ulid_mask_typed(?, NULL, ?) IS NULL) + (ulid_mask_typed(?, 'user', NULL) IS NULL)
		+ (ulid_unmask_typed(NULL, 'user', ?) IS NULL) + (ulid_unmask_typed(?, NULL, ?) IS NULL) + (ulid_unmask_typed(?, 'user', NULL) IS NULL)
		+ (ulid_unmask_typed_either(NULL, 'user', ?, ?) IS NULL) + (ulid_unmask_typed_either(?, NULL, ?, ?) IS NULL)
		+ (ulid_unmask_typed_either(?, 'user', NULL, ?) IS NULL) + (ulid_unmask_typed_either(?, 'user', ?, NULL) IS NULL)
		+ (ulid_public_id_mark_typed(NULL, ?) IS NULL) + (ulid_public_id_mark_typed('user', NULL) IS NULL)
		+ (ulid_unmask_typed(?, 'User', NULL) IS NULL) + (ulid_mask_typed(NULL, 'User', ?) IS NULL)`,
		k128, make([]byte, 16), k128, make([]byte, 16),
		k128, good, k128, good,
		k128, other, good, k128, other,
		good, other, good, k128,
		k128,
		good, []byte{0}).Scan(&nulls); err != nil || nulls != 14 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 14 (NULL wins over a bad key or prefix, as in PostgreSQL)", nulls, err)
	}
}

// Keys rotate per type: a new key masks; ulid_unmask_typed_either(p, type,
// new, old) opens the typed public IDs of both, the mark picking the key, as
// a typed Masker of both keys does; once the old key is retired, its typed
// public IDs are refused as made with another key.
func TestMariaDBTypedPublicIDRotation(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	ctx := testContext(t)
	checkTypedRotation(t, rand.New(rand.NewPCG(33, 9)), 16, "22018",
		func(prefix string, id ulid.ULID, old string, newKey, oldKey []byte) (public string, a, b ulid.ULID) {
			var ab, bb []byte
			if err := db.QueryRowContext(ctx, "SELECT ulid_mask_typed(?, ?, ?), ulid_unmask_typed_either(?, ?, ?, ?), ulid_unmask_typed_either(ulid_mask_typed(?, ?, ?), ?, ?, ?)",
				id[:], prefix, newKey, old, prefix, newKey, oldKey, id[:], prefix, newKey, prefix, newKey, oldKey).Scan(&public, &ab, &bb); err != nil {
				t.Fatal(err)
			}
			return public, ulid.ULID(ab), ulid.ULID(bb)
		},
		func(prefix, old string, newKey []byte) (state, msg string) {
			var got []byte
			return mariadbError(t, db.QueryRowContext(ctx, "SELECT ulid_unmask_typed(?, ?, ?)", old, prefix, newKey).Scan(&got), "retired key")
		})
}

// badTypedPrefixes are prefixes Masker.Typed refuses: empty, each way of
// breaking TypeID's rule at the start, middle and end (upper case, digits,
// '_' alone or at an end), 64 characters and more (a bad byte past the 63rd
// is not named: the length is), and bytes that are quoted or written in hex
// in the message (quote, backslash, control characters, the first byte of
// a character of two to four bytes in UTF-8).
var badTypedPrefixes = []string{"", "User", "useR", "user_", "_user", "_", "a_", "us3r", "user1", "9", "a-b", "a b", "a'b", `a\b`,
	"a\x01b", "a\x7fb", "usér", "ü", "user€", "\U0001F600", strings.Repeat("a", 64), strings.Repeat("a", 63) + "U",
	strings.Repeat("a", 62) + "_", strings.Repeat("a", 63) + "_", strings.Repeat("ab_", 70)}

// typedPrefixErrors returns, for each of badTypedPrefixes and more,
// Masker.Typed's error for it, whose message the kits must give, SQLSTATE
// 22023.
func typedPrefixErrors(t *testing.T, key []byte, more ...string) map[string]error {
	t.Helper()
	m := newMasker(t, key)
	errs := map[string]error{}
	for _, p := range append(more, badTypedPrefixes...) {
		_, err := m.Typed(p)
		if !errors.Is(err, ulid.ErrInvalidPrefix) {
			t.Fatalf("Masker.Typed(%q) = %v, want ErrInvalidPrefix", p, err)
		}
		errs[p] = err
	}
	return errs
}

// A prefix that breaks TypeID's rule is SQLSTATE 22023 with Masker.Typed's
// message, naming the first byte that breaks it and its offset, in every
// typed function of both kits.
func TestPostgresTypedPublicIDBadPrefix(t *testing.T) {
	pgCheckBadPrefixes(t, connectPg(t, installPgPublicID(t).app), "")
}

// pgCheckBadPrefixes checks that each typed function of the PostgreSQL kit,
// called through conn with the prefix in the collation coll (none if ""),
// refuses each of badTypedPrefixes with SQLSTATE 22023 and Masker.Typed's
// message.
func pgCheckBadPrefixes(t *testing.T, conn *pgx.Conn, coll string) {
	t.Helper()
	d := loadPublicIDData(t)
	ctx := testContext(t)
	k128 := d.key["k128"]
	good := typedOf(t, newMasker(t, k128), "user").Mask(ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	prefix := "$1::text"
	if coll != "" {
		prefix += " COLLATE " + coll
	}
	for p, want := range typedPrefixErrors(t, k128) {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"SELECT ulid_mask_typed('01563df3-6481-d676-4c61-efb99302bd5b', " + prefix + ", $2)::text", []any{p, k128}},
			{"SELECT ulid_unmask_typed($3, " + prefix + ", $2)::text", []any{p, k128, good}},
			{"SELECT ulid_unmask_typed($3, " + prefix + ", $2, $4)::text", []any{p, k128, good, d.key["k256"]}},
			{"SELECT ulid_public_id_mark_typed(" + prefix + ", $2)::text", []any{p, k128}},
		} {
			var got *string
			err := conn.QueryRow(ctx, q.sql, q.args...).Scan(&got)
			if pe := pgError(t, err, q.sql); pe.Code != "22023" || pe.Message != want.Error() {
				t.Errorf("%s with the prefix %q: %s %q, want 22023 %q", q.sql, p, pe.Code, pe.Message, want)
			}
		}
	}
}

func TestMariaDBTypedPublicIDBadPrefix(t *testing.T) {
	mariadbCheckBadPrefixes(t, openSQL(t, "mysql", installMariaDBPublicID(t)), false)
}

// mariadbCheckBadPrefixes checks that each typed function of the MariaDB
// kit, called through db, refuses each of badTypedPrefixes with SQLSTATE
// 22023 and Masker.Typed's message. With emptyIsNull (the caller's sql_mode
// has EMPTY_STRING_IS_NULL), MariaDB passes the empty prefix as NULL, so
// the functions must return NULL for it, as for NULL. The prefix parameters
// are LONGBLOB, so bytes PostgreSQL's text cannot hold (NUL, bytes that are
// not UTF-8) are checked too.
func mariadbCheckBadPrefixes(t *testing.T, db *sql.DB, emptyIsNull bool) {
	t.Helper()
	d := loadPublicIDData(t)
	ctx := testContext(t)
	k128 := d.key["k128"]
	good := typedOf(t, newMasker(t, k128), "user").Mask(ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	for p, want := range typedPrefixErrors(t, k128, "a\x00b", "\xff", "a\x80b", "us\xc3") {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"SELECT ulid_mask_typed(?, ?, ?)", []any{id[:], p, k128}},
			{"SELECT ulid_unmask_typed(?, ?, ?)", []any{good, p, k128}},
			{"SELECT ulid_unmask_typed_either(?, ?, ?, ?)", []any{good, p, k128, d.key["k128b"]}},
			{"SELECT ulid_public_id_mark_typed(?, ?)", []any{p, k128}},
		} {
			var got []byte
			err := db.QueryRowContext(ctx, q.sql, q.args...).Scan(&got)
			if emptyIsNull && p == "" {
				if err != nil || got != nil {
					t.Errorf("%s with the prefix '' under EMPTY_STRING_IS_NULL: %x, %v; want NULL, as for NULL", q.sql, got, err)
				}
				continue
			}
			if state, msg := mariadbError(t, err, q.sql); state != "22023" || msg != want.Error() {
				t.Errorf("%s with the prefix %q: %s %q, want 22023 %q", q.sql, p, state, msg, want)
			}
		}
	}
}
