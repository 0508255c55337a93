package integration

// The privileges docs/sql.md says installing the kit needs: the kit installs,
// and installs again, as a role or user that has exactly those and nothing
// more, and fails without each one of them. See sqlkit_test.go.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
)

// guideStates fails t unless docs/sql.md has each of the statements, the
// grants the test gives (in words of one space: the guide wraps its lines).
func guideStates(t *testing.T, statements ...string) {
	t.Helper()
	guide := strings.Join(strings.Fields(readKit(t, "../docs/sql.md")), " ")
	for _, st := range statements {
		if !strings.Contains(guide, st) {
			t.Errorf("docs/sql.md does not give the grant this test checks: %s", st)
		}
	}
}

// PostgreSQL: USAGE and CREATE on the schema the functions go in (the first
// of the role's search_path), nothing else. A role without USAGE, or without
// CREATE, cannot install the kit; a role with both that does not own the
// functions cannot replace them. A role that calls the functions needs only
// USAGE on the schema (EXECUTE is PUBLIC's by default).
func TestPostgresKitPrivileges(t *testing.T) {
	guideStates(t, "GRANT USAGE, CREATE ON SCHEMA app TO app_migrator;", "GRANT USAGE ON SCHEMA app TO app_user;")
	ctx := testContext(t)
	adminDSN := dsn(t, envPostgres)
	admin := connectPostgres(t)
	const schema = "ulidkit_grants"
	roles := []struct {
		name, grants string
	}{
		{"ulidkit_installer", "USAGE, CREATE"},
		{"ulidkit_create_only", "CREATE"},
		{"ulidkit_usage_only", "USAGE"},
		{"ulidkit_not_owner", "USAGE, CREATE"},
	}
	drop := func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+schema+" CASCADE")
		for _, r := range roles {
			_, _ = admin.Exec(context.Background(), "DROP ROLE IF EXISTS "+r.name)
		}
	}
	drop()
	t.Cleanup(drop)
	// The schema belongs to the administrator, not to any of the roles.
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	roleDSN := map[string]string{}
	for _, r := range roles {
		for _, q := range []string{
			"CREATE ROLE " + r.name + " LOGIN PASSWORD '" + r.name + "'",
			"GRANT " + r.grants + " ON SCHEMA " + schema + " TO " + r.name,
			"ALTER ROLE " + r.name + " SET search_path = " + schema,
		} {
			if _, err := admin.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		u, err := url.Parse(adminDSN)
		if err != nil {
			t.Fatal(err)
		}
		u.User = url.UserPassword(r.name, r.name)
		roleDSN[r.name] = u.String()
	}

	// Nothing more: no role attribute, no membership, no privilege on the
	// database beyond PUBLIC's, exactly USAGE and CREATE on the schema.
	const installer = "ulidkit_installer"
	var attrs, memberships int
	var dbCreate, ownsSchema bool
	var schemaPrivs []string
	if err := admin.QueryRow(ctx, `SELECT
			(SELECT (rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls OR NOT rolinherit)::int FROM pg_roles WHERE rolname = $1),
			(SELECT count(*) FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member WHERE r.rolname = $1),
			has_database_privilege($1, current_database(), 'CREATE'),
			(SELECT pg_get_userbyid(nspowner) = $1 FROM pg_namespace WHERE nspname = $2),
			(SELECT array_agg(a.privilege_type ORDER BY a.privilege_type) FROM pg_namespace n, aclexplode(n.nspacl) a
				WHERE n.nspname = $2 AND a.grantee = (SELECT oid FROM pg_roles WHERE rolname = $1))`,
		installer, schema).Scan(&attrs, &memberships, &dbCreate, &ownsSchema, &schemaPrivs); err != nil {
		t.Fatal(err)
	}
	if attrs != 0 || memberships != 0 || dbCreate || ownsSchema || !slices.Equal(schemaPrivs, []string{"CREATE", "USAGE"}) {
		t.Fatalf("%s: attributes %d, memberships %d, CREATE on the database %v, owns the schema %v, privileges on it %v; want none but USAGE and CREATE on the schema",
			installer, attrs, memberships, dbCreate, ownsSchema, schemaPrivs)
	}

	psql := findClient(t, []string{"psql"}, "/usr/lib/postgresql/*/bin")
	install := func(role string) (string, error) {
		out, err := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", pgKitFile, roleDSN[role]).CombinedOutput()
		return string(out), err
	}
	// Installed, then installed again (the upgrade), with psql; and once more
	// as a migration tool sends it.
	for run := range 2 {
		if out, err := install(installer); err != nil || out != "" {
			t.Fatalf("run %d as %s (USAGE, CREATE): %v\n%s", run+1, installer, err, out)
		}
	}
	conn, err := pgx.Connect(ctx, roleDSN[installer])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.PgConn().Exec(ctx, readKit(t, pgKitFile)).ReadAll(); err != nil {
		t.Fatalf("third run as %s, one multi-statement exec: %v", installer, err)
	}
	var n int
	if err := admin.QueryRow(ctx, `SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
		WHERE n.nspname = $1 AND pg_get_userbyid(p.proowner) = $2`, schema, installer).Scan(&n); err != nil || n != 9 {
		t.Fatalf("%d functions in %s owned by %s, %v; want 9", n, schema, installer, err)
	}

	// Without either grant, or as another role with both, the file fails.
	for _, c := range []struct{ role, want string }{
		{"ulidkit_create_only", "no schema has been selected to create in"},
		{"ulidkit_usage_only", "permission denied for schema " + schema},
		{"ulidkit_not_owner", "must be owner of function gen_random_ulid"},
	} {
		if out, err := install(c.role); err == nil || !strings.Contains(out, c.want) {
			t.Errorf("install as %s: %v, %q; want an error %q", c.role, err, out, c.want)
		}
	}

	// A role with USAGE only calls every function, errors included.
	caller, err := pgx.Connect(ctx, roleDSN["ulidkit_usage_only"])
	if err != nil {
		t.Fatal(err)
	}
	defer caller.Close(context.Background())
	var text string
	if err := caller.QueryRow(ctx, "SELECT uuid_to_ulid(ulid_to_uuid('01arYZ6s41tsv4rrffq69g5fav'))").Scan(&text); err != nil || text != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
		t.Errorf("as a role with USAGE: %q, %v", text, err)
	}
	if err := caller.QueryRow(ctx, "SELECT uuid_to_typeid(typeid_to_uuid('user_01aryz6s41tsv4rrffq69g5fav', 'user'), 'user')").Scan(&text); err != nil || text != "user_01aryz6s41tsv4rrffq69g5fav" {
		t.Errorf("as a role with USAGE, TypeID text: %q, %v", text, err)
	}
	var u [16]byte
	_, want := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAU")
	if err := caller.QueryRow(ctx, "SELECT ulid_to_uuid('01ARYZ6S41TSV4RRFFQ69G5FAU')").Scan(&u); err == nil || !strings.Contains(err.Error(), want.Error()) {
		t.Errorf("as a role with USAGE, bad text: %v; want %q", err, want)
	}
}

