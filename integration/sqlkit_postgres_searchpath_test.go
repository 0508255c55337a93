package integration

// The PostgreSQL kit (sql/postgres/ulid.sql and ulid_public_id.sql) against a
// role that shadows built-in functions and operators on the caller's
// search_path: every function pins search_path, and so does the block that
// ulid_public_id.sql runs at install, so no such object is ever called.

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
)

// pinnedSearchPath is the SET clause every function of the kit carries.
const pinnedSearchPath = "SET search_path = pg_catalog, pg_temp"

// shadows are the objects of the attacking role, mallory, in the schema
// public: for each call in the kit's bodies that matches nothing in
// pg_catalog exactly, an exact match, which PostgreSQL prefers from any schema
// on the path, even one after pg_catalog. Each records that it ran in
// public.mallory_calls and returns a wrong value (a bit flipped, a key
// position of 1, a chosen public ID, a table entry off by one).
var shadows = []string{
	`CREATE TABLE public.mallory_calls (fn text, arg text)`,
	`GRANT SELECT, INSERT ON public.mallory_calls TO PUBLIC`,
	// ulid_to_uuid and ulid_mask: int8 | int4.
	`CREATE FUNCTION public.mallory_or(a int8, b int4) RETURNS int8 LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('|', a::text); RETURN (a | b::int8) # 1::int8; END $$`,
	`CREATE OPERATOR public.| (LEFTARG = int8, RIGHTARG = int4, FUNCTION = public.mallory_or)`,
	// uuid_to_ulid: int8 & int4.
	`CREATE FUNCTION public.mallory_and(a int8, b int4) RETURNS int8 LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('&', a::text); RETURN (a & b::int8) # 2::int8; END $$`,
	`CREATE OPERATOR public.& (LEFTARG = int8, RIGHTARG = int4, FUNCTION = public.mallory_and)`,
	// ulid_time: int8 % int4.
	`CREATE FUNCTION public.mallory_mod(a int8, b int4) RETURNS int8 LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('%', a::text); RETURN (a % b::int8) + 1; END $$`,
	`CREATE OPERATOR public.% (LEFTARG = int8, RIGHTARG = int4, FUNCTION = public.mallory_mod)`,
	// gen_random_ulid, ulid_min, ulid_max: numeric * int4.
	`CREATE FUNCTION public.mallory_mul(a numeric, b int4) RETURNS numeric LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('*', a::text); RETURN a * b::numeric + 1000; END $$`,
	`CREATE OPERATOR public.* (LEFTARG = numeric, RIGHTARG = int4, FUNCTION = public.mallory_mul)`,
	// ulid_unmask: which key opens, and what the public ID is.
	`CREATE FUNCTION public.array_position(a int[], v int) RETURNS int LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('array_position', v::text); RETURN 1; END $$`,
	`CREATE FUNCTION public.cardinality(a int[]) RETURNS int LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('cardinality', a::text); RETURN pg_catalog.cardinality(a); END $$`,
	`CREATE FUNCTION public.convert_to(s text, e text) RETURNS bytea LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('convert_to', s);
	 RETURN pg_catalog.convert_to('WC0JRP5XSD82MGNKBEF7E8HDC6EDH', 'UTF8'); END $$`,
	// pgcrypto, in public here: an overload beside its encrypt and decrypt
	// that would see every key, were the mode's literal untyped and varchar
	// preferred to text.
	`CREATE FUNCTION public.encrypt(d bytea, k bytea, m varchar) RETURNS bytea LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('encrypt', encode(k, 'hex')); RETURN d; END $$`,
	`CREATE FUNCTION public.decrypt(d bytea, k bytea, m varchar) RETURNS bytea LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('decrypt', encode(k, 'hex')); RETURN d; END $$`,
	// And beside its hmac, which derives the keys of typed public IDs.
	`CREATE FUNCTION public.hmac(d bytea, k bytea, m varchar) RETURNS bytea LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('hmac', encode(k, 'hex')); RETURN k || k; END $$`,
	// ulid_public_id.sql's install block: the tables it writes into the
	// functions.
	`CREATE FUNCTION public.unnest(a int[]) RETURNS SETOF int LANGUAGE plpgsql AS $$
	 BEGIN INSERT INTO public.mallory_calls VALUES ('unnest', ''); RETURN QUERY SELECT v + 1 FROM pg_catalog.unnest(a) AS t(v); END $$`,
}

