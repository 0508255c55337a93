// Package schema holds the ent schemas of the ent stack test: a User with a
// ULID key and a nullable ULID foreign key, and Bare, the same key without
// the recipe's per-dialect column types.
package schema

import (
	"context"
	"errors"
	"fmt"

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

// User has a ULID key, made by ulid.Make when none is given; a create with
// the zero ULID as its key fails with ErrZeroID.
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

// Hooks refuses the zero ULID as a key: Default(ulid.Make) fills only a key
// that is not set, and SetID(ulid.ULID{}) sets one.
func (User) Hooks() []ent.Hook {
	return []ent.Hook{refuseZeroID}
}

// ErrZeroID is the error of a create whose key is the zero ULID.
var ErrZeroID = errors.New("the zero ULID is not a key")

// refuseZeroID fails a create (Create or one row of CreateBulk) whose key is
// the zero ULID, with ErrZeroID, before anything is written. ent's update
// builders cannot set a key.
func refuseZeroID(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		if c, ok := m.(interface{ ID() (ulid.ULID, bool) }); ok && m.Op().Is(ent.OpCreate) {
			if id, set := c.ID(); set && id.IsZero() {
				return nil, fmt.Errorf("%s: %w", m.Type(), ErrZeroID)
			}
		}
		return next.Mutate(ctx, m)
	})
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
