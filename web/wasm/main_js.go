//go:build js && wasm

package main

import (
	"math"
	"syscall/js"

	"github.com/ulidgo/ulid"
)

// main exports the tool's functions to JavaScript as globalThis.ulidgo and
// then waits for calls from the page, forever.
func main() {
	api := map[string]any{
		"generate": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) != 5 || args[3].Type() != js.TypeString {
				return fail("generate(count, monotonic, lower, at, v7) takes 5 arguments")
			}
			items, err := generate(args[0].Int(), args[1].Truthy(), args[2].Truthy(), args[3].String(), args[4].Truthy())
			if err != nil {
				return fail(err.Error())
			}
			list := make([]any, len(items))
			for i, it := range items {
				list[i] = map[string]any{"ulid": it.ULID, "ms": float64(it.Ms), "utc": it.UTC, "entropy": it.Entropy}
			}
			return map[string]any{"ok": true, "items": list}
		}),
		"decodeList": stringFunc(func(s string) map[string]any {
			valid, invalid, unread := decodeList(s)
			return map[string]any{"ok": true, "valid": itemFields(valid), "invalid": itemFields(invalid), "unread": unread}
		}),
		"decode":  stringFunc(func(s string) map[string]any { return decode(s).fields() }),
		"convert": stringFunc(func(s string) map[string]any { return convert(s).fields() }),
		// trim is the input policy's trimming, for every blank-or-not and
		// length decision the page makes itself.
		"trim": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) != 1 || args[0].Type() != js.TypeString {
				return fail("trim(text) takes one string")
			}
			t, _ := trim(args[0].String())
			return t
		}),
		"localTime": js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) != 2 || args[0].Type() != js.TypeNumber || args[1].Type() != js.TypeNumber {
				return fail("localTime(ms, offsetSeconds) takes 2 numbers")
			}
			ms, offset := args[0].Float(), args[1].Float()
			if ms != math.Trunc(ms) || ms < 0 || ms > float64(ulid.MaxTimestamp) || offset != math.Trunc(offset) || math.Abs(offset) >= 24*60*60 {
				return fail("localTime: ms must be a ULID's Unix milliseconds and the offset whole seconds under a day")
			}
			text, utc := localTime(uint64(ms), int(offset))
			return map[string]any{"ok": true, "time": text, "utc": utc, "offset": offsetText(int(offset))}
		}),
		"maxCount": MaxCount,
		"maxLines": MaxLines,
	}
	js.Global().Set("ulidgo", js.ValueOf(api))
	if ready := js.Global().Get("ulidgoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// itemFields converts list items to JavaScript values.
func itemFields(items []*listItem) []any {
	out := make([]any, len(items))
	for i, it := range items {
		out[i] = it.fields()
	}
	return out
}

// stringFunc wraps f as a JavaScript function of one string argument.
func stringFunc(f func(string) map[string]any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return fail("expected one string argument")
		}
		return f(args[0].String())
	})
}

func fail(msg string) map[string]any {
	return map[string]any{"ok": false, "error": map[string]any{"kind": "other", "message": msg, "offset": -1, "index": -1}}
}
