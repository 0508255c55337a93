package integration

// The PostgreSQL kit against a role, mallory, that may create in public (as
// on PostgreSQL 14 and earlier) and attacks what the pinned search_path of
// sqlkit_postgres_searchpath_test.go does not cover: the types named in the
// files, looked up on the installer's path when they run, and overloads of
// the kit's own functions, and of pgcrypto's, in the schema they live in,
// which a schema-qualified call finds as surely as the real ones.

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

// typeShadows are mallory's domains in public named as the built-in types
// the files name, each with a CHECK that records, as whichever role assigns
// a value to it, that it ran. PostgreSQL looks a type name up on the path, so
// with pg_catalog listed after public (as in the path of
// TestPostgresKitSearchPathInstallTime's transaction) an unqualified text or
// uuid in the files is mallory's domain.
var typeShadows = []string{
	`CREATE TABLE public.mallory_types (who name, value pg_catalog.text)`,
	`GRANT SELECT, INSERT ON public.mallory_types TO PUBLIC`,
	`CREATE FUNCTION public.mallory_check(v pg_catalog.text) RETURNS bool LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_types VALUES (current_user, pg_catalog.left(v, 60)); RETURN true; END $$`,
	`CREATE DOMAIN public.text AS pg_catalog.text CHECK (public.mallory_check(VALUE))`,
	`CREATE DOMAIN public.uuid AS pg_catalog.uuid CHECK (public.mallory_check(VALUE::pg_catalog.text))`,
	`CREATE DOMAIN public.timestamptz AS pg_catalog.timestamptz CHECK (public.mallory_check(VALUE::pg_catalog.text))`,
	`CREATE DOMAIN public.bytea AS pg_catalog.bytea CHECK (public.mallory_check('bytea'))`,
	`CREATE DOMAIN public.int4 AS pg_catalog.int4 CHECK (public.mallory_check(VALUE::pg_catalog.text))`,
}

// qualifiedType matches a built-in type name the files qualify with
// pg_catalog, for the control.
var qualifiedType = regexp.MustCompile(`pg_catalog\.(text|uuid|timestamptz)\b`)

// The queries of what mallory's functions recorded: who ran a domain check
// of typeShadows, and on what; which of keyThieves was given a key.
const (
	mallorysTypeChecks = "SELECT DISTINCT who || ': ' || coalesce(value, 'NULL') FROM public.mallory_types ORDER BY 1"
	mallorysKeys       = "SELECT DISTINCT fn FROM public.mallory_keys ORDER BY 1"
)

// installOnPath returns an install that runs mallory's statements first, as
// mallory of database name, and then each kit file (unqualified, for the
// control: the pg_catalog. taken off its type names), as one simple-protocol
// query, as the owner with search_path set to path.
func installOnPath(t *testing.T, name, path string, unqualified bool, mallorys []string, files ...string) func(string) error {
	return func(owner string) error {
		mallory, err := pgRoleDSN(dsn(t, envPostgres), name+"_mallory", name)
		if err != nil {
			return err
		}
		execAll(t, mallory, mallorys...)
		conn := connectPg(t, owner)
		defer conn.Close(context.Background())
		ctx := testContext(t)
		if _, err := conn.Exec(ctx, "SET search_path = "+path); err != nil {
			return err
		}
		for _, f := range files {
			text := readKit(t, f)
			if unqualified {
				text = qualifiedType.ReplaceAllString(text, "$1")
			}
			if _, err := conn.PgConn().Exec(ctx, text).ReadAll(); err != nil {
				return fmt.Errorf("%s on search_path %s: %w", f, path, err)
			}
		}
		return nil
	}
}

