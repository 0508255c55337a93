package toolinput

import (
	"errors"

	"github.com/ulidgo/ulid"
)

// A Verdict is what text refused as an ID is as a public ID (ulid.Masker),
// which needs no key to tell, so that the tools can say so.
type Verdict int

const (
	NotPublic Verdict = iota // not the form of a public ID
	// Public is the form of a public ID: 29 characters of Crockford's
	// Base32, character 2 at most '7', and the last the check character (1
	// in 128 random strings of 29 such characters).
	Public
	// Mistyped is that form but for the check character, as a public ID
	// with a typo has it (31 in 128 such random strings).
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
