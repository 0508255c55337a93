// Package schema holds the ent schema of the typed ent stack test: an
// Account whose key and nullable manager are typed IDs.
package schema

import (
	"database/sql/driver"

	"entgo.io/ent"
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/ulidgo/ulid"
)

// account names the type of an AccountID by its TypeID prefix.
type account struct{}

func (account) Prefix() string { return "account" }

// AccountID is the key of an Account: a defined struct type that holds
// the Typed, because ent writes a generic type's name into its generated
// code with the prefix type's whole import path, which does not compile.
// The field is named, not embedded: ent's IDs (and FirstID, OnlyID) scan a
// struct type by its fields, and would reach the embedded Typed's
// unexported field, which has the column's name, and panic; the sql tag
// gives the named field the key column's name. Value and Scan are the
// Typed's.
type AccountID struct {
	Typed ulid.Typed[account] `sql:"id"`
}

// NewAccountID returns a new AccountID of ulid.MakeTyped.
func NewAccountID() AccountID { return AccountID{ulid.MakeTyped[account]()} }

// ParseAccountID reads TypeID text with the prefix "account" only, as
// ulid.ParseTyped does.
func ParseAccountID(s string) (AccountID, error) {
	id, err := ulid.ParseTyped[account](s)
	return AccountID{id}, err
}

// String returns the TypeID text, such as "account_01h455vb4pex5vsknk084sn02q".
func (id AccountID) String() string { return id.Typed.String() }

// Value stores the ULID's 16 bytes, as ulid.Typed.Value does.
func (id AccountID) Value() (driver.Value, error) { return id.Typed.Value() }

// Scan reads what ulid.Typed.Scan reads, and refuses another prefix.
func (id *AccountID) Scan(src any) error { return id.Typed.Scan(src) }

// The column types of the ULID recipe (ent/schema): uuid on PostgreSQL,
// binary(16) on MariaDB/MySQL, blob on SQLite.
var idColumn = map[string]string{
	dialect.MySQL:  "binary(16)",
	dialect.SQLite: "blob",
}

// Account has a typed key and a nullable typed manager.
type Account struct {
	ent.Schema
}

func (Account) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", AccountID{}).SchemaType(idColumn),
		field.String("name"),
		field.UUID("manager_id", AccountID{}).Optional().Nillable().SchemaType(idColumn),
	}
}

func (Account) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("reports", Account.Type).From("manager").Unique().Field("manager_id"),
	}
}

func (Account) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "ent_typed_accounts"}}
}
