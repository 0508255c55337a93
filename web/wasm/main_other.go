//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains how this program is meant to be built: it only does
// something useful as WebAssembly, in the page cmd/ulid-web serves.
func main() {
	fmt.Fprintln(os.Stderr, "this program runs in a browser: build it with GOOS=js GOARCH=wasm, or run go run ./cmd/ulid-web")
	os.Exit(2)
}
