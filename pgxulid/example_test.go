package pgxulid_test

import (
	"context"
	"database/sql"
	"fmt"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/pgxulid"
)

// A registered Map encodes a ULID as a uuid. OID 0 and the text format are
// what pgx uses in the Exec and SimpleProtocol query exec modes, where the
// parameter's type is not known.
func Example() {
	m := pgtype.NewMap() // in a program: conn.TypeMap()
	pgxulid.Register(m)

	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	buf, err := m.Encode(0, pgtype.TextFormatCode, id, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(buf))

	ids, err := m.Encode(0, pgtype.TextFormatCode, []ulid.ULID{id, {}}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(ids))

	var back ulid.ULID
	if err := m.Scan(pgtype.UUIDOID, pgtype.TextFormatCode, buf, &back); err != nil {
		log.Fatal(err)
	}
	fmt.Println(back)

	// Output:
	// 01563df3-6481-d676-4c61-efb99302bd5b
	// {01563df3-6481-d676-4c61-efb99302bd5b,00000000-0000-0000-0000-000000000000}
	// 01ARYZ6S41TSV4RRFFQ69G5FAV
}

// With pgxpool, register on every new connection in AfterConnect. Here the
// pool uses the Exec query exec mode, as behind PgBouncer in transaction
// pooling mode.
func Example_pgxpool() {
	ctx := context.Background()
	config, err := pgxpool.ParseConfig("postgres://app@127.0.0.1:6432/app?default_query_exec_mode=exec")
	if err != nil {
		log.Fatal(err)
	}
	config.AfterConnect = func(ctx context.Context, conn *pgx.Conn) error {
		pgxulid.Register(conn.TypeMap())
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	ids := []ulid.ULID{ulid.Make(), ulid.Make()}
	rows, err := pool.Query(ctx, "SELECT id FROM items WHERE id = ANY($1)", ids)
	if err != nil {
		log.Fatal(err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[ulid.ULID])
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(found))
}

// With database/sql, register in the stdlib connector's AfterConnect option.
func Example_databaseSQL() {
	config, err := pgx.ParseConfig("postgres://app@127.0.0.1:6432/app?default_query_exec_mode=simple_protocol")
	if err != nil {
		log.Fatal(err)
	}
	db := sql.OpenDB(stdlib.GetConnector(*config, stdlib.OptionAfterConnect(
		func(ctx context.Context, conn *pgx.Conn) error {
			pgxulid.Register(conn.TypeMap())
			return nil
		})))
	defer db.Close()

	id := ulid.Make()
	if _, err := db.Exec("INSERT INTO items (id) VALUES ($1)", id); err != nil {
		log.Fatal(err)
	}
	var parent sql.Null[ulid.ULID]
	if err := db.QueryRow("SELECT parent FROM items WHERE id = $1", id).Scan(&parent); err != nil {
		log.Fatal(err)
	}
	fmt.Println(parent.Valid)
}

// user is the prefix type of a user ID.
type user struct{}

func (user) Prefix() string { return "user" }

// A ulid.Typed of any prefix type is a uuid too, with no registration of its
// own: its ULID's UUID text, here with the parameter's type unknown, as in
// the Exec and SimpleProtocol modes. A nil pointer is NULL.
func Example_typed() {
	m := pgtype.NewMap() // in a program: conn.TypeMap()
	pgxulid.Register(m)

	id := ulid.MustParseTyped[user]("user_01aryz6s41tsv4rrffq69g5fav")
	buf, err := m.Encode(0, pgtype.TextFormatCode, id, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(buf))

	null, err := m.Encode(0, pgtype.TextFormatCode, (*ulid.Typed[user])(nil), nil)
	fmt.Println(null == nil, err)

	var back ulid.Typed[user]
	if err := m.Scan(pgtype.UUIDOID, pgtype.TextFormatCode, buf, &back); err != nil {
		log.Fatal(err)
	}
	fmt.Println(back)

	// Output:
	// 01563df3-6481-d676-4c61-efb99302bd5b
	// true <nil>
	// user_01aryz6s41tsv4rrffq69g5fav
}