// dropShadows removes mallory's functions and operators, but not the table
// of their calls.
var dropShadows = []string{
	`DROP OPERATOR public.| (int8, int4)`, `DROP OPERATOR public.& (int8, int4)`,
	`DROP OPERATOR public.% (int8, int4)`, `DROP OPERATOR public.* (numeric, int4)`,
	`DROP FUNCTION public.mallory_or, public.mallory_and, public.mallory_mod, public.mallory_mul,
	 public.array_position(int[], int), public.cardinality(int[]), public.convert_to(text, text), public.unnest(int[]),
	 public.encrypt(bytea, bytea, varchar), public.decrypt(bytea, bytea, varchar), public.hmac(bytea, bytea, varchar)`,
}

// hijackDB is a database whose schema public anyone may create in, as on
// PostgreSQL 14 and earlier (emulated with a GRANT on 15 and later), with
// three plain roles: its owner installs pgcrypto and the kit into public on
// the default search_path; app calls the functions on that path; mallory
// creates the shadows.
type hijackDB struct {
	owner, app, mallory string
}

// newHijackDB makes database name afresh, with roles whose names start with
// name, and, if shadowsFirst, mallory's objects before the kit is installed.
// install runs the kit files as the owner; it is called once.
func newHijackDB(t *testing.T, name string, shadowsFirst bool, install func(owner string) error) hijackDB {
	t.Helper()
	admin := dsn(t, envPostgres)
	ctx := testContext(t)
	conn := connectPg(t, admin)
	for _, q := range []string{
		"DROP DATABASE IF EXISTS " + name + " WITH (FORCE)",
		"DROP ROLE IF EXISTS " + name + "_owner", "DROP ROLE IF EXISTS " + name + "_app", "DROP ROLE IF EXISTS " + name + "_mallory",
		"CREATE ROLE " + name + "_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + name + "_owner'",
		"CREATE ROLE " + name + "_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + name + "_app'",
		"CREATE ROLE " + name + "_mallory LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '" + name + "_mallory'",
		"CREATE DATABASE " + name + " OWNER " + name + "_owner",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var db hijackDB
	for _, r := range []struct {
		dst  *string
		role string
	}{{&db.owner, name + "_owner"}, {&db.app, name + "_app"}, {&db.mallory, name + "_mallory"}} {
		var err error
		if *r.dst, err = pgRoleDSN(admin, r.role, name); err != nil {
			t.Fatal(err)
		}
	}
	execAll(t, db.owner, "GRANT CREATE ON SCHEMA public TO PUBLIC", "CREATE EXTENSION pgcrypto")
	if shadowsFirst {
		execAll(t, db.mallory, shadows...)
	}
	if err := install(db.owner); err != nil {
		t.Fatal(err)
	}
	if !shadowsFirst {
		execAll(t, db.mallory, shadows...)
	}
	return db
}

// execAll runs each statement, in order, as the role of dsn.
func execAll(t *testing.T, dsn string, statements ...string) {
	t.Helper()
	conn := connectPg(t, dsn)
	for _, q := range statements {
		if _, err := conn.Exec(testContext(t), q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	_ = conn.Close(context.Background())
}

// psqlInstall runs each kit file with psql -f as the role of dsn, on its
// default search_path, as docs/sql.md installs them.
func psqlInstall(t *testing.T, files ...string) func(string) error {
	return func(dsn string) error {
		psql := findClient(t, []string{"psql"}, "/usr/lib/postgresql/*/bin")
		for _, f := range files {
			cmd := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", f, dsn)
			if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
				return fmt.Errorf("psql -f %s: %v\n%s", f, err, out)
			}
		}
		return nil
	}
}

// kitAnswers runs every function of both kit files as app, on its default
// search_path or, if path is not empty, on that one, and returns what
// differs from Go's answers. It also fails on a public ID opened with a key
// the mark does not name.
func kitAnswers(t *testing.T, app, path string) []string {
	t.Helper()
	d := loadPublicIDData(t)
	ctx := testContext(t)
	conn := connectPg(t, app)
	defer conn.Close(context.Background())
	if path != "" {
		if _, err := conn.Exec(ctx, "SET search_path = "+path); err != nil {
			t.Fatal(err)
		}
	}
	var wrong []string
	check := func(what string, got, want any, err error) {
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			wrong = append(wrong, fmt.Sprintf("%s = %v, %v; want %v", what, got, err, want))
		}
	}
	// ulid.sql, on the vectors of the ULID spec and of docs/sql.md.
	for _, s := range []string{"01ARYZ6S41TSV4RRFFQ69G5FAV", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01KVT0F720ZK9N4T2QX7VR8WMC", "014D2PF2DBSQQZXQ5TK1V58CGG"} {
		id := ulid.MustParse(s)
		var u [16]byte
		var text string
		var at time.Time
		err := conn.QueryRow(ctx, "SELECT ulid_to_uuid($1::text)", s).Scan(&u)
		check("ulid_to_uuid("+s+")", ulid.ULID(u), id, err)
		err = conn.QueryRow(ctx, "SELECT uuid_to_ulid($1::uuid)", id.UUIDString()).Scan(&text)
		check("uuid_to_ulid("+s+")", text, s, err)
		err = conn.QueryRow(ctx, "SELECT ulid_time($1::uuid)", id.UUIDString()).Scan(&at)
		check("ulid_time("+s+")", at.UTC(), id.Time().UTC(), err)
		minAt, _ := ulid.MinAt(id.Timestamp())
		err = conn.QueryRow(ctx, "SELECT ulid_min($1::timestamptz)", id.Time()).Scan(&u)
		check("ulid_min("+s+")", ulid.ULID(u), minAt, err)
		maxAt, _ := ulid.MaxAt(id.Timestamp())
		err = conn.QueryRow(ctx, "SELECT ulid_max($1::timestamptz)", id.Time()).Scan(&u)
		check("ulid_max("+s+")", ulid.ULID(u), maxAt, err)
	}
	// ulid.sql's TypeID functions, on the TypeID spec's valid data, and a
	// refusal of another prefix.
	for _, v := range readTypeIDVectors(t, typeIDValidFile) {
		var u [16]byte
		var text string
		err := conn.QueryRow(ctx, "SELECT typeid_to_uuid($1::text, $2::text)", v.TypeID, v.Prefix).Scan(&u)
		check("typeid_to_uuid("+v.TypeID+")", ulid.ULID(u).UUIDString(), v.UUID, err)
		err = conn.QueryRow(ctx, "SELECT uuid_to_typeid($1::uuid, $2::text)", v.UUID, v.Prefix).Scan(&text)
		check("uuid_to_typeid("+v.UUID+", "+v.Prefix+")", text, v.TypeID, err)
	}
	{
		const order = "order_01h455vb4pex5vsknk084sn02q"
		wantErr := typedRefusal(t, order, "user")
		var u *[16]byte
		err := conn.QueryRow(ctx, "SELECT typeid_to_uuid($1::text, 'user')", order).Scan(&u)
		if err == nil || !strings.Contains(err.Error(), wantErr.Error()) {
			wrong = append(wrong, fmt.Sprintf("typeid_to_uuid(%s, user) = %x, %v; want the error %q", order, u, err, wantErr))
		}
	}
	for _, f := range []string{"gen_random_ulid", "gen_random_ulid_v7"} {
		var u [16]byte
		before := time.Now().Truncate(time.Millisecond)
		err := conn.QueryRow(ctx, "SELECT "+f+"()").Scan(&u)
		after := time.Now()
		if got := ulid.ULID(u).Time(); err != nil || got.Before(before) || got.After(after) {
			wrong = append(wrong, fmt.Sprintf("%s() = %v (time %v), %v; want a time in [%v, %v]", f, ulid.ULID(u), got, err, before, after))
		}
	}
	// ulid_public_id.sql, on the shared vectors; with two keys in both
	// orders, so that the mark must pick the key.
	for _, v := range d.Vectors {
		id := ulid.MustParse(v.ULID)
		var text string
		var u [16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_mask($1::uuid, $2::bytea)", id.UUIDString(), d.key[v.Key]).Scan(&text)
		check("ulid_mask("+v.ULID+", "+v.Key+")", text, v.PublicID, err)
		other := d.key["k256"]
		if v.Key == "k256" {
			other = d.key["k128"]
		}
		for _, keys := range [][][]byte{{d.key[v.Key]}, {d.key[v.Key], other}, {other, d.key[v.Key]}} {
			err := conn.QueryRow(ctx, "SELECT ulid_unmask($1::text, VARIADIC $2::bytea[])", v.PublicID, keys).Scan(&u)
			check(fmt.Sprintf("ulid_unmask(%s, %d keys)", v.PublicID, len(keys)), ulid.ULID(u), id, err)
		}
		err = conn.QueryRow(ctx, "SELECT ulid_public_id_mark($1::bytea)", d.key[v.Key]).Scan(&text)
		check("ulid_public_id_mark("+v.Key+")", text, v.PublicID[:2], err)
	}
	// ulid_public_id.sql's typed functions, on the shared vectors, with two
	// keys in both orders, and a typed public ID of another type refused.
	for _, v := range d.TypedVectors {
		id := ulid.MustParse(v.ULID)
		var text string
		var u [16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_mask_typed($1::uuid, $2::text, $3::bytea)", id.UUIDString(), v.Prefix, d.key[v.Key]).Scan(&text)
		check("ulid_mask_typed("+v.ULID+", "+v.Prefix+", "+v.Key+")", text, v.PublicID, err)
		other := d.key["k256"]
		if v.Key == "k256" {
			other = d.key["k128"]
		}
		for _, keys := range [][][]byte{{d.key[v.Key]}, {d.key[v.Key], other}, {other, d.key[v.Key]}} {
			err := conn.QueryRow(ctx, "SELECT ulid_unmask_typed($1::text, $2::text, VARIADIC $3::bytea[])", v.PublicID, v.Prefix, keys).Scan(&u)
			check(fmt.Sprintf("ulid_unmask_typed(%s, %d keys)", v.PublicID, len(keys)), ulid.ULID(u), id, err)
		}
		err = conn.QueryRow(ctx, "SELECT ulid_public_id_mark_typed($1::text, $2::bytea)", v.Prefix, d.key[v.Key]).Scan(&text)
		check("ulid_public_id_mark_typed("+v.Prefix+", "+v.Key+")", text, v.PublicID[len(v.Prefix)+1:len(v.Prefix)+3], err)
	}
	for _, r := range d.TypedRefused {
		_, wantErr := typedOf(t, newMasker(t, d.key[r.Key]), r.Prefix).Unmask(r.Text)
		var u *[16]byte
		err := conn.QueryRow(ctx, "SELECT ulid_unmask_typed($1::text, $2::text, $3::bytea)", r.Text, r.Prefix, d.key[r.Key]).Scan(&u)
		if err == nil || !strings.Contains(err.Error(), wantErr.Error()) {
			wrong = append(wrong, fmt.Sprintf("ulid_unmask_typed(%s, %s, %s) = %x, %v; want the error %q", r.Text, r.Prefix, r.Key, u, err, wantErr))
		}
	}
	// A public ID of k256 is refused with k128 alone, never opened.
	ofOther := newMasker(t, d.key["k256"]).Mask(ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	_, wantErr := newMasker(t, d.key["k128"]).Unmask(ofOther)
	var u *[16]byte
	err := conn.QueryRow(ctx, "SELECT ulid_unmask($1::text, $2::bytea)", ofOther, d.key["k128"]).Scan(&u)
	if err == nil || !strings.Contains(err.Error(), wantErr.Error()) {
		wrong = append(wrong, fmt.Sprintf("ulid_unmask(%s, k128) = %x, %v; want the error %q", ofOther, u, err, wantErr))
	}
	return wrong
}

// mallorysCalls returns what public.mallory_calls recorded.
func mallorysCalls(t *testing.T, owner string) []string {
	t.Helper()
	return textColumn(t, owner, "SELECT DISTINCT fn FROM public.mallory_calls ORDER BY fn")
}

// textColumn returns the one text column of query's rows, run as the role of
// dsn.
func textColumn(t *testing.T, dsn, query string) []string {
	t.Helper()
	conn := connectPg(t, dsn)
	defer conn.Close(context.Background())
	rows, err := conn.Query(testContext(t), query)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// With the kit in public, on the default search_path of the role that calls
// it, a role that may create in public shadows the built-in functions and
// operators the bodies call: every function still gives Go's answers, and
// none of the shadows runs. Without the pinned search_path (the control:
// the same files with the pins taken out), the same shadows change results
// and run, so the test can fail.
func TestPostgresKitSearchPathCallTime(t *testing.T) {
	files := []string{pgKitFile, pgPublicIDFile}
	db := newHijackDB(t, "ulidhijack", false, psqlInstall(t, files...))
	if wrong := kitAnswers(t, db.app, ""); len(wrong) > 0 {
		t.Errorf("with mallory's shadows on the path:\n%s", strings.Join(wrong, "\n"))
	}
	if calls := mallorysCalls(t, db.owner); len(calls) > 0 {
		t.Errorf("mallory's shadows ran: %v", calls)
	}

	t.Run("control without the pins", func(t *testing.T) {
		db := newHijackDB(t, "ulidhijackctl", false, unpinnedInstall(t, files...))
		wrong := kitAnswers(t, db.app, "")
		calls := mallorysCalls(t, db.owner)
		t.Logf("without the pins: %d wrong answers; shadows that ran: %v", len(wrong), calls)
		// Each call below matches nothing in pg_catalog exactly, so the
		// shadow wins where the path is not pinned.
		for _, fn := range []string{"%", "&", "*", "array_position", "|"} {
			if !slices.Contains(calls, fn) {
				t.Errorf("without the pins, mallory's %s did not run: the shadows test nothing", fn)
			}
		}
		if len(wrong) < 10 {
			t.Errorf("without the pins, only %d wrong answers: %v", len(wrong), wrong)
		}
	})
}

// With mallory's shadows present while the owner installs both files, and
// dropped afterwards, every function gives Go's answers, before and after
// the drop: what ulid_public_id.sql computes at install and writes into the
// functions was computed by PostgreSQL's own functions. The install leaves
// the installing session's search_path as it was, in a transaction too.
func TestPostgresKitSearchPathInstallTime(t *testing.T) {
	files := []string{pgKitFile, pgPublicIDFile}
	db := newHijackDB(t, "ulidhijackinst", true, psqlInstall(t, files...))
	if wrong := kitAnswers(t, db.app, ""); len(wrong) > 0 {
		t.Errorf("installed with mallory's shadows present:\n%s", strings.Join(wrong, "\n"))
	}
	execAll(t, db.mallory, dropShadows...)
	if wrong := kitAnswers(t, db.app, ""); len(wrong) > 0 {
		t.Errorf("installed with mallory's shadows present, then dropped:\n%s", strings.Join(wrong, "\n"))
	}
	if calls := mallorysCalls(t, db.owner); len(calls) > 0 {
		t.Errorf("mallory's shadows ran: %v", calls)
	}

	t.Run("control without the pins", func(t *testing.T) {
		db := newHijackDB(t, "ulidhijackinstctl", true, unpinnedInstall(t, files...))
		execAll(t, db.mallory, dropShadows...)
		wrong := kitAnswers(t, db.app, "")
		calls := mallorysCalls(t, db.owner)
		t.Logf("installed without the pins, shadows dropped: %d wrong answers; shadows that ran: %v", len(wrong), calls)
		if !slices.Contains(calls, "unnest") || len(wrong) < 10 {
			t.Errorf("without the pins, mallory's unnest at install left %d wrong answers after it was dropped (ran: %v): the shadows test nothing", len(wrong), calls)
		}
	})

	// Installed again inside a migration's transaction, with a path of its
	// own: the rest of the transaction keeps that path.
	conn := connectPg(t, db.owner)
	ctx := testContext(t)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(context.Background())
	const path = `"$user", public, pg_catalog`
	if _, err := tx.Exec(ctx, "SET LOCAL search_path = "+path); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if _, err := tx.Conn().PgConn().Exec(ctx, readKit(t, f)).ReadAll(); err != nil {
			t.Fatalf("%s in a transaction: %v", f, err)
		}
	}
	var got string
	if err := tx.QueryRow(ctx, "SHOW search_path").Scan(&got); err != nil || got != path {
		t.Errorf("search_path after the files, in their transaction: %q, %v; want %q", got, err, path)
	}
}

// Every function in the kit's schema is one of the files', and each runs with
// search_path pinned to pg_catalog, pg_temp.
func TestPostgresKitSearchPathPinned(t *testing.T) {
	db := newHijackDB(t, "ulidhijackpin", false, psqlInstall(t, pgKitFile, pgPublicIDFile))
	var want []string
	for _, f := range []string{pgKitFile, pgPublicIDFile} {
		for _, m := range createFunction.FindAllStringSubmatch(readKit(t, f), -1) {
			want = append(want, m[1])
			if m[2] != "" {
				want = append(want, m[1]+"_typed")
			}
		}
	}
	slices.Sort(want)
	conn := connectPg(t, db.owner)
	rows, err := conn.Query(testContext(t), `SELECT p.proname::text, coalesce(array_to_string(p.proconfig, ';'), '')
		FROM pg_proc p JOIN pg_roles r ON r.oid = p.proowner
		WHERE p.pronamespace = 'public'::regnamespace AND r.rolname = current_user ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var name, config string
		if err := rows.Scan(&name, &config); err != nil {
			t.Fatal(err)
		}
		got = append(got, name)
		if config != "search_path=pg_catalog, pg_temp" {
			t.Errorf("%s: proconfig %q, want search_path=pg_catalog, pg_temp", name, config)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("functions in public: %v; the files create %v", got, want)
	}
}

// createFunction matches a CREATE FUNCTION of the kit files, the name in
// group 1, up to the AS of its body. ulid_public_id.sql writes the schema in
// as @target@, and makes each of its functions a second time, for typed
// public IDs, with @typed@ in the name as _typed: group 2 is @typed@ then.
var createFunction = regexp.MustCompile(`(?m)^CREATE OR REPLACE FUNCTION (?:@target@\.)?(\w+)(@typed@)?\((?s:.*?)\n(?:AS|BEGIN ATOMIC)\b`)

// Every CREATE FUNCTION statement of the PostgreSQL kit files pins
// search_path, and the install block of ulid_public_id.sql pins it before
// anything else: a check of the files, with no server.
func TestPostgresKitFilesPinSearchPath(t *testing.T) {
	for _, f := range []string{pgKitFile, pgPublicIDFile} {
		text := readKit(t, f)
		all := regexp.MustCompile(`(?m)^CREATE (OR REPLACE )?FUNCTION`).FindAllStringIndex(text, -1)
		heads := createFunction.FindAllString(text, -1)
		if len(heads) == 0 || len(heads) != len(all) {
			t.Errorf("%s: %d CREATE FUNCTION statements, %d read to their AS", f, len(all), len(heads))
		}
		for _, h := range heads {
			if !strings.Contains(h, "\n"+pinnedSearchPath+"\n") {
				t.Errorf("%s: no %q in\n%s", f, pinnedSearchPath, h)
			}
		}
	}
	text := readKit(t, pgPublicIDFile)
	_, body, _ := strings.Cut(text, "\nBEGIN\n")
	first := strings.TrimSpace(body)
	for strings.HasPrefix(first, "--") {
		_, first, _ = strings.Cut(first, "\n")
		first = strings.TrimSpace(first)
	}
	if want := "PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);"; !strings.HasPrefix(first, want) {
		t.Errorf("%s: the install block's first statement is %.80q, want %q", pgPublicIDFile, first, want)
	}
}

// unpinnedInstall installs the kit files without their pins (see unpinned)
// as the role of dsn, for the controls.
func unpinnedInstall(t *testing.T, files ...string) func(string) error {
	return func(dsn string) error {
		conn := connectPg(t, dsn)
		defer conn.Close(context.Background())
		for _, f := range files {
			if _, err := conn.PgConn().Exec(testContext(t), unpinned(t, f)).ReadAll(); err != nil {
				return fmt.Errorf("%s without its pins: %w", f, err)
			}
		}
		return nil
	}
}

// unpinned returns the kit file f without its pins, for the control of
// TestPostgresKitSearchPathCallTime: the SET clauses and the install block's
// set_config calls taken out.
func unpinned(t *testing.T, f string) string {
	t.Helper()
	var kept []string
	for line := range strings.SplitSeq(readKit(t, f), "\n") {
		if strings.TrimSpace(line) == pinnedSearchPath || strings.Contains(line, "PERFORM pg_catalog.set_config('search_path'") ||
			strings.Contains(line, "PERFORM set_config('search_path', saved") {
			continue
		}
		kept = append(kept, line)
	}
	out := strings.Join(kept, "\n")
	if out == readKit(t, f) || strings.Contains(out, "search_path = pg_catalog") {
		t.Fatalf("%s: the pins were not all taken out", f)
	}
	return out
}
