package integration

// Tests of the SQL kit's public ID functions, sql/postgres/ulid_public_id.sql
// and sql/mariadb/ulid_public_id.sql (docs/public-ids.md, "In SQL"), against
// the real servers and this package's Masker: every key, vector and refusal
// of testdata/publicid.json; 100,000 random ULIDs masked and unmasked on each
// server; several hundred bad public IDs and keys, each the error Unmask or
// NewMasker gives; key rotation through the mark; PostgreSQL under session
// settings that break SQL written carelessly; and what of a key reaches the
// servers' logs and MariaDB's process list, which docs/public-ids.md states.

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/ulidgo/ulid"
)

const (
	pgPublicIDFile               = "../sql/postgres/ulid_public_id.sql"
	mariadbPublicIDFile          = "../sql/mariadb/ulid_public_id.sql"
	mariadbPublicIDMigrationFile = "../sql/mariadb/ulid_public_id.migration.sql"
	publicIDVectorFile           = "../testdata/publicid.json"
	publicIDGuide                = "../docs/public-ids.md"
)

// publicIDData is testdata/publicid.json, with the keys decoded.
type publicIDData struct {
	Keys []struct {
		Name string `json:"name"`
		Hex  string `json:"hex"`
		Mark string `json:"mark"`
	} `json:"keys"`
	Vectors []struct {
		Key      string `json:"key"`
		ULID     string `json:"ulid"`
		PublicID string `json:"public_id"`
	} `json:"vectors"`
	Refused []struct {
		Key    string `json:"key"`
		Text   string `json:"text"`
		Error  string `json:"error"`
		Offset int    `json:"offset"`
	} `json:"refused"`
	TypedKeys []struct {
		Key    string `json:"key"`
		Prefix string `json:"prefix"`
		Mark   string `json:"mark"`
	} `json:"typed_keys"`
	TypedVectors []struct {
		Key      string `json:"key"`
		Prefix   string `json:"prefix"`
		ULID     string `json:"ulid"`
		PublicID string `json:"public_id"`
	} `json:"typed_vectors"`
	TypedRefused []struct {
		Key    string `json:"key"`
		Prefix string `json:"prefix"`
		Text   string `json:"text"`
		Error  string `json:"error"`
		Offset int    `json:"offset"`
	} `json:"typed_refused"`
	TypedSameMark struct {
		Keys   []string `json:"keys"`
		Prefix string   `json:"prefix"`
	} `json:"typed_same_mark"`

	key map[string][]byte // by name
}

func loadPublicIDData(t testing.TB) *publicIDData {
	t.Helper()
	var d publicIDData
	if err := json.Unmarshal([]byte(readKit(t, publicIDVectorFile)), &d); err != nil {
		t.Fatal(err)
	}
	d.key = map[string][]byte{}
	for _, k := range d.Keys {
		b, err := hex.DecodeString(k.Hex)
		if err != nil {
			t.Fatal(err)
		}
		d.key[k.Name] = b
	}
	if len(d.Keys) < 4 || len(d.Vectors) < 20 || len(d.Refused) < 9 {
		t.Fatalf("%s: %d keys, %d vectors, %d refusals: fewer than expected", publicIDVectorFile, len(d.Keys), len(d.Vectors), len(d.Refused))
	}
	return &d
}

