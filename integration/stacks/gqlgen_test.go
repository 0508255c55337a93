package stacks

// gqlgen (github.com/99designs/gqlgen): a ULID scalar mapped to ulid.ULID
// with gqlgen's external marshaler (gql/scalar.go), through the executable
// schema it generates (gql/generated.go) and gqlgen's test client.

import (
	"strings"
	"testing"

	"github.com/99designs/gqlgen/client"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/integration/stacks/gql"
)

func TestGQLGen(t *testing.T) {
	srv := handler.New(gql.NewExecutableSchema(gql.Config{Resolvers: &gql.Resolver{}}))
	srv.AddTransport(transport.POST{})
	c := client.New(srv)

	type item struct {
		ID     string
		Parent *string
	}
	// A mutation with no parent, then one with the first as parent.
	var made struct{ CreateItem item }
	c.MustPost(`mutation { createItem { id parent } }`, &made)
	root, err := ulid.Parse(made.CreateItem.ID)
	if err != nil || root.IsZero() || made.CreateItem.Parent != nil {
		t.Fatalf("createItem = %+v (%v); want a new ULID and a null parent", made.CreateItem, err)
	}
	c.MustPost(`mutation($p: ULID) { createItem(parent: $p) { id parent } }`, &made, client.Var("p", root.String()))
	child, err := ulid.Parse(made.CreateItem.ID)
	if err != nil || made.CreateItem.Parent == nil || *made.CreateItem.Parent != root.String() {
		t.Fatalf("createItem(parent) = %+v (%v); want parent %v", made.CreateItem, err, root)
	}

	// A query by ID, in the ULID's text; lower case, as Parse reads it.
	var got struct{ Item *item }
	c.MustPost(`query($id: ULID!) { item(id: $id) { id parent } }`, &got, client.Var("id", strings.ToLower(child.String())))
	if got.Item == nil || got.Item.ID != child.String() || got.Item.Parent == nil || *got.Item.Parent != root.String() {
		t.Errorf("item(%v) = %+v", child, got.Item)
	}
	got.Item = nil
	c.MustPost(`query { item(id: "`+ulid.Make().String()+`") { id } }`, &got)
	if got.Item != nil {
		t.Errorf("item of a missing ID = %+v, want null", got.Item)
	}

	// A bad ULID, and the zero ULID, as a variable or a literal: a GraphQL
	// error with the parser's message, and the resolver does not run.
	for _, c2 := range []struct {
		query, value, want string
	}{
		{`query($id: ULID!) { item(id: $id) { id } }`, "01ARYZ6S41TSV4RRFFQ69G5FAU", "ulid: invalid character 'U' at offset 25"},
		{`query($id: ULID!) { item(id: $id) { id } }`, "01ARYZ", "ulid: invalid length 6 bytes, want 26"},
		{`query($id: ULID!) { item(id: $id) { id } }`, "00000000000000000000000000", "the zero ULID is not an ID"},
		{`query { item(id: "01ARYZ6S41TSV4RRFFQ69G5FAU") { id } }`, "", "ulid: invalid character 'U' at offset 25"},
		{`mutation($p: ULID) { createItem(parent: $p) { id } }`, "0000000000000000000000000o", "the zero ULID is not an ID"},
	} {
		var opts []client.Option
		if c2.value != "" {
			name := "id"
			if strings.Contains(c2.query, "$p") {
				name = "p"
			}
			opts = append(opts, client.Var(name, c2.value))
		}
		var resp struct{ Item *item }
		err := c.Post(c2.query, &resp, opts...)
		if err == nil || !strings.Contains(err.Error(), c2.want) {
			t.Errorf("%s with %q: %v; want a GraphQL error with %q", c2.query, c2.value, err, c2.want)
		}
	}
}
