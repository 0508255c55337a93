//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
)

// main exports the tool's functions to JavaScript as globalThis.ulidgo and
// then waits for calls from the page, forever.
func main() {
	api := map[string]any{
		"generate": export(generateSig, func(args []js.Value) any {
			items, err := generate(args[0].String(), args[1].Bool(), args[2].Bool(), args[3].String(), args[4].Bool())
			if err != nil {
				return failure(err)
			}
			list := make([]any, len(items))
			for i, it := range items {
				list[i] = map[string]any{"ulid": it.ULID, "ms": float64(it.Ms), "utc": it.UTC, "entropy": it.Entropy}
			}
			return map[string]any{"ok": true, "items": list}
		}),
		"decodeList": export(decodeListSig, func(args []js.Value) any {
			valid, invalid, unread := decodeList(args[0].String())
			return map[string]any{"ok": true, "valid": itemFields(valid), "invalid": itemFields(invalid), "unread": unread}
		}),
		"decode":  export(decodeSig, func(args []js.Value) any { return decode(args[0].String()).fields() }),
		"convert": export(convertSig, func(args []js.Value) any { return convert(args[0].String()).fields() }),
		// trim is the input policy's trimming, for every blank-or-not and
		// length decision the page makes itself.
		"trim": export(trimSig, func(args []js.Value) any { return trim(args[0].String()) }),
		"localTime": export(localTimeSig, func(args []js.Value) any {
			ms, offset, err := localTimeArgs(args[0].Float(), args[1].Float())
			if err != nil {
				return failure(err)
			}
			text, utc := localTime(ms, offset)
			return map[string]any{"ok": true, "time": text, "utc": utc, "offset": offsetText(offset)}
		}),
		"maxCount": MaxCount,
		"maxLines": MaxLines,
	}
	addPublicIDs(api)
	js.Global().Set("ulidgo", js.ValueOf(api))
	if ready := js.Global().Get("ulidgoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// export wraps f as a JavaScript function with the signature sig. A call
// whose arguments do not fit sig, and one that panics, returns what fail
// returns, for the page to show: a panic in a function called from
// JavaScript would stop the program, and every later call would fail with
// "Go program has already exited".
func export(sig signature, f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			switch r := recover().(type) {
			case nil:
			case error:
				result = failure(errors.New(sig.name + ": " + r.Error()))
			case string:
				result = failure(errors.New(sig.name + ": " + r))
			default:
				result = failure(errors.New(sig.name + ": a panic")) // without fmt, which would grow main.wasm
			}
		}()
		types := make([]string, len(args))
		for i, a := range args {
			types[i] = typeOf(a)
		}
		if err := sig.check(types); err != nil {
			return failure(err)
		}
		return f(args)
	})
}

// typeOf returns the JavaScript type of v, as typeof names it but for
// null. syscall/js knows no BigInt: wasm_exec.js stores one with no type
// flag, and Value.Type panics on it.
func typeOf(v js.Value) (typ string) {
	defer func() {
		if recover() != nil {
			typ = "bigint"
		}
	}()
	return v.Type().String()
}

// itemFields converts list items to JavaScript values.
func itemFields(items []*listItem) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = it.fields()
	}
	return out
}