// newMasker returns a Masker with the given keys, failing the test on error.
func newMasker(t testing.TB, keys ...[]byte) *ulid.Masker {
	t.Helper()
	m, err := ulid.NewMasker(keys...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A badPublicID is text that is not a public ID of a masker, with the message
// its Unmask gives, as the SQL functions word it.
type badPublicID struct {
	text string
	err  *ulid.ParseError
	msg  string
}

// refusal returns m.Unmask's error for s, which must be a *ParseError.
func refusal(t testing.TB, m *ulid.Masker, s string) badPublicID {
	t.Helper()
	id, err := m.Unmask(s)
	var pe *ulid.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("Unmask(%q) = %v, %v; want a *ParseError", s, id, err)
	}
	return badPublicID{s, pe, pe.Error()}
}

// badPublicIDs returns text that a masker of key refuses, each with its error:
// every length from 0 to 60 but 29; ULID and UUID text; at every offset,
// characters outside the alphabet (Crockford's aliases, punctuation, quote and
// backslash, control characters, non-ASCII characters of two to four bytes);
// every single-character substitution and every swap of two adjacent
// different characters; every character 2 above '7' with a matching check
// character; and the public IDs of other keys. With binary, the NUL byte and
// bytes that are not UTF-8 too.
func badPublicIDs(t testing.TB, key []byte, others [][]byte, binary bool) []badPublicID {
	t.Helper()
	var of []*ulid.Masker
	for _, k := range others {
		of = append(of, newMasker(t, k))
	}
	return badPublicIDsOf(t, newMasker(t, key), of, binary)
}

// badPublicIDsOf is badPublicIDs for the masker m, typed or not, and the
// public IDs of the maskers others. For a typed m, the lengths run from 0 to
// 31 more than its public IDs', the offsets over the body, and text with
// other prefixes, or none, is added: TypeID text, and the typed public IDs of
// other prefixes, in other case, and with '_' in the body.
func badPublicIDsOf(t testing.TB, m *ulid.Masker, others []*ulid.Masker, binary bool) []badPublicID {
	t.Helper()
	id := ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC")
	good := m.Mask(id)
	base := len(good) - ulid.PublicIDSize // where the body starts: 0 for an untyped m
	var in []string
	for n := range len(good) + 32 {
		if n != len(good) {
			in = append(in, strings.Repeat(good, 3)[:n])
		}
	}
	in = append(in, id.String(), id.UUIDString(), strings.ReplaceAll(id.UUIDString(), "-", ""),
		"{"+id.UUIDString()+"}", "urn:uuid:"+id.UUIDString(), " "+good, good+"\n", good[:len(good)-1]+"é")
	if p := m.Prefix(); p != "" {
		body := good[base:]
		in = append(in, p+"_"+strings.ToLower(id.String()), strings.ToUpper(p)+"_"+body, p+"s_"+body, p[1:]+"_"+body,
			p+"_x_"+body, "x_"+p+"_"+body, p+"__"+body, "_"+body, body, p+body, p+"-"+body, p+"_"+body[:10]+"_"+body[11:],
			strings.ToUpper(good))
	}
	bad := []string{"U", "u", "I", "i", "L", "l", "O", "o", "-", " ", "!", "'", `\`, `"`, "@", "[", "`", "{", "~", "\x7f",
		"\t", "\n", "%", "_", "*", "=", "$", "+", "/"}
	if binary {
		bad = append(bad, "\x00", "\x80", "\xff")
	}
	const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	for i := base; i < len(good); i++ {
		for _, c := range bad {
			in = append(in, good[:i]+c+good[i+1:])
		}
		for _, c := range []string{"é", "€", "😀"} {
			if i+len(c) <= len(good) {
				in = append(in, good[:i]+c+good[i+len(c):])
			}
		}
		// A substitution: the next character of the alphabet.
		next := alphabet[(strings.IndexByte(alphabet, strings.ToUpper(good[i : i+1])[0])+1)%32]
		in = append(in, good[:i]+string(next)+good[i+1:])
		if i+1 < len(good) && good[i] != good[i+1] {
			in = append(in, good[:i]+good[i+1:i+2]+good[i:i+1]+good[i+2:])
		}
	}
	// Character 2 above 7, with the check character that matches.
	for _, c := range alphabet[8:] {
		s := good[:base+2] + string(c) + good[base+3:base+28]
		found := false
		for _, check := range alphabet {
			if _, err := m.Unmask(s + string(check)); errors.Is(err, ulid.ErrOverflow) {
				in = append(in, s+string(check))
				found = true
			}
		}
		if !found {
			t.Fatalf("no check character makes %q an overflow", s)
		}
	}
	for _, o := range others {
		in = append(in, o.Mask(id))
	}
	out := make([]badPublicID, 0, len(in))
	for _, s := range in {
		out = append(out, refusal(t, m, s))
	}
	kinds := map[error]int{}
	for _, b := range out {
		kinds[b.err.Err]++
	}
	want := []error{ulid.ErrInvalidLength, ulid.ErrInvalidCharacter, ulid.ErrCheckCharacter, ulid.ErrOverflow, ulid.ErrUnknownMaskingKey}
	if m.Prefix() != "" {
		want = append(want, ulid.ErrWrongPrefix)
	}
	for _, e := range want {
		if kinds[e] == 0 {
			t.Fatalf("no bad public ID refused with %v", e)
		}
	}
	return out
}

// publicIDCase is one ULID of the differential tests, its key and its
// public ID as Masker makes it, and that public ID as sent to unmask (in
// upper, lower or mixed case).
type publicIDCase struct {
	id     ulid.ULID
	key    []byte
	public string
	sent   string
}

// publicIDCases returns n cases: the ULIDs of kitCases, each with one of keys
// chosen at random, its public ID, and that in a random case.
func publicIDCases(t testing.TB, n int, rng *rand.Rand, keys ...[]byte) []publicIDCase {
	t.Helper()
	maskers := make([]*ulid.Masker, len(keys))
	for i, k := range keys {
		maskers[i] = newMasker(t, k)
	}
	kc := kitCases(n, rng)
	cases := make([]publicIDCase, len(kc))
	for i, c := range kc {
		j := rng.IntN(len(keys))
		p := maskers[j].Mask(c.id)
		sent := []byte(p)
		switch rng.IntN(3) {
		case 1:
			sent = []byte(strings.ToLower(p))
		case 2:
			for k := range sent {
				if rng.IntN(2) == 0 {
					sent[k] = strings.ToLower(string(sent[k]))[0]
				}
			}
		}
		cases[i] = publicIDCase{c.id, keys[j], p, string(sent)}
	}
	return cases
}

// randomKey returns n random bytes.
// rotationKeys returns an old 16-byte key and a new key of newSize bytes
// whose marks differ, as a rotation needs, drawn from rng.
func rotationKeys(t *testing.T, rng *rand.Rand, newSize int) (oldKey, newKey []byte) {
	t.Helper()
	oldKey, newKey = randomKey(rng, 16), randomKey(rng, newSize)
	for newMasker(t, oldKey).Mask(ulid.ULID{})[:2] == newMasker(t, newKey).Mask(ulid.ULID{})[:2] {
		newKey = randomKey(rng, newSize)
	}
	return oldKey, newKey
}

func randomKey(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// ---------------------------------------------------------------------------
// PostgreSQL

// pgPublicID is the database ulidpubid, owned by a role that is not a
// superuser, with pgcrypto in the schema crypto and the functions in the
// schema pubid; the DSNs of its roles.
type pgPublicID struct {
	owner    string // owns the database; installed pgcrypto and the functions
	app      string // USAGE on pubid and crypto, search_path pubid: calls the functions
	noCrypto string // USAGE on pubid only
}

var (
	pgPublicIDOnce   sync.Once
	pgPublicIDShared pgPublicID
	pgPublicIDErr    error
)

// installPgPublicID sets up (once per test process) the database ulidpubid
// as docs/public-ids.md says: its owner, a plain role, installs pgcrypto
// with psql (into the schema crypto, first in its search_path then) and
// then the file with psql -f (into the schema pubid), and once more as a
// migration tool sends it, in one simple-protocol exec.
func installPgPublicID(t *testing.T) pgPublicID {
	t.Helper()
	admin := dsn(t, envPostgres)
	pgPublicIDOnce.Do(func() { pgPublicIDShared, pgPublicIDErr = doInstallPgPublicID(t, admin) })
	if pgPublicIDErr != nil {
		t.Fatal(pgPublicIDErr)
	}
	return pgPublicIDShared
}

// pgRoleDSN returns admin with another user, password and database.
func pgRoleDSN(admin, user, db string) (string, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", err
	}
	u.User = url.UserPassword(user, user)
	u.Path = "/" + db
	return u.String(), nil
}

func doInstallPgPublicID(t *testing.T, admin string) (pgPublicID, error) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return pgPublicID{}, err
	}
	defer conn.Close(ctx)
	for _, q := range []string{
		"DROP DATABASE IF EXISTS ulidpubid WITH (FORCE)",
		"DROP ROLE IF EXISTS pubid_owner",
		"DROP ROLE IF EXISTS pubid_app",
		"DROP ROLE IF EXISTS pubid_nocrypto",
		"CREATE ROLE pubid_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD 'pubid_owner'",
		"CREATE ROLE pubid_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD 'pubid_app'",
		"CREATE ROLE pubid_nocrypto LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD 'pubid_nocrypto'",
		"CREATE DATABASE ulidpubid OWNER pubid_owner",
		"ALTER ROLE pubid_app IN DATABASE ulidpubid SET search_path = pubid",
		"ALTER ROLE pubid_nocrypto IN DATABASE ulidpubid SET search_path = pubid",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return pgPublicID{}, fmt.Errorf("%s: %w", q, err)
		}
	}
	var db pgPublicID
	for _, r := range []struct {
		dst  *string
		role string
	}{{&db.owner, "pubid_owner"}, {&db.app, "pubid_app"}, {&db.noCrypto, "pubid_nocrypto"}} {
		if *r.dst, err = pgRoleDSN(admin, r.role, "ulidpubid"); err != nil {
			return pgPublicID{}, err
		}
	}
	psql := findClient(t, []string{"psql"}, "/usr/lib/postgresql/*/bin")
	run := func(searchPath string, args ...string) error {
		cmd := exec.Command(psql, append(append([]string{"-X", "-q", "-v", "ON_ERROR_STOP=1"}, args...), db.owner)...)
		cmd.Env = append(os.Environ(), "PGOPTIONS=-c search_path="+searchPath)
		if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
			return fmt.Errorf("psql %v: %v\n%s", args, err, out)
		}
		return nil
	}
	// pgcrypto as docs/public-ids.md installs it, by the database owner, into
	// a schema that is not on the path of the roles that call the functions.
	if err := run("public", "-c", "CREATE SCHEMA crypto", "-c", "CREATE SCHEMA pubid"); err != nil {
		return pgPublicID{}, err
	}
	if err := run("crypto", "-c", "CREATE EXTENSION IF NOT EXISTS pgcrypto"); err != nil {
		return pgPublicID{}, err
	}
	if err := run("pubid", "-f", pgPublicIDFile); err != nil {
		return pgPublicID{}, err
	}
	oc, err := pgx.Connect(ctx, db.owner)
	if err != nil {
		return pgPublicID{}, err
	}
	defer oc.Close(ctx)
	for _, q := range []string{
		"SET search_path = pubid",
		readKit(t, pgPublicIDFile), // again, as one multi-statement exec: a no-op
		"GRANT USAGE ON SCHEMA pubid TO pubid_app, pubid_nocrypto",
		"GRANT USAGE ON SCHEMA crypto TO pubid_app",
		// A nondeterministic collation (case-insensitive), for
		// TestPostgresPublicIDSessionSettings.
		"CREATE COLLATION pubid.ci (provider = icu, locale = 'und-u-ks-level2', deterministic = false)",
	} {
		if _, err := oc.PgConn().Exec(ctx, q).ReadAll(); err != nil {
			return pgPublicID{}, fmt.Errorf("%.80s: %w", q, err)
		}
	}
	return db, nil
}

// connectPg connects to dsn; the connection is closed when the test ends.
func connectPg(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(testContext(t), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// pgError returns err as a *pgconn.PgError, failing the test if it is not one.
func pgError(t *testing.T, err error, what string) *pgconn.PgError {
	t.Helper()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		t.Fatalf("%s: %v, want a server error", what, err)
	}
	return pe
}

// The functions are in the schema pubid, declared as they behave; pgcrypto is
// in the schema crypto, which the calling role's search_path does not have,
// and the functions call it there. Moving pgcrypto is an error, not NULL;
// so are a role without USAGE on pgcrypto's schema, and installing the file
// where pgcrypto is missing.
func TestPostgresPublicIDInstall(t *testing.T) {
	db := installPgPublicID(t)
	ctx := testContext(t)
	app := connectPg(t, db.app)
	rows, err := app.Query(ctx, `SELECT p.oid::regprocedure::text, n.nspname, p.provolatile::text, p.proisstrict, p.proparallel::text, l.lanname, p.prosecdef
		FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
		WHERE p.proname IN ('ulid_mask', 'ulid_unmask', 'ulid_public_id_mark', 'ulid_mask_typed', 'ulid_unmask_typed', 'ulid_public_id_mark_typed')`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var sig, schema, volatile, parallel, lang string
		var strict, definer bool
		if err := rows.Scan(&sig, &schema, &volatile, &strict, &parallel, &lang, &definer); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s %s %s strict=%v %s %s definer=%v", schema, sig, volatile, strict, parallel, lang, definer))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	want := []string{
		"pubid ulid_mask(uuid,bytea) i strict=true s plpgsql definer=false",
		"pubid ulid_mask_typed(uuid,text,bytea) i strict=true s plpgsql definer=false",
		"pubid ulid_public_id_mark(bytea) i strict=true s plpgsql definer=false",
		"pubid ulid_public_id_mark_typed(text,bytea) i strict=true s plpgsql definer=false",
		"pubid ulid_unmask(text,bytea[]) i strict=true s plpgsql definer=false",
		"pubid ulid_unmask_typed(text,text,bytea[]) i strict=true s plpgsql definer=false",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("functions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var schema, path string
	if err := app.QueryRow(ctx, `SELECT n.nspname, current_schemas(true)::text FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
		WHERE e.extname = 'pgcrypto'`).Scan(&schema, &path); err != nil {
		t.Fatal(err)
	}
	if schema != "crypto" || strings.Contains(path, "crypto") {
		t.Fatalf("pgcrypto in %q, the role's schemas %s: want it in crypto, off the path", schema, path)
	}
	key := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	k128, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	var public string
	if err := app.QueryRow(ctx, "SELECT ulid_mask($1::uuid, $2)", key.UUIDString(), k128).Scan(&public); err != nil || public != "3X36YT6DZA8AW0NT3GCJJ9764WCVS" {
		t.Fatalf("ulid_mask with pgcrypto off the search_path: %q, %v", public, err)
	}

	// A role without USAGE on pgcrypto's schema gets an error.
	nc := connectPg(t, db.noCrypto)
	var out *string
	err = nc.QueryRow(ctx, "SELECT ulid_mask($1::uuid, $2)", key.UUIDString(), k128).Scan(&out)
	if pe := pgError(t, err, "ulid_mask without USAGE on crypto"); pe.Code != "42501" || !strings.Contains(pe.Message, "schema crypto") {
		t.Errorf("ulid_mask without USAGE on crypto: %s %q, want 42501 permission denied for schema crypto", pe.Code, pe.Message)
	}

	// pgcrypto moved after the install (by a superuser: its functions are
	// theirs): an error until the file runs again; pgcrypto missing: the file
	// says what to do. Each in a transaction that is rolled back.
	u, err := url.Parse(dsn(t, envPostgres))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/ulidpubid"
	super := connectPg(t, u.String())
	const call = "SELECT pubid.ulid_mask('01563df3-6481-d676-4c61-efb99302bd5b', decode('000102030405060708090a0b0c0d0e0f', 'hex'))"
	for _, steps := range [][]struct {
		sql, code, message string
	}{
		{
			{"ALTER EXTENSION pgcrypto SET SCHEMA public", "", ""},
			{call, "42883", "function crypto.encrypt("},
			{"SET LOCAL search_path = pubid", "", ""},
			{readKit(t, pgPublicIDFile), "", ""},
			{call, "", ""},
		},
		{
			{"DROP EXTENSION pgcrypto", "", ""},
			{"SET LOCAL search_path = pubid", "", ""},
			{readKit(t, pgPublicIDFile), "42704", "ulid_public_id.sql needs the pgcrypto extension: run CREATE EXTENSION pgcrypto"},
		},
	} {
		tx, err := super.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, step := range steps {
			if _, err := tx.Exec(ctx, "SAVEPOINT step"); err != nil {
				t.Fatal(err)
			}
			_, err := tx.Conn().PgConn().Exec(ctx, step.sql).ReadAll()
			if step.code == "" {
				if err != nil {
					t.Fatalf("%.80s: %v", step.sql, err)
				}
				continue
			}
			if pe := pgError(t, err, step.sql); pe.Code != step.code || !strings.HasPrefix(pe.Message, step.message) {
				t.Errorf("%.80s: %s %q, want %s %q", step.sql, pe.Code, pe.Message, step.code, step.message)
			}
			if _, err := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT step"); err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.Rollback(ctx); err != nil {
			t.Fatal(err)
		}
	}
	var public2 string
	if err := app.QueryRow(ctx, "SELECT ulid_mask($1::uuid, $2)", key.UUIDString(), k128).Scan(&public2); err != nil || public2 != public {
		t.Fatalf("ulid_mask after the rollbacks: %q, %v", public2, err)
	}
}

// pgCheckVectors runs every vector and refusal of testdata/publicid.json on
// conn, with the public IDs as text of the collation coll ("" for none).
func pgCheckVectors(t *testing.T, conn *pgx.Conn, d *publicIDData, coll string) {
	t.Helper()
	ctx := testContext(t)
	collate := ""
	if coll != "" {
		collate = " COLLATE " + coll
	}
	for _, v := range d.Vectors {
		id := ulid.MustParse(v.ULID)
		key := d.key[v.Key]
		var public, mark string
		var back, lower [16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_mask($1::uuid, $2), ulid_unmask($3::text"+collate+", $2), ulid_unmask($4::text"+collate+", $2), ulid_public_id_mark($2)",
			id.UUIDString(), key, v.PublicID, strings.ToLower(v.PublicID)).Scan(&public, &back, &lower, &mark)
		if err != nil {
			t.Fatalf("vector %s %s: %v", v.Key, v.ULID, err)
		}
		if public != v.PublicID || ulid.ULID(back) != id || ulid.ULID(lower) != id || mark != v.PublicID[:2] {
			t.Errorf("key %s, %s: ulid_mask %s, ulid_unmask %x (lower case %x), mark %s; want %s, %x, %s",
				v.Key, v.ULID, public, back, lower, mark, v.PublicID, id[:], v.PublicID[:2])
		}
	}
	for _, r := range d.Refused {
		want := refusal(t, newMasker(t, d.key[r.Key]), r.Text)
		if want.err.Offset != r.Offset {
			t.Fatalf("%q: Go's offset %d, the file's %d", r.Text, want.err.Offset, r.Offset)
		}
		var got *[16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_unmask($1::text"+collate+", $2)", r.Text, d.key[r.Key]).Scan(&got)
		if pe := pgError(t, err, "ulid_unmask("+r.Text+")"); pe.Code != "22P02" || pe.Message != want.msg {
			t.Errorf("ulid_unmask(%q) (%s): %s %q, want 22P02 %q", r.Text, r.Error, pe.Code, pe.Message, want.msg)
		}
	}
}

// Every key, vector and refusal of testdata/publicid.json: ulid_mask gives
// the public ID, ulid_unmask the ULID from it in either case,
// ulid_public_id_mark the key's mark; each refused text is an error with
// Unmask's message; k128b and k192, whose marks are the same, are refused
// together.
func TestPostgresPublicIDVectors(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	d := loadPublicIDData(t)
	pgCheckVectors(t, app, d, "")
	ctx := testContext(t)
	for _, k := range d.Keys {
		var mark string
		if err := app.QueryRow(ctx, "SELECT ulid_public_id_mark($1)", d.key[k.Name]).Scan(&mark); err != nil || mark != k.Mark {
			t.Errorf("ulid_public_id_mark(%s) = %q, %v; want %q", k.Name, mark, err, k.Mark)
		}
	}
	_, wantErr := ulid.NewMasker(d.key["k128b"], d.key["k192"])
	var got *[16]byte
	err := app.QueryRow(ctx, "SELECT ulid_unmask('RB109DQ80GYN10AH1PP0AFES2TYBW', $1, $2)", d.key["k128b"], d.key["k192"]).Scan(&got)
	if pe := pgError(t, err, "ulid_unmask with k128b and k192"); wantErr == nil || pe.Code != "22023" || pe.Message != wantErr.Error() {
		t.Errorf("ulid_unmask with k128b and k192: %s %q, want 22023 %v", pe.Code, pe.Message, wantErr)
	}
}

// 100,000 random ULIDs, each with one of the four keys of the vectors (128,
// 192 and 256 bits) at random: ulid_mask equals Masker.Mask, and ulid_unmask
// of that public ID, in upper, lower or mixed case, gives the ULID back.
// Never NULL.
func TestPostgresPublicIDDifferential(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	d := loadPublicIDData(t)
	ctx := testContext(t)
	rng := rand.New(rand.NewPCG(26, 1))
	cases := publicIDCases(t, kitValues, rng, d.key["k128"], d.key["k128b"], d.key["k192"], d.key["k256"])
	uuids := make([]string, len(cases))
	sent := make([]string, len(cases))
	keys := make([][]byte, len(cases))
	for i, c := range cases {
		uuids[i], sent[i], keys[i] = c.id.UUIDString(), c.sent, c.key
	}
	start := time.Now()
	rows, err := app.Query(ctx, `SELECT n, ulid_mask(u, k) FROM unnest($1::uuid[], $2::bytea[]) WITH ORDINALITY AS v(u, k, n) ORDER BY n`, uuids, keys)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	var i int
	var public *string
	_, err = pgx.ForEachRow(rows, []any{&i, &public}, func() error {
		c := cases[i-1]
		if public == nil || *public != c.public {
			return fmt.Errorf("ulid_mask(%s, key of %d bytes) = %v, want %s", c.id.UUIDString(), len(c.key), public, c.public)
		}
		n++
		return nil
	})
	if err != nil || n != len(cases) {
		t.Fatalf("%d rows: %v", n, err)
	}
	masked := time.Since(start)
	start = time.Now()
	rows, err = app.Query(ctx, `SELECT n, ulid_unmask(p, k) FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS v(p, k, n) ORDER BY n`, sent, keys)
	if err != nil {
		t.Fatal(err)
	}
	n = 0
	var back *[16]byte
	_, err = pgx.ForEachRow(rows, []any{&i, &back}, func() error {
		c := cases[i-1]
		if back == nil || ulid.ULID(*back) != c.id {
			return fmt.Errorf("ulid_unmask(%s) = %x, want %x", c.sent, back, c.id[:])
		}
		n++
		return nil
	})
	if err != nil || n != len(cases) {
		t.Fatalf("%d rows: %v", n, err)
	}
	t.Logf("PostgreSQL: %d ulid_mask in %v (%.0f/s), %d ulid_unmask in %v (%.0f/s)",
		len(cases), masked.Round(time.Millisecond), float64(len(cases))/masked.Seconds(),
		len(cases), time.Since(start).Round(time.Millisecond), float64(len(cases))/time.Since(start).Seconds())
}

// Each bad public ID is an error with SQLSTATE 22P02 and Unmask's message;
// each key of another length than 16, 24 or 32 bytes, no key, and two keys
// with one mark are errors with 22023 and NewMasker's message, whatever the
// public ID; NULL in any argument gives NULL.
func TestPostgresPublicIDBadInput(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	d := loadPublicIDData(t)
	ctx := testContext(t)
	bad := badPublicIDs(t, d.key["k128"], [][]byte{d.key["k128b"], d.key["k256"], d.key["k192"]}, false)
	if len(bad) < 500 {
		t.Fatalf("only %d bad public IDs", len(bad))
	}
	for _, b := range bad {
		var got *[16]byte
		err := app.QueryRow(ctx, "SELECT ulid_unmask($1, $2)", b.text, d.key["k128"]).Scan(&got)
		if pe := pgError(t, err, fmt.Sprintf("ulid_unmask(%q)", b.text)); pe.Code != "22P02" || pe.Message != b.msg {
			t.Errorf("ulid_unmask(%q): %s %q, want 22P02 %q", b.text, pe.Code, pe.Message, b.msg)
		}
	}
	// A 128-bit key first and a bad one second is refused too: every key is
	// checked, whichever the public ID names.
	good := newMasker(t, d.key["k128"]).Mask(ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	for n := range 41 {
		if n == 16 || n == 24 || n == 32 {
			continue
		}
		key := make([]byte, n)
		_, want := ulid.NewMasker(key)
		_, want2 := ulid.NewMasker(d.key["k128"], key)
		for _, q := range []struct {
			sql  string
			args []any
			want error
		}{
			{"SELECT ulid_mask('01563df3-6481-d676-4c61-efb99302bd5b', $1)::text", []any{key}, want},
			{"SELECT ulid_unmask($2, $1)::text", []any{key, good}, want},
			{"SELECT ulid_public_id_mark($1)::text", []any{key}, want},
			{"SELECT ulid_unmask($2, $3, $1)::text", []any{key, good, d.key["k128"]}, want2},
		} {
			var got *string
			err := app.QueryRow(ctx, q.sql, q.args...).Scan(&got)
			if pe := pgError(t, err, q.sql); q.want == nil || pe.Code != "22023" || pe.Message != q.want.Error() {
				t.Errorf("%s with a key of %d bytes: %s %q, want 22023 %v", q.sql, n, pe.Code, pe.Message, q.want)
			}
		}
	}
	_, noKey := ulid.NewMasker()
	var got *[16]byte
	err := app.QueryRow(ctx, "SELECT ulid_unmask($1, VARIADIC '{}'::bytea[])", good).Scan(&got)
	if pe := pgError(t, err, "no key"); pe.Code != "22023" || pe.Message != noKey.Error() {
		t.Errorf("ulid_unmask with no key: %s %q, want 22023 %v", pe.Code, pe.Message, noKey)
	}

	// NULL wins over every other fault, as in MariaDB: a bad key or no
	// public ID beside a NULL key is NULL too.
	var nulls int
	if err := app.QueryRow(ctx, `SELECT num_nulls(ulid_mask(NULL, $1), ulid_mask('01563df3-6481-d676-4c61-efb99302bd5b', NULL),
			ulid_unmask(NULL, $1), ulid_unmask($2, NULL::bytea), ulid_unmask($2, $1, NULL), ulid_unmask($2, VARIADIC NULL::bytea[]),
			ulid_public_id_mark(NULL), ulid_unmask($2, $3, NULL), ulid_unmask($2, NULL, $3), ulid_unmask('x', $1, NULL),
			ulid_unmask(NULL, $3), ulid_mask(NULL, $3))`, d.key["k128"], good, []byte{0}).Scan(&nulls); err != nil || nulls != 12 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 12", nulls, err)
	}
}

// The functions give the same results, and the same errors, in a session
// with standard_conforming_strings off (which changes what a backslash in a
// string literal means), bytea_output = escape, and the public IDs in a
// nondeterministic (case-insensitive) ICU collation, in which PostgreSQL
// refuses regular expressions, and in the Turkish one, whose upper('i') is
// 'İ'; so do the typed functions, for the prefixes Typed refuses too. The
// settings come first in the session, before the functions are compiled.
func TestPostgresPublicIDSessionSettings(t *testing.T) {
	db := installPgPublicID(t)
	d := loadPublicIDData(t)
	ctx := testContext(t)
	for _, coll := range []string{"pubid.ci", `"tr-x-icu"`, `"C"`} {
		t.Run(coll, func(t *testing.T) {
			conn := connectPg(t, db.app)
			for _, q := range []string{"SET standard_conforming_strings = off", "SET bytea_output = 'escape'"} {
				if _, err := conn.Exec(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			var scs string
			if err := conn.QueryRow(ctx, "SHOW standard_conforming_strings").Scan(&scs); err != nil || scs != "off" {
				t.Fatalf("standard_conforming_strings = %q, %v", scs, err)
			}
			pgCheckVectors(t, conn, d, coll)
			pgCheckTypedVectors(t, conn, d, coll)
			pgCheckBadPrefixes(t, conn, coll)
			// The errors that quote a backslash or a quote.
			m := newMasker(t, d.key["k128"])
			for _, s := range []string{`3X36YT6\ZA8AW0NT3GCJJ9764WCVS`, `3X36YT6'ZA8AW0NT3GCJJ9764WCVS`, "3X36YT6éA8AW0NT3GCJJ9764WCVS"} {
				want := refusal(t, m, s)
				var got *[16]byte
				err := conn.QueryRow(ctx, "SELECT ulid_unmask($1::text COLLATE "+coll+", $2)", s, d.key["k128"]).Scan(&got)
				if pe := pgError(t, err, s); pe.Code != "22P02" || pe.Message != want.msg {
					t.Errorf("ulid_unmask(%q): %s %q, want 22P02 %q", s, pe.Code, pe.Message, want.msg)
				}
			}
		})
	}
}

