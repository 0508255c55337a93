//go:build go1.27

package ulid

import (
	"testing"
	"uuid"
)

// The standard library's uuid package (Go 1.27) reads MakeV7's ULIDs as the
// version 7 UUIDs it makes itself: the same version and variant bits as
// uuid.NewV7's, the same text, the same order.
func TestMakeV7AsStandardUUID(t *testing.T) {
	ref := uuid.NewV7()
	const versionMask, variantMask = 0xf0, 0xc0
	prev := uuid.Nil()
	for i := range 100_000 {
		id := MakeV7()
		u := uuid.UUID(id)
		if u[6]&versionMask != ref[6]&versionMask || u[8]&variantMask != ref[8]&variantMask {
			t.Fatalf("%s: version/variant bits %02x/%02x, uuid.NewV7 has %02x/%02x",
				u, u[6]&versionMask, u[8]&variantMask, ref[6]&versionMask, ref[8]&variantMask)
		}
		if u.String() != id.UUIDString() {
			t.Fatalf("uuid.UUID(id).String() = %s, id.UUIDString() = %s", u, id.UUIDString())
		}
		parsed, err := uuid.Parse(id.UUIDString())
		if err != nil || ULID(parsed) != id {
			t.Fatalf("uuid.Parse(%s) = %v, %v", id.UUIDString(), parsed, err)
		}
		if i > 0 && u.Compare(prev) <= 0 {
			t.Fatalf("uuid.Compare: %s not after %s", u, prev)
		}
		prev = u
	}
}
