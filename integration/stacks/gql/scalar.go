// Package gql is the GraphQL server of the gqlgen stack test: a ULID scalar
// mapped to ulid.ULID and a UserID scalar mapped to ulid.Typed[UserPrefix],
// each with gqlgen's external marshaler (this file), the executable schema
// gqlgen generates from schema.graphqls (generated.go, models_gen.go) and a
// resolver that keeps items and users in memory (resolver.go).
package gql

//go:generate go run github.com/99designs/gqlgen@v0.17.98 generate

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"

	"github.com/ulidgo/ulid"
)

// MarshalULID writes id as its text, a GraphQL string.
func MarshalULID(id ulid.ULID) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		io.WriteString(w, strconv.Quote(id.String()))
	})
}

// UnmarshalULID reads a ULID from a GraphQL string with ulid.Parse, and
// refuses the zero ULID, which is no item's ID.
func UnmarshalULID(v any) (ulid.ULID, error) {
	s, ok := v.(string)
	if !ok {
		return ulid.ULID{}, fmt.Errorf("a ULID is a string, not %T", v)
	}
	id, err := ulid.Parse(s)
	if err == nil && id.IsZero() {
		err = errors.New("the zero ULID is not an ID")
	}
	return id, err
}

// UserPrefix names the type of a user ID: its TypeID prefix is "user".
type UserPrefix struct{}

// Prefix returns "user".
func (UserPrefix) Prefix() string { return "user" }

// MarshalUserID writes id as its TypeID text, a GraphQL string.
func MarshalUserID(id ulid.Typed[UserPrefix]) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		io.WriteString(w, strconv.Quote(id.String()))
	})
}

// UnmarshalUserID reads a user ID from a GraphQL string with
// ulid.ParseTyped: TypeID text with the prefix "user" only. It refuses the
// zero ID, which is no user's.
func UnmarshalUserID(v any) (ulid.Typed[UserPrefix], error) {
	s, ok := v.(string)
	if !ok {
		return ulid.Typed[UserPrefix]{}, fmt.Errorf("a user ID is a string, not %T", v)
	}
	id, err := ulid.ParseTyped[UserPrefix](s)
	if err == nil && id.IsZero() {
		err = errors.New("the zero ID is not a user's")
	}
	return id, err
}
