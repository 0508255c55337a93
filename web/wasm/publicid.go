package main

// The Public IDs tab: masking a ULID into a public ID and back
// (docs/public-ids.md) with the library's ulid.Masker, from keys typed or
// pasted into the page. The keys arrive with every call and are forgotten
// when it returns: nothing here keeps them, and nothing sends them
// anywhere.

import (
	"cmp"
	"errors"
	"strings"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// publicIDs is the Public IDs tab's one call, for an input in any of its
// fields: keys, in ulid.ParseMasker's format; typ, blank or the type of
// typed public IDs (ulid.Masker.Typed), as ulid mask --type takes it;
// maskText, a ULID, UUID or TypeID text; unmaskText, a public ID. The
// record has a record for each field:
//
//   - keys: ok and marks ("masks with 3X, unmasks 3X WC"), from the
//     Masker's String, which never shows a key; or the library's error, which
//     names a key by its position, as a failure of the field "keys".
//   - type: with keys, ok and marks, the marks of the type's keys ("masks
//     with yz, unmasks yz pa"); or the library's error, a failure of the
//     field "type". Blank for a blank field.
//   - mask: publicID, ulid and kind, as convert's; or the problem. With
//     a type, TypeID text of another prefix is refused, as by ulid mask
//     --type.
//   - unmask: ulid and time; or the problem. Also mark, the text's key mark,
//     if it has a public ID's length (after the type's prefix and '_').
//
// mask and unmask have noKey instead, with no usable key, or a key and a
// type that is not valid.
func publicIDs(keys, typ, maskText, unmaskText string) record {
	var m *ulid.Masker
	r := record{"keys": blankRecord, "type": blankRecord}
	if k, _ := toolinput.Trim(keys); k != "" {
		var err error
		if m, err = ulid.ParseMasker(keys); err != nil {
			m, r["keys"] = nil, failure("keys", toolinput.Message(err))
		} else {
			r["keys"] = record{"ok": true, "marks": marks(m)}
		}
	}
	typ, _ = toolinput.Trim(typ)
	if typ != "" {
		// The library checks the type first, so a bad one is named even
		// without a key; with none, a good one is only remembered.
		typed, err := cmp.Or(m, new(ulid.Masker)).Typed(typ)
		switch {
		case errors.Is(err, ulid.ErrInvalidPrefix):
			m, r["type"] = nil, failure("type", toolinput.Message(err))
		case m != nil:
			m, r["type"] = typed, record{"ok": true, "marks": marks(typed)}
		default: // no usable key: no marks yet
			r["type"] = record{"ok": true, "marks": ""}
		}
	}
	r["mask"], r["unmask"] = mask(m, typ, maskText), unmask(m, typ, unmaskText)
	return r
}

// marks returns what m's String says of it between the braces: its type, if
// any, and the marks of its keys, which never show a key.
func marks(m *ulid.Masker) string {
	s := strings.TrimSuffix(strings.TrimPrefix(m.String(), "ulid.Masker{"), "}")
	if m.Prefix() != "" {
		s = s[strings.IndexByte(s, ',')+2:] // after "type user, "
	}
	return s
}

// noKey is the record of a field that needs a key when there is none.
var noKey = record{"ok": false, "noKey": true}

// mask reads input as the other tools read an ID, TypeID text only of the
// type typ if it is not blank, and masks it with m.
func mask(m *ulid.Masker, typ, input string) record {
	in, r := read(input, toolinput.Options{Type: typ})
	if m == nil && r["blank"] != true {
		return noKey
	}
	if r != nil {
		return r
	}
	return record{"ok": true, "publicID": m.Mask(in.ID), "ulid": in.ID.String(), "kind": in.Kind.String()}
}

// unmask opens input with m, as ulid unmask does (toolinput.Read with
// Options.Unmask), m typed if typ is not blank. For a public ID of a key m
// lacks, the title says it was not opened, and the page marks its key mark,
// at offset 0, or after the prefix and '_' of a typed one.
func unmask(m *ulid.Masker, typ, input string) record {
	// Without a key, the zero Masker, which has none, reads the text as
	// far as it needs to be known blank or not.
	in, err := toolinput.Read(input, toolinput.Options{Unmask: cmp.Or(m, new(ulid.Masker))})
	mark := keyMark(in.Text, typ)
	switch {
	case in.Text == "":
		return blankRecord
	case m == nil:
		return noKey
	case err != nil:
		r := problem(in, err)
		if errors.Is(err, ulid.ErrUnknownMaskingKey) {
			r["error"].(record)["title"] = "Not opened: " + err.Error()
		}
		r["mark"] = mark
		return r
	}
	return record{"ok": true, "ulid": in.ID.String(), "time": toolinput.Format(in.ID.Timestamp()), "mark": mark}
}

// keyMark returns the key mark of text, trimmed, as the marks are written:
// of a public ID, its first 2 characters in upper case; of a typed public
// ID of the type typ, if not "", the 2 after the prefix and '_', in lower
// case. It returns "" for text of another length or prefix.
func keyMark(text, typ string) string {
	if typ == "" {
		if len(text) == ulid.PublicIDSize {
			return strings.ToUpper(text[:2])
		}
		return ""
	}
	if body, ok := strings.CutPrefix(text, typ+"_"); ok && len(body) == ulid.PublicIDSize {
		return strings.ToLower(body[:2])
	}
	return ""
}
