package integration

// TypeID text in the SQL kit on PostgreSQL: uuid_to_typeid and
// typeid_to_uuid of sql/postgres/ulid.sql against the Go package.

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/ulidgo/ulid"
)

// The specification's valid data and 100,000 random IDs with random
// prefixes, both ways, as ulid.AppendTypeID and ulid.ParseTypeID give them.
func TestPostgresKitTypeID(t *testing.T) {
	conn := connectPgKit(t, installPgKit(t))
	ctx := testContext(t)
	rng := rand.New(rand.NewPCG(33, 1))
	var texts, prefixes, uuids []string
	var ids []ulid.ULID
	for _, v := range readTypeIDVectors(t, typeIDValidFile) {
		prefix, id, err := ulid.ParseTypeID(v.TypeID)
		if err != nil || prefix != v.Prefix || id.UUIDString() != v.UUID {
			t.Fatalf("valid vector %s: ParseTypeID(%q) = %q, %v, %v; want %q, %s", v.Name, v.TypeID, prefix, id.UUIDString(), err, v.Prefix, v.UUID)
		}
		texts, prefixes, uuids, ids = append(texts, v.TypeID), append(prefixes, v.Prefix), append(uuids, v.UUID), append(ids, id)
	}
	for range 100_000 {
		id, prefix := kitRandomID(rng), kitRandomPrefix(rng)
		texts, prefixes, uuids, ids = append(texts, typeIDText(t, prefix, id)), append(prefixes, prefix), append(uuids, id.UUIDString()), append(ids, id)
	}
	rows, err := conn.Query(ctx, `SELECT n, typeid_to_uuid(s, p), uuid_to_typeid(u, p)
		FROM unnest($1::text[], $2::text[], $3::uuid[]) WITH ORDINALITY AS v(s, p, u, n) ORDER BY n`, texts, prefixes, uuids)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var i int
		var parsed [16]byte
		var text string
		if err := rows.Scan(&i, &parsed, &text); err != nil {
			t.Fatal(err)
		}
		if ulid.ULID(parsed) != ids[i-1] {
			t.Errorf("typeid_to_uuid(%q, %q) = %x, want %s", texts[i-1], prefixes[i-1], parsed, uuids[i-1])
		}
		if text != texts[i-1] {
			t.Errorf("uuid_to_typeid(%s, %q) = %q, want %q", uuids[i-1], prefixes[i-1], text, texts[i-1])
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n != len(texts) {
		t.Fatalf("%d rows, want %d", n, len(texts))
	}

	var nulls int
	if err := conn.QueryRow(ctx, `SELECT num_nulls(typeid_to_uuid(NULL, 'user'), typeid_to_uuid('user_01h455vb4pex5vsknk084sn02q', NULL),
		uuid_to_typeid(NULL, 'user'), uuid_to_typeid('01890a5d-ac96-774b-bcce-b302099a8057', NULL))`).Scan(&nulls); err != nil || nulls != 4 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 4", nulls, err)
	}
}

// Text that is not TypeID text of the expected prefix is an error with
// SQLSTATE 22P02 and ulid.ParseTyped's message; a prefix argument that
// ulid.AppendTypeID refuses is 22023 and its message.
func TestPostgresKitTypeIDRefusals(t *testing.T) {
	conn := connectPgKit(t, installPgKit(t))
	ctx := testContext(t)
	rng := rand.New(rand.NewPCG(33, 2))
	refusals := typeIDRefusals(t, rng)
	// Wrong prefixes for long prefixes: PostgreSQL's message is Go's whole.
	refusals = append(refusals, longPrefixRefusals(t, rng, 100)...)
	if len(refusals) < 2000 {
		t.Fatalf("only %d refusals", len(refusals))
	}
	wrong := 0
	for _, r := range refusals {
		if errors.Is(r.err, ulid.ErrWrongPrefix) {
			wrong++
		}
		var u *[16]byte
		err := conn.QueryRow(ctx, "SELECT typeid_to_uuid($1, $2)", r.text, r.prefix).Scan(&u)
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "22P02" || pe.Message != r.err.Error() {
			t.Errorf("typeid_to_uuid(%q, %q) = %x, %v; want 22P02 %q", r.text, r.prefix, u, err, r.err)
		}
	}
	if wrong < 20 {
		t.Errorf("only %d refusals of another prefix", wrong)
	}
	id := "01890a5d-ac96-774b-bcce-b302099a8057"
	for _, p := range badTypeIDPrefixes {
		want := prefixRefusal(t, p)
		for _, q := range []string{"SELECT uuid_to_typeid($2::uuid, $1)::text", "SELECT typeid_to_uuid('01h455vb4pex5vsknk084sn02q', $1)::text WHERE $2::uuid IS NOT NULL"} {
			var s *string
			err := conn.QueryRow(ctx, q, p, id).Scan(&s)
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || pe.Code != "22023" || pe.Message != want.Error() {
				t.Errorf("%s with prefix %q = %v, %v; want 22023 %q", q, p, s, err, want)
			}
		}
	}
}