// Keys rotate: a new key masks, public IDs of the new and of the old key
// both open with ulid_unmask(p, new, old), the mark picking the key, as a
// Masker with both keys does; once the old key is retired, its public IDs are
// refused as made with another key.
func TestPostgresPublicIDRotation(t *testing.T) {
	app := connectPg(t, installPgPublicID(t).app)
	ctx := testContext(t)
	oldKey, newKey := rotationKeys(t, rand.New(rand.NewPCG(26, 2)), 32)
	before := newMasker(t, oldKey)
	after := newMasker(t, newKey, oldKey)
	for range 100 {
		id := ulid.MustNew(uint64(time.Now().UnixMilli()), nil)
		oldPublic := before.Mask(id)
		var newPublic string
		var a, b, c [16]byte
		if err := app.QueryRow(ctx, `SELECT ulid_mask($1::uuid, $2), ulid_unmask($3, $2, $4), ulid_unmask(ulid_mask($1::uuid, $2), $2, $4),
				ulid_unmask($3, VARIADIC ARRAY[$2, $4])`,
			id.UUIDString(), newKey, oldPublic, oldKey).Scan(&newPublic, &a, &b, &c); err != nil {
			t.Fatal(err)
		}
		if newPublic != after.Mask(id) || ulid.ULID(a) != id || ulid.ULID(b) != id || ulid.ULID(c) != id {
			t.Fatalf("%v: ulid_mask with the new key %s (Go %s); the old public ID opens to %x (%x with an array), the new one to %x",
				id, newPublic, after.Mask(id), a, c, b)
		}
		// Retired: the old key's public IDs no longer open.
		want := refusal(t, newMasker(t, newKey), oldPublic)
		var got *[16]byte
		err := app.QueryRow(ctx, "SELECT ulid_unmask($1, $2)", oldPublic, newKey).Scan(&got)
		if pe := pgError(t, err, "retired key"); !errors.Is(want.err, ulid.ErrUnknownMaskingKey) || pe.Code != "22P02" || pe.Message != want.msg {
			t.Fatalf("ulid_unmask(old public ID, new key): %s %q, want 22P02 %q", pe.Code, pe.Message, want.msg)
		}
	}
}

