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
// fields: keys, in ulid.ParseMasker's format; maskText, a ULID or UUID text;
// unmaskText, a public ID. The record has a record for each field:
//
//   - keys: ok and marks ("masks with 3X, unmasks 3X WC"), from the
//     Masker's String, which never shows a key; or the library's error, which
//     names a key by its position, as a failure of the field "keys".
//   - mask: publicID, ulid and uuidText, as convert's; or the problem.
//   - unmask: ulid and time; or the problem. Also mark, the text's key mark,
//     if it has a public ID's length.
//
// mask and unmask have noKey instead, with no usable key.
func publicIDs(keys, maskText, unmaskText string) record {
	var m *ulid.Masker
	r := record{"keys": blankRecord}
	if k, _ := toolinput.Trim(keys); k != "" {
		var err error
		if m, err = ulid.ParseMasker(keys); err != nil {
			m, r["keys"] = nil, failure("keys", toolinput.Message(err))
		} else {
			r["keys"] = record{"ok": true, "marks": strings.TrimSuffix(strings.TrimPrefix(m.String(), "ulid.Masker{"), "}")}
		}
	}
	r["mask"], r["unmask"] = mask(m, maskText), unmask(m, unmaskText)
	return r
}

// noKey is the record of a field that needs a key when there is none.
var noKey = record{"ok": false, "noKey": true}

// mask reads input as the other tools read an ID and masks it with m.
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

// unmask opens input with m, as ulid unmask does (toolinput.Read with
// Options.Unmask). For a public ID of a key m lacks, the title says it was
// not opened, and the page marks its key mark, at offset 0.
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
