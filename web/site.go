// Package web holds the static files of the ULID browser tool: the page,
// its style sheet and script. The tool's logic is the ulid package compiled
// to WebAssembly from ./wasm; cmd/ulid-web builds it and serves it with
// these files. This package is part of that command, not a library API.
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Files returns the page's static files: index.html and what it loads,
// except main.wasm and wasm_exec.js, which are built and copied from the Go
// distribution when the command starts.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // "static" is a valid path, so this cannot happen
	}
	return sub
}
