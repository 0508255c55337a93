package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// A refusal is text that the tools refuse as an ID, with the message
// both show, from internal/toolinput/testdata/refusals.json, which the
// browser tool's tests read too (web/wasm).
type refusal struct {
	Input, Message string
	Public         bool
}

// readRefusals reads the shared table of refusals.
func readRefusals(t *testing.T) []refusal {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", "toolinput", "testdata", "refusals.json"))
	var f struct{ Refusals []refusal }
	if err == nil {
		err = json.Unmarshal(data, &f)
	}
	if err != nil || len(f.Refusals) == 0 {
		t.Fatalf("refusals.json: %v (%d refusals)", err, len(f.Refusals))
	}
	return f.Refusals
}

// TestRefusalsAgree checks that the command says of each refusal of the
// shared table what the table says, as the browser tool's test does, so
// that the two agree: validate on standard output, inspect and convert on
// standard error after "ulid: ".
func TestRefusalsAgree(t *testing.T) {
	for _, tc := range readRefusals(t) {
		want := "argument 1: " + strconv.Quote(tc.Input) + ": " + tc.Message + "\n"
		if r := runCmd(t, "", "validate", "--", tc.Input); r.code != 1 || r.stdout != want {
			t.Errorf("validate %q: exit %d, stdout %q; want %q", tc.Input, r.code, r.stdout, want)
		}
		for _, cmd := range []string{"inspect", "convert"} {
			if r := runCmd(t, "", cmd, "--", tc.Input); r.code != 1 || r.stdout != "" || r.stderr != "ulid: "+want {
				t.Errorf("%s %q: exit %d, stderr %q; want %q", cmd, tc.Input, r.code, r.stderr, "ulid: "+want)
			}
		}
	}
}