// pgServerLog returns a function that reads what the server has logged
// since: the file that pg_current_logfile names, or postgres.log beside the
// data directory, where integration/run.sh puts it.
func pgServerLog(t *testing.T, admin *pgx.Conn) func() string {
	t.Helper()
	ctx := testContext(t)
	var path string
	if err := admin.QueryRow(ctx, "SELECT coalesce(pg_current_logfile(), current_setting('data_directory') || '/../postgres.log')").Scan(&path); err != nil {
		t.Fatal(err)
	}
	var size int64
	if err := admin.QueryRow(ctx, "SELECT size FROM pg_stat_file($1)", path).Scan(&size); err != nil {
		t.Fatalf("the server log %s: %v", path, err)
	}
	return func() string {
		var text string
		if err := admin.QueryRow(ctx, "SELECT pg_read_file($1, $2, 100000000)", path, size).Scan(&text); err != nil {
			t.Fatal(err)
		}
		return text
	}
}

// What docs/public-ids.md says of PostgreSQL's log. A key bound as a query
// parameter by the server (the extended protocol: every pgx mode but
// QueryExecModeSimpleProtocol) is not logged with a failing statement under
// the defaults (log_min_error_statement logs its text, and
// log_parameter_max_length_on_error is 0); it is logged with a failing
// statement when the session, any role's, sets
// log_parameter_max_length_on_error = -1, and with a logged statement
// (log_statement = all, log_min_duration_statement) unless
// log_parameter_max_length = 0. A key bound by the client, which writes it
// into the statement text (QueryExecModeSimpleProtocol), is logged with a
// refused public ID under the defaults, as is a key written into the SQL.
func TestPostgresPublicIDKeyInLogs(t *testing.T) {
	kit := installPgPublicID(t)
	u, err := url.Parse(dsn(t, envPostgres))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/ulidpubid"
	super := u.String() // a superuser: most log_* settings are theirs
	admin := connectPg(t, super)
	ctx := testContext(t)
	var guc string
	if err := admin.QueryRow(ctx, "SELECT context FROM pg_settings WHERE name = 'log_parameter_max_length_on_error'").Scan(&guc); err != nil || guc != "user" {
		t.Fatalf("log_parameter_max_length_on_error: context %q, %v; want user, which any session may set", guc, err)
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 3))
	public := newMasker(t, randomKey(rng, 16)).Mask(ulid.MustNew(1, nil))
	const (
		cache    = pgx.QueryExecModeCacheStatement // pgx's default
		describe = pgx.QueryExecModeCacheDescribe
		descExec = pgx.QueryExecModeDescribeExec
		textExec = pgx.QueryExecModeExec
		simple   = pgx.QueryExecModeSimpleProtocol
	)
	for _, c := range []struct {
		name     string
		app      bool // as the role that calls the functions, no superuser
		mode     pgx.QueryExecMode
		settings []string
		literal  bool // the key in the SQL text
		fail     bool // a public ID of another key: an error
		logged   bool
	}{
		{"bound, failing, defaults", false, cache, nil, false, true, false},
		{"bound, failing, defaults, cache_describe", false, describe, nil, false, true, false},
		{"bound, failing, defaults, describe_exec", false, descExec, nil, false, true, false},
		{"bound, failing, defaults, exec", false, textExec, nil, false, true, false},
		{"simple protocol, failing, defaults", false, simple, nil, false, true, true},
		{"simple protocol, failing, defaults, app role", true, simple, nil, false, true, true},
		{"literal, failing, defaults", false, cache, nil, true, true, true},
		{"bound, failing, log_parameter_max_length_on_error=-1, app role", true, cache, []string{"SET log_parameter_max_length_on_error = -1"}, false, true, true},
		{"bound, failing, log_parameter_max_length_on_error=-1, exec, app role", true, textExec, []string{"SET log_parameter_max_length_on_error = -1"}, false, true, true},
		{"bound, log_statement=all", false, cache, []string{"SET log_statement = 'all'"}, false, false, true},
		{"bound, log_statement=all, log_parameter_max_length=0", false, cache, []string{"SET log_statement = 'all'", "SET log_parameter_max_length = 0"}, false, false, false},
		{"bound, log_min_duration_statement=0", false, cache, []string{"SET log_min_duration_statement = 0"}, false, false, true},
		{"bound, log_min_duration_statement=0, log_parameter_max_length=0", false, cache, []string{"SET log_min_duration_statement = 0", "SET log_parameter_max_length = 0"}, false, false, false},
		{"literal, log_statement=all, log_parameter_max_length=0", false, cache, []string{"SET log_statement = 'all'", "SET log_parameter_max_length = 0"}, true, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			// A new session for each case, so that no setting carries over.
			conn := connectPg(t, super)
			if c.app {
				conn = connectPg(t, kit.app)
			}
			for _, q := range append([]string{"SET search_path = pubid"}, c.settings...) {
				if _, err := conn.Exec(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			key := randomKey(rng, 16)
			hexKey := hex.EncodeToString(key)
			read := pgServerLog(t, admin)
			arg := any(public)
			if !c.fail {
				arg = newMasker(t, key).Mask(ulid.MustNew(2, nil))
			}
			var err error
			var got *[16]byte
			if c.literal {
				err = conn.QueryRow(ctx, fmt.Sprintf("SELECT ulid_unmask($1, decode('%s', 'hex'))", hexKey), c.mode, arg).Scan(&got)
			} else {
				err = conn.QueryRow(ctx, "SELECT ulid_unmask($1, $2)", c.mode, arg, key).Scan(&got)
			}
			if (err != nil) != c.fail {
				t.Fatalf("ulid_unmask: %v, want an error: %v", err, c.fail)
			}
			if c.fail {
				if pe := pgError(t, err, "ulid_unmask"); pe.Code != "22P02" {
					t.Fatalf("ulid_unmask: %s %q, want 22P02", pe.Code, pe.Message)
				}
			}
			// The server writes its log as it goes; wait until the statement
			// is in it. The simple protocol sends it with the values written
			// in, the others with $1.
			var text string
			for range 50 {
				if text = read(); strings.Contains(text, "SELECT ulid_unmask(") {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			if !strings.Contains(text, "SELECT ulid_unmask(") {
				t.Fatalf("the statement is not in the log: %q", text)
			}
			if strings.Contains(text, hexKey) != c.logged {
				t.Errorf("key in the log: %v, want %v:\n%s", !c.logged, c.logged, text)
			}
			// The lines docs/public-ids.md quotes, for a bound key.
			want := "SELECT ulid_unmask($1, $2)"
			switch {
			case c.literal:
				return
			case c.mode == simple:
				want = fmt.Sprintf(`STATEMENT:  SELECT ulid_unmask( '%s' ,  '\x%s' )`, arg, hexKey)
			case slices.Contains(c.settings, "SET log_parameter_max_length_on_error = -1"):
				want = fmt.Sprintf(`unnamed portal with parameters: $1 = '%s', $2 = '\x%s'`, arg, hexKey)
			}
			if !strings.Contains(text, want) {
				t.Errorf("the log has no %q:\n%s", want, text)
			}
		})
	}
}

// ---------------------------------------------------------------------------
// MariaDB

var (
	mariadbPublicIDOnce   sync.Once
	mariadbPublicIDShared string // the user's DSN
	mariadbPublicIDErr    error
)

// installMariaDBPublicID creates (once per test process) the database and
// user ulidpubid, whose privileges are on that database only, and installs
// sql/mariadb/ulid_public_id.sql as that user with the mariadb client, twice.
// It returns the user's DSN.
func installMariaDBPublicID(t *testing.T) string {
	t.Helper()
	admin := dsn(t, envMySQL)
	mariadbPublicIDOnce.Do(func() {
		mariadbPublicIDShared, mariadbPublicIDErr = doInstallMariaDBKit(t, admin, "ulidpubid", mariadbPublicIDFile)
	})
	if mariadbPublicIDErr != nil {
		t.Fatal(mariadbPublicIDErr)
	}
	return mariadbPublicIDShared
}

// mariadbCheckVectors runs every vector and refusal of testdata/publicid.json
// whose key MariaDB takes (128 bits) on db, and checks that it refuses the
// others.
func mariadbCheckVectors(t *testing.T, db *sql.DB, d *publicIDData) {
	t.Helper()
	ctx := testContext(t)
	n128 := 0
	for _, v := range d.Vectors {
		id := ulid.MustParse(v.ULID)
		key := d.key[v.Key]
		if len(key) != 16 {
			continue
		}
		n128++
		var public, mark string
		var back, lower []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_mask(?, ?), ulid_unmask(?, ?), ulid_unmask(?, ?), ulid_public_id_mark(?)",
			id[:], key, v.PublicID, key, strings.ToLower(v.PublicID), key, key).Scan(&public, &back, &lower, &mark)
		if err != nil {
			t.Fatalf("vector %s %s: %v", v.Key, v.ULID, err)
		}
		if public != v.PublicID || string(back) != string(id[:]) || string(lower) != string(id[:]) || mark != v.PublicID[:2] {
			t.Errorf("key %s, %s: ulid_mask %s, ulid_unmask %x (lower case %x), mark %s; want %s, %x, %s",
				v.Key, v.ULID, public, back, lower, mark, v.PublicID, id[:], v.PublicID[:2])
		}
	}
	if n128 < 12 {
		t.Fatalf("only %d vectors of 128-bit keys", n128)
	}
	for _, k := range d.Keys {
		key := d.key[k.Name]
		if len(key) == 16 {
			var mark string
			if err := db.QueryRowContext(ctx, "SELECT ulid_public_id_mark(?)", key).Scan(&mark); err != nil || mark != k.Mark {
				t.Errorf("ulid_public_id_mark(%s) = %q, %v; want %q", k.Name, mark, err, k.Mark)
			}
			continue
		}
		// A key MariaDB's AES_ENCRYPT would fold into 16 bytes: refused by
		// every function, in every place.
		want := fmt.Sprintf("ulid: invalid masking key: key %%d is %d bytes, want 16 (32 hex digits): MariaDB's AES_ENCRYPT takes only 128-bit keys", len(key))
		public := d.Vectors[0].PublicID
		for _, q := range []struct {
			sql  string
			args []any
			pos  int
		}{
			{"SELECT ulid_mask(?, ?)", []any{make([]byte, 16), key}, 1},
			{"SELECT ulid_unmask(?, ?)", []any{public, key}, 1},
			{"SELECT ulid_public_id_mark(?)", []any{key}, 1},
			{"SELECT ulid_unmask_either(?, ?, ?)", []any{public, key, d.key["k128"]}, 1},
			{"SELECT ulid_unmask_either(?, ?, ?)", []any{public, d.key["k128"], key}, 2},
		} {
			var got any
			err := db.QueryRowContext(ctx, q.sql, q.args...).Scan(&got)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || string(me.SQLState[:]) != "22023" || me.Message != fmt.Sprintf(want, q.pos) {
				t.Errorf("%s with %s: %v, %v; want error 22023 %q", q.sql, k.Name, got, err, fmt.Sprintf(want, q.pos))
			}
		}
	}
	for _, r := range d.Refused {
		want := refusal(t, newMasker(t, d.key[r.Key]), r.Text)
		var got []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_unmask(?, ?)", r.Text, d.key[r.Key]).Scan(&got)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != want.msg {
			t.Errorf("ulid_unmask(%q) (%s): %x, %v; want error 22018 %q", r.Text, r.Error, got, err, want.msg)
		}
	}
}