// MariaDB: CREATE ROUTINE and ALTER ROUTINE on the database, nothing else; the
// first run already needs ALTER ROUTINE (CREATE OR REPLACE asks for it), and
// the file fails without either. MariaDB then grants the installer EXECUTE
// and ALTER ROUTINE on each function (automatic_sp_privileges). A caller
// needs EXECUTE on the database: with EXECUTE on ulid_to_bin alone, a bad
// input is "execute command denied" for the helper that raises the error.
func TestMariaDBKitPrivileges(t *testing.T) {
	guideStates(t, "GRANT CREATE ROUTINE, ALTER ROUTINE ON mydb.* TO 'migrator'@'%';", "GRANT EXECUTE ON mydb.* TO 'app'@'%';")
	ctx := testContext(t)
	adminDSN := dsn(t, envMySQL)
	admin := openSQL(t, "mysql", adminDSN)
	const db = "ulidkit_grants"
	users := []struct {
		name, grants string
	}{
		{"ulidkit_installer", "CREATE ROUTINE, ALTER ROUTINE ON " + db + ".*"},
		{"ulidkit_create_only", "CREATE ROUTINE ON " + db + ".*"},
		{"ulidkit_alter_only", "ALTER ROUTINE ON " + db + ".*"},
		{"ulidkit_caller", "EXECUTE ON " + db + ".*"},
	}
	drop := func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + db)
		for _, u := range append(users, struct{ name, grants string }{"ulidkit_caller_one", ""}) {
			_, _ = admin.Exec("DROP USER IF EXISTS '" + u.name + "'@'%'")
		}
	}
	drop()
	t.Cleanup(drop)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+db+" CHARACTER SET utf8mb4"); err != nil {
		t.Fatal(err)
	}
	cfgs := map[string]*mysql.Config{}
	for _, u := range users {
		for _, q := range []string{
			"CREATE USER '" + u.name + "'@'%' IDENTIFIED BY '" + u.name + "'",
			"GRANT " + u.grants + " TO '" + u.name + "'@'%'",
		} {
			if _, err := admin.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		cfg, err := mysql.ParseDSN(adminDSN)
		if err != nil {
			t.Fatal(err)
		}
		cfg.User, cfg.Passwd, cfg.DBName = u.name, u.name, db
		cfgs[u.name] = cfg
	}
	const installer = "ulidkit_installer"
	grants := func(user string) []string {
		t.Helper()
		rows, err := admin.QueryContext(ctx, "SHOW GRANTS FOR '"+user+"'@'%'")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var g string
			if err := rows.Scan(&g); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(g, "GRANT USAGE ON *.* ") {
				out = append(out, g)
			}
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		slices.Sort(out)
		return out
	}
	// Nothing more: USAGE on *.* (which is no privilege) and the two.
	if g, want := grants(installer), []string{"GRANT CREATE ROUTINE, ALTER ROUTINE ON `" + db + "`.* TO `" + installer + "`@`%`"}; !slices.Equal(g, want) {
		t.Fatalf("%s: grants %q, want %q", installer, g, want)
	}

	client := findClient(t, []string{"mariadb", "mysql"})
	install := func(user string) (string, error) {
		cfg := cfgs[user]
		host, port, _ := strings.Cut(cfg.Addr, ":")
		cmd := exec.Command(client, "--no-defaults", "--protocol=tcp", "-h", host, "-P", port, "-u", cfg.User, "-p"+cfg.Passwd, cfg.DBName)
		f, err := os.Open(mariadbKitFile)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	for run := range 2 {
		if out, err := install(installer); err != nil || out != "" {
			t.Fatalf("run %d as %s (CREATE ROUTINE, ALTER ROUTINE): %v\n%s", run+1, installer, err, out)
		}
	}
	mig := *cfgs[installer]
	mig.MultiStatements = true
	if _, err := openSQL(t, "mysql", mig.FormatDSN()).ExecContext(ctx, readKit(t, mariadbMigrationFile)); err != nil {
		t.Fatalf("third run as %s, %s in one multi-statement exec: %v", installer, mariadbMigrationFile, err)
	}
	var auto bool
	if err := admin.QueryRowContext(ctx, "SELECT @@automatic_sp_privileges").Scan(&auto); err != nil || !auto {
		t.Fatalf("automatic_sp_privileges = %v, %v; the server's default is 1", auto, err)
	}
	// MariaDB's own grants on each function it made (automatic_sp_privileges).
	var functions []string
	rows, err := admin.QueryContext(ctx, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ? ORDER BY ROUTINE_NAME", db)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var f string
		if err := rows.Scan(&f); err != nil {
			t.Fatal(err)
		}
		functions = append(functions, f)
	}
	if err := rows.Err(); err != nil || len(functions) != 14 {
		t.Fatalf("functions %v, %v; want 14", functions, err)
	}
	want := []string{"GRANT CREATE ROUTINE, ALTER ROUTINE ON `" + db + "`.* TO `" + installer + "`@`%`"}
	for _, f := range functions {
		want = append(want, "GRANT EXECUTE, ALTER ROUTINE ON FUNCTION `"+db+"`.`"+f+"` TO `"+installer+"`@`%`")
	}
	slices.Sort(want)
	if g := grants(installer); !slices.Equal(g, want) {
		t.Errorf("%s after the install: grants\n\t%s\nwant\n\t%s", installer, strings.Join(g, "\n\t"), strings.Join(want, "\n\t"))
	}

	for _, c := range []struct {
		user   string
		number uint16
		want   string
	}{
		{"ulidkit_create_only", 1370, "alter routine command denied to user 'ulidkit_create_only'@'%' for routine '" + db + "._ulid_fail'"},
		{"ulidkit_alter_only", 1044, "Access denied for user 'ulidkit_alter_only'@'%' to database '" + db + "'"},
	} {
		if out, err := install(c.user); err == nil || !strings.Contains(out, fmt.Sprintf("ERROR %d", c.number)) || !strings.Contains(out, c.want) {
			t.Errorf("install as %s: %v, %q; want ERROR %d %q", c.user, err, out, c.number, c.want)
		}
	}

	// Callers: EXECUTE on the database calls every function, errors
	// included; EXECUTE on one function does not reach the helpers.
	call := func(user, q string) (string, error) {
		var s sql.NullString
		err := openSQL(t, "mysql", cfgs[user].FormatDSN()).QueryRowContext(ctx, q).Scan(&s)
		return s.String, err
	}
	for _, user := range []string{installer, "ulidkit_caller"} {
		if s, err := call(user, "SELECT bin_to_ulid(ulid_to_bin('01arYZ6s41tsv4rrffq69g5fav'))"); err != nil || s != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
			t.Errorf("as %s: %q, %v", user, s, err)
		}
		if _, err := call(user, "SELECT ulid_to_bin('01ARYZ6S41TSV4RRFFQ69G5FAU')"); !isMariaDBError(err, "22018", "ulid: invalid character 'U' at offset 25") {
			t.Errorf("as %s, bad text: %v; want error 22018", user, err)
		}
		if s, err := call(user, "SELECT bin_to_typeid(typeid_to_bin('user_01aryz6s41tsv4rrffq69g5fav', 'user'), 'user')"); err != nil || s != "user_01aryz6s41tsv4rrffq69g5fav" {
			t.Errorf("as %s, TypeID text: %q, %v", user, s, err)
		}
		if _, err := call(user, "SELECT typeid_to_bin('order_01aryz6s41tsv4rrffq69g5fav', 'user')"); !isMariaDBError(err, "22018", `ulid: invalid TypeID: character 'o' at offset 0, want the prefix "user_"`) {
			t.Errorf("as %s, TypeID text of another prefix: %v; want error 22018", user, err)
		}
		if _, err := call(user, "SELECT bin_to_typeid(ulid_to_bin('01ARYZ6S41TSV4RRFFQ69G5FAV'), 'User')"); !isMariaDBError(err, "22023", "ulid: invalid TypeID prefix: character 'U' at offset 0") {
			t.Errorf("as %s, a bad prefix: %v; want error 22023", user, err)
		}
	}
	one := *cfgs["ulidkit_caller"]
	one.User, one.Passwd = "ulidkit_caller_one", "ulidkit_caller_one"
	cfgs[one.User] = &one
	for _, q := range []string{
		"CREATE USER 'ulidkit_caller_one'@'%' IDENTIFIED BY 'ulidkit_caller_one'",
		"GRANT EXECUTE ON FUNCTION " + db + ".ulid_to_bin TO 'ulidkit_caller_one'@'%'",
		"GRANT EXECUTE ON FUNCTION " + db + ".typeid_to_bin TO 'ulidkit_caller_one'@'%'",
	} {
		if _, err := admin.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if s, err := call(one.User, "SELECT HEX(ulid_to_bin('01arYZ6s41tsv4rrffq69g5fav'))"); err != nil || s != "01563DF36481D6764C61EFB99302BD5B" {
		t.Errorf("as %s: %q, %v", one.User, s, err)
	}
	var me *mysql.MySQLError
	if _, err := call(one.User, "SELECT ulid_to_bin('01ARYZ6S41TSV4RRFFQ69G5FAU')"); !errors.As(err, &me) || me.Number != 1370 || !strings.Contains(me.Message, "_ulid_text_error") {
		t.Errorf("as %s, bad text: %v; want error 1370 for _ulid_text_error", one.User, err)
	}
	// typeid_to_bin reads valid text itself and calls the helpers for bad
	// text (_ulid_prefix_error first): with EXECUTE on the function alone,
	// valid text reads and bad text is denied.
	if s, err := call(one.User, "SELECT HEX(typeid_to_bin('user_01aryz6s41tsv4rrffq69g5fav', 'user'))"); err != nil || s != "01563DF36481D6764C61EFB99302BD5B" {
		t.Errorf("as %s, TypeID text: %q, %v", one.User, s, err)
	}
	if _, err := call(one.User, "SELECT typeid_to_bin('order_01aryz6s41tsv4rrffq69g5fav', 'user')"); !errors.As(err, &me) || me.Number != 1370 || !strings.Contains(me.Message, "_ulid_prefix_error") {
		t.Errorf("as %s, TypeID text of another prefix: %v; want error 1370 for _ulid_prefix_error", one.User, err)
	}
}
