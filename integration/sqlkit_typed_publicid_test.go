package integration

// Tests of the SQL kit's typed public ID functions, in
// sql/postgres/ulid_public_id.sql and sql/mariadb/ulid_public_id.sql
// (docs/public-ids.md, "Typed public IDs"), against the real servers and this
// package's typed Masker, and of MariaDB's HMAC-SHA-256, which the kit makes
// of SHA2, against Python's hmac module.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"

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
// whose type keys share a mark, refused with Typed's.
func pgCheckTypedVectors(t *testing.T, conn *pgx.Conn, d *publicIDData) {
	t.Helper()
	ctx := testContext(t)
	for _, k := range d.TypedKeys {
		var mark string
		if err := conn.QueryRow(ctx, "SELECT ulid_public_id_mark_typed($1, $2::bytea)", k.Prefix, d.key[k.Key]).Scan(&mark); err != nil || mark != k.Mark {
			t.Errorf("ulid_public_id_mark_typed(%s, %s) = %q, %v; want %q", k.Prefix, k.Key, mark, err, k.Mark)
		}
	}
	for _, v := range d.TypedVectors {
		id := ulid.MustParse(v.ULID)
		upper := v.Prefix + "_" + strings.ToUpper(v.PublicID[len(v.Prefix)+1:])
		var public string
		var back, fromUpper [16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_mask_typed($1::uuid, $2, $3::bytea), ulid_unmask_typed($4, $2, $3::bytea), ulid_unmask_typed($5, $2, $3::bytea)",
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
		err := conn.QueryRow(ctx, "SELECT ulid_unmask_typed($1, $2, $3::bytea)", r.Text, r.Prefix, d.key[r.Key]).Scan(&got)
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
	pgCheckTypedVectors(t, connectPg(t, installPgPublicID(t).app), loadPublicIDData(t))
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
	t.Logf("PostgreSQL: %d ulid_mask_typed in %v (%.0f/s), %d ulid_unmask_typed in %v (%.0f/s)",
		len(cases), took[0].Round(time.Millisecond), float64(len(cases))/took[0].Seconds(),
		len(cases), took[1].Round(time.Millisecond), float64(len(cases))/took[1].Seconds())
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
	oldKey, newKey := rotationKeys(t, rand.New(rand.NewPCG(33, 6)), 32)
	for _, prefix := range []string{"user", "order"} {
		before := typedOf(t, newMasker(t, oldKey), prefix)
		during, after := typedOf(t, newMasker(t, newKey, oldKey), prefix), typedOf(t, newMasker(t, newKey), prefix)
		for range 50 {
			id := ulid.Make()
			oldPublic := before.Mask(id)
			var newPublic string
			var a, b [16]byte
			if err := app.QueryRow(ctx, `SELECT ulid_mask_typed($1::uuid, $2, $3::bytea), ulid_unmask_typed($4, $2, $3::bytea, $5::bytea),
					ulid_unmask_typed(ulid_mask_typed($1::uuid, $2, $3::bytea), $2, $3::bytea, $5::bytea)`,
				id.UUIDString(), prefix, newKey, oldPublic, oldKey).Scan(&newPublic, &a, &b); err != nil {
				t.Fatal(err)
			}
			if newPublic != during.Mask(id) || ulid.ULID(a) != id || ulid.ULID(b) != id {
				t.Fatalf("%s %v: ulid_mask_typed with the new key %s (Go %s); the old typed public ID opens to %x, the new one to %x",
					prefix, id, newPublic, during.Mask(id), a, b)
			}
			want := refusal(t, after, oldPublic)
			var got *[16]byte
			err := app.QueryRow(ctx, "SELECT ulid_unmask_typed($1, $2, $3::bytea)", oldPublic, prefix, newKey).Scan(&got)
			if pe := pgError(t, err, "retired key"); !errors.Is(want.err, ulid.ErrUnknownMaskingKey) || pe.Code != "22P02" || pe.Message != want.msg {
				t.Fatalf("ulid_unmask_typed(old typed public ID, new key): %s %q, want 22P02 %q", pe.Code, pe.Message, want.msg)
			}
		}
	}
}