// The functions are in the user's database, declared as they behave; the
// migration form of the file installs, twice, as one multi-statement exec,
// in a session whose sql_mode has NO_BACKSLASH_ESCAPES and ANSI_QUOTES,
// which change what string literals mean, and in one with
// EMPTY_STRING_IS_NULL, which reads an empty literal as NULL: there too every vector and
// refusal holds, each with its message. That the migration form is the client form without
// DELIMITER lines, and the check character's constants, need no server: the
// root package's TestMariaDBMigrationFiles and TestMariaDBCheckConstants
// check them.
func TestMariaDBPublicIDInstall(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	ctx := testContext(t)
	got := mariadbFunctions(t, db, "ulidpubid")
	want := map[string]string{}
	for _, f := range []string{"ulid_mask", "ulid_unmask", "ulid_unmask_either", "ulid_public_id_mark",
		"_ulid_public_id_fail", "_ulid_public_id_key", "_ulid_public_id_error", "_ulid_hmac_sha256", "_ulid_public_id_keys",
		"ulid_mask_typed", "ulid_unmask_typed", "ulid_unmask_typed_either", "ulid_public_id_mark_typed",
		"_ulid_type_key", "_ulid_prefix_check", "_ulid_unmask_typed"} {
		want[f] = "YES NO SQL INVOKER"
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("functions %v, want %v", got, want)
	}

	// The sql_mode in effect when the file runs is kept with each function
	// and governs how its body reads literals: the first changes what string
	// literals mean, the second reads '' as NULL.
	for i, installMode := range []string{"NO_BACKSLASH_ESCAPES,ANSI_QUOTES,STRICT_ALL_TABLES", "EMPTY_STRING_IS_NULL,PAD_CHAR_TO_FULL_LENGTH"} {
		name := fmt.Sprintf("ulidpubid_migration%d", i)
		t.Run("installed="+installMode, func(t *testing.T) {
			cfg, err := mariadbKitUser(dsn(t, envMySQL), name)
			if err != nil {
				t.Fatal(err)
			}
			cfg.MultiStatements = true
			cfg.Params = map[string]string{"sql_mode": "'" + installMode + "'"}
			mig := openSQL(t, "mysql", cfg.FormatDSN())
			mig.SetMaxOpenConns(1)
			for range 2 {
				if _, err := mig.ExecContext(ctx, readKit(t, mariadbPublicIDMigrationFile)); err != nil {
					t.Fatalf("%s in one multi-statement exec: %v", mariadbPublicIDMigrationFile, err)
				}
			}
			var mode string
			if err := mig.QueryRowContext(ctx, "SELECT sql_mode FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? AND ROUTINE_NAME = '_ulid_public_id_error'", name).Scan(&mode); err != nil {
				t.Fatal(err)
			}
			for m := range strings.SplitSeq(installMode, ",") {
				if !strings.Contains(mode, m) {
					t.Fatalf("the functions' sql_mode: %q; want %s in it", mode, installMode)
				}
			}
			// A session of the server's default mode calls them, as an
			// application would.
			if _, err := mig.ExecContext(ctx, "SET SESSION sql_mode = DEFAULT"); err != nil {
				t.Fatal(err)
			}
			d := loadPublicIDData(t)
			mariadbCheckVectors(t, mig, d)
			mariadbCheckTypedVectors(t, mig, d)
			m := newMasker(t, d.key["k128"])
			for _, s := range []string{`3X36YT6\ZA8AW0NT3GCJJ9764WCVS`, `3X36YT6'ZA8AW0NT3GCJJ9764WCVS`, `3X36YT6"ZA8AW0NT3GCJJ9764WCVS`, `3X36YT6!ZA8AW0NT3GCJJ9764WCVS`} {
				want := refusal(t, m, s)
				var got []byte
				err := mig.QueryRowContext(ctx, "SELECT ulid_unmask(?, ?)", s, d.key["k128"]).Scan(&got)
				var me *mysql.MySQLError
				if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != want.msg {
					t.Errorf("ulid_unmask(%q): %x, %v; want error 22018 %q", s, got, err, want.msg)
				}
			}
		})
	}
}

