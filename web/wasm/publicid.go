package main

// The Public IDs tab: masking a ULID into a public ID and back
// (docs/public-ids.md) with the library's ulid.Masker, from keys typed or
// pasted into the page. The keys arrive with every call and are forgotten
// when it returns: nothing here keeps them, and nothing sends them
// anywhere.

import (
	"errors"
	"strings"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// The signatures of the Public IDs tab's functions exported to the page.
var (
	keysSig          = signature{"keys", []param{{"keys", "string"}}}
	maskSig          = signature{"mask", []param{{"keys", "string"}, {"text", "string"}}}
	unmaskSig        = signature{"unmask", []param{{"keys", "string"}, {"text", "string"}}}
	publicIDShapeSig = signature{"publicIDShape", []param{{"text", "string"}}}
)

// masker returns the Masker of keys, text in the format of ulid.ParseMasker
// (hex keys newest first, separated by white space, '#' comments), as the
// page's key field holds it. An error is a *fieldError for the field
// "keys", with the library's message without "ulid: "; like the library's,
// it names a key by its position and never shows it.
func masker(keys string) (*ulid.Masker, error) {
	m, err := ulid.ParseMasker(keys)
	if err != nil {
		return nil, &fieldError{Field: "keys", Err: errors.New(strings.TrimPrefix(err.Error(), "ulid: "))}
	}
	return m, nil
}

// keyMarks returns what the page says of the keys: which key mark masks
// and which unmask, "masks with 3X, unmasks 3X WC", from the Masker's
// String, which names keys by their marks and never shows one. The error is
// masker's.
func keyMarks(keys string) (string, error) {
	m, err := masker(keys)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(strings.TrimPrefix(m.String(), "ulid.Masker{"), "}"), nil
}

// masked is a ULID masked into a public ID, or why the text given was not
// a ULID.
type masked struct {
	PublicID string
	ULID     string // the ULID masked, canonical
	UUIDText bool   // the input was UUID text
	Problem  *problem
}

func (r *masked) fields() map[string]any {
	m := map[string]any{"ok": r.Problem == nil, "uuidText": r.UUIDText}
	if r.Problem != nil {
		m["error"] = r.Problem.fields()
		return m
	}
	m["publicID"] = r.PublicID
	m["ulid"] = r.ULID
	return m
}

// mask reads input as the other tools read an ID (toolinput.Read: a ULID
// or UUID text, white space around it ignored) and returns its public ID,
// made with the first of keys. The error, a *fieldError, is about keys; a
// problem with input is in the result.
func mask(keys, input string) (*masked, error) {
	m, err := masker(keys)
	if err != nil {
		return nil, err
	}
	in, err := toolinput.Read(input, toolinput.Options{})
	r := &masked{UUIDText: in.Kind == toolinput.UUID}
	if err != nil {
		r.Problem = describe(input, err)
		return r, nil
	}
	r.PublicID, r.ULID = m.Mask(in.ID), in.ID.String()
	return r, nil
}

// unmasked is a public ID opened to its ULID, or why it was refused.
type unmasked struct {
	ULID     string // canonical
	UUID     string
	UTC      string // the ULID's time
	PublicID string // the public ID, trimmed and in upper case
	Mark     string // the public ID's key mark, in upper case; also when it names none of the keys
	Problem  *problem
}

func (r *unmasked) fields() map[string]any {
	m := map[string]any{"ok": r.Problem == nil, "mark": r.Mark}
	if r.Problem != nil {
		m["error"] = r.Problem.fields()
		return m
	}
	m["ulid"] = r.ULID
	m["uuid"] = r.UUID
	m["utc"] = r.UTC
	m["publicID"] = r.PublicID
	return m
}

// unmask opens input, a public ID with the white space around it ignored
// (toolinput.Trim), with keys, as ulid.Masker.Unmask does. The error, a
// *fieldError, is about keys; a refused public ID is a problem in the
// result, with the library's message (its offset counted in input as
// given, as the page counts every offset) and the kind of refusal:
// "length", "character", "check", "overflow" or "key".
func unmask(keys, input string) (*unmasked, error) {
	m, err := masker(keys)
	if err != nil {
		return nil, err
	}
	text, lead := toolinput.Trim(input)
	r := &unmasked{}
	if len(text) == ulid.PublicIDSize {
		r.Mark = strings.ToUpper(text[:2])
	}
	id, err := m.Unmask(text)
	if err != nil {
		r.Problem = describePublic(input, lead, err)
		return r, nil
	}
	r.ULID, r.UUID, r.UTC = id.String(), id.UUIDString(), toolinput.Format(id.Timestamp())
	r.PublicID = strings.ToUpper(text)
	return r, nil
}

// describePublic turns err, Unmask's error for the text of input after lead
// bytes of white space, into a problem, as describe does for the other
// tools' errors: the library's message without "ulid: ", with the offset
// counted in input.
func describePublic(input string, lead int, err error) *problem {
	var pe *ulid.ParseError
	if !errors.As(err, &pe) {
		return &problem{Kind: "other", Message: err.Error(), Offset: -1, Index: -1}
	}
	moved := *pe
	if moved.Offset >= 0 {
		moved.Offset += lead
	}
	p := describe(input, &toolinput.Error{Err: &moved})
	switch pe.Err {
	case ulid.ErrCheckCharacter:
		p.Kind = "check"
	case ulid.ErrUnknownKey:
		p.Kind = "key"
	}
	return p
}

// publicShape is what the Decode tab says of text that is not a ULID or
// UUID but may be a public ID.
type publicShape struct {
	PublicID bool   // 29 characters of the alphabet, after trimming: a public ID's length and characters
	Check    bool   // and its check character matches, with character 2 at most '7': a public ID, mistyped in none of the ways the check catches
	Mark     string // its key mark, characters 0 and 1 in upper case, if PublicID
}

func (s publicShape) fields() map[string]any {
	return map[string]any{"publicID": s.PublicID, "check": s.Check, "mark": s.Mark}
}

// publicIDShape says whether input, with the white space around it ignored
// (toolinput.Trim), looks like a public ID, for the Decode tab to say so
// rather than only that its length is not a ULID's. It needs no key: the
// length, the alphabet and the check character are the same for every key,
// and the library checks them before it looks for the key.
func publicIDShape(input string) publicShape {
	text, _ := toolinput.Trim(input)
	if len(text) != ulid.PublicIDSize {
		return publicShape{}
	}
	// The zero Masker has no key: it checks the form, then refuses every
	// well-formed public ID with ErrUnknownKey.
	var noKey ulid.Masker
	_, err := noKey.Unmask(text)
	if errors.Is(err, ulid.ErrInvalidCharacter) {
		return publicShape{}
	}
	return publicShape{
		PublicID: true,
		Check:    errors.Is(err, ulid.ErrUnknownKey),
		Mark:     strings.ToUpper(text[:2]),
	}
}
