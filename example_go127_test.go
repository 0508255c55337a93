//go:build go1.27

package ulid_test

import (
	"fmt"
	"uuid"

	"github.com/ulidgo/ulid"
)

// A ULID and the standard library's uuid.UUID (Go 1.27) are both [16]byte:
// a type conversion goes either way and copies the bits as they are.
func Example_standardUUID() {
	id := ulid.MustParse("01FWHE4YDGFK1SHH6W1G60EECF")
	u := uuid.UUID(id)
	fmt.Println(u)            // RFC 9562 text
	fmt.Println(ulid.ULID(u)) // back to the ULID
	fmt.Println(u == uuid.MustParse(id.UUIDString()), id.IsUUIDv7())
	// Output:
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f
	// 01FWHE4YDGFK1SHH6W1G60EECF
	// true true
}