// Every vector and refusal of testdata/publicid.json of a 128-bit key, and
// the other keys refused by every function; two keys with one mark refused
// by ulid_unmask_either.
func TestMariaDBPublicIDVectors(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	d := loadPublicIDData(t)
	mariadbCheckVectors(t, db, d)
	var got []byte
	for _, keys := range [][2][]byte{{d.key["k128"], d.key["k128"]}, {d.key["k128b"], d.key["k128b"]}} {
		_, want := ulid.NewMasker(keys[0], keys[1])
		err := db.QueryRowContext(testContext(t), "SELECT ulid_unmask_either(?, ?, ?)", d.Vectors[0].PublicID, keys[0], keys[1]).Scan(&got)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || string(me.SQLState[:]) != "22023" || want == nil || me.Message != want.Error() {
			t.Errorf("ulid_unmask_either with one key twice: %x, %v; want error 22023 %v", got, err, want)
		}
	}
}

// 100,000 random ULIDs, each with one of two 128-bit keys: ulid_mask equals
// Masker.Mask, and ulid_unmask of that public ID, in upper, lower or mixed
// case, gives the ULID back. Never NULL.
func TestMariaDBPublicIDDifferential(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	d := loadPublicIDData(t)
	rng := rand.New(rand.NewPCG(26, 4))
	cases := publicIDCases(t, kitValues, rng, d.key["k128"], d.key["k128b"])
	rows := make([][]any, len(cases))
	for i, c := range cases {
		rows[i] = []any{i, c.id[:], c.sent, c.key}
	}
	took := mariadbBothWays(t, db, "pid_in (n INT PRIMARY KEY, b BINARY(16), p VARBINARY(64), k BINARY(16))", rows,
		[2]string{"SELECT n, ulid_mask(b, k) FROM pid_in ORDER BY n", "SELECT n, ulid_unmask(p, k) FROM pid_in ORDER BY n"},
		func(f, i int) string { return [2]string{cases[i].public, string(cases[i].id[:])}[f] })
	logSpeed(t, "MariaDB", [2]string{"ulid_mask", "ulid_unmask"}, len(cases), took)
}

// logSpeed logs how many calls of each of the two functions named ran in
// how long on server, and how many that is a second.
func logSpeed(t *testing.T, server string, functions [2]string, n int, took [2]time.Duration) {
	t.Logf("%s: %d %s in %v (%.0f/s), %d %s in %v (%.0f/s)", server,
		n, functions[0], took[0].Round(time.Millisecond), float64(n)/took[0].Seconds(),
		n, functions[1], took[1].Round(time.Millisecond), float64(n)/took[1].Seconds())
}

// mariadbBothWays makes the temporary table table (its name and columns) on
// one connection of db and loads rows into it, 1,000 to an INSERT; then it
// runs the two queries, each of which returns a row's number, the first
// column, and a value, and checks each value against want(f, n), f being the
// query's index. It returns how long each query took.
func mariadbBothWays(t *testing.T, db *sql.DB, table string, rows [][]any, queries [2]string, want func(f, n int) string) (took [2]time.Duration) {
	t.Helper()
	ctx := testContext(t)
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "CREATE TEMPORARY TABLE "+table); err != nil {
		t.Fatal(err)
	}
	name, _, _ := strings.Cut(table, " ")
	const batch = 1000
	for i := 0; i < len(rows); i += batch {
		end := min(i+batch, len(rows))
		var args []any
		for _, r := range rows[i:end] {
			args = append(args, r...)
		}
		values := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(rows[i])), ", ") + "), "
		if _, err := conn.ExecContext(ctx, "INSERT INTO "+name+" VALUES "+strings.TrimSuffix(strings.Repeat(values, end-i), ", "), args...); err != nil {
			t.Fatal(err)
		}
	}
	for f, q := range queries {
		start := time.Now()
		res, err := conn.QueryContext(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for res.Next() {
			var i int
			var got []byte
			if err := res.Scan(&i, &got); err != nil {
				t.Fatal(err)
			}
			if w := want(f, i); got == nil || string(got) != w {
				t.Fatalf("%s: row %d (%q): %q, want %q", q, i, rows[i], got, w)
			}
			n++
		}
		if err := res.Err(); err != nil || n != len(rows) {
			t.Fatalf("%s: %d rows, %v; want %d", q, n, err, len(rows))
		}
		took[f] = time.Since(start)
	}
	return took
}

// Each bad public ID, NUL and bytes that are not UTF-8 included, is an error
// with SQLSTATE 22018 and Unmask's message; each key that is not 16 bytes an
// error with 22023; a ULID that is not 16 bytes an error with
// UnmarshalBinary's message; NULL in any argument gives NULL.
func TestMariaDBPublicIDBadInput(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	d := loadPublicIDData(t)
	ctx := testContext(t)
	other := randomKey(rand.New(rand.NewPCG(26, 5)), 16)
	bad := badPublicIDs(t, d.key["k128"], [][]byte{d.key["k128b"], other}, true)
	if len(bad) < 500 {
		t.Fatalf("only %d bad public IDs", len(bad))
	}
	id := ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC") // the ULID of badPublicIDs
	ofOther := newMasker(t, other).Mask(id)
	for _, b := range bad {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"SELECT ulid_unmask(?, ?)", []any{[]byte(b.text), d.key["k128"]}},
			{"SELECT ulid_unmask_either(?, ?, ?)", []any{[]byte(b.text), d.key["k128"], other}},
		} {
			var got []byte
			err := db.QueryRowContext(ctx, q.sql, q.args...).Scan(&got)
			if b.text == ofOther && len(q.args) == 3 {
				// ulid_unmask_either with other: the public ID of other opens.
				if err != nil || string(got) != string(id[:]) {
					t.Errorf("%s(%q) = %x, %v; want %x", q.sql, b.text, got, err, id[:])
				}
				continue
			}
			var me *mysql.MySQLError
			if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != b.msg {
				t.Errorf("%s(%q) = %x, %v; want error 22018 %q", q.sql, b.text, got, err, b.msg)
			}
		}
	}
	for n := range 41 {
		if n == 16 {
			continue
		}
		var got []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_mask(?, ?)", make([]byte, n), d.key["k128"]).Scan(&got)
		var id ulid.ULID
		want := id.UnmarshalBinary(make([]byte, n))
		if !isMariaDBError(err, "22018", "") || want == nil || err.(*mysql.MySQLError).Message != want.Error() {
			t.Errorf("ulid_mask(%d bytes) = %q, %v; want error 22018 %v", n, got, err, want)
		}
		err = db.QueryRowContext(ctx, "SELECT ulid_public_id_mark(?)", make([]byte, n)).Scan(&got)
		if !isMariaDBError(err, "22023", fmt.Sprintf("ulid: invalid masking key: key 1 is %d bytes, want 16", n)) {
			t.Errorf("ulid_public_id_mark(%d bytes) = %q, %v; want error 22023", n, got, err)
		}
	}
	var nulls int
	if err := db.QueryRowContext(ctx, `SELECT (ulid_mask(NULL, ?) IS NULL) + (ulid_mask(?, NULL) IS NULL) + (ulid_unmask(NULL, ?) IS NULL)
		+ (ulid_unmask(?, NULL) IS NULL) + (ulid_unmask_either(NULL, ?, ?) IS NULL) + (ulid_unmask_either(?, NULL, ?) IS NULL)
		+ (ulid_unmask_either(?, ?, NULL) IS NULL) + (ulid_public_id_mark(NULL) IS NULL)
		+ (ulid_unmask_either(?, ?, NULL) IS NULL) + (ulid_unmask_either(?, NULL, ?) IS NULL) + (ulid_unmask(NULL, ?) IS NULL)`,
		d.key["k128"], make([]byte, 16), d.key["k128"], "x", d.key["k128"], other, "x", other, "x", other,
		"x", []byte{0}, "x", []byte{0}, []byte{0}).Scan(&nulls); err != nil || nulls != 11 {
		t.Fatalf("NULL arguments: %d NULL results, %v; want 11 (NULL wins over a bad key, as in PostgreSQL)", nulls, err)
	}
}

// Keys rotate: a new key masks; ulid_unmask_either(p, new, old) opens the
// public IDs of both, the mark picking the key, as a Masker with both keys
// does; once the old key is retired, its public IDs are refused as made with
// another key.
func TestMariaDBPublicIDRotation(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	ctx := testContext(t)
	oldKey, newKey := rotationKeys(t, rand.New(rand.NewPCG(26, 6)), 16)
	before := newMasker(t, oldKey)
	after := newMasker(t, newKey, oldKey)
	for range 100 {
		id := ulid.MustNew(uint64(time.Now().UnixMilli()), nil)
		oldPublic := before.Mask(id)
		var newPublic string
		var a, b []byte
		if err := db.QueryRowContext(ctx, "SELECT ulid_mask(?, ?), ulid_unmask_either(?, ?, ?), ulid_unmask_either(LOWER(ulid_mask(?, ?)), ?, ?)",
			id[:], newKey, oldPublic, newKey, oldKey, id[:], newKey, newKey, oldKey).Scan(&newPublic, &a, &b); err != nil {
			t.Fatal(err)
		}
		if newPublic != after.Mask(id) || string(a) != string(id[:]) || string(b) != string(id[:]) {
			t.Fatalf("%v: ulid_mask with the new key %s (Go %s); the old public ID opens to %x, the new one to %x", id, newPublic, after.Mask(id), a, b)
		}
		want := refusal(t, newMasker(t, newKey), oldPublic)
		var got []byte
		err := db.QueryRowContext(ctx, "SELECT ulid_unmask(?, ?)", oldPublic, newKey).Scan(&got)
		var me *mysql.MySQLError
		if !errors.Is(want.err, ulid.ErrUnknownMaskingKey) || !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || me.Message != want.msg {
			t.Fatalf("ulid_unmask(old public ID, new key): %x, %v; want error 22018 %q", got, err, want.msg)
		}
	}
}

// restoreMariaDBLogs has the server's general and slow query logs, and where
// they go, set back as they are now when the test ends, and their tables
// emptied; then it runs more, the test's own cleanup statements.
func restoreMariaDBLogs(t *testing.T, admin *sql.DB, more ...string) {
	t.Helper()
	var generalLog, slowLog int
	var logOutput string
	if err := admin.QueryRowContext(testContext(t), "SELECT @@global.general_log, @@global.slow_query_log, @@global.log_output").Scan(&generalLog, &slowLog, &logOutput); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, q := range append([]string{
			fmt.Sprintf("SET GLOBAL general_log = %d", generalLog),
			fmt.Sprintf("SET GLOBAL slow_query_log = %d", slowLog),
			fmt.Sprintf("SET GLOBAL log_output = '%s'", logOutput),
			"TRUNCATE TABLE mysql.general_log",
			"TRUNCATE TABLE mysql.slow_log",
		}, more...) {
			if _, err := admin.ExecContext(context.Background(), q); err != nil {
				t.Error(err)
			}
		}
	})
}

