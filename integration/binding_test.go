package integration

// What each driver does with a ULID passed as it is (so ULID.Value's 16
// bytes), per column type, and with the text one-liners. This pins the table
// in docs/storing.md, "Column types and drivers": if a driver release changes
// its behaviour, this test says where.

import (
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/ulidgo/ulid"
)

// An outcome is what happened to one ULID bound one way into one column.
type outcome string

const (
	works    outcome = "works"    // stored in the column's intended form, read back and matched by WHERE id = arg
	rejected outcome = "rejected" // the INSERT fails
	// stored, but not in the column's form: SQLite keeps the 16 bytes as a
	// BLOB in a CHAR(26) column (it does not convert BLOBs to text).
	wrongForm outcome = "stored in the wrong form"
)

func TestBinding(t *testing.T) {
	// Exec modes that send arguments as text, plus the other described ones,
	// on top of the storage targets.
	pgxMode := func(mode pgx.QueryExecMode) func(t *testing.T) db {
		return func(t *testing.T) db { return pgxDB{connectPostgresMode(t, mode)} }
	}
	all := append(targets[:len(targets):len(targets)],
		target{"PostgreSQL/stdlib/exec", func(t *testing.T) db {
			return sqlDB{openSQL(t, "pgx", withParam(dsn(t, envPostgres), "default_query_exec_mode=exec")), dollar}
		}, []column{pgUUIDText, pgText}},
		target{"PostgreSQL/pgx/cache_describe", pgxMode(pgx.QueryExecModeCacheDescribe), []column{pgUUID, pgText}},
		target{"PostgreSQL/pgx/describe_exec", pgxMode(pgx.QueryExecModeDescribeExec), []column{pgUUID, pgText}},
		target{"PostgreSQL/pgx/exec", pgxMode(pgx.QueryExecModeExec), []column{pgUUIDText, pgText}},
	)

	// What passing id itself does. Everything not listed is rejected.
	direct := map[string]outcome{
		"PostgreSQL/stdlib/uuid":               works,
		"PostgreSQL/pgx/uuid":                  works,
		"PostgreSQL/pgx/cache_describe/uuid":   works,
		"PostgreSQL/pgx/describe_exec/uuid":    works,
		"MariaDB/BINARY(16)":                   works,
		"MariaDB/interpolateParams/BINARY(16)": works,
		"SQLite/BLOB":                          works,
		"SQLite/CHAR(26)":                      wrongForm,
	}

	for ti, tg := range all {
		t.Run(tg.name, func(t *testing.T) {
			t.Parallel()
			d := tg.open(t)
			ctx := testContext(t)
			for ci, col := range tg.columns {
				table := fmt.Sprintf("ulid_bind_t%d_c%d", ti, ci)
				recreate(t, ctx, d, table, "id "+col.ddl+" NULL")

				try := func(arg func(ulid.ULID) any) outcome {
					id := ulid.Make()
					insert := fmt.Sprintf("INSERT INTO %s (id) VALUES (%s)", table, d.ph(1))
					if err := d.exec(ctx, insert, arg(id)); err != nil {
						t.Logf("%s: %v", col.name, err)
						return rejected
					}
					sel := fmt.Sprintf("SELECT id, %s FROM %s WHERE id = %s", col.stored, table, d.ph(1))
					var got ulid.ULID
					var stored string
					if err := d.queryRow(ctx, sel, arg(id)).Scan(&got, &stored); err != nil {
						t.Fatalf("%s: read back: %v", col.name, err)
					}
					if got != id {
						t.Fatalf("%s: read back %v, want %v", col.name, got, id)
					}
					if stored != col.want(id) {
						t.Logf("%s: %s = %q, want %q", col.name, col.stored, stored, col.want(id))
						return wrongForm
					}
					return works
				}

				name := tg.name + "/" + col.name
				want := direct[name]
				if want == "" {
					want = rejected
				}
				if got := try(func(id ulid.ULID) any { return id }); got != want {
					t.Errorf("%s: passing id: %s, want %s", name, got, want)
				}
				// The column's bind: id itself where that works, else the
				// one-liner (id.String() or id.UUIDString()).
				if got := try(col.bind); got != works {
					t.Errorf("%s: passing %T from the column's bind: %s", name, col.bind(ulid.ULID{}), got)
				}
				// Where uuid takes the bytes, the UUID text works too.
				if col.ddl == "uuid" {
					if got := try(func(id ulid.ULID) any { return id.UUIDString() }); got != works {
						t.Errorf("%s: passing id.UUIDString(): %s", name, got)
					}
				}
			}
		})
	}
}
