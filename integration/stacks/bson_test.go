package stacks

// MongoDB's bson (go.mongodb.org/mongo-driver/v2/bson): documents with
// ulid.ULID, *ulid.ULID and []ulid.ULID fields, encoded and decoded without
// a server (MongoDB has no Debian package, so no test here starts one). The
// bytes a server would store are the bytes bson.Marshal writes. And what
// version 1 of the driver does instead.

import (
	"errors"
	"testing"

	bsonv1 "go.mongodb.org/mongo-driver/bson"
	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/ulidgo/ulid"
)

// mongoItem is the document type of the recipe.
type mongoItem struct {
	ID     ulid.ULID   `bson:"_id"`
	Parent *ulid.ULID  `bson:"parent"` // nil is null
	Tags   []ulid.ULID `bson:"tags"`
}

func TestBSON(t *testing.T) {
	root, a, b := ulid.Make(), ulid.Make(), ulid.Make()
	item := mongoItem{ID: a, Parent: &root, Tags: []ulid.ULID{root, b}}
	doc, err := bson.Marshal(item)
	if err != nil {
		t.Fatal(err)
	}

	// Every ULID is stored as binary subtype 4 (UUID), its 16 bytes.
	raw := bson.Raw(doc)
	for _, v := range []struct {
		key  []string
		want ulid.ULID
	}{{[]string{"_id"}, a}, {[]string{"parent"}, root}, {[]string{"tags", "0"}, root}, {[]string{"tags", "1"}, b}} {
		sub, data, ok := raw.Lookup(v.key...).BinaryOK()
		if !ok || sub != bson.TypeBinaryUUID || ulid.ULID(data) != v.want || len(data) != 16 {
			t.Errorf("%v: binary %v, subtype %#x, % x; want subtype 4 and %x", v.key, ok, sub, data, v.want[:])
		}
	}

	var back mongoItem
	if err := bson.Unmarshal(doc, &back); err != nil {
		t.Fatal(err)
	}
	if back.ID != a || back.Parent == nil || *back.Parent != root || len(back.Tags) != 2 || back.Tags[0] != root || back.Tags[1] != b {
		t.Errorf("round trip = %+v, want %+v", back, item)
	}

	// Subtype 0 (what version 1 of the driver, and other tools, write)
	// and ULID or UUID text read as well.
	for name, v := range map[string]any{
		"subtype 0": bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: a[:]},
		"ULID text": a.String(),
		"UUID text": a.UUIDString(),
	} {
		doc, err := bson.Marshal(bson.D{{Key: "_id", Value: v}})
		if err != nil {
			t.Fatal(err)
		}
		var got mongoItem
		if err := bson.Unmarshal(doc, &got); err != nil || got.ID != a {
			t.Errorf("%s: %v, %v; want %v", name, got.ID, err, a)
		}
	}

	// A short binary, such as an ObjectId's 12 bytes stored as binary, is
	// an error, into a ULID, a *ulid.ULID or a slice element: never a
	// ULID that keeps 4 stale bytes.
	short := bson.Binary{Subtype: bson.TypeBinaryGeneric, Data: b[:12]}
	for _, d := range []bson.D{
		{{Key: "_id", Value: short}},
		{{Key: "_id", Value: a}, {Key: "parent", Value: short}},
		{{Key: "_id", Value: a}, {Key: "tags", Value: bson.A{b, short}}},
	} {
		doc, err := bson.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		got := mongoItem{ID: root}
		err = bson.Unmarshal(doc, &got)
		if !errors.Is(err, ulid.ErrInvalidLength) {
			t.Errorf("12-byte binary in %v: %v, %+v; want ulid.ErrInvalidLength", d, err, got)
		}
	}

	// null: nil for a *ulid.ULID, ulid.ErrNull for a ulid.ULID (not the
	// zero ULID).
	doc, err = bson.Marshal(bson.D{{Key: "_id", Value: a}, {Key: "parent", Value: nil}})
	if err != nil {
		t.Fatal(err)
	}
	back = mongoItem{Parent: &b}
	if err := bson.Unmarshal(doc, &back); err != nil || back.ID != a || back.Parent != nil {
		t.Errorf("null parent: %+v, %v; want a nil Parent", back, err)
	}
	doc, err = bson.Marshal(bson.D{{Key: "_id", Value: nil}})
	if err != nil {
		t.Fatal(err)
	}
	if err := bson.Unmarshal(doc, &back); !errors.Is(err, ulid.ErrNull) {
		t.Errorf("null _id into a ulid.ULID: %v, %v; want ulid.ErrNull", back.ID, err)
	}
}

// TestBSONv1 pins what version 1 of the driver (go.mongodb.org/mongo-driver,
// deprecated) does with a ulid.ULID: its ValueMarshaler names a type of its
// own, so it does not call ULID's methods and takes the [16]byte as bytes.
func TestBSONv1(t *testing.T) {
	a, b := ulid.Make(), ulid.Make()
	doc, err := bsonv1.Marshal(mongoItem{ID: a, Tags: []ulid.ULID{}})
	if err != nil {
		t.Fatal(err)
	}
	sub, data, ok := bsonv1.Raw(doc).Lookup("_id").BinaryOK()
	if !ok || sub != 0 || ulid.ULID(data) != a {
		t.Errorf("v1: binary %v, subtype %#x, % x; want subtype 0 (generic) and %x", ok, sub, data, a[:])
	}
	var back mongoItem
	if err := bsonv1.Unmarshal(doc, &back); err != nil || back.ID != a {
		t.Errorf("v1 round trip: %v, %v", back.ID, err)
	}

	// The trap: a 12-byte binary decodes into a ULID with no error, its
	// last 4 bytes left from before.
	doc, err = bsonv1.Marshal(bsonv1.D{{Key: "_id", Value: b[:12]}})
	if err != nil {
		t.Fatal(err)
	}
	back = mongoItem{ID: a}
	err = bsonv1.Unmarshal(doc, &back)
	want := ulid.ULID(append(b[:12:12], a[12:]...))
	if err != nil || back.ID != want {
		t.Errorf("v1, 12-byte binary: %v, %v; want %v (no error, 4 stale bytes): the trap is gone, update docs/stacks.md", back.ID, err, want)
	}
}
