// Package typedids names the typed IDs of the typed sqlc stack test
// (sqlc_typed_test.go), for sqlc's overrides: sqlc writes a go_type by the
// name it is given, so a Typed needs a name of its own, here an alias.
package typedids

import "github.com/ulidgo/ulid"

// AccountPrefix names the type of an AccountID by its TypeID prefix.
type AccountPrefix struct{}

// Prefix returns "account".
func (AccountPrefix) Prefix() string { return "account" }

// AccountID is the key of an account: ulid.Typed of the prefix "account".
type AccountID = ulid.Typed[AccountPrefix]