// What docs/public-ids.md says of MariaDB's logs: the general query log
// and the slow query log write the statement with its parameters in it, for
// a server-side prepared statement (go-sql-driver/mysql's default) as for
// one the driver interpolates (interpolateParams=true); a session that sets
// slow_query_log = 0, which needs no privilege, keeps its statements out of
// the slow log.
func TestMariaDBPublicIDKeyInLogs(t *testing.T) {
	kit := installMariaDBPublicID(t)
	admin := openMySQL(t)
	ctx := testContext(t)
	restoreMariaDBLogs(t, admin)
	for _, q := range []string{"SET GLOBAL log_output = 'TABLE'", "SET GLOBAL general_log = 1", "SET GLOBAL slow_query_log = 1"} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	kitDB := openSQL(t, "mysql", kit)
	for _, q := range []string{"CREATE OR REPLACE TABLE pid_log (id BINARY(16) PRIMARY KEY)", "INSERT INTO pid_log VALUES (RANDOM_BYTES(16)), (RANDOM_BYTES(16))"} {
		if _, err := kitDB.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { _, _ = kitDB.ExecContext(context.Background(), "DROP TABLE IF EXISTS pid_log") })
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	for _, c := range []struct {
		name        string
		interpolate bool
		noSlowLog   bool
	}{
		{"server-side prepared", false, false},
		{"interpolateParams=true", true, false},
		{"server-side prepared, slow_query_log = 0", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := mysql.ParseDSN(kit)
			if err != nil {
				t.Fatal(err)
			}
			cfg.InterpolateParams = c.interpolate
			cfg.Params = map[string]string{"long_query_time": "0"}
			if c.noSlowLog {
				cfg.Params["slow_query_log"] = "0"
			}
			db := openSQL(t, "mysql", cfg.FormatDSN())
			// A key of letters and digits, which the logs cannot escape.
			key := make([]byte, 16)
			for i := range key {
				key[i] = "ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz0123456789"[rng.IntN(54)]
			}
			// A full scan, which the default log_slow_filter lets into the
			// slow log.
			rows, err := db.QueryContext(ctx, "SELECT ulid_mask(id, ?) FROM pid_log", key)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for rows.Next() {
				n++
			}
			if err := rows.Err(); err != nil || n != 2 {
				t.Fatalf("%d rows, %v", n, err)
			}
			for _, log := range []struct{ table, column string }{{"general_log", "argument"}, {"slow_log", "sql_text"}} {
				var n, withKey int
				wantKey := log.table == "general_log" || !c.noSlowLog
				// The key is logged as its bytes or as hex: look for both.
				if err := admin.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*), COALESCE(SUM(LOCATE(?, t) > 0 OR LOCATE(?, t) > 0 OR LOCATE(?, t) > 0), 0)
					FROM (SELECT CAST(%[2]s AS BINARY) AS t FROM mysql.%[1]s) l WHERE t LIKE _binary'%%ulid_mask(id, %%'`, log.table, log.column),
					key, []byte(strings.ToUpper(hex.EncodeToString(key))), []byte(hex.EncodeToString(key))).Scan(&n, &withKey); err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %d statements with ulid_mask(id, ...), %d with the key", log.table, n, withKey)
				if (n > 0) != wantKey {
					t.Errorf("%s has %d statements with ulid_mask(id, ...), want them: %v", log.table, n, wantKey)
				}
				if (withKey > 0) != wantKey {
					t.Errorf("%s has the key: %v, want %v", log.table, withKey > 0, wantKey)
				}
			}
			for _, q := range []string{"TRUNCATE TABLE mysql.general_log", "TRUNCATE TABLE mysql.slow_log"} {
				if _, err := admin.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// What docs/public-ids.md says of MariaDB's process list: a user with the
// PROCESS privilege reads the statement of every connection in
// information_schema.PROCESSLIST and SHOW PROCESSLIST, and its text has the
// key written in when the driver interpolates (interpolateParams=true), and
// for a server-side prepared statement while the general or the slow query
// log is on, since the server then writes the values into the text it keeps.
// Without either, the text has ? where the key goes; a user without PROCESS
// does not see another user's statements.
func TestMariaDBPublicIDKeyInProcessList(t *testing.T) {
	kit := installMariaDBPublicID(t)
	admin := openMySQL(t)
	ctx := testContext(t)
	restoreMariaDBLogs(t, admin, "DROP USER IF EXISTS 'pid_process'@'%'", "DROP USER IF EXISTS 'pid_plain'@'%'")
	// Two users with no right on the kit's database: one with PROCESS, one
	// with nothing.
	watchers := map[string]*sql.DB{}
	for _, w := range []struct{ user, grant string }{{"pid_process", "GRANT PROCESS ON *.* TO 'pid_process'@'%'"}, {"pid_plain", ""}} {
		for _, q := range []string{
			"DROP USER IF EXISTS '" + w.user + "'@'%'",
			"CREATE USER '" + w.user + "'@'%' IDENTIFIED BY '" + w.user + "'",
			w.grant,
		} {
			if _, err := admin.ExecContext(ctx, q); q != "" && err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		cfg, err := mysql.ParseDSN(kit)
		if err != nil {
			t.Fatal(err)
		}
		cfg.User, cfg.Passwd, cfg.DBName = w.user, w.user, ""
		watchers[w.user] = openSQL(t, "mysql", cfg.FormatDSN())
	}
	if _, err := admin.ExecContext(ctx, "SET GLOBAL log_output = 'TABLE'"); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 11))
	for _, c := range []struct {
		name        string
		interpolate bool
		generalLog  bool
		slowLog     bool
		noSlowLog   bool // the session sets slow_query_log = 0
		shown       bool
	}{
		{"server-side prepared, logs off", false, false, false, false, false},
		{"interpolateParams=true, logs off", true, false, false, false, true},
		{"server-side prepared, general log on", false, true, false, false, true},
		{"server-side prepared, slow log on", false, false, true, false, true},
		{"server-side prepared, slow log on, slow_query_log = 0", false, false, true, true, false},
		{"server-side prepared, general log on, slow_query_log = 0", false, true, false, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, q := range []string{fmt.Sprintf("SET GLOBAL general_log = %d", b2i(c.generalLog)), fmt.Sprintf("SET GLOBAL slow_query_log = %d", b2i(c.slowLog))} {
				if _, err := admin.ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := mysql.ParseDSN(kit)
			if err != nil {
				t.Fatal(err)
			}
			cfg.InterpolateParams = c.interpolate
			if c.noSlowLog {
				cfg.Params = map[string]string{"slow_query_log": "0"}
			}
			db := openSQL(t, "mysql", cfg.FormatDSN())
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			var id int64
			if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
				t.Fatal(err)
			}
			// A key of letters and digits, which the server writes as it is.
			key := make([]byte, 16)
			for i := range key {
				key[i] = "ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz0123456789"[rng.IntN(54)]
			}
			hasKey := func(s string) bool {
				return strings.Contains(s, string(key)) || strings.Contains(strings.ToLower(s), hex.EncodeToString(key))
			}
			done := make(chan error, 1)
			go func() {
				var mark string
				var slept int
				done <- conn.QueryRowContext(ctx, "SELECT ulid_public_id_mark(?), SLEEP(?)", key, 1.5).Scan(&mark, &slept)
			}()
			// What each watcher reads of the connection while it sleeps (not
			// while it prepares, which shows the text with ?): the row of
			// information_schema.PROCESSLIST and of SHOW PROCESSLIST whose
			// Id is the connection's.
			for range 100 {
				var state sql.NullString
				err := watchers["pid_process"].QueryRowContext(ctx, "SELECT STATE FROM information_schema.PROCESSLIST WHERE ID = ?", id).Scan(&state)
				if err != nil && !errors.Is(err, sql.ErrNoRows) {
					t.Fatal(err)
				}
				if state.String == "User sleep" {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			seen := map[string][2]string{}
			for user, w := range watchers {
				var info sql.NullString
				err := w.QueryRowContext(ctx, "SELECT INFO FROM information_schema.PROCESSLIST WHERE ID = ? AND STATE = 'User sleep'", id).Scan(&info)
				if err != nil && !errors.Is(err, sql.ErrNoRows) {
					t.Fatal(err)
				}
				seen[user] = [2]string{info.String, showProcessList(t, w, id)}
			}
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			t.Logf("with PROCESS: %q", seen["pid_process"])
			for i, where := range []string{"information_schema.PROCESSLIST", "SHOW PROCESSLIST"} {
				got := seen["pid_process"][i]
				if !strings.Contains(got, "ulid_public_id_mark(") {
					t.Fatalf("%s: %q, want the statement", where, got)
				}
				if hasKey(got) != c.shown {
					t.Errorf("%s: the key in %q: %v, want %v", where, got, hasKey(got), c.shown)
				}
				if plain := seen["pid_plain"][i]; plain != "" {
					t.Errorf("%s without PROCESS: %q, want nothing", where, plain)
				}
			}
		})
	}
}

// showProcessList returns the Info column of the row of SHOW PROCESSLIST
// whose Id is id, or "" if there is none.
func showProcessList(t *testing.T, db *sql.DB, id int64) string {
	t.Helper()
	rows, err := db.QueryContext(testContext(t), "SHOW PROCESSLIST")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var info string
	for rows.Next() {
		v := make([]sql.NullString, len(cols))
		p := make([]any, len(cols))
		for i := range v {
			p[i] = &v[i]
		}
		if err := rows.Scan(p...); err != nil {
			t.Fatal(err)
		}
		for i, col := range cols {
			if col == "Id" && v[i].String == fmt.Sprint(id) {
				info = v[slices.Index(cols, "Info")].String
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return info
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ---------------------------------------------------------------------------
// The guide

// The examples of docs/public-ids.md, "In SQL", in order: each block marked
// "sql postgres" on PostgreSQL and each marked "sql mariadb" on MariaDB, with
// the parameters the text describes, on a table orders of 1,000 rows. Each
// returns the rows it should; a lookup by public ID reads one row by the
// primary key; a public ID of another key, or of another type, is an error,
// not an empty result.
func TestPublicIDGuide(t *testing.T) {
	d := loadPublicIDData(t)
	rng := rand.New(rand.NewPCG(26, 8))
	oldKey, newKey := d.key["k128b"], d.key["k128"] // MariaDB takes 128-bit keys only
	ids := make([]ulid.ULID, 1000)
	for i := range ids {
		ids[i] = ulid.MustNew(uint64(time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC).UnixMilli())+uint64(i), strings.NewReader(string(randomKey(rng, 10))))
	}
	masker := newMasker(t, newKey, oldKey)
	oldPublic := newMasker(t, oldKey).Mask(ids[7])
	newPublic := masker.Mask(ids[5])
	other := newMasker(t, randomKey(rng, 16)).Mask(ids[5])
	typedPublic := typedOf(t, masker, "order").Mask(ids[9])
	userPublic := typedOf(t, masker, "user").Mask(ids[9])
	// args[i] are the parameters of block i; want its one row's total, or
	// -1 for the list.
	args := [][]any{{newKey}, {newPublic, newKey}, {oldPublic, newKey, oldKey}, {typedPublic, newKey}}
	want := []int{-1, 5, 7, 9}

	t.Run("PostgreSQL", func(t *testing.T) {
		conn := connectPg(t, installPgPublicID(t).app)
		ctx := testContext(t)
		uuids := make([]string, len(ids))
		for i, id := range ids {
			uuids[i] = id.UUIDString()
		}
		for _, q := range []string{"CREATE TEMP TABLE orders (id uuid PRIMARY KEY, total numeric NOT NULL)",
			"INSERT INTO orders SELECT u, n - 1 FROM unnest($1::uuid[]) WITH ORDINALITY AS v(u, n)", "ANALYZE orders"} {
			var a []any
			if strings.HasPrefix(q, "INSERT") {
				a = []any{uuids}
			}
			if _, err := conn.Exec(ctx, q, a...); err != nil {
				t.Fatal(err)
			}
		}
		blocks := guideBlocks(t, publicIDGuide, "sql postgres")
		if len(blocks) != len(args) {
			t.Fatalf("%d PostgreSQL blocks, want %d", len(blocks), len(args))
		}
		for i, block := range blocks {
			rows, err := conn.Query(ctx, block, args[i]...)
			if err != nil {
				t.Fatalf("%s\n%v", block, err)
			}
			var got [][]any
			for rows.Next() {
				v, err := rows.Values()
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, v)
			}
			if err := rows.Err(); err != nil {
				t.Fatalf("%s\n%v", block, err)
			}
			checkGuideRows(t, block, got, want[i], ids, masker)
			if want[i] >= 0 {
				var plan string
				if err := conn.QueryRow(ctx, "EXPLAIN (FORMAT JSON) "+block, args[i]...).Scan(&plan); err != nil {
					t.Fatal(err)
				}
				if nodes := planNodes(t, plan); !strings.Contains(nodes, "Index Scan on orders_pkey") || strings.Contains(nodes, "Seq Scan") {
					t.Errorf("%s: plan %s, want an index scan of orders_pkey", block, nodes)
				}
			}
		}
		var total *int
		err := conn.QueryRow(ctx, blocks[1], other, newKey).Scan(&total)
		if pe := pgError(t, err, "a public ID of another key"); pe.Code != "22P02" {
			t.Errorf("a public ID of another key: %s %q, want 22P02", pe.Code, pe.Message)
		}
		err = conn.QueryRow(ctx, blocks[3], userPublic, newKey).Scan(&total)
		if pe := pgError(t, err, "a public ID of another type"); pe.Code != "22P02" || !strings.Contains(pe.Message, "another type") {
			t.Errorf("a public ID of another type: %s %q, want 22P02", pe.Code, pe.Message)
		}
	})

	t.Run("MariaDB", func(t *testing.T) {
		db := openSQL(t, "mysql", installMariaDBPublicID(t))
		ctx := testContext(t)
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, "CREATE TEMPORARY TABLE orders (id BINARY(16) PRIMARY KEY, total DECIMAL(10, 2) NOT NULL)"); err != nil {
			t.Fatal(err)
		}
		vals := make([]any, 0, 2*len(ids))
		for i, id := range ids {
			vals = append(vals, id[:], i)
		}
		if _, err := conn.ExecContext(ctx, "INSERT INTO orders VALUES "+strings.TrimSuffix(strings.Repeat("(?, ?), ", len(ids)), ", "), vals...); err != nil {
			t.Fatal(err)
		}
		blocks := guideBlocks(t, publicIDGuide, "sql mariadb")
		if len(blocks) != len(args) {
			t.Fatalf("%d MariaDB blocks, want %d", len(blocks), len(args))
		}
		for i, block := range blocks {
			rows, err := conn.QueryContext(ctx, block, args[i]...)
			if err != nil {
				t.Fatalf("%s\n%v", block, err)
			}
			cols, _ := rows.Columns()
			var got [][]any
			for rows.Next() {
				v := make([]any, len(cols))
				p := make([]any, len(cols))
				for j := range v {
					p[j] = &v[j]
				}
				if err := rows.Scan(p...); err != nil {
					t.Fatal(err)
				}
				got = append(got, v)
			}
			if err := rows.Err(); err != nil {
				t.Fatalf("%s\n%v", block, err)
			}
			checkGuideRows(t, block, got, want[i], ids, masker)
			if want[i] >= 0 {
				var id int
				var selectType, typ string
				var table, possible, key, keyLen, ref, nrows, extra sql.NullString
				if err := conn.QueryRowContext(ctx, "EXPLAIN "+block, args[i]...).Scan(&id, &selectType, &table, &typ, &possible, &key, &keyLen, &ref, &nrows, &extra); err != nil {
					t.Fatal(err)
				}
				if typ != "const" || key.String != "PRIMARY" {
					t.Errorf("%s: access type %q on key %q (%s), want const on PRIMARY", block, typ, key.String, extra.String)
				}
			}
		}
		var total []byte
		err = conn.QueryRowContext(ctx, blocks[1], other, newKey).Scan(&total)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" {
			t.Errorf("a public ID of another key: %s, %v; want error 22018", total, err)
		}
		err = conn.QueryRowContext(ctx, blocks[3], userPublic, newKey).Scan(&total)
		if !errors.As(err, &me) || string(me.SQLState[:]) != "22018" || !strings.Contains(me.Message, "another type") {
			t.Errorf("a public ID of another type: %s, %v; want error 22018", total, err)
		}
	})
}

// checkGuideRows checks the rows of a guide block: for the list (want -1),
// every order with its public ID; else one row, whose total is want.
func checkGuideRows(t *testing.T, block string, got [][]any, want int, ids []ulid.ULID, m *ulid.Masker) {
	t.Helper()
	total := func(v any) string {
		switch v := v.(type) {
		case []byte: // MariaDB's DECIMAL
			return strings.TrimSuffix(string(v), ".00")
		case pgtype.Numeric:
			n, err := v.Int64Value()
			if err != nil || !n.Valid {
				return fmt.Sprintf("%v (%v)", v, err)
			}
			return fmt.Sprint(n.Int64)
		default:
			return fmt.Sprint(v)
		}
	}
	if want >= 0 {
		if len(got) != 1 || len(got[0]) != 1 || total(got[0][0]) != fmt.Sprint(want) {
			t.Errorf("%s: %v, want one row with %d", block, got, want)
		}
		return
	}
	if len(got) != len(ids) {
		t.Fatalf("%s: %d rows, want %d", block, len(got), len(ids))
	}
	for i, row := range got {
		public := fmt.Sprint(row[0])
		if b, ok := row[0].([]byte); ok {
			public = string(b)
		}
		if public != m.Mask(ids[i]) || total(row[1]) != fmt.Sprint(i) {
			t.Errorf("%s: row %d is %v, want %s, %d", block, i, row, m.Mask(ids[i]), i)
		}
	}
}

// TestMariaDBPublicIDLongInput gives the functions arguments longer than 255
// bytes under a strict and an empty sql_mode: each must report the length the
// caller gave, not MariaDB's 1406 "Data too long" or a length cut to 255.
func TestMariaDBPublicIDLongInput(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	d := loadPublicIDData(t)
	ctx := testContext(t)
	for _, mode := range []string{"STRICT_TRANS_TABLES,STRICT_ALL_TABLES", ""} {
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.ExecContext(ctx, "SET SESSION sql_mode = ?", mode); err != nil {
			t.Fatal(err)
		}
		long := strings.Repeat("3X36YT6DZA8AW0NT3GCJJ9764WCVS", 11) // 319 bytes
		for _, c := range []struct {
			sql   string
			args  []any
			state string
			msg   string
		}{
			{"SELECT ulid_unmask(?, ?)", []any{[]byte(long), d.key["k128"]}, "22018", "ulid: invalid public ID length 319 bytes, want 29"},
			{"SELECT ulid_unmask_either(?, ?, ?)", []any{[]byte(long), d.key["k128"], d.key["k128b"]}, "22018", "ulid: invalid public ID length 319 bytes, want 29"},
			{"SELECT ulid_mask(?, ?)", []any{make([]byte, 300), d.key["k128"]}, "22018", "ulid: invalid binary length 300 bytes, want 16"},
			{"SELECT ulid_mask(?, ?)", []any{make([]byte, 16), make([]byte, 300)}, "22023", ""},
		} {
			var got []byte
			err := conn.QueryRowContext(ctx, c.sql, c.args...).Scan(&got)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || string(me.SQLState[:]) != c.state || (c.msg != "" && me.Message != c.msg) {
				t.Errorf("sql_mode %q: %s with %d bytes = %x, %v; want %s %q", mode, c.sql, len(fmt.Sprint(c.args[0])), got, err, c.state, c.msg)
			} else if c.msg == "" && !strings.Contains(me.Message, "300 bytes") {
				t.Errorf("sql_mode %q: %s: %q does not name the key's length, 300 bytes", mode, c.sql, me.Message)
			}
		}
		conn.Close()
	}
}
