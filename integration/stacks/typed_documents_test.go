package stacks

// ulid.Typed[P] in the document stores of bson_test.go and
// dynamodb_test.go, without a server. MongoDB's bson (version 2) calls a
// Typed's own BSON methods: it is stored as its ULID is. DynamoDB's
// attributevalue by default sees a Typed as a struct with no exported
// field and writes an empty map, without an error, reading back the zero
// ID; the recipe is the encoding options, which store TypeID text (S) and
// refuse another prefix.

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

	// A Typed field is stored as its ULID is, binary subtype 4 (its own
	// MarshalBSONValue), and reads back, a nil *Typed as null and nil.
	type typedDoc struct {
		ID     ulid.Typed[typedUser]  `bson:"_id"`
		Parent *ulid.Typed[typedUser] `bson:"parent"`
	}
	doc, err := bson.Marshal(typedDoc{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	if sub, data, ok := bson.Raw(doc).Lookup("_id").BinaryOK(); !ok || sub != bson.TypeBinaryUUID || ulid.ULID(data) != id.ULID() {
		t.Errorf("_id = %v; want binary subtype 4 of %v", bson.Raw(doc).Lookup("_id"), id.ULID())
	}
	back := typedDoc{Parent: &id}
	if err := bson.Unmarshal(doc, &back); err != nil || back.ID != id || back.Parent != nil {
		t.Errorf("round trip = %+v, %v; want %v and a nil parent", back, err, id)
	}
	// The same bytes as a ulid.ULID field: a document written by either
	// reads as the other.
	var plain mongoItem
	if err := bson.Unmarshal(doc, &plain); err != nil || plain.ID != id.ULID() {
		t.Errorf("as a ulid.ULID = %v, %v; want %v", plain.ID, err, id.ULID())
	}
	// TypeID text in a string field reads; another type's is refused and
	// the field keeps its value.
	for text, want := range map[string]error{id.String(): nil, orderText: ulid.ErrWrongPrefix} {
		raw, err := bson.Marshal(bson.D{{Key: "_id", Value: text}})
		if err != nil {
			t.Fatal(err)
		}
		var got typedDoc
		err = bson.Unmarshal(raw, &got)
		if !errors.Is(err, want) || (want == nil) != (got.ID == id) {
			t.Errorf("string %q = %v, %v; want %v", text, got.ID, err, want)
		}
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
