package stacks

// ulid.Typed[P] in the document stores of bson_test.go and
// dynamodb_test.go, without a server. MongoDB's bson (version 2) and
// DynamoDB's attributevalue by default see a Typed as a struct with no
// exported field: each writes an empty document or map, without an error,
// and reads back the zero ID. The recipes: in bson a ulid.ULID field, with
// ulid.TypedOf and Typed.ULID at the edge; in DynamoDB the encoding options,
// which store TypeID text (S) and refuse another prefix.

import (
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/ulidgo/ulid"
)

func TestTypedBSON(t *testing.T) {
	id := ulid.MakeTyped[typedUser]()

	// The trap: a Typed field is stored as an empty document, and read
	// back as the zero ID, with no error.
	doc, err := bson.Marshal(struct {
		ID ulid.Typed[typedUser] `bson:"_id"`
	}{id})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := bson.Raw(doc).Lookup("_id").DocumentOK(); !ok {
		t.Errorf("a Typed field is stored as %v, not an empty document: the trap is gone, update docs/stacks.md", bson.Raw(doc))
	}
	var lost struct {
		ID ulid.Typed[typedUser] `bson:"_id"`
	}
	if err := bson.Unmarshal(doc, &lost); err != nil || !lost.ID.IsZero() {
		t.Errorf("read back = %v, %v; want the zero ID and no error (the trap)", lost.ID, err)
	}

	// The recipe: the document holds a ulid.ULID, stored as for any ULID
	// (binary subtype 4), and the code converts at the edge.
	doc, err = bson.Marshal(mongoItem{ID: id.ULID()})
	if err != nil {
		t.Fatal(err)
	}
	if sub, data, ok := bson.Raw(doc).Lookup("_id").BinaryOK(); !ok || sub != bson.TypeBinaryUUID || ulid.ULID(data) != id.ULID() {
		t.Errorf("_id = %v; want binary subtype 4 of %v", bson.Raw(doc).Lookup("_id"), id.ULID())
	}
	var back mongoItem
	if err := bson.Unmarshal(doc, &back); err != nil || ulid.TypedOf[typedUser](back.ID) != id {
		t.Errorf("round trip = %v, %v; want %v", ulid.TypedOf[typedUser](back.ID), err, id)
	}
}

// typedDynamoItem is dynamoItem with Typed fields.
type typedDynamoItem struct {
	ID     ulid.Typed[typedUser]  `dynamodbav:"id"`
	Parent *ulid.Typed[typedUser] `dynamodbav:"parent"` // nil is NULL
}

func TestTypedDynamoDB(t *testing.T) {
	root, a := ulid.MakeTyped[typedUser](), ulid.MakeTyped[typedUser]()

	// The trap: without the options, a Typed is an empty map (M).
	av, err := attributevalue.MarshalMap(typedDynamoItem{ID: a})
	if err != nil {
		t.Fatal(err)
	}
	if m, ok := av["id"].(*types.AttributeValueMemberM); !ok || len(m.Value) != 0 {
		t.Errorf("without the options, id = %#v; want an empty M (the trap is gone, update docs/stacks.md)", av["id"])
	}

	// The recipe: the encoding options store TypeID text (S) and read it.
	av, err = attributevalue.MarshalMapWithOptions(typedDynamoItem{ID: a, Parent: &root}, withMarshalers)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]ulid.Typed[typedUser]{"id": a, "parent": root} {
		if s, ok := av[key].(*types.AttributeValueMemberS); !ok || s.Value != want.String() {
			t.Errorf("%s = %#v; want S %q", key, av[key], want.String())
		}
	}
	var back typedDynamoItem
	if err := attributevalue.UnmarshalMapWithOptions(av, &back, withUnmarshalers); err != nil || back.ID != a || back.Parent == nil || *back.Parent != root {
		t.Errorf("Unmarshal = %+v, %v; want %v, %v", back, err, a, root)
	}

	// A nil *Typed is NULL and reads back as nil.
	av, err = attributevalue.MarshalMapWithOptions(typedDynamoItem{ID: a}, withMarshalers)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := av["parent"].(*types.AttributeValueMemberNULL); !ok {
		t.Errorf("nil parent = %#v, want NULL", av["parent"])
	}
	back = typedDynamoItem{Parent: &a}
	if err := attributevalue.UnmarshalMapWithOptions(av, &back, withUnmarshalers); err != nil || back.Parent != nil {
		t.Errorf("Unmarshal NULL parent = %+v, %v; want nil", back, err)
	}

	// Another type's TypeID text is refused, and the ID is unchanged.
	wrong := map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: orderText}}
	back = typedDynamoItem{ID: root}
	if err := attributevalue.UnmarshalMapWithOptions(wrong, &back, withUnmarshalers); !errors.Is(err, ulid.ErrWrongPrefix) || back.ID != root {
		t.Errorf("Unmarshal of %s = %v, %v; want ulid.ErrWrongPrefix", orderText, back.ID, err)
	}
}
