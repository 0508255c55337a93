package stacks

// DynamoDB (github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue):
// a ULID stored as binary (B, the default) or as text (S), without a server:
// attributevalue.Marshal and Unmarshal make and read the attribute values
// that PutItem and GetItem send and receive.

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/ulidgo/ulid"
)

type dynamoItem struct {
	ID     ulid.ULID  `dynamodbav:"id"`
	Parent *ulid.ULID `dynamodbav:"parent"` // nil is NULL
}

// withUnmarshalers makes Unmarshal read a ULID with UnmarshalBinary (B) or
// UnmarshalText (S): a wrong length is an error, text is read.
func withUnmarshalers(o *attributevalue.DecoderOptions) { o.UseEncodingUnmarshalers = true }

// withMarshalers makes Marshal store a ULID as its text (S).
func withMarshalers(o *attributevalue.EncoderOptions) { o.UseEncodingMarshalers = true }

func TestDynamoDB(t *testing.T) {
	root, a := ulid.Make(), ulid.Make()
	for _, c := range []struct {
		name string
		enc  []func(*attributevalue.EncoderOptions)
		want func(ulid.ULID) types.AttributeValue
	}{
		{"binary", nil, func(id ulid.ULID) types.AttributeValue { return &types.AttributeValueMemberB{Value: id[:]} }},
		{"text", []func(*attributevalue.EncoderOptions){withMarshalers}, func(id ulid.ULID) types.AttributeValue {
			return &types.AttributeValueMemberS{Value: id.String()}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			av, err := attributevalue.MarshalMapWithOptions(dynamoItem{ID: a, Parent: &root}, c.enc...)
			if err != nil {
				t.Fatal(err)
			}
			if !sameAttribute(av["id"], c.want(a)) || !sameAttribute(av["parent"], c.want(root)) {
				t.Errorf("Marshal = %#v, %#v; want %#v", av["id"], av["parent"], c.want(a))
			}
			var back dynamoItem
			if err := attributevalue.UnmarshalMapWithOptions(av, &back, withUnmarshalers); err != nil || back.ID != a || back.Parent == nil || *back.Parent != root {
				t.Errorf("Unmarshal = %+v, %v", back, err)
			}
			// A nil *ulid.ULID is NULL, and reads back as nil.
			av, err = attributevalue.MarshalMapWithOptions(dynamoItem{ID: a}, c.enc...)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := av["parent"].(*types.AttributeValueMemberNULL); !ok {
				t.Errorf("nil parent = %#v, want NULL", av["parent"])
			}
			back = dynamoItem{Parent: &a}
			if err := attributevalue.UnmarshalMapWithOptions(av, &back, withUnmarshalers); err != nil || back.Parent != nil {
				t.Errorf("Unmarshal NULL parent = %+v, %v; want nil", back, err)
			}
		})
	}

	// Binary, read without the option: the default decoder copies the bytes.
	av, err := attributevalue.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var id ulid.ULID
	if err := attributevalue.Unmarshal(av, &id); err != nil || id != a {
		t.Errorf("binary, read without the option: %v, %v", id, err)
	}

	// Text, read without the option: an error.
	av, err = attributevalue.MarshalWithOptions(a, withMarshalers)
	if err != nil {
		t.Fatal(err)
	}
	id = ulid.ULID{}
	err = attributevalue.Unmarshal(av, &id)
	var typeErr *attributevalue.UnmarshalTypeError
	if !errors.As(err, &typeErr) || !id.IsZero() {
		t.Errorf("text, read without the option: %v, %v; want an *attributevalue.UnmarshalTypeError", id, err)
	}

	// A binary of 12 bytes: with the option, ulid.ErrInvalidLength; without
	// it, attributevalue panics (reflect: SetLen on an array).
	short := &types.AttributeValueMemberB{Value: a[:12]}
	id = root
	if err := attributevalue.UnmarshalWithOptions(short, &id, withUnmarshalers); !errors.Is(err, ulid.ErrInvalidLength) || id != root {
		t.Errorf("12-byte binary, with the option: %v, %v; want ulid.ErrInvalidLength", id, err)
	}
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(toString(r), "SetLen") {
				t.Errorf("12-byte binary, without the option: recovered %v, want a panic in SetLen: the trap is gone, update docs/stacks.md", r)
			}
		}()
		_ = attributevalue.Unmarshal(short, &id)
	}()

	// NULL into a ulid.ULID (not a pointer) is no error and leaves it
	// zero, with or without the option: keep optional ULIDs in *ulid.ULID.
	id = root
	if err := attributevalue.UnmarshalWithOptions(&types.AttributeValueMemberNULL{Value: true}, &id, withUnmarshalers); err != nil || !id.IsZero() {
		t.Errorf("NULL into a ulid.ULID: %v, %v; want the zero ULID and no error (the trap)", id, err)
	}

	// Both forms sort as a sort key does, bytes (B) or UTF-8 (S), in
	// creation order: the last ULID of one millisecond before the first of
	// the next.
	x, _ := ulid.MaxAt(1_700_000_000_000)
	y, _ := ulid.MinAt(1_700_000_000_001)
	bx, _ := attributevalue.Marshal(x)
	by, _ := attributevalue.Marshal(y)
	sx, _ := attributevalue.MarshalWithOptions(x, withMarshalers)
	sy, _ := attributevalue.MarshalWithOptions(y, withMarshalers)
	if string(bx.(*types.AttributeValueMemberB).Value) >= string(by.(*types.AttributeValueMemberB).Value) ||
		sx.(*types.AttributeValueMemberS).Value >= sy.(*types.AttributeValueMemberS).Value {
		t.Errorf("%v, %v: B or S not in creation order", x, y)
	}
}

// sameAttribute reports whether x and y are the same B, S or NULL value.
func sameAttribute(x, y types.AttributeValue) bool {
	switch x := x.(type) {
	case *types.AttributeValueMemberB:
		y, ok := y.(*types.AttributeValueMemberB)
		return ok && string(x.Value) == string(y.Value)
	case *types.AttributeValueMemberS:
		y, ok := y.(*types.AttributeValueMemberS)
		return ok && x.Value == y.Value
	}
	return false
}

func toString(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case error:
		return v.Error()
	}
	return ""
}
