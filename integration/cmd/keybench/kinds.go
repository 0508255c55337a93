package main

import (
	"github.com/google/uuid"
	"github.com/ulidgo/ulid"
)

// A kind is one way to make primary keys.
type kind struct {
	name  string // flag and file name
	label string // in tables and plots

	// ordered reports that key order is creation order, so that the newest
	// rows are a key range.
	ordered bool

	// serverGenerated: the database assigns the key (bigserial,
	// AUTO_INCREMENT); the client sends no id.
	serverGenerated bool

	// text: the key is sent and stored as the 26-character ULID text;
	// otherwise as 16 bytes.
	text bool

	// key16 makes a new 16-byte key (for kinds that are not text or
	// server-generated); text makes a new text key.
	key16   func() [16]byte
	keyText func() string
}

var kinds = []*kind{
	{name: "bigserial", label: "bigserial", ordered: true, serverGenerated: true},
	{name: "ulid", label: "ULID", ordered: true, key16: func() [16]byte { return ulid.Make() }},
	{name: "uuidv7", label: "UUIDv7", ordered: true, key16: newV7},
	{name: "uuidv4", label: "UUIDv4", key16: func() [16]byte { return uuid.New() }},
	{name: "ulid-text", label: "ULID text", ordered: true, text: true, keyText: func() string { return ulid.Make().String() }},
}

func newV7() [16]byte {
	u, err := uuid.NewV7()
	if err != nil {
		panic("uuid.NewV7: " + err.Error()) // crypto/rand failed
	}
	return u
}

func kindNames() []string {
	names := make([]string, len(kinds))
	for i, k := range kinds {
		names[i] = k.name
	}
	return names
}

func kindByName(name string) *kind {
	for _, k := range kinds {
		if k.name == name {
			return k
		}
	}
	return nil
}
