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

// mallorysTypeChecks returns who ran mallory's domain checks, and on what.
func mallorysTypeChecks(t *testing.T, owner string) []string {
	t.Helper()
	conn := connectPg(t, owner)
	defer conn.Close(context.Background())
	rows, err := conn.Query(testContext(t), "SELECT DISTINCT who || ': ' || coalesce(value, 'NULL') FROM public.mallory_types ORDER BY 1")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
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
	if wrong := kitAnswers(t, db.app); len(wrong) > 0 {
		t.Errorf("installed on %s with mallory's domains:\n%s", path, strings.Join(wrong, "\n"))
	}
	if ran := mallorysTypeChecks(t, db.owner); len(ran) > 0 {
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
		kitAnswers(t, db.app)
		ran := mallorysTypeChecks(t, db.owner)
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
