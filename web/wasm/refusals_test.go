package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ulidgo/ulid"
)

// TestRefusalsAgree checks that the page says of each refusal of
// internal/toolinput/testdata/refusals.json what the table says, in the
// Decode, Convert and Mask fields, as ulid validate does (cmd/ulid's test
// of the same name reads the same table): the same message, and public
// set, for the button that unmasks it, where the message says that the
// text is a public ID.
func TestRefusalsAgree(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", "toolinput", "testdata", "refusals.json"))
	var f struct {
		Refusals []struct {
			Input, Message string
			Public         bool
		}
	}
	if err == nil {
		err = json.Unmarshal(data, &f)
	}
	if err != nil || len(f.Refusals) == 0 {
		t.Fatalf("refusals.json: %v (%d refusals)", err, len(f.Refusals))
	}
	m, err := ulid.ParseMasker("000102030405060708090a0b0c0d0e0f")
	if err != nil {
		t.Fatal(err)
	}
	publics := 0
	for _, tc := range f.Refusals {
		var public any // nil, or true
		if tc.Public {
			public = true
			publics++
		}
		for name, r := range map[string]record{"decode": decode(tc.Input, kolkata), "convert": convert(tc.Input), "mask": mask(m, "", tc.Input)} {
			if r["ok"] != false || get(r, "error", "message") != tc.Message || get(r, "error", "public") != public {
				t.Errorf("%s(%q) = %v; want message %q, public %v", name, tc.Input, r["error"], tc.Message, public)
			}
		}
	}
	if publics == 0 || publics == len(f.Refusals) {
		t.Errorf("%d of %d refusals are public IDs: the table should have both kinds", publics, len(f.Refusals))
	}
}
