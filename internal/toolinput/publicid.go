package toolinput

import (
	"errors"

	"github.com/ulidgo/ulid"
)

// publicIDHint is what an error adds for text that looks like a public ID.
const publicIDHint = " (this looks like a public ID: unmask it with its key)"

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
	// The zero Masker has no key: it checks the form and then refuses
	// every public ID with ErrUnknownMaskingKey.
	var noKey ulid.Masker
	_, err := noKey.Unmask(s)
	return errors.Is(err, ulid.ErrUnknownMaskingKey)
}
