package toolinput

import (
	"errors"
	"sync"

	"github.com/ulidgo/ulid"
)

// PublicID is the Kind of text read with Options.Unmask: a public ID.
const PublicID = UUID + 1

// publicIDHint is what an error adds for text that looks like a public ID.
const publicIDHint = " (this looks like a public ID: unmask it with its key)"

// formMasker returns a masker whose only use is to check the form of a
// public ID: its key, all zero bytes, opens no public ID anyone made with
// a key of their own, and Unmask checks the length, the characters, the
// check character and character 2 before it looks for the key.
var formMasker = sync.OnceValue(func() *ulid.Masker {
	m, err := ulid.NewMasker(make([]byte, 16))
	if err != nil {
		panic(err) // a 16-byte key is always valid
	}
	return m
})

// looksPublic reports whether s, trimmed text, has the form of a public ID:
// 29 characters of Crockford's Base32 (no aliases), character 2 at most '7',
// and the last the check character of the 28 before it. Of strings of 29
// such characters drawn at random, 1 in 128 has this form (1 in 32 for the
// check character, 8 in 32 for character 2). It is false for every ULID
// and UUID text, whose lengths differ.
func looksPublic(s string) bool {
	if len(s) != ulid.PublicIDSize {
		return false
	}
	_, err := formMasker().Unmask(s)
	return err == nil || errors.Is(err, ulid.ErrUnknownKey)
}
