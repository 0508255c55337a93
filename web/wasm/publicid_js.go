//go:build js && wasm

package main

import "syscall/js"

// addPublicIDs adds the Public IDs tab's functions to api, the functions
// main exports to the page. Each takes the key field's text and forgets it
// when it returns.
func addPublicIDs(api map[string]any) {
	// keys says which key marks the key field's keys have: {ok, marks}.
	api["keys"] = export(keysSig, func(args []js.Value) any {
		marks, err := keyMarks(args[0].String())
		if err != nil {
			return failure(err)
		}
		return map[string]any{"ok": true, "marks": marks}
	})
	api["mask"] = export(maskSig, func(args []js.Value) any {
		r, err := mask(args[0].String(), args[1].String())
		if err != nil {
			return failure(err)
		}
		return r.fields()
	})
	api["unmask"] = export(unmaskSig, func(args []js.Value) any {
		r, err := unmask(args[0].String(), args[1].String())
		if err != nil {
			return failure(err)
		}
		return r.fields()
	})
	api["publicIDShape"] = export(publicIDShapeSig, func(args []js.Value) any { return publicIDShape(args[0].String()).fields() })
}