// The files run by an installer whose search_path lists pg_catalog after
// public, where mallory has made domains named text, uuid, timestamptz, bytea
// and int4: no domain of mallory's is used, at install (where its CHECK would
// run mallory's code as the installer, perhaps a superuser) or in the
// functions' parameters and results (where it would run as every caller, at
// every call), and every function gives Go's answers. Without the
// pg_catalog. on the type names (the control), mallory's checks run, as the
// installer and as the caller.
func TestPostgresKitInstallerPathTypes(t *testing.T) {
	files := []string{pgKitFile, pgPublicIDFile}
	const path = "public, pg_catalog"
	db := newHijackDB(t, "ulidtypes", false, installOnPath(t, "ulidtypes", path, false, typeShadows, files...))
	if wrong := kitAnswers(t, db.app, ""); len(wrong) > 0 {
		t.Errorf("installed on %s with mallory's domains:\n%s", path, strings.Join(wrong, "\n"))
	}
	if ran := textColumn(t, db.owner, mallorysTypeChecks); len(ran) > 0 {
		t.Errorf("installed on %s, mallory's domain checks ran: %q", path, ran)
	}
	conn := connectPg(t, db.owner)
	defer conn.Close(context.Background())
	var foreign []string
	rows, err := conn.Query(testContext(t), `SELECT p.oid::regprocedure::text || ' ' || t.oid::regtype::text
		FROM pg_proc p, pg_type t
		WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE '%ulid%'
		AND t.oid = ANY (p.proargtypes::oid[] || p.prorettype) AND t.typnamespace <> 'pg_catalog'::regnamespace
		AND t.oid <> 'bytea[]'::regtype`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		foreign = append(foreign, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(foreign) > 0 {
		t.Errorf("installed on %s, functions take or return a type outside pg_catalog: %q", path, foreign)
	}

	t.Run("control without pg_catalog on the type names", func(t *testing.T) {
		db := newHijackDB(t, "ulidtypesctl", false, installOnPath(t, "ulidtypesctl", path, true, typeShadows, files...))
		kitAnswers(t, db.app, "")
		ran := textColumn(t, db.owner, mallorysTypeChecks)
		t.Logf("without pg_catalog on the type names, mallory's checks ran: %q", ran)
		var asOwner, asApp bool
		for _, r := range ran {
			asOwner = asOwner || strings.HasPrefix(r, "ulidtypesctl_owner: ")
			asApp = asApp || strings.HasPrefix(r, "ulidtypesctl_app: ")
		}
		if !asOwner || !asApp {
			t.Errorf("without pg_catalog on the type names, mallory's checks ran as the owner %v, as app %v: the domains test nothing", asOwner, asApp)
		}
	})
}

// keyThieves are mallory's overloads of the kit's public-ID functions, made in
// public beside them: each records the key it is given, then returns what the
// kit's function returns, so that nothing looks wrong. A non-variadic
// function is preferred to a variadic one of the same argument types in the
// same schema, and text to bytea for an untyped argument, so a call
// qualified as docs/sql.md shows, public.ulid_unmask($1, $2), reaches them.
var keyThieves = []string{
	`CREATE TABLE public.mallory_keys (fn text, key bytea)`,
	`GRANT SELECT, INSERT ON public.mallory_keys TO PUBLIC`,
	`CREATE FUNCTION public.ulid_unmask(public_id text, key bytea) RETURNS uuid LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_keys VALUES ('ulid_unmask(text, bytea)', key);
	 RETURN public.ulid_unmask(public_id, VARIADIC ARRAY[key]); END $$`,
	`CREATE FUNCTION public.ulid_unmask(public_id text, new_key bytea, old_key bytea) RETURNS uuid LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_keys VALUES ('ulid_unmask(text, bytea, bytea)', new_key), ('ulid_unmask(text, bytea, bytea)', old_key);
	 RETURN public.ulid_unmask(public_id, VARIADIC ARRAY[new_key, old_key]); END $$`,
	`CREATE FUNCTION public.ulid_mask(id uuid, key text) RETURNS text LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_keys VALUES ('ulid_mask(uuid, text)', key::bytea);
	 RETURN public.ulid_mask(id, key::bytea); END $$`,
	`CREATE FUNCTION public.ulid_unmask_typed(public_id text, prefix text, key bytea) RETURNS uuid LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_keys VALUES ('ulid_unmask_typed(text, text, bytea)', key);
	 RETURN public.ulid_unmask_typed(public_id, prefix, VARIADIC ARRAY[key]); END $$`,
	`CREATE FUNCTION public.ulid_mask_typed(id uuid, prefix text, key text) RETURNS text LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_keys VALUES ('ulid_mask_typed(uuid, text, text)', key::bytea);
	 RETURN public.ulid_mask_typed(id, prefix, key::bytea); END $$`,
}

// ownSchemas installs pgcrypto and the kit as docs/sql.md prescribes where
// other roles may create in public: each in a schema of its own, ext and
// kit, that only the owner may create in (USAGE for everyone), pgcrypto
// made there again (newHijackDB made it in public).
func ownSchemas(t *testing.T, name string) func(string) error {
	return func(owner string) error {
		execAll(t, owner, "CREATE SCHEMA kit", "GRANT USAGE ON SCHEMA kit TO PUBLIC",
			"CREATE SCHEMA ext", "GRANT USAGE ON SCHEMA ext TO PUBLIC",
			"DROP EXTENSION pgcrypto", "CREATE EXTENSION pgcrypto SCHEMA ext")
		return installOnPath(t, name, "kit", false, nil, pgKitFile, pgPublicIDFile)(owner)
	}
}

// What docs/sql.md says of a schema that other roles may create in: a call
// qualified with it is not safe, and the kit must live where only its owner
// creates. With the kit in public, where mallory may create, a call
// qualified as public.ulid_unmask($1, $2) reaches mallory's overloads
// beside the kit's (a non-variadic function is preferred to a variadic one
// of the same argument types, and text to bytea for an untyped argument),
// which record the key and pass the call on, so that nothing looks wrong.
// The SQL cannot prevent that. With the kit and pgcrypto in schemas of
// their own, as docs/sql.md prescribes, the same overloads in public are
// never called, and the calls give Go's answers.
func TestPostgresKitOverloadInItsSchema(t *testing.T) {
	d := loadPublicIDData(t)
	v := d.Vectors[0]
	id := ulid.MustParse(v.ULID)
	other := d.key["k256"]
	if v.Key == "k256" {
		other = d.key["k128"]
	}
	tv := d.TypedVectors[0]
	tid := ulid.MustParse(tv.ULID)
	// calls makes five calls qualified with schema and returns what went
	// wrong.
	calls := func(t *testing.T, app, schema string) (wrong []string) {
		conn := connectPg(t, app)
		defer conn.Close(context.Background())
		ctx := testContext(t)
		var u [16]byte
		var text string
		if err := conn.QueryRow(ctx, "SELECT "+schema+".ulid_unmask($1, $2)", v.PublicID, d.key[v.Key]).Scan(&u); err != nil || ulid.ULID(u) != id {
			wrong = append(wrong, fmt.Sprintf("%s.ulid_unmask(%s, key) = %v, %v; want %v", schema, v.PublicID, ulid.ULID(u), err, id))
		}
		if err := conn.QueryRow(ctx, "SELECT "+schema+".ulid_unmask($1::text, $2::bytea, $3::bytea)", v.PublicID, d.key[v.Key], other).Scan(&u); err != nil || ulid.ULID(u) != id {
			wrong = append(wrong, fmt.Sprintf("%s.ulid_unmask(%s, key, old key) = %v, %v; want %v", schema, v.PublicID, ulid.ULID(u), err, id))
		}
		if err := conn.QueryRow(ctx, "SELECT "+schema+".ulid_mask($1::uuid, $2)", id.UUIDString(), d.key[v.Key]).Scan(&text); err != nil || text != v.PublicID {
			wrong = append(wrong, fmt.Sprintf("%s.ulid_mask(%s, key) = %q, %v; want %q", schema, v.ULID, text, err, v.PublicID))
		}
		if err := conn.QueryRow(ctx, "SELECT "+schema+".ulid_unmask_typed($1, $2, $3)", tv.PublicID, tv.Prefix, d.key[tv.Key]).Scan(&u); err != nil || ulid.ULID(u) != tid {
			wrong = append(wrong, fmt.Sprintf("%s.ulid_unmask_typed(%s, %s, key) = %v, %v; want %v", schema, tv.PublicID, tv.Prefix, ulid.ULID(u), err, tid))
		}
		if err := conn.QueryRow(ctx, "SELECT "+schema+".ulid_mask_typed($1::uuid, $2, $3)", tid.UUIDString(), tv.Prefix, d.key[tv.Key]).Scan(&text); err != nil || text != tv.PublicID {
			wrong = append(wrong, fmt.Sprintf("%s.ulid_mask_typed(%s, %s, key) = %q, %v; want %q", schema, tv.ULID, tv.Prefix, text, err, tv.PublicID))
		}
		return wrong
	}

	t.Run("kit in public: what the guide warns of", func(t *testing.T) {
		db := newHijackDB(t, "ulidoverload", false, psqlInstall(t, pgKitFile, pgPublicIDFile))
		execAll(t, db.mallory, keyThieves...)
		wrong := calls(t, db.app, "public")
		// mallory's ulid_unmask and ulid_unmask_typed overloads pass the
		// call on; the untyped key of ulid_mask and ulid_mask_typed goes to
		// mallory's (uuid, text) and (uuid, text, text) as text, which a
		// bytea key is not: those calls fail.
		if seen := textColumn(t, db.app, mallorysKeys); len(seen) != 3 || len(wrong) != 2 {
			t.Errorf("qualified calls into public reached %q of mallory's overloads beside the kit's, and went wrong %q: the guide's warning is not shown", seen, wrong)
		}
	})
	t.Run("kit and pgcrypto in schemas of their own", func(t *testing.T) {
		db := newHijackDB(t, "ulidoverloadown", false, ownSchemas(t, "ulidoverloadown"))
		execAll(t, db.mallory, keyThieves...)
		if wrong := calls(t, db.app, "kit"); len(wrong) > 0 {
			t.Errorf("calls qualified with kit:\n%s", strings.Join(wrong, "\n"))
		}
		if seen := textColumn(t, db.app, mallorysKeys); len(seen) > 0 {
			t.Errorf("calls qualified with kit reached mallory's overloads in public, which recorded the keys: %q", seen)
		}
	})
}

// What docs/sql.md says of pgcrypto in a schema that others may create in:
// mallory's overloads of encrypt, decrypt and hmac with one more parameter,
// that has a default, leave the kit's calls of them two equally good
// candidates, and every public-ID function fails with "function
// public.encrypt(bytea, bytea, text) is not unique"; with hmac's alone, the
// typed ones fail at their type key. No overload mallory may create wins
// over pgcrypto's own (see TestPostgresKitSearchPathCallTime), so results
// and keys are safe, but the functions stop. With pgcrypto in a schema of
// its own, the same overloads in public change nothing.
func TestPostgresKitPgcryptoOverload(t *testing.T) {
	overloads := []string{
		`CREATE FUNCTION public.encrypt(bytea, bytea, text, n int DEFAULT 0) RETURNS bytea LANGUAGE sql AS $$ SELECT '\x00'::bytea $$`,
		`CREATE FUNCTION public.decrypt(bytea, bytea, text, n int DEFAULT 0) RETURNS bytea LANGUAGE sql AS $$ SELECT '\x00'::bytea $$`,
		`CREATE FUNCTION public.hmac(bytea, bytea, text, n int DEFAULT 0) RETURNS bytea LANGUAGE sql AS $$ SELECT '\x00'::bytea $$`,
	}
	t.Run("pgcrypto in public: what the guide warns of", func(t *testing.T) {
		db := newHijackDB(t, "ulidpgcrypto", false, psqlInstall(t, pgKitFile, pgPublicIDFile))
		execAll(t, db.mallory, overloads...)
		conn := connectPg(t, db.app)
		defer conn.Close(context.Background())
		var text string
		err := conn.QueryRow(testContext(t), "SELECT ulid_mask($1::uuid, $2::bytea)", ulid.Make().UUIDString(), make([]byte, 16)).Scan(&text)
		if err == nil || !strings.Contains(err.Error(), "is not unique") {
			t.Errorf("ulid_mask with mallory's overloads beside pgcrypto's = %q, %v; want the error \"... is not unique\"", text, err)
		}
		// hmac's overload alone stops the typed functions, at the type key.
		execAll(t, db.mallory, `DROP FUNCTION public.encrypt(bytea, bytea, text, int), public.decrypt(bytea, bytea, text, int)`)
		err = conn.QueryRow(testContext(t), "SELECT ulid_mask_typed($1::uuid, 'user', $2::bytea)", ulid.Make().UUIDString(), make([]byte, 16)).Scan(&text)
		if err == nil || !strings.Contains(err.Error(), "function public.hmac(bytea, bytea, text) is not unique") {
			t.Errorf("ulid_mask_typed with mallory's overload beside pgcrypto's hmac = %q, %v; want the error \"... is not unique\"", text, err)
		}
	})
	t.Run("pgcrypto in a schema of its own", func(t *testing.T) {
		db := newHijackDB(t, "ulidpgcryptoown", false, ownSchemas(t, "ulidpgcryptoown"))
		execAll(t, db.mallory, overloads...)
		if wrong := kitAnswers(t, db.app, "kit"); len(wrong) > 0 {
			t.Errorf("with pgcrypto in ext and mallory's overloads in public (%d wrong), the first:\n%s", len(wrong), wrong[0])
		}
	})
}

// What docs/sql.md says of unqualified calls: they are safe only when no
// schema on the caller's path is one that other roles may create in, not
// only the kit's and those before it. With the kit first, on kit, public,
// mallory's ulid_to_uuid(varchar) in public is an exact match for a varchar
// argument, which the kit's ulid_to_uuid(text) is not, and mallory's
// ulid_mask(text, text) the better match for untyped parameters, as pgx
// sends them by default. Qualified with kit, the same calls reach the kit.
func TestPostgresKitFirstOnPathBetterMatch(t *testing.T) {
	d := loadPublicIDData(t)
	const name = "ulidfirst"
	db := newHijackDB(t, name, false, ownSchemas(t, name))
	execAll(t, db.mallory,
		`CREATE FUNCTION public.ulid_to_uuid(s varchar) RETURNS uuid LANGUAGE sql AS $$ SELECT '00000000-0000-0000-0000-000000000000'::uuid $$`,
		`CREATE FUNCTION public.ulid_mask(id text, key text) RETURNS text LANGUAGE sql AS $$ SELECT 'mallory'::text $$`)
	conn := connectPg(t, db.app)
	defer conn.Close(context.Background())
	ctx := testContext(t)
	if _, err := conn.Exec(ctx, "SET search_path = kit, public"); err != nil {
		t.Fatal(err)
	}
	v := d.Vectors[0]
	id := ulid.MustParse(v.ULID)
	for _, c := range []struct {
		schema string
		wantID ulid.ULID
		want   string
	}{{"", ulid.ULID{}, "mallory"}, {"kit.", id, v.PublicID}} {
		var u [16]byte
		if err := conn.QueryRow(ctx, "SELECT "+c.schema+"ulid_to_uuid($1::varchar)", v.ULID).Scan(&u); err != nil || ulid.ULID(u) != c.wantID {
			t.Errorf("%sulid_to_uuid(%s::varchar) on kit, public = %v, %v; want %v", c.schema, v.ULID, ulid.ULID(u), err, c.wantID)
		}
		var text string
		if err := conn.QueryRow(ctx, "SELECT "+c.schema+"ulid_mask($1, $2)", id.UUIDString(), hexKey(d.key[v.Key])).Scan(&text); err != nil || text != c.want {
			t.Errorf("%sulid_mask($1, $2) on kit, public = %q, %v; want %q", c.schema, text, err, c.want)
		}
	}
}

// hexKey is a key as bytea text, '\x' and its hex digits, which the kit's
// ulid_mask(uuid, bytea) and mallory's ulid_mask(text, text) both read.
func hexKey(key []byte) string {
	return fmt.Sprintf(`\x%x`, key)
}
