package integration

import (
	"testing"

	"github.com/google/uuid"
	"github.com/ulidgo/ulid"
)

// A ulid.ULID and a github.com/google/uuid UUID are both [16]byte: Go converts
// between them directly, copying the 16 bytes.
func TestGoogleUUID(t *testing.T) {
	id := ulid.Make()
	u := uuid.UUID(id)
	if [16]byte(u) != [16]byte(id) {
		t.Fatalf("uuid.UUID(id) = % x, want % x", u[:], id[:])
	}
	if u.String() != id.UUIDString() {
		t.Fatalf("uuid.UUID(id).String() = %q, id.UUIDString() = %q", u.String(), id.UUIDString())
	}
	if back := ulid.ULID(u); back != id {
		t.Fatalf("ulid.ULID(uuid.UUID(id)) = %v, want %v", back, id)
	}

	// And from the other side: a random (v4) UUID keeps its bytes and text,
	// version and variant bits included.
	v4 := uuid.New()
	fromUUID := ulid.ULID(v4)
	if [16]byte(fromUUID) != [16]byte(v4) {
		t.Fatalf("ulid.ULID(u) = % x, want % x", fromUUID[:], v4[:])
	}
	if fromUUID.UUIDString() != v4.String() {
		t.Fatalf("ulid.ULID(u).UUIDString() = %q, want %q", fromUUID.UUIDString(), v4.String())
	}
	if uuid.UUID(fromUUID) != v4 {
		t.Fatalf("uuid.UUID(ulid.ULID(u)) = %v, want %v", uuid.UUID(fromUUID), v4)
	}

	// The text forms parse across the two packages.
	parsed, err := uuid.Parse(id.UUIDString())
	if err != nil || parsed != u {
		t.Fatalf("uuid.Parse(id.UUIDString()) = %v, %v; want %v", parsed, err, u)
	}
	fromText, err := ulid.ParseUUID(v4.String())
	if err != nil || fromText != fromUUID {
		t.Fatalf("ulid.ParseUUID(u.String()) = %v, %v; want %v", fromText, err, fromUUID)
	}
	urn, err := ulid.ParseUUID(v4.URN())
	if err != nil || urn != fromUUID {
		t.Fatalf("ulid.ParseUUID(u.URN()) = %v, %v; want %v", urn, err, fromUUID)
	}
}
