// Package schema holds the ent schemas of the ent stack test: a User with a
// ULID key and a nullable ULID foreign key, and Bare, the same key without
// the recipe's per-dialect column types.
package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"github.com/ulidgo/ulid"
)

// ulidColumn gives a ULID field the recipe's column types: uuid on
// PostgreSQL (ent's default for field.UUID), BINARY(16) on MariaDB/MySQL
// (where ent's default would be MariaDB's UUID type or char(36)) and BLOB
// on SQLite.
var ulidColumn = map[string]string{
	dialect.MySQL:  "binary(16)",
	dialect.SQLite: "blob",
}

// User has a ULID key, made by ulid.Make when none is given.
type User struct {
	ent.Schema
}

func (User) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", ulid.ULID{}).Default(ulid.Make).SchemaType(ulidColumn),
		field.String("name"),
		field.UUID("manager_id", ulid.ULID{}).Optional().Nillable().SchemaType(ulidColumn),
	}
}

func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("reports", User.Type).From("manager").Unique().Field("manager_id"),
	}
}

func (User) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "ent_users"}}
}

// Bare is a ULID key with ent's default column type.
type Bare struct {
	ent.Schema
}

func (Bare) Fields() []ent.Field {
	return []ent.Field{
		field.UUID("id", ulid.ULID{}).Default(ulid.Make),
	}
}

func (Bare) Annotations() []schema.Annotation {
	return []schema.Annotation{entsql.Annotation{Table: "ent_bares"}}
}
