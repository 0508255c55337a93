package toolinput

import (
	"errors"
	"strconv"
	"strings"

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
	// TypedPublic is the form of a typed public ID (ulid.Masker.Typed): a
	// valid TypeID prefix, '_', and 29 characters of the form of Public or
	// Mistyped, whose check character only the type's key can check.
	TypedPublic
	// Untyped is the form of Public or Mistyped where a typed public ID
	// was asked for.
	Untyped
)

// hint returns what an error's message adds for the verdict v, of the
// type typ for TypedPublic.
func (v Verdict) hint(typ string) string {
	return [...]string{
		Public:      " (this looks like a public ID: unmask it with its key)",
		Mistyped:    " (this looks like a mistyped public ID: its check character does not match)",
		TypedPublic: " (this looks like a typed public ID: unmask it with its key and the type " + strconv.Quote(typ) + ")",
		Untyped:     " (this looks like a public ID without a type: unmask it with its key and no type)",
	}[v]
}

// verdict returns the verdict on s, trimmed text read as kind and refused
// with the sentinel err, and the type of a TypedPublic one: a public ID's
// form said only where another form was asked for, by its length (or, by a
// typed masker m, its prefix).
func verdict(s string, kind Kind, err error, m *ulid.Masker) (Verdict, string) {
	typed := kind == PublicID && m.Prefix() != ""
	if err != ulid.ErrInvalidLength && !(typed && err == ulid.ErrWrongPrefix) {
		return NotPublic, ""
	}
	if i := strings.LastIndexByte(s, '_'); i > 0 && len(s)-i-1 == ulid.PublicIDSize {
		if _, perr := ulid.AppendTypeID(nil, s[:i], ulid.ULID{}); perr == nil && publicVerdict(s[i+1:]) != NotPublic {
			return TypedPublic, s[:i]
		}
	}
	switch v := publicVerdict(s); {
	case kind != PublicID:
		return v, ""
	case typed && v != NotPublic:
		return Untyped, ""
	}
	return NotPublic, ""
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
