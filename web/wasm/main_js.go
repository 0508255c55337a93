//go:build js && wasm

package main

import (
	"math"
	"syscall/js"
)

// main exports the tool's functions to JavaScript as globalThis.ulidgo and
// then waits for calls from the page, forever.
func main() {
	api := map[string]any{"maxLines": MaxLines}
	for name, f := range map[string]func(a []js.Value) any{
		"generate": func(a []js.Value) any {
			return generate(text(a[0]), a[1].Bool(), a[2].Bool(), text(a[3]), a[4].Bool(), text(a[5]))
		},
		"decode":     func(a []js.Value) any { return decode(text(a[0]), zoneOffset) },
		"decodeList": func(a []js.Value) any { return decodeList(text(a[0])) },
		"convert":    func(a []js.Value) any { return convert(text(a[0])) },
		"toTypeID":   func(a []js.Value) any { return toTypeID(text(a[0]), text(a[1])) },
		"publicIDs":  func(a []js.Value) any { return publicIDs(text(a[0]), text(a[1]), text(a[2]), text(a[3])) },
	} {
		api[name] = export(name, f)
	}
	js.Global().Set("ulidgo", js.ValueOf(api))
	if ready := js.Global().Get("ulidgoReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// export wraps f, the function name, as a JavaScript function whose panics
// (too few arguments, or of another type: a *js.ValueError or a
// runtime.Error) return a failure record: a panic would stop the program,
// and every later call fail.
func export(name string, f func(args []js.Value) any) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				message := "a panic" // without fmt, which would grow main.wasm
				if err, ok := r.(error); ok {
					message = err.Error()
				}
				result = failure("", name+": "+message)
			}
		}()
		return f(args)
	})
}

// text returns v, which must be a string: Value.String would turn any
// other value into text such as "<number: 5>", and read that.
func text(v js.Value) string {
	if t := v.Type(); t != js.TypeString {
		panic(&js.ValueError{Method: "text", Type: t})
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
