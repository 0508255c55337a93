package toolinput

import (
	"errors"

	"github.com/ulidgo/ulid"
)

// A Verdict is what text that is refused as an ID is as a public ID (see
// ulid.Masker), so that the tools say so rather than only that its length
// is not an ID's. It needs no key: the length, the alphabet and the check
// character are the same for every key.
type Verdict int

const (
	NotPublic Verdict = iota // not the form of a public ID
	// Public is the form of a public ID: 29 characters of Crockford's
	// Base32 (no aliases), character 2 at most '7', and the last the check
	// character of the 28 before it. Of strings of 29 such characters
	// drawn at random, 1 in 128 has this form (1 in 32 for the check
	// character, 8 in 32 for character 2).
	Public
	// Mistyped is that form but for the check character, as a public ID
	// with one character mistyped or two swapped has it: 31 in 128 of
	// such random strings. Text with character 2 above '7', as most ULIDs
	// with three characters added have, is NotPublic.
	Mistyped
)

// hint returns what an error's message adds for the verdict v.
func (v Verdict) hint() string {
	return [...]string{
		Public:   " (this looks like a public ID: unmask it with its key)",
		Mistyped: " (this looks like a mistyped public ID: its check character does not match)",
	}[v]
}

// publicVerdict returns the verdict on s, trimmed text.
func publicVerdict(s string) Verdict {
	// The zero Masker has no key: it checks the length and the form, and
	// then refuses every public ID with ErrUnknownMaskingKey.
	var noKey ulid.Masker
	switch _, err := noKey.Unmask(s); {
	case errors.Is(err, ulid.ErrUnknownMaskingKey):
		return Public
	case errors.Is(err, ulid.ErrCheckCharacter) && '0' <= s[2] && s[2] <= '7':
		return Mistyped
	}
	return NotPublic
}
