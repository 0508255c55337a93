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

// publicIDs is the Public IDs tab's one call, made for an input in any of
// its three fields: keys, the key field's text in the format of
// ulid.ParseMasker (hex keys newest first, separated by white space, '#'
// comments); maskText, a ULID or UUID text to mask; unmaskText, a public
// ID to open. The record has a record for each field:
//
//   - keys: ok and marks, which key mark masks and which unmask ("masks
//     with 3X, unmasks 3X WC"), from the Masker's String, which names keys
//     by their marks and never shows one; or the library's error, without
//     "ulid: ", as a failure of the field "keys", which names a key by its
//     position and never shows it.
//   - mask: publicID, the public ID made with the first key, ulid, the
//     ULID masked, and uuidText, whether the text was UUID text; or the
//     problem of the text, read as Decode and Convert read it.
//   - unmask: ulid and time (see fields); or the problem of the text, with
//     its offset counted in the text as given.
//
// Unmask's also has mark, the public ID's key mark, if the text has a
// public ID's length; either has noKey, with no usable key.
func publicIDs(keys, maskText, unmaskText string) record {
	var m *ulid.Masker
	r := record{"keys": blankRecord}
	if k, _ := toolinput.Trim(keys); k != "" {
		var err error
		if m, err = ulid.ParseMasker(keys); err != nil {
			m, r["keys"] = nil, failure("keys", toolinput.Message(err))
		} else {
			r["keys"] = record{"ok": true, "marks": marks(m)}
		}
	}
	r["mask"], r["unmask"] = mask(m, maskText), unmask(m, unmaskText)
	return r
}

// marks returns m's key marks as the page shows them: "masks with 3X,
// unmasks 3X WC".
func marks(m *ulid.Masker) string {
	return strings.TrimSuffix(strings.TrimPrefix(m.String(), "ulid.Masker{"), "}")
}

// noKey is the record of a field that needs a key when there is none.
var noKey = record{"ok": false, "noKey": true}

// mask reads input as the other tools read an ID (toolinput.Read: a ULID
// or UUID text, white space around it ignored) and masks it with m.
func mask(m *ulid.Masker, input string) record {
	in, r := read(input, toolinput.Options{})
	if m == nil && r["blank"] != true {
		return noKey
	}
	if r != nil {
		return r
	}
	return record{"ok": true, "publicID": m.Mask(in.ID), "ulid": in.ID.String(), "uuidText": in.Kind == toolinput.UUID}
}

// unmask opens input, a public ID with the white space around it ignored,
// with m, as ulid unmask does (toolinput.Read with Options.Unmask). For a
// public ID of a key m does not have, the error's title says it was not
// opened; the message says that its key mark, which the page marks at
// offset 0, names none of the keys, whose marks the key field shows.
func unmask(m *ulid.Masker, input string) record {
	// Without a key, the zero Masker, which has none, reads the text as
	// far as it needs to be known blank or not.
	in, err := toolinput.Read(input, toolinput.Options{Unmask: cmp.Or(m, new(ulid.Masker))})
	mark := ""
	if len(in.Text) == ulid.PublicIDSize {
		mark = strings.ToUpper(in.Text[:2])
	}
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
