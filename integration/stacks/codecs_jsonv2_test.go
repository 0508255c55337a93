//go:build goexperiment.jsonv2

package stacks

// encoding/json/v2 (behind GOEXPERIMENT=jsonv2): a ULID is its text through
// MarshalText and UnmarshalText, as with encoding/json.

import (
	jsonv2 "encoding/json/v2"
	"errors"
	"testing"

	"github.com/ulidgo/ulid"
)

func TestJSONv2(t *testing.T) {
	type item struct {
		ID     ulid.ULID  `json:"id"`
		Parent *ulid.ULID `json:"parent"` // nil is null
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	data, err := jsonv2.Marshal(item{ID: id})
	if err != nil || string(data) != `{"id":"01ARYZ6S41TSV4RRFFQ69G5FAV","parent":null}` {
		t.Errorf("Marshal = %s, %v", data, err)
	}
	var back item
	if err := jsonv2.Unmarshal([]byte(`{"id":"01aryz6s41tsv4rrffq69g5fav","parent":"01ARYZ6S41TSV4RRFFQ69G5FAV"}`), &back); err != nil || back.ID != id || back.Parent == nil || *back.Parent != id {
		t.Errorf("Unmarshal = %+v, %v", back, err)
	}
	if err := jsonv2.Unmarshal([]byte(`{"id":"01ARYZ6S41TSV4RRFFQ69G5FAU"}`), &back); !errors.Is(err, ulid.ErrInvalidCharacter) {
		t.Errorf("Unmarshal of a bad ULID = %v; want ulid.ErrInvalidCharacter", err)
	}
}
