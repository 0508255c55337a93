//go:build js && wasm

package main

import (
	"math"
	"syscall/js"
)

// main exports the tool's functions to JavaScript as globalThis.ulidgo and
// then waits for calls from the page, forever. Each input of the page is
// one call, which returns one record (api.go).
func main() {
	api := map[string]any{
		"generate": export("generate", func(args []js.Value) any {
			return generate(text(args[0]), args[1].Bool(), args[2].Bool(), text(args[3]), args[4].Bool())
		}),
		"decode":     export("decode", func(args []js.Value) any { return decode(text(args[0]), zoneOffset) }),
		"decodeList": export("decodeList", func(args []js.Value) any { return decodeList(text(args[0])) }),
		"convert":    export("convert", func(args []js.Value) any { return convert(text(args[0])) }),
		"publicIDs": export("publicIDs", func(args []js.Value) any {
			return publicIDs(text(args[0]), text(args[1]), text(args[2]))
		}),
		"maxLines": MaxLines,
	}
	js.Global().Set("ulidgo", js.ValueOf(api))
	if ready := js.Global().Get("ulidgoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// export wraps f, the function name, as a JavaScript function whose panics
// (too few arguments, or of another type) return a failure record: a panic
// would stop the program, and every later call fail.
func export(name string, f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			switch r := recover().(type) {
			case nil:
			case error:
				result = failure("", name+": "+r.Error())
			case string:
				result = failure("", name+": "+r)
			default:
				result = failure("", name+": a panic") // without fmt, which would grow main.wasm
			}
		}()
		return f(args)
	})
}

// text returns v, which must be a string: Value.String would turn any
// other value into text such as "<number: 5>", and read that.
func text(v js.Value) string {
	if t := v.Type(); t != js.TypeString {
		panic("want a string, not " + t.String())
	}
	return v.String()
}

// zoneOffset returns the browser's UTC offset at the instant ms, in seconds
// east, from JavaScript's Date, which knows the zone's history; its minutes
// west have a fraction where the offset has seconds.
func zoneOffset(ms uint64) int {
	west := js.Global().Get("Date").New(float64(ms)).Call("getTimezoneOffset").Float()
	return int(math.Round(-west * 60))
}
