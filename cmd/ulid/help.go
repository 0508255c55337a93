package main

import (
	_ "embed"
	"go/doc/comment"
	"strings"
)

// docSource is doc.go, whose package doc is the command's help: written
// once, read by go doc and printed by ulid -h.
//
//go:embed doc.go
var docSource string

// help returns what -h prints: the package doc of doc.go as go doc prints
// it (TestHelpIsDoc compares the two). It is made only when asked for,
// which takes 0.1 ms that a run which prints no help does not spend.
func help() string {
	var text strings.Builder
	for line := range strings.Lines(docSource) {
		line, ok := strings.CutPrefix(line, "//")
		if !ok {
			break
		}
		text.WriteString(strings.TrimPrefix(line, " "))
	}
	p := comment.Printer{TextCodePrefix: "    "}
	return string(p.Text(new(comment.Parser).Parse(text.String())))
}

// synopsis returns what misuse prints: the Usage block of help, as a usage
// line and its continuations, and where to read more.
func synopsis() string {
	_, usage, _ := strings.Cut(help(), "Usage:\n\n")
	usage, _, _ = strings.Cut(usage, "\n\n")
	usage = strings.ReplaceAll(usage, "\n    ", "\n       ")
	return "usage: " + strings.TrimPrefix(usage, "    ") + "\nRun 'ulid -h' for details and examples.\n"
}
