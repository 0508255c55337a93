package stacks

// gqlgen (github.com/99designs/gqlgen): a ULID scalar mapped to ulid.ULID
// and a UserID scalar mapped to ulid.Typed[gql.UserPrefix], with gqlgen's
// external marshaler (gql/scalar.go), through the executable schema it
// generates (gql/generated.go) and gqlgen's test client.

import (
	"encoding/json"
	"errors"
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

// TestGQLGenTyped: the UserID scalar reads and writes TypeID text of the
// prefix "user" and refuses what ulid.ParseTyped refuses (another prefix,
// plain ULID text, upper case, UUID text) with its message, as a GraphQL
// error, before the resolver runs.
func TestGQLGenTyped(t *testing.T) {
	srv := handler.New(gql.NewExecutableSchema(gql.Config{Resolvers: &gql.Resolver{}}))
	srv.AddTransport(transport.POST{})
	c := client.New(srv)

	type user struct {
		ID      string
		Manager *string
	}
	var made struct{ CreateUser user }
	c.MustPost(`mutation { createUser { id manager } }`, &made)
	boss, err := ulid.ParseTyped[gql.UserPrefix](made.CreateUser.ID)
	if err != nil || boss.IsZero() || !strings.HasPrefix(made.CreateUser.ID, "user_") || made.CreateUser.Manager != nil {
		t.Fatalf("createUser = %+v (%v); want a new user ID and a null manager", made.CreateUser, err)
	}
	c.MustPost(`mutation($m: UserID) { createUser(manager: $m) { id manager } }`, &made, client.Var("m", boss.String()))
	worker, err := ulid.ParseTyped[gql.UserPrefix](made.CreateUser.ID)
	if err != nil || made.CreateUser.Manager == nil || *made.CreateUser.Manager != boss.String() {
		t.Fatalf("createUser(manager) = %+v (%v); want manager %v", made.CreateUser, err, boss)
	}

	var got struct{ User *user }
	c.MustPost(`query($id: UserID!) { user(id: $id) { id manager } }`, &got, client.Var("id", worker.String()))
	if got.User == nil || got.User.ID != worker.String() || got.User.Manager == nil || *got.User.Manager != boss.String() {
		t.Errorf("user(%v) = %+v", worker, got.User)
	}
	got.User = nil
	c.MustPost(`query { user(id: "`+ulid.MakeTyped[gql.UserPrefix]().String()+`") { id } }`, &got)
	if got.User != nil {
		t.Errorf("user of a missing ID = %+v, want null", got.User)
	}

	// What ParseTyped refuses, the scalar refuses with ParseTyped's message,
	// as UnmarshalText does; the variable and the literal alike.
	orderText := "order_" + worker.ULID().StringLower()
	for _, tc := range []struct {
		name, value string
		want        error
	}{
		{"another prefix", orderText, ulid.ErrWrongPrefix},
		{"plain ULID text", worker.ULID().String(), ulid.ErrWrongPrefix}, // no prefix, read before the suffix
		{"plain lower-case ULID text", worker.ULID().StringLower(), ulid.ErrWrongPrefix},
		{"upper case", strings.ToUpper(worker.String()), nil},
		{"UUID text", worker.ULID().UUIDString(), nil},
		{"a prefix of the prefix", "use_" + worker.ULID().StringLower(), ulid.ErrWrongPrefix},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, parseErr := ulid.ParseTyped[gql.UserPrefix](tc.value)
			var u ulid.Typed[gql.UserPrefix]
			textErr := u.UnmarshalText([]byte(tc.value))
			if parseErr == nil || textErr == nil || parseErr.Error() != textErr.Error() || (tc.want != nil && !errors.Is(parseErr, tc.want)) {
				t.Fatalf("ParseTyped(%q) = %v, UnmarshalText = %v; want the same error, wrapping %v", tc.value, parseErr, textErr, tc.want)
			}
			for _, post := range []struct {
				query string
				opts  []client.Option
				path  string
			}{
				{`query($id: UserID!) { user(id: $id) { id } }`, []client.Option{client.Var("id", tc.value)}, "user.id"},
				{`query { user(id: "` + tc.value + `") { id } }`, nil, "user.id"},
				{`mutation($m: UserID) { createUser(manager: $m) { id } }`, []client.Option{client.Var("m", tc.value)}, "createUser.manager"},
			} {
				var resp struct{ User *user }
				err := c.Post(post.query, &resp, post.opts...)
				if got := graphQLErrors(t, err); len(got) != 1 || got[0] != post.path+": "+parseErr.Error() || resp.User != nil {
					t.Errorf("%s with %q: %v (%+v); want the error %s: %q", post.query, tc.value, got, resp.User, post.path, parseErr)
				}
			}
		})
	}
	// The zero ID and a number are refused by the scalar itself.
	for _, tc := range []struct{ query, want string }{
		{`query { user(id: "user_00000000000000000000000000") { id } }`, "user.id: the zero ID is not a user's"},
		{`query { user(id: 5) { id } }`, "user.id: a user ID is a string, not int64"},
	} {
		var resp struct{ User *user }
		if got := graphQLErrors(t, c.Post(tc.query, &resp)); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: %q; want the error %q", tc.query, got, tc.want)
		}
	}
	// The ULID scalar does not take a user ID's TypeID text either: ulid.Parse
	// refuses it.
	_, parseErr := ulid.Parse(worker.String())
	var resp struct{ Item *struct{ ID string } }
	if got := graphQLErrors(t, c.Post(`query($id: ULID!) { item(id: $id) { id } }`, &resp, client.Var("id", worker.String()))); parseErr == nil || len(got) != 1 || got[0] != "item.id: "+parseErr.Error() {
		t.Errorf("item(id: %q) = %q; want the error item.id: %v", worker, got, parseErr)
	}
}

// graphQLErrors returns the errors of a gqlgen client's response, each as
// its path and message ("user.id: message"); none if err is nil.
func graphQLErrors(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var raw client.RawJsonError
	if !errors.As(err, &raw) {
		t.Fatalf("not a GraphQL error: %v", err)
	}
	var list []struct {
		Message string
		Path    []string
	}
	if err := json.Unmarshal(raw.RawMessage, &list); err != nil {
		t.Fatalf("GraphQL errors %s: %v", raw.RawMessage, err)
	}
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = strings.Join(e.Path, ".") + ": " + e.Message
	}
	return out
}
